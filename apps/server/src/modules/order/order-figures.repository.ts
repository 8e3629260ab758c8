// An order's money facts (issue 21, ADR 0050, 0053): its lines' total, the sum
// of its price adjustments, the coupon and points it holds, and what the
// ledger booked for it — read in one query for a page of orders.
import { sql, type SQL } from 'drizzle-orm';
import type { OrderState } from '@yance/contracts/order-states';
import type { Executor } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';
import { orders } from '../../db/schema.ts';

/** An order's money facts: what order-figures.ts computes every figure from. */
export interface OrderFacts {
  id: number;
  no: string;
  userId: number;
  state: OrderState;
  kind: 'institution' | 'enterprise';
  totalFen: number | null;
  /** What the promotion rules took off the lines (order_line.promo_fen), already out of totalFen. */
  promoFen: number;
  adjustFen: number;
  /** Revenue booked for the order (paid, or billed for settlement), net of refunds. */
  revenueFen: number;
  /** Still owed on the shop's receivables (billed, not yet settled). */
  owedFen: number;
  /** The coupon's and the points' fen the order holds (order_discount, ADR 0053). */
  couponName: string;
  couponFen: number;
  points: number;
  pointsFen: number;
  /** What of them the ledger already booked to the coupon and points expense accounts (net of give-backs). */
  couponPostedFen: number;
  pointsPostedFen: number;
  /** The customer's money of a cancelled order waiting in refunds payable (应付退款). */
  refundsHeldFen: number;
  /** What went back to the customer's balance: 退差价 and approved refunds. */
  refundedFen: number;
}

/** A fact row as PostgreSQL answers it (sums arrive as numeric text or bigint, by driver). */
interface FactRow {
  id: number;
  no: string;
  user_id: number;
  state: OrderState;
  kind: 'institution' | 'enterprise';
  total_fen: number | string | null;
  adjust_fen: Sum;
  promo_fen: Sum;
  revenue_fen: Sum;
  receivable_fen: Sum;
  coupon_name: string | null;
  coupon_fen: Sum;
  points: Sum;
  points_fen: Sum;
  coupon_lines_fen: Sum;
  points_lines_fen: Sum;
  refunds_lines_fen: Sum;
  refunded_fen: Sum;
}
type Sum = string | number | bigint | null;
const n = (v: Sum): number => Number(v ?? 0);

/**
 * One pass over each order's ledger lines (a lateral join that sums per account kind) instead of one subquery per
 * account: the payment reads these facts under the order's lock, and every list of orders reads them for a page.
 */
const factsOf = (which: SQL) => sql`
  select o.id, o.no, o.user_id, o.state, o.kind, o.total_fen,
    adj.adjust_fen, promo.promo_fen, d.coupon_name, d.coupon_fen, d.points, d.points_fen,
    lg.revenue_fen, lg.receivable_fen, lg.coupon_lines_fen, lg.points_lines_fen, lg.refunds_lines_fen, lg.refunded_fen
  from ${orders} o
  left join order_discount d on d.order_id = o.id
  left join lateral (select sum(a.amount_fen) as adjust_fen from order_adjustment a where a.order_id = o.id) adj on true
  left join lateral (select sum(ol.promo_fen) as promo_fen from order_line ol where ol.order_id = o.id) promo on true
  left join lateral (
    select
      sum(l.amount_fen) filter (where acc.kind = 'revenue') as revenue_fen,
      sum(l.amount_fen) filter (where acc.kind = 'receivable') as receivable_fen,
      sum(l.amount_fen) filter (where acc.kind = 'coupon') as coupon_lines_fen,
      sum(l.amount_fen) filter (where acc.kind = 'points') as points_lines_fen,
      sum(l.amount_fen) filter (where acc.kind = 'refunds') as refunds_lines_fen,
      sum(l.amount_fen) filter (
        where e.kind in ('adjustRefund', 'refund') and acc.kind in ('prestore', 'group') and l.amount_fen > 0
      ) as refunded_fen
    from ledger_entry e
    join ledger_line l on l.entry_id = e.id
    join ledger_account acc on acc.id = l.account_id
    where e.order_id = o.id
  ) lg on true
  where ${which}`;

const factsQuery = preparedSql<FactRow>('order_facts', () => factsOf(sql`o.id = any(${sql.placeholder('ids')}::int[])`));
/**
 * One order's facts (every payment's read under the lock): a statement of its own, because PostgreSQL keeps a
 * generic plan for `o.id = $1` after five runs, while for `any($1)` the generic plan's estimate (an array of unknown
 * length) always loses to a custom one, and planning this six-table join cost more than running it (ADR 0082).
 */
const oneFactsQuery = preparedSql<FactRow>('order_facts_one', () => factsOf(sql`o.id = ${sql.placeholder('id')}::int`));

const toFacts = (r: FactRow): OrderFacts => ({
  id: r.id,
  no: r.no,
  userId: r.user_id,
  state: r.state,
  kind: r.kind,
  totalFen: r.total_fen === null ? null : Number(r.total_fen),
  promoFen: n(r.promo_fen),
  adjustFen: n(r.adjust_fen),
  revenueFen: n(r.revenue_fen),
  owedFen: -n(r.receivable_fen),
  couponName: r.coupon_name ?? '',
  couponFen: n(r.coupon_fen),
  points: n(r.points),
  pointsFen: n(r.points_fen),
  couponPostedFen: -n(r.coupon_lines_fen),
  pointsPostedFen: -n(r.points_lines_fen),
  refundsHeldFen: n(r.refunds_lines_fen),
  refundedFen: n(r.refunded_fen),
});

/** The money facts of these orders (call under the orders' locks for a decision). */
export async function orderFacts(db: Executor, ids: readonly number[]): Promise<OrderFacts[]> {
  if (!ids.length) return [];
  // Prepared once (ADR 0066): the payment reads these facts under the order's lock on every payment.
  const rows = ids.length === 1 ? await oneFactsQuery(db, { id: ids[0] }) : await factsQuery(db, { ids: `{${ids.join(',')}}` });
  return rows.map(toFacts);
}
