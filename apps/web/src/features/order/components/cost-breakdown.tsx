import type { DeliveryMethod } from '@yance/contracts/order-states';
import type { RegionEntry } from '@yance/contracts/sampling-rules';
import { Fragment, type ReactNode } from 'react';
import { formatFen } from '@yance/browser/format';
import { orderTotal, type OrderingLine } from '../utils/order-form.ts';
import { formatAmount } from '@/lib/format.ts';
import { choicesText } from '../utils/order-view.ts';
import { Panel } from '@/components/panel.tsx';
import { FreightRow } from './freight-row.tsx';
import card from './orders.module.css';
import styles from './order-form.module.css';

/**
 * 费用明细, live while ordering: each line with its options, 待报价 where there is no fixed price, what the promotion
 * rules take off it (优惠活动, issue 21), freight (FreightRow), total.
 */
export function CostBreakdown({
  lines,
  delivery,
  regions,
  children,
}: {
  lines: OrderingLine[];
  /** null: nothing to send (数据分析 only), no freight row. */
  delivery: DeliveryMethod | null;
  regions: readonly RegionEntry[] | undefined;
  children?: ReactNode;
}) {
  const total = orderTotal(lines);
  return (
    <Panel title="费用明细">
      <ul className={styles.costLines}>
        {lines.map((l) => (
          <Fragment key={l.id}>
            <li>
              <span className={styles.costName}>
                {l.name}
                {Object.keys(l.choices).length > 0 && <small>{choicesText(l.choices)}</small>}
              </span>
              <span className={l.amount === null ? styles.quote : undefined}>{formatAmount(l.amount)}</span>
            </li>
            {l.promo && (
              <li className={styles.promo} data-testid="cost-promo">
                <span>优惠活动 · {l.promo.label}</span>
                <span>-{formatFen(l.promo.fen)}</span>
              </li>
            )}
          </Fragment>
        ))}
        <FreightRow delivery={delivery} regions={regions} />
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
