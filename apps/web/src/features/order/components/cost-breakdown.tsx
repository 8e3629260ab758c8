import { DELIVERY_METHODS, type DeliveryMethod } from '@yance/contracts/order-states';
import type { ReactNode } from 'react';
import { formatFen } from '@yance/browser/format';
import { orderTotal, type OrderingLine } from '../utils/order-form.ts';
import { formatAmount } from '@/lib/format.ts';
import { choicesText } from '../utils/order-view.ts';
import { Panel } from '@/components/panel.tsx';
import card from './orders.module.css';
import styles from './order-form.module.css';

/** 费用明细, live while ordering: each line with its options, 待报价 where there is no fixed price, freight, total. */
export function CostBreakdown({ lines, delivery, children }: { lines: OrderingLine[]; delivery: DeliveryMethod; children?: ReactNode }) {
  const total = orderTotal(lines);
  return (
    <Panel title="费用明细">
      <ul className={styles.costLines}>
        {lines.map((l) => (
          <li key={l.id}>
            <span className={styles.costName}>
              {l.name}
              {Object.keys(l.choices).length > 0 && <small>{choicesText(l.choices)}</small>}
            </span>
            <span className={l.amount === null ? styles.quote : undefined}>{formatAmount(l.amount)}</span>
          </li>
        ))}
        <li>
          <span className={styles.costName}>
            运费
            <small>{delivery === DELIVERY_METHODS.selfSend ? '自行寄样' : '上门取样'}，快递运费由快递公司收取，不计入订单金额</small>
          </span>
          <span>到付</span>
        </li>
      </ul>
      <div className={card.totalRow}>
        <span>合计</span>
        <strong data-testid="order-total">{formatFen(total.fen)}</strong>
      </div>
      {total.unpriced > 0 && <p className={styles.quoteNote}>另有{total.unpriced}项待报价，客户经理报价后计入，以报价为准。</p>}
      {children}
    </Panel>
  );
}
