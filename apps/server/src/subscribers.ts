// Who reacts to what (ADR 0058): the one list of domain-event subscribers,
// registered once per app the way job handlers are. Each handler runs inside
// the transaction of the change it reacts to, in the order listed here.
import type { AppContext } from './context.ts';
import { createEventBus, type EventBus } from './lib/events.ts';
import { STATE_MOVED } from './lib/state-machine.ts';
import { recordMove } from './modules/audit/index.ts';
import { countOrderPaid, SHOWCASE_CHANGED } from './modules/catalog/index.ts';
import { invalidateHomeCache } from './modules/home/index.ts';
import { PURGE_DUE } from './modules/job/index.ts';
import { purgeIdempotencyKeys } from './modules/ledger/index.ts';
import { purgeCounters } from './modules/rate-limit/index.ts';
import { purgeExpiredSessions } from './modules/session/index.ts';
import { purgeExpiredSms } from './modules/sms/index.ts';
import { purgeExpiredTickets } from './modules/wechat/index.ts';
import { afterInvoiceMove, invoiceMachine, reverseInvoicesOfOrder } from './modules/invoice/index.ts';
import { afterOrderMove, ORDER_ADJUSTED } from './modules/lab/index.ts';
import { notifyMove } from './modules/notify/index.ts';
import { orderMachine, ORDER_SENDING } from './modules/order/index.ts';
import { afterAdjustMoney, afterOrderMoveMoney, refuseOverCredit, refundMachine, ORDER_PAID } from './modules/payment/index.ts';
import { CUSTOMER_REGISTERED } from './modules/user/index.ts';
import { issueSignupCoupons } from './modules/coupon/index.ts';
import { afterOrderMovePromotion } from './modules/promotion/index.ts';
import { afterOrderMoveInvite, welcomeInvitee } from './modules/invite/index.ts';

/** The event bus of an app (and of a test's context), with every subscriber registered. */
export function domainEvents(): EventBus<AppContext> {
  const bus = createEventBus<AppContext>();
  // The audit log keeps every move of every machine.
  bus.on(STATE_MOVED, recordMove);
  // An order moved: its samples follow (确认收样 signs them, 交付数据 needs a reviewed file and keeps them) …
  bus.on(orderMachine.moved, (t, m) => afterOrderMove(t, m.mover, m.row, m.action));
  // … then its money (确认数据 bills an institution's order, 确认收款 records a transfer, a prepaid order's 取消 owes a refund) …
  bus.on(orderMachine.moved, (t, m) =>
    afterOrderMoveMoney(t, m.row, m.action, m.mover.kind === 'staff' ? m.mover.caller.id : null, m.note, m.changes),
  );
  // … then the invitation: its row at the invitee's first payment (the abuse checks), the inviter's rebates on the
  // invitee's payments in their first months (ADR 0054, ADR 0069) — before the promoter's, which takes what is left …
  bus.on(orderMachine.moved, (t, m) => afterOrderMoveInvite(t, m.row, m.action));
  // … then the promoter's rebate: earned at a payment, its clock started at completion, reversed at a refund (ADR 0055).
  bus.on(orderMachine.moved, (t, m) => afterOrderMovePromotion(t, m.row, m.action));
  // … and each item on it counts one more real order (已下单: the catalogue's base plus paid orders, issue 21).
  bus.on(ORDER_PAID, (t, p) => countOrderPaid(t, p.orderId));
  // The customer hears of a move where the notice table says so (notices.ts); a reaction that fails rolls it back too.
  bus.on(STATE_MOVED, notifyMove);

  // An order's amount adjusted by the lab or its manager: a prepaid order's 退差价 goes back to the balance now.
  bus.on(ORDER_ADJUSTED, (t, p) => afterAdjustMoney(t, p.order, p.reason, p.actor));
  // A refund approved: the order's issued invoices are reversed (红冲), pending applications rejected (ADR 0052).
  bus.on(refundMachine.moved, async (t, m) => void (await reverseInvoicesOfOrder(t, m.row.orderId, '订单取消退款')));
  // An institution's order about to be sent: refused over its credit limit (ADR 0050).
  bus.on(ORDER_SENDING, (t, p) => refuseOverCredit(t, p.userId, p.creditLimitFen));
  // A new customer: the sign-up coupons (注册即送, ADR 0053), and an invitee's new-customer coupon (ADR 0069).
  bus.on(CUSTOMER_REGISTERED, (t, p) => issueSignupCoupons(t, p.userId));
  bus.on(CUSTOMER_REGISTERED, (t, p) => welcomeInvitee(t, p.userId));

  // The catalogue or the site's content changed: the cached home page is rebuilt on its next request.
  bus.on(SHOWCASE_CHANGED, async (t) => invalidateHomeCache(t));

  // The purge is due: each module deletes its own expired rows (ADR 0034).
  bus.on(PURGE_DUE, async (t, p) => void (p.removed.sessions = await purgeExpiredSessions(t, p.now)));
  bus.on(PURGE_DUE, async (t, p) => void Object.assign(p.removed, await purgeExpiredSms(t, p.now)));
  bus.on(PURGE_DUE, async (t, p) => void (p.removed.wxTickets = await purgeExpiredTickets(t, p.now)));
  bus.on(PURGE_DUE, async (t, p) => void (p.removed.rateCounters = await purgeCounters(t.db, p.now)));
  bus.on(PURGE_DUE, async (t, p) => void (p.removed.idempotencyKeys = await purgeIdempotencyKeys(t)));

  // ---- invoices, coupons, invitations, promotion ----
  // An application moved: the customer hears of it; an issued e-invoice's mail is queued.
  bus.on(invoiceMachine.moved, afterInvoiceMove);
  // A promoter's application answered, a withdrawal approved, rejected or paid: the customer hears of it.
  // ---- end invoices, coupons, invitations, promotion ----
  return bus;
}
