import type { LocalInfo } from '@yance/contracts/setting';
import { DELIVERY_METHODS, DELIVERY_METHOD_NAMES, type DeliveryMethod } from '@yance/contracts/order-states';
import { Button, Input, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { unitLabel } from '@yance/browser/format';
import { notify } from '@yance/browser/notify';
import { useAddOrder } from '../api/orders.ts';
import { formHasErrors, newSample, orderBody, sampleErrors, type OrderDraft, type OrderingLine } from '../utils/order-form.ts';
import { forgetTyped, rememberTyped, typedBefore } from '../utils/typed-form.ts';
import { formatAmount } from '@/lib/format.ts';
import { choicesText } from '../utils/order-view.ts';
import { ATTESTATION_HINT, AttestationHint } from '@/components/attestation-hint.tsx';
import { CostBreakdown } from './cost-breakdown.tsx';
import { chosenCoupon, CouponPicker, type Discount } from './coupon-picker.tsx';
import { useUsableCoupons } from '../api/coupons.ts';
import { LabAddress } from '@/components/lab-address.tsx';
import { Panel } from '@/components/panel.tsx';
import { SampleEditor } from './sample-editor.tsx';
import styles from './order-form.module.css';

interface OrderFormProps {
  lines: OrderingLine[];
  initial: OrderDraft;
  /** Finishing a saved draft. */
  draftId?: number;
  attested: boolean;
  onAttest: () => void;
  localInfo: LocalInfo | undefined;
}

/**
 * 下单 (issue 9): the samples of each selected line, how they reach the lab,
 * a remark and the live cost; 保存草稿 keeps it to finish later, 提交订单
 * sends it. Each goes to the order's detail.
 */
export function OrderForm({ lines, initial, draftId, attested, onAttest, localInfo }: OrderFormProps) {
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

  const setSamples = (lineId: number, samples: OrderDraft['samples'][number]) =>
    setDraft((d) => ({ ...d, samples: { ...d.samples, [lineId]: samples } }));

  /** Sends the form as a draft or an order; problems show by their fields instead. */
  const send = (asDraft: boolean) => {
    if (!asDraft && !attested) {
      notify.warning(ATTESTATION_HINT);
      onAttest();
      return;
    }
    // A draft saves what is there (issue 21); an order needs every sample complete.
    if (!asDraft) setShowErrors(true);
    if (!asDraft && formHasErrors(draft, ids)) {
      notify.error('请检查样品信息');
      return;
    }
    const built = orderBody(draft, ids, { draft: asDraft, ...(draftId ? { draftId } : {}) });
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
        <Panel title="项目与样品">
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
                {samples.length < 50 && (
                  <Button type="dashed" block onClick={() => setSamples(line.id, [...samples, newSample()])}>
                    ＋ 添加样品
                  </Button>
                )}
              </div>
            );
          })}
        </Panel>
        <Panel title="送样方式">
          <Radio.Group
            className={styles.delivery}
            aria-label="送样方式"
            value={draft.delivery}
            onChange={(e) => setDraft((d) => ({ ...d, delivery: e.target.value as DeliveryMethod }))}
            optionType="button"
            buttonStyle="solid"
            options={Object.values(DELIVERY_METHODS).map((m) => ({ value: m, label: DELIVERY_METHOD_NAMES[m] }))}
          />
          {draft.delivery === DELIVERY_METHODS.selfSend ? (
            <LabAddress info={localInfo} />
          ) : (
            <p className={styles.hint}>提交订单后，在订单详情中预约上门取样的地址、日期和时段；客户经理会与您确认取样安排。</p>
          )}
        </Panel>
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
      </div>
      <aside className={styles.side}>
        <CostBreakdown lines={priced} delivery={draft.delivery}>
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
