// An order's money facts (issue 21, ADR 0050, 0053): its lines' total, the sum
// of its price adjustments, the coupon and points it holds, and what the
// ledger booked for it — read in one query for a page of orders.
import { inArray, sql } from 'drizzle-orm';
import type { OrderState } from '@yance/contracts/order-states';
import type { Executor } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';

/** An order's money facts: what order-figures.ts computes every figure from. */
export interface OrderFacts {
  id: number;
  no: string;
  userId: number;
  state: OrderState;
  kind: 'institution' | 'enterprise';
  totalFen: number | null;
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
  updatedAt: Date;
}

// Written out in SQL: drizzle drops the table of a column inside a subquery of a one-table select.
const adjustSum = sql<string>`(select coalesce(sum(a.amount_fen), 0) from order_adjustment a where a.order_id = "orders"."id")`;
const discountOf = (column: 'coupon_fen' | 'points_fen' | 'points') =>
  sql<string>`(select coalesce(sum(d.${sql.raw(column)}), 0) from order_discount d where d.order_id = "orders"."id")`;
const couponNameOf = sql<string | null>`(select d.coupon_name from order_discount d where d.order_id = "orders"."id")`;
const accountSum = (kind: 'revenue' | 'receivable' | 'coupon' | 'points' | 'refunds') =>
  sql<string>`(select coalesce(sum(l.amount_fen), 0) from ledger_line l
    join ledger_entry e on e.id = l.entry_id
    join ledger_account acc on acc.id = l.account_id
    where e.order_id = "orders"."id" and acc.kind = ${kind})`;
const refundedSum = sql<string>`(select coalesce(sum(l.amount_fen), 0) from ledger_line l
    join ledger_entry e on e.id = l.entry_id
    join ledger_account acc on acc.id = l.account_id
    where e.order_id = "orders"."id" and e.kind in ('adjustRefund', 'refund') and acc.kind in ('prestore', 'group') and l.amount_fen > 0)`;

/** The columns of the facts, for a select of `orders`. */
const factColumns = {
  id: orders.id,
  no: orders.no,
  userId: orders.userId,
  state: orders.state,
  kind: orders.kind,
  totalFen: orders.totalFen,
  adjustFen: adjustSum,
  revenueFen: accountSum('revenue'),
  receivableFen: accountSum('receivable'),
  couponName: couponNameOf,
  couponFen: discountOf('coupon_fen'),
  points: discountOf('points'),
  pointsFen: discountOf('points_fen'),
  couponLinesFen: accountSum('coupon'),
  pointsLinesFen: accountSum('points'),
  refundsLinesFen: accountSum('refunds'),
  refundedFen: refundedSum,
  updatedAt: orders.updatedAt,
};

type Sums =
  | 'adjustFen'
  | 'revenueFen'
  | 'owedFen'
  | 'couponName'
  | 'couponFen'
  | 'points'
  | 'pointsFen'
  | 'couponPostedFen'
  | 'pointsPostedFen'
  | 'refundsHeldFen'
  | 'refundedFen';

/** A row selected with factColumns as the facts. */
const toFacts = (
  r: {
    adjustFen: string;
    revenueFen: string;
    receivableFen: string;
    couponName: string | null;
    couponFen: string;
    points: string;
    pointsFen: string;
    couponLinesFen: string;
    pointsLinesFen: string;
    refundsLinesFen: string;
    refundedFen: string;
  } & Omit<OrderFacts, Sums>,
): OrderFacts => ({
  id: r.id,
  no: r.no,
  userId: r.userId,
  state: r.state,
  kind: r.kind,
  totalFen: r.totalFen,
  adjustFen: Number(r.adjustFen),
  revenueFen: Number(r.revenueFen),
  owedFen: -Number(r.receivableFen),
  couponName: r.couponName ?? '',
  couponFen: Number(r.couponFen),
  points: Number(r.points),
  pointsFen: Number(r.pointsFen),
  couponPostedFen: -Number(r.couponLinesFen),
  pointsPostedFen: -Number(r.pointsLinesFen),
  refundsHeldFen: Number(r.refundsLinesFen),
  refundedFen: Number(r.refundedFen),
  updatedAt: r.updatedAt,
});

/** The money facts of these orders (call under the orders' locks for a decision). */
export async function orderFacts(db: Executor, ids: readonly number[]): Promise<OrderFacts[]> {
  if (!ids.length) return [];
  const rows = await db
    .select(factColumns)
    .from(orders)
    .where(inArray(orders.id, [...ids]));
  return rows.map(toFacts);
}
