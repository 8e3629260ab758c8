// An order's bill (ADR 0050, 0053): its final amount, what it still bills, how
// a bill splits between the customer, the coupon and the points, what is due now.
import type * as ledger from '../ledger/index.ts';
import type { OrderRow } from '../order/index.ts';
import type { OrderMoneyRow } from './order-money.repository.ts';

export const finalOf = (m: OrderMoneyRow) => (m.totalFen ?? 0) + m.adjustFen;

/** An enterprise order in these states has been prepaid: a price adjustment settles against what it paid. */
export const PREPAID_STATES: readonly OrderRow['state'][] = [
  'awaitingSample',
  'awaitingPickup',
  'received',
  'testing',
  'delivered',
  'completed',
];

/**
 * The one place an order's bill is split (ADR 0053): of what is billed now
 * (revenue gets all of it), the coupon and then the points the order holds
 * cover what they have not covered yet, and the customer pays the rest.
 */
export function splitBill(m: OrderMoneyRow, billFen: number): { payFen: number; couponFen: number; pointsFen: number } {
  const bill = Math.max(0, billFen);
  const couponFen = Math.min(bill, Math.max(0, m.couponFen - m.couponPostedFen));
  const pointsFen = Math.min(bill - couponFen, Math.max(0, m.pointsFen - m.pointsPostedFen));
  return { payFen: bill - couponFen - pointsFen, couponFen, pointsFen };
}

/** The ledger lines of a bill: the payer's part from `source`, the deductions on their expense accounts, revenue the whole. */
export function billLines(source: ledger.AccountRef, bill: number, split: ReturnType<typeof splitBill>) {
  return [
    { account: source, amountFen: -split.payFen },
    { account: { kind: 'coupon' } as ledger.AccountRef, amountFen: -split.couponFen },
    { account: { kind: 'points' } as ledger.AccountRef, amountFen: -split.pointsFen },
    { account: { kind: 'revenue' } as ledger.AccountRef, amountFen: bill },
  ];
}

/** What the order's final amount still bills (revenue not yet booked). */
export const unbilledOf = (m: OrderMoneyRow) => Math.max(0, finalOf(m) - m.revenueFen);

/** What the customer pays now: 待付款 the rest of its final amount less its coupon and points; 待结算/欠款中 what is still owed. */
export function dueOf(m: OrderMoneyRow): number {
  if (m.state === 'unpaid') return splitBill(m, unbilledOf(m)).payFen;
  // A 补差价 on a prepaid order (the lab raised the final amount after it was paid): paid like an order.
  if (m.kind === 'enterprise' && PREPAID_STATES.includes(m.state)) return splitBill(m, unbilledOf(m)).payFen;
  if (m.state === 'unsettled' || m.state === 'overdue') return Math.max(0, m.owedFen);
  return 0;
}
