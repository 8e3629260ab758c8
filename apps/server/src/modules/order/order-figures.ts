// An order's figures (issue 21): the one function that turns an order's money
// facts — its lines' total, the price adjustments, the coupon and points it
// holds, what the ledger booked — into every amount anyone reads of it: the
// customer's list and detail, 待付款 and 待结算, the contract and invoice PDFs,
// the console's order page and the payment module's postings (ADR 0050, 0053).
import type { OrderFigures } from '@yance/contracts/order-figures';
import type { Fen } from '@yance/contracts/money';
import type { OrderState } from '@yance/contracts/order-states';
import type { AppContext } from '../../context.ts';
import { orderFacts, type OrderFacts } from './order-figures.repository.ts';

export type { OrderFacts };

/** The final amount: the lines' total after the price adjustments (0 while a line waits for its quote). */
export const finalOf = (m: OrderFacts) => (m.totalFen ?? 0) + m.adjustFen;

/** An enterprise order in these states has been prepaid: a price adjustment settles against what it paid. */
export const PREPAID_STATES: readonly OrderState[] = ['awaitingSample', 'awaitingPickup', 'received', 'testing', 'delivered', 'completed'];

/**
 * The one place a bill is split (ADR 0053): of what is billed now (revenue
 * gets all of it), the coupon and then the points the order holds cover what
 * they have not covered yet, and the customer pays the rest.
 */
export function splitBill(m: OrderFacts, billFen: number): { payFen: number; couponFen: number; pointsFen: number } {
  const bill = Math.max(0, billFen);
  const couponFen = Math.min(bill, Math.max(0, m.couponFen - m.couponPostedFen));
  const pointsFen = Math.min(bill - couponFen, Math.max(0, m.pointsFen - m.pointsPostedFen));
  return { payFen: bill - couponFen - pointsFen, couponFen, pointsFen };
}

/** What the order's final amount still bills (revenue not yet booked). */
export const unbilledOf = (m: OrderFacts) => Math.max(0, finalOf(m) - m.revenueFen);

/** What the customer pays now: 待付款 the rest of its final amount less its coupon and points; 待结算/欠款中 what is still owed. */
export function dueOf(m: OrderFacts): number {
  if (m.state === 'unpaid') return splitBill(m, unbilledOf(m)).payFen;
  // A 补差价 on a prepaid order (the lab raised the final amount after it was paid): paid like an order.
  if (m.kind === 'enterprise' && PREPAID_STATES.includes(m.state)) return splitBill(m, unbilledOf(m)).payFen;
  if (m.state === 'unsettled' || m.state === 'overdue') return Math.max(0, m.owedFen);
  return 0;
}

/** Every figure of one order from its facts. */
export function figuresOf(m: OrderFacts): OrderFigures {
  const priced = m.totalFen !== null;
  const final = Math.max(0, finalOf(m));
  // The deductions apply as the bill splits them: the coupon first, then the points, never above the final amount.
  const couponFen = Math.min(final, m.couponFen);
  const pointsFen = Math.min(final - couponFen, m.pointsFen);
  return {
    totalFen: m.totalFen as Fen | null,
    promoFen: m.promoFen as Fen,
    adjustFen: m.adjustFen,
    finalFen: priced ? (final as Fen) : null,
    couponName: m.couponName,
    couponFen: couponFen as Fen,
    points: m.points,
    pointsFen: pointsFen as Fen,
    payableFen: priced ? ((final - couponFen - pointsFen) as Fen) : null,
    paidFen: m.revenueFen - m.couponPostedFen - m.pointsPostedFen - m.owedFen + m.refundsHeldFen,
    refundedFen: m.refundedFen as Fen,
    dueFen: dueOf(m) as Fen,
  };
}

/** The figures of these orders, by id (one query for a page of them). */
export async function orderFigures(ctx: Pick<AppContext, 'db'>, ids: readonly number[]): Promise<Map<number, OrderFigures>> {
  const facts = await orderFacts(ctx.db, ids);
  return new Map(facts.map((f) => [f.id, figuresOf(f)]));
}

/** One order's figures (an order that does not exist has none). */
export async function figuresOfOrder(ctx: Pick<AppContext, 'db'>, id: number): Promise<OrderFigures | undefined> {
  return (await orderFigures(ctx, [id])).get(id);
}
