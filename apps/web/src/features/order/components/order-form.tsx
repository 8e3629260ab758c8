import type { LocalInfo } from '@yance/contracts/setting';
import type { Address } from '@yance/contracts/user';
import { needsOf } from '@yance/contracts/line-kinds';
import type { RegionEntry } from '@yance/contracts/sampling-rules';
import { AGREEMENT_NEEDED } from '@yance/contracts/service-agreement';
import { Button, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { unitLabel } from '@yance/browser/format';
import { notify } from '@yance/browser/notify';
import { useAddOrder } from '../api/orders.ts';
import {
  asksReturn,
  formHasErrors,
  hasSamplesToSend,
  newSample,
  orderBody,
  sampleErrors,
  type OrderDraft,
  type OrderingLine,
} from '../utils/order-form.ts';
import { forgetTyped, rememberTyped, typedBefore } from '../utils/typed-form.ts';
import { formatAmount } from '@/lib/format.ts';
import { choicesText } from '../utils/order-view.ts';
import { ATTESTATION_HINT, AttestationHint } from '@/components/attestation-hint.tsx';
import { CostBreakdown } from './cost-breakdown.tsx';
import { chosenCoupon, CouponPicker, type Discount } from './coupon-picker.tsx';
import { useUsableCoupons } from '../api/coupons.ts';
import { Panel } from '@/components/panel.tsx';
import { SampleEditor } from './sample-editor.tsx';
import { AgreementPanel, DeliveryPanel, NoSampleNote, ReturnAddressPanel } from './order-form-panels.tsx';
import styles from './order-form.module.css';

interface OrderFormProps {
  lines: OrderingLine[];
  initial: OrderDraft;
  /** Finishing a saved draft. */
  draftId?: number;
  attested: boolean;
  onAttest: () => void;
  localInfo: LocalInfo | undefined;
  /** Where pick-up runs (allowRegion): the pick-up promise names its cities. */
  regions: readonly RegionEntry[] | undefined;
  /** The customer's address book: a sample asked back goes to one of them. */
  addresses: readonly Address[];
  onAddAddress: () => void;
  /** An institution accepts the service agreement with its order (an enterprise signs its contract instead). */
  needsAgreement: boolean;
}

/**
 * 下单 (issue 9): what each selected line needs by its kind (ADR 0070) — the samples of a sample line, nothing to
 * post for a 数据分析 line —, how samples reach the lab and where those asked back return, the service agreement of
 * an institution, a remark and the live cost; 保存草稿 keeps it to finish later, 提交订单 sends it. Each goes to the
 * order's detail.
 */
export function OrderForm(props: OrderFormProps) {
  const { lines, initial, draftId, attested, onAttest, localInfo, regions } = props;
  const ids = lines.map((l) => l.id);
  // What was typed survives a refresh of the page (issue 21): kept per draft or per set of plan lines in this tab.
  const memory = draftId ? `draft:${draftId}` : `plan:${ids.join(',')}`;
  const [draft, setDraft] = useState(() => typedBefore(memory, ids) ?? initial);
  useEffect(() => rememberTyped(memory, draft), [memory, draft]);
  const [showErrors, setShowErrors] = useState(false);
  const [discount, setDiscount] = useState<Discount>({ couponId: undefined, points: 0 });
  const add = useAddOrder();
  const navigate = useNavigate();
  const usable = useUsableCoupons(ids, !draftId);
  const couponId = chosenCoupon(discount, usable.data?.bestId);
  // The promotion rules' discount on each plan line if sent now (issue 21); a draft's lines carry theirs.
  const promos = new Map(usable.data?.promos.map((p) => [p.planId, p]));
  const priced = draftId
    ? lines
    : lines.map((l) => {
        const p = promos.get(l.id);
        return p && p.promoFen > 0 ? { ...l, promo: { fen: p.promoFen, label: p.promoLabel } } : l;
      });
  const toSend = hasSamplesToSend(lines);

  const setSamples = (lineId: number, samples: OrderDraft['samples'][number]) =>
    setDraft((d) => ({ ...d, samples: { ...d.samples, [lineId]: samples } }));

  /** Sends the form as a draft or an order; problems show by their fields instead. */
  const send = (asDraft: boolean) => {
    if (!asDraft && !attested) {
      notify.warning(ATTESTATION_HINT);
      onAttest();
      return;
    }
    // A draft saves what is there (issue 21); an order needs every sample complete and, for an institution, the agreement.
    if (!asDraft) setShowErrors(true);
    if (!asDraft && formHasErrors(draft, lines)) {
      notify.error('请检查样品信息');
      return;
    }
    if (!asDraft && props.needsAgreement && draft.agreementVersion === undefined) {
      notify.error(AGREEMENT_NEEDED);
      return;
    }
    const built = orderBody(draft, lines, { draft: asDraft, ...(draftId ? { draftId } : {}) });
    if (!built.ok) {
      notify.error(built.message);
      return;
    }
    // A coupon and points go with a sent order only (a draft keeps none, ADR 0053).
    const body = asDraft || draftId ? built.body : { ...built.body, ...(couponId ? { couponId } : {}), points: discount.points };
    add.mutate(body, {
      onSuccess: (added) => {
        forgetTyped(memory);
        void navigate(paths.order(added.id), { replace: true });
      },
    });
  };

  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        {!attested && <AttestationHint onAttest={onAttest} />}
        <Panel title={toSend ? '项目与样品' : '项目'}>
          {lines.map((line) => {
            const samples = draft.samples[line.id] ?? [];
            return (
              <div key={line.id} className={styles.line} data-testid="order-line">
                <div className={styles.lineHead}>
                  <strong className={styles.lineName}>{line.name}</strong>
                  <span className={styles.lineMeta}>
                    {choicesText(line.choices) || '默认选项'} · {line.count}
                    {unitLabel(line.unit)}
                  </span>
                  <span className={styles.lineAmount}>{formatAmount(line.amount)}</span>
                </div>
                {!needsOf(line.type_id).samples && <NoSampleNote />}
                {samples.map((s, i) => (
                  <SampleEditor
                    key={i}
                    index={i}
                    sample={s}
                    errors={sampleErrors(s)}
                    showErrors={showErrors}
                    onChange={(next) =>
                      setSamples(
                        line.id,
                        samples.map((x, j) => (j === i ? next : x)),
                      )
                    }
                    onRemove={
                      samples.length > 1
                        ? () =>
                            setSamples(
                              line.id,
                              samples.filter((_, j) => j !== i),
                            )
                        : undefined
                    }
                  />
                ))}
                {needsOf(line.type_id).samples && samples.length < 50 && (
                  <Button type="dashed" block onClick={() => setSamples(line.id, [...samples, newSample()])}>
                    ＋ 添加样品
                  </Button>
                )}
              </div>
            );
          })}
        </Panel>
        {toSend && (
          <DeliveryPanel
            value={draft.delivery}
            onChange={(delivery) => setDraft((d) => ({ ...d, delivery }))}
            localInfo={localInfo}
            regions={regions}
          />
        )}
        {asksReturn(draft, lines) && (
          <ReturnAddressPanel
            addresses={props.addresses}
            value={draft.returnAddressRid}
            onChange={(returnAddressRid) => setDraft((d) => ({ ...d, returnAddressRid }))}
            onAddAddress={props.onAddAddress}
            showError={showErrors}
          />
        )}
        <Panel title="备注">
          <Input.TextArea
            value={draft.remark}
            maxLength={500}
            showCount
            autoSize={{ minRows: 2, maxRows: 6 }}
            placeholder="其他需要说明的事项（选填）"
            aria-label="备注"
            onChange={(e) => setDraft((d) => ({ ...d, remark: e.target.value }))}
          />
        </Panel>
        {props.needsAgreement && (
          <AgreementPanel
            version={draft.agreementVersion}
            onChange={(agreementVersion) => setDraft((d) => ({ ...d, agreementVersion }))}
            showError={showErrors}
          />
        )}
      </div>
      <aside className={styles.side}>
        <CostBreakdown lines={priced} delivery={toSend ? draft.delivery : null} regions={regions}>
          {!draftId && <CouponPicker planIds={ids} value={discount} onChange={setDiscount} />}
          <div className={styles.actions}>
            <Button size="large" onClick={() => send(true)} loading={add.isPending && add.variables.draft}>
              保存草稿
            </Button>
            <Button type="primary" size="large" onClick={() => send(false)} loading={add.isPending && !add.variables.draft}>
              提交订单
            </Button>
          </div>
        </CostBreakdown>
      </aside>
    </div>
  );
}
