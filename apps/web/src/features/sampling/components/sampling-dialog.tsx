import { PHONE_LENGTH } from '@yance/contracts/account';
import type { SamplingAddBody } from '@yance/contracts/sampling';
import type { SamplingSetting, AllowRegion, LocalInfo } from '@yance/contracts/setting';
import {
  chinaToday,
  inAllowRegion,
  isPickableDate,
  hasSlotStarted,
  isSlotDisabled,
  keepOrFirstFreeSlot,
  pickupError,
  REGION_NOT_OPEN,
  selfSendError,
  slotsOf,
} from '@yance/contracts/sampling-rules';
import { Alert, Cascader, DatePicker, Input, Modal, Radio, Select, Table, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useAddressBook, useAddSampling } from '../api/sampling.ts';
import { allowedRegionOptions, namesOf } from '../utils/sampling-regions.ts';
import { LabAddress } from '@/components/lab-address.tsx';
import { failureText } from '@/lib/failure-text.ts';
import styles from './sampling.module.css';
import { placeText } from '@yance/contracts/place';

const NEW_ADDRESS = '';

/** Every field of a request left empty: each dialog fills its own. */
const BLANK: Omit<SamplingAddBody, 'orderId' | 'type'> = {
  date: '',
  time: '',
  message: '',
  name: '',
  phone: '',
  province: '',
  city: '',
  area: '',
  address: '',
  address_code: '',
  address_rid: '',
  express_company: '',
  express_no: '',
};

/** The sampling-region tip: a table of the cities and districts where pick-up runs. */
/** Below either form: the first rule it breaks (spec §5), or the server's refusal with its name, code and message (spec §8). */
function Problems({ problem, failure }: { problem: string | null; failure: unknown }) {
  return (
    <>
      {problem && (
        <p className={styles.error} role="alert" data-testid="sampling-problem">
          {problem}
        </p>
      )}
      {failure !== undefined && <Alert type="error" showIcon title={failureText(failure)} data-testid="sampling-failure" />}
    </>
  );
}

function RegionTip({ regions }: { regions: AllowRegion }) {
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="code"
      dataSource={regions}
      scroll={{ y: 200 }}
      data-testid="sampling-regions"
      columns={[
        { title: '城市', dataIndex: 'city' },
        { title: '区县', dataIndex: 'district', render: (d: string) => d || '全市' },
      ]}
    />
  );
}

interface PickupProps {
  orderId: number;
  setting: SamplingSetting;
  regions: AllowRegion;
  onClose: () => void;
}

/**
 * 预约上门取样 (spec §4/§5): an address of the book or a new one (region
 * limited to allowRegion), a pickable date, an open slot, a message. The
 * contracts' rule functions decide, the same the server applies again.
 */
