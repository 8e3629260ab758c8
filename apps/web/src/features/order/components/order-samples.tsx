// The order page's samples and how they travel (ADR 0041, 0070): each sample with its number, state and couriers,
// the address samples asked back go to, and the delivery — or, for an order with nothing to send, that it has none.
import type { OrderDetail } from '@yance/contracts/order';
import { DELIVERY_METHOD_NAMES, DELIVERY_METHODS, type DeliveryMethod } from '@yance/contracts/order-states';
import { placeText } from '@yance/contracts/place';
import { pickupPromise } from '@yance/contracts/sampling-rules';
import { LabAddress } from '@/components/lab-address.tsx';
import { Panel } from '@/components/panel.tsx';
import { useWebSettings } from '@/lib/get-web-settings.ts';
import { formName, hazardsText } from '../utils/order-view.ts';
import { SampleStateTag } from './order-lab.tsx';
import styles from './orders.module.css';

/** Every sample with the number on its label, and where those asked back go; none for an order with nothing to send. */
export function SamplesCard({ order }: { order: OrderDetail }) {
  if (order.samples.length === 0) return null;
  const lineName = new Map(order.lines.map((l) => [l.id, l.name]));
  const back = order.returnAddress;
  return (
    <Panel title="样品信息">
      <ul className={styles.rows}>
        {order.samples.map((s) => (
          <li key={s.id} className={styles.sampleRow} data-testid="order-sample">
            <div className={styles.rowMain}>
              <strong>
                {s.name} <span className={styles.sampleNo}>{s.no}</span> <SampleStateTag state={s.tracking.state} />
              </strong>
              <span className={styles.muted}>
                {lineName.get(s.lineId)} · {s.count}个 · {formName(s.form)} · 危险特性：{hazardsText(s.hazards)} ·{' '}
                {s.returnSample ? '测试后退还' : '不退还'}
              </span>
              {s.requirement && <p className={styles.note}>测试要求：{s.requirement}</p>}
              {s.tracking.express_no && (
                <p className={styles.note}>
                  寄样快递：{s.tracking.express_company} {s.tracking.express_no}
                </p>
              )}
              {s.tracking.return_no && (
                <p className={styles.note}>
                  退还快递：{s.tracking.return_company} {s.tracking.return_no}
                </p>
              )}
              {s.tracking.keptUntil && s.tracking.state === 'kept' && (
                <p className={styles.note}>留样至 {s.tracking.keptUntil.slice(0, 10)}，到期后销毁</p>
              )}
            </div>
          </li>
        ))}
      </ul>
      {back && (
        <p className={styles.note} data-testid="order-return-address">
          退还地址：{back.name} {back.phone} {placeText(back)}
        </p>
      )}
    </Panel>
  );
}

/** How the samples reach the lab (the lab's address while awaited by post, the pick-up promise); none to send: said so. */
export function DeliveryCard({ order }: { order: OrderDetail }) {
  const settings = useWebSettings();
  if (order.delivery === null)
    return (
      <Panel title="送样方式：无需送样">
        <p className={styles.muted}>本订单为数据分析项目，无需寄送样品；所需文件与说明请与客户经理沟通。</p>
        {order.remark && <p className={styles.note}>备注：{order.remark}</p>}
      </Panel>
    );
  const selfSend = order.delivery === DELIVERY_METHODS.selfSend;
  return (
    <Panel title={<>送样方式：{DELIVERY_METHOD_NAMES[order.delivery as DeliveryMethod] ?? '—'}</>}>
      {selfSend ? (
        <LabAddress info={settings.data?.localInfo} />
      ) : (
        <p className={styles.muted}>
          {pickupPromise(settings.data?.allowRegion ?? [])}。上门取样的地址、日期和时段在订单中预约，客户经理会与您确认取样安排。
        </p>
      )}
      {order.remark && <p className={styles.note}>备注：{order.remark}</p>}
    </Panel>
  );
}
