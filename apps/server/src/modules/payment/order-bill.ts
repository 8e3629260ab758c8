// An order's bill (ADR 0050, 0053): its final amount, what it still bills, how
// a bill splits between the customer, the coupon and the points, what is due
// now — the order module's figures (issue 21: one function for every figure);
// here only the ledger lines a bill posts.
import type * as ledger from '../ledger/index.ts';
import type { splitBill } from '../order/index.ts';

export { dueOf, finalOf, PREPAID_STATES, splitBill, unbilledOf } from '../order/index.ts';

/** The ledger lines of a bill: the payer's part from `source`, the deductions on their expense accounts, revenue the whole. */
export function billLines(source: ledger.AccountRef, bill: number, split: ReturnType<typeof splitBill>) {
  return [
    { account: source, amountFen: -split.payFen },
    { account: { kind: 'coupon' } as ledger.AccountRef, amountFen: -split.couponFen },
    { account: { kind: 'points' } as ledger.AccountRef, amountFen: -split.pointsFen },
    { account: { kind: 'revenue' } as ledger.AccountRef, amountFen: bill },
  ];
}