export function PickupDialog({ orderId, setting, regions, onClose }: PickupProps) {
  const book = useAddressBook();
  const add = useAddSampling();
  const today = chinaToday(new Date());
  const options = useMemo(() => allowedRegionOptions(regions), [regions]);
  const [rid, setRid] = useState<string | undefined>(undefined);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [region, setRegion] = useState<string[]>([]);
  const [street, setStreet] = useState('');
  const [date, setDate] = useState<Dayjs | null>(null);
  const [time, setTime] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const dateText = date?.format('YYYY-MM-DD') ?? '';
  const addresses = book.data ?? [];
  const isNew = rid === NEW_ADDRESS;

  // A slot of today that has begun is not offered at all (issue 21); a closed one shows, disabled.
  const openSlots = (day: string) => slotsOf(setting).filter((slot) => !hasSlotStarted(day, slot, new Date()));

  const pickAddress = (value: string) => {
    setRid(value);
    const a = addresses.find((x) => x.address_rid === value);
    if (a) {
      setName(a.name);
      setPhone(a.phone);
    }
  };
  const pickDate = (d: Dayjs | null) => {
    setDate(d);
    const text = d?.format('YYYY-MM-DD') ?? '';
    // The chosen slot closed on the new date: the first open one instead (spec §5).
    if (time && text) setTime(keepOrFirstFreeSlot(text, time, setting, new Date()));
  };

  const submit = () => {
    const code = isNew ? (region.at(-1) ?? '') : (addresses.find((a) => a.address_rid === rid)?.address_code ?? '');
    const fields = {
      name: name.trim(),
      phone: phone.trim(),
      address_rid: isNew ? '' : (rid ?? ''),
      address_code: code,
      address: street.trim(),
      date: dateText,
      time,
    };
    const error = pickupError(fields, new Date(), setting, regions);
    setProblem(error);
    if (error) return;
    const body: SamplingAddBody = { ...BLANK, orderId, type: 1, ...fields, message: message.trim(), ...(isNew ? namesOf(code) : {}) };
    const newAddress = isNew
      ? { name: fields.name, phone: fields.phone, ...namesOf(code), address: fields.address, address_code: code, default: false }
      : undefined;
    add.mutate({ body, newAddress }, { onSuccess: onClose });
  };

  return (
    <Modal
      open
      title="预约上门取样"
      okText="提交"
      cancelText="取消"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={add.isPending}
      destroyOnHidden
      width={560}
    >
      <div className={styles.samplingForm}>
        {setting.WxTip1 && <Alert type="info" showIcon title={setting.WxTip1} />}
        <label className={styles.field}>
          <span className="required-mark">取样地址</span>
          <Select
            value={rid}
            onChange={pickAddress}
            placeholder="选择地址簿中的地址或使用新地址"
            aria-label="取样地址"
            options={[
              ...addresses.map((a) => {
                const open = inAllowRegion(a.address_code, regions);
                const text = `${a.name} ${a.phone} ${placeText(a)}`;
                return {
                  value: a.address_rid,
                  disabled: !open,
                  label: open ? text : <Tooltip title={REGION_NOT_OPEN}>{text}（未开通）</Tooltip>,
                };
              }),
              { value: NEW_ADDRESS, label: '使用新地址' },
            ]}
          />
        </label>
        <details className={styles.regionTip}>
          <summary>上门取样服务区域</summary>
          <RegionTip regions={regions} />
        </details>
        <label className={styles.field}>
          <span className="required-mark">姓名</span>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={32} aria-label="姓名" />
        </label>
        <label className={styles.field}>
          <span className="required-mark">手机</span>
          <Input value={phone} onChange={(e) => setPhone(e.target.value)} maxLength={PHONE_LENGTH} inputMode="tel" aria-label="手机" />
        </label>
        {isNew && (
          <>
            <label className={styles.field}>
              <span className="required-mark">所在地区</span>
              <Cascader
                options={options}
                value={region}
                onChange={(v) => setRegion((v ?? []).map(String))}
                placeholder="请选择省 / 市 / 区"
                aria-label="所在地区"
                style={{ width: '100%' }}
                // A phone fits the three columns in its width (global.css).
                classNames={{ popup: { root: 'region-popup' } }}
              />
            </label>
            <label className={styles.field}>
              <span className="required-mark">详细地址</span>
              <Input.TextArea value={street} onChange={(e) => setStreet(e.target.value)} maxLength={128} rows={2} aria-label="详细地址" />
            </label>
          </>
        )}
        <label className={styles.field}>
          <span className="required-mark">取样日期</span>
          <DatePicker
            value={date}
            onChange={pickDate}
            disabledDate={(d) => !isPickableDate(d.format('YYYY-MM-DD'), today, setting) || !openSlots(d.format('YYYY-MM-DD')).length}
            aria-label="取样日期"
            style={{ width: '100%' }}
            defaultPickerValue={dayjs(today)}
          />
        </label>
        <div className={styles.field}>
          <span className="required-mark">取样时间</span>
          <Radio.Group value={time} onChange={(e) => setTime(e.target.value as string)} aria-label="取样时间">
            {(dateText ? openSlots(dateText) : slotsOf(setting)).map((slot) => (
              <Radio.Button key={slot} value={slot} disabled={!!dateText && isSlotDisabled(dateText, slot, setting)}>
                {slot}
              </Radio.Button>
            ))}
          </Radio.Group>
        </div>
        <label className={styles.field}>
          <span>留言</span>
          <Input.TextArea value={message} onChange={(e) => setMessage(e.target.value)} maxLength={200} rows={2} aria-label="留言" />
        </label>
        <Problems problem={problem} failure={add.isError ? add.error : undefined} />
      </div>
    </Modal>
  );
}

/** 填写快递单号 (both fields required, selfSendError): the courier and tracking number of a self-sent parcel, with the lab's address to post to. */
export function SelfSendDialog({ orderId, info, onClose }: { orderId: number; info: LocalInfo | undefined; onClose: () => void }) {
  const add = useAddSampling();
  const [company, setCompany] = useState('');
  const [no, setNo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const fields = { express_company: company.trim(), express_no: no.trim() };
    const error = selfSendError(fields);
    setProblem(error);
    if (!error) add.mutate({ body: { ...BLANK, orderId, type: 0, ...fields } }, { onSuccess: onClose });
  };
  return (
    <Modal
      open
      title="填写快递单号"
      okText="提交"
      cancelText="取消"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={add.isPending}
      destroyOnHidden
    >
      <div className={styles.samplingForm}>
        <LabAddress info={info} />
        <label className={styles.field}>
          <span className="required-mark">快递公司</span>
          <Input
            value={company}
            onChange={(e) => setCompany(e.target.value)}
            maxLength={32}
            aria-label="快递公司"
            placeholder="如：顺丰速运"
          />
        </label>
        <label className={styles.field}>
          <span className="required-mark">快递单号</span>
          <Input value={no} onChange={(e) => setNo(e.target.value)} maxLength={40} aria-label="快递单号" />
        </label>
        <Problems problem={problem} failure={add.isError ? add.error : undefined} />
      </div>
    </Modal>
  );
}
