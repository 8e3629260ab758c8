// What the payment module does inside the order module's transactions (ADR
// 0050): the money of an order's move, a price adjustment's 退差价, the credit
// limit checked when an order is sent.
import { canLeave, type OrderAction } from '@yance/contracts/order-states';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { SYSTEM, type Actor } from '../audit/index.ts';
import { earnPoints, giveBackDiscount } from '../coupon/index.ts';
import * as ledger from '../ledger/index.ts';
import { recordOrderEvent, type OrderRow } from '../order/index.ts';
import { formatFen } from '@yance/contracts/money';
import { ORDER_PAID } from './payment-events.ts';
import { billLines, finalOf, splitBill, unbilledOf } from './order-bill.ts';
import { orderMoney, userOrdersInStates } from './order-facts.ts';
import { insertRefund, type RefundRow } from './refund.repository.ts';

/**
 * After the lab's price adjustment (order/adjust, in its transaction, under
 * the order's lock): a prepaid enterprise order whose final amount fell below
 * what it paid gets the difference back to its balance at once (退差价, a
 * timeline event with the reason); one that rose waits in 待付款 for its
 * 补差价. An institution order is billed at 确认数据 with its final amount.
 */
export async function afterAdjustMoney(t: AppContext, order: OrderRow, reason: string, actor: Actor): Promise<void> {
  const [m] = await orderMoney(t.db, [order.id]);
  if (!m || m.kind !== 'enterprise' || m.revenueFen <= 0) return;
  // Never more than the customer's own money in it (the coupon's and points' part is not theirs to take out, ADR 0053).
  const back = Math.min(m.revenueFen - finalOf(m), m.revenueFen - m.couponPostedFen - m.pointsPostedFen);
  if (back <= 0) return;
  await ledger.postEntry(t, {
    kind: 'adjustRefund',
    memo: `订单 ${m.no} 退差价（${reason}）`,
    userId: m.userId,
    orderId: m.id,
    staffId: actor.kind === 'staff' ? actor.id : null,
    lines: [
      { account: { kind: 'revenue' }, amountFen: -back },
      { account: ledger.prestoreOf(m.userId), amountFen: back },
    ],
  });
  await recordOrderEvent(t, actor, order, 'adjustRefund', `${formatFen(back)} 已退回预存余额`);
}

/**
 * Runs inside moveOrder after a move (ADR 0050): the data confirmed on an
 * institution order bills it to the shop's receivables (settled later from a
 * balance); finance's 确认收款 records the bank transfer that paid it.
 */
export async function afterOrderMoveMoney(
  t: AppContext,
  order: OrderRow,
  action: OrderAction,
  staffId: number | null,
  note = '',
  changes: Record<string, [unknown, unknown]> = {},
): Promise<void> {
  await moneyOfMove(t, order, action, staffId, note, changes);
}

/**
 * 确认收款's transfer as finance typed it from the bank (the move's changes): refused unless it is exactly what
 * the order asks, in Chinese with both amounts; its reference goes into the ledger entry's memo.
 */
function receivedTransfer(changes: Record<string, [unknown, unknown]>, dueFen: number, no: string): string {
  const received = changes.receivedFen?.[1];
  const ref = changes.bankRef?.[1];
  if (typeof received !== 'number' || typeof ref !== 'string' || !ref) throw new AppError('INVALID', '请填写到账金额和银行流水号');
  if (received !== dueFen)
    throw new AppError(
      'INVALID',
      `到账金额 ${formatFen(received)} 与订单 ${no} 应付金额 ${formatFen(dueFen)} 不符，请核对银行流水后再确认`,
    );
  return ref;
}

async function moneyOfMove(
  t: AppContext,
  order: OrderRow,
  action: OrderAction,
  staffId: number | null,
  note: string,
  changes: Record<string, [unknown, unknown]>,
): Promise<void> {
  if (action !== 'confirmData' && action !== 'markPaid' && action !== 'cancel') return;
  const [m] = await orderMoney(t.db, [order.id]);
  if (!m) return;
  if (action === 'confirmData' && order.state === 'unsettled') {
    const bill = unbilledOf(m);
    if (bill > 0)
      await ledger.postEntry(t, {
        kind: 'orderBill',
        memo: `订单 ${m.no} 检测费记账（待结算）`,
        userId: m.userId,
        orderId: m.id,
        lines: billLines({ kind: 'receivable' }, bill, splitBill(m, bill)),
      });
  }
  if (action === 'cancel') {
    // The coupon's and points' fen go back to their accounts; the customer's own part waits in refunds payable.
    const own = m.revenueFen - m.couponPostedFen - m.pointsPostedFen;
    if (m.revenueFen > 0)
      await ledger.postEntry(t, {
        kind: 'refundDue',
        memo: `订单 ${m.no} 取消，待退款`,
        userId: m.userId,
        orderId: m.id,
        staffId,
        lines: [
          { account: { kind: 'revenue' }, amountFen: -m.revenueFen },
          { account: { kind: 'coupon' }, amountFen: m.couponPostedFen },
          { account: { kind: 'points' }, amountFen: m.pointsPostedFen },
          { account: { kind: 'refunds' }, amountFen: own },
        ],
      });
    // A prepaid order cancelled: what it paid waits in refunds payable until finance approves (approveRefund).
    if (own > 0)
      await insertRefund(t.db, {
        orderId: m.id,
        userId: m.userId,
        amountFen: own as RefundRow['amountFen'],
        state: 'pending',
        reason: note,
        createdAt: t.clock(),
      });
    // Its coupon and points come back, what it earned is taken back (ADR 0053).
    await giveBackDiscount(t, SYSTEM, m);
  }
  if (action === 'markPaid') {
    const due = unbilledOf(m);
    const split = splitBill(m, due);
    // Finance's confirmation carries the bank's amount and reference; the system's own (none yet) would not.
    const ref = staffId === null ? '' : receivedTransfer(changes, split.payFen, m.no);
    if (due > 0) {
      await ledger.postEntry(t, {
        kind: 'bankReceipt',
        memo: ref ? `订单 ${m.no} 对公转账收款（银行流水号 ${ref}）` : `订单 ${m.no} 对公转账收款`,
        userId: m.userId,
        orderId: m.id,
        staffId,
        lines: billLines({ kind: 'bank' }, due, split),
      });
      await earnPoints(t, m.userId, m.id, split.payFen);
      t.afterCommit(() => t.metrics.paymentMade('order_transfer'));
    }
    await t.emit(ORDER_PAID, { userId: m.userId, orderId: m.id });
  }
}

/** Whether an order in this state waits for the customer's money (the order page's 去付款 / 去结算). */
export const waitsForMoney = (state: OrderRow['state']) => canLeave('pay', state) || canLeave('settle', state);

/**
 * An institution's credit limit (ADR 0050), checked when an order is sent,
 * under the customer's row lock: while what its 待结算 and 欠款中 orders owe
 * reaches the limit set by its manager, new orders are refused with what to
 * do (the plan keeps its lines; a draft may still be saved).
 */
export async function refuseOverCredit(t: AppContext, userId: number, limitFen: number | null): Promise<void> {
  if (limitFen === null) return;
  const owed = (await userOrdersInStates(t.db, userId, ['unsettled', 'overdue'])).reduce((n, o) => n + Math.max(0, o.owedFen), 0);
  if (owed >= limitFen)
    throw new AppError(
      'CONFLICT',
      `您的待结算金额 ${formatFen(owed)} 已达到信用额度 ${formatFen(limitFen)}，请先在「待结算」中完成结算后再下单`,
    );
}
