// The order page's panels that depend on what the lines need (ADR 0070): how samples travel (only when a line
// needs samples), where samples asked back go, and the service agreement an institution accepts.
import type { LocalInfo } from '@yance/contracts/setting';
import type { Address } from '@yance/contracts/user';
import { DELIVERY_METHODS, DELIVERY_METHOD_NAMES, type DeliveryMethod } from '@yance/contracts/order-states';
import { pickupPromise, type RegionEntry } from '@yance/contracts/sampling-rules';
import { placeText } from '@yance/contracts/place';
import { AGREEMENT_NEEDED } from '@yance/contracts/service-agreement';
import { RETURN_ADDRESS_NEEDED } from '@yance/contracts/order';
import { Alert, Button, Checkbox, Radio, Select, Skeleton } from 'antd';
import { useEffect, useRef } from 'react';
import { LabAddress } from '@/components/lab-address.tsx';
import { Panel } from '@/components/panel.tsx';
import { useServiceAgreement } from '../api/agreement.ts';
import styles from './order-form.module.css';

/** 送样方式: self-send to the lab's address, or a free pick-up where it runs. */
export function DeliveryPanel(props: {
  value: DeliveryMethod;
  onChange: (d: DeliveryMethod) => void;
  localInfo: LocalInfo | undefined;
  regions: readonly RegionEntry[] | undefined;
}) {
  return (
    <Panel title="送样方式">
      <Radio.Group
        className={styles.delivery}
        aria-label="送样方式"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as DeliveryMethod)}
        optionType="button"
        buttonStyle="solid"
        options={Object.values(DELIVERY_METHODS).map((m) => ({ value: m, label: DELIVERY_METHOD_NAMES[m] }))}
      />
      {props.value === DELIVERY_METHODS.selfSend ? (
        <LabAddress info={props.localInfo} />
      ) : (
        <p className={styles.hint} data-testid="pickup-promise">
          {pickupPromise(props.regions ?? [])}。提交订单后，在订单详情中预约上门取样的地址、日期和时段；客户经理会与您确认取样安排。
        </p>
      )}
    </Panel>
  );
}

/**
 * 样品退还地址: asked when a sample is to be returned — one of the customer's addresses (a new one is added to the
 * address book first and then chosen, as the pick-up dialog does).
 */
export function ReturnAddressPanel(props: {
  addresses: readonly Address[];
  value: string | undefined;
  onChange: (rid: string) => void;
  onAddAddress: () => void;
  showError: boolean;
}) {
  const { addresses, value, onChange } = props;
  // A new address added from here is the one chosen (spec §4's rule for a new pick-up address).
  const before = useRef<Set<string> | null>(null);
  useEffect(() => {
    const seen = before.current;
    if (seen) {
      const added = addresses.find((a) => !seen.has(a.address_rid));
      if (added) {
        before.current = null;
        onChange(added.address_rid);
      }
    }
  }, [addresses, onChange]);
  const add = () => {
    before.current = new Set(addresses.map((a) => a.address_rid));
    props.onAddAddress();
  };
  const missing = props.showError && !addresses.some((a) => a.address_rid === value);
  return (
    <Panel title="样品退还地址">
      <div className={styles.field} data-testid="return-address">
        <span className={`${styles.label} required-mark`} id="return-address-label">
          退还地址
        </span>
        <Select
          value={addresses.some((a) => a.address_rid === value) ? value : undefined}
          onChange={onChange}
          placeholder={addresses.length ? '请选择退还样品的收件地址' : '地址簿中还没有地址，请先新增'}
          aria-labelledby="return-address-label"
          status={missing ? 'error' : undefined}
          options={addresses.map((a) => ({ value: a.address_rid, label: `${a.name} ${a.phone} ${placeText(a)}` }))}
        />
        {missing && <p className={styles.error}>{RETURN_ADDRESS_NEEDED}</p>}
        <p className={styles.hint}>付清全款后48小时内寄回；不退还的样品留样3个月后销毁。</p>
        <Button type="link" className={styles.addAddress} onClick={add}>
          ＋ 新增地址
        </Button>
      </div>
    </Panel>
  );
}

/** 检测服务协议 (spec §9: 签署协议并寄样): its text, and the 同意 an institution's order needs, with the version read. */
export function AgreementPanel(props: {
  version: number | undefined;
  onChange: (version: number | undefined) => void;
  showError: boolean;
}) {
  const agreement = useServiceAgreement();
  const a = agreement.data;
  const missing = props.showError && props.version === undefined;
  return (
    <Panel title="服务协议">
      {!a ? (
        agreement.isError ? (
          <Alert type="error" showIcon title="服务协议加载失败，请刷新页面后重试" />
        ) : (
          <Skeleton active paragraph={{ rows: 3 }} />
        )
      ) : (
        <>
          <div className={styles.agreement} tabIndex={0} role="document" aria-label={a.title} data-testid="agreement-text">
            <strong>《{a.title}》</strong>
            {a.body.split('\n').map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
          <Checkbox
            checked={props.version === a.version}
            onChange={(e) => props.onChange(e.target.checked ? a.version : undefined)}
            data-testid="agreement-accept"
          >
            <span className="required-mark">我已阅读并同意《{a.title}》</span>
          </Checkbox>
          {missing && <p className={styles.error}>{AGREEMENT_NEEDED}</p>}
        </>
      )}
    </Panel>
  );
}

/** Under a 数据分析 line: nothing to post — what the lab needs comes as files and words. */
export function NoSampleNote() {
  return (
    <p className={styles.hint} data-testid="no-sample-note">
      数据分析项目无需寄送样品：计算所需的结构、参数与数据文件请在备注中说明，下单后客户经理会与您确认方案并接收文件。
    </p>
  );
}
