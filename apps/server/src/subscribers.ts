// Who reacts to what (ADR 0058): the one list of domain-event subscribers,
// registered once per app the way job handlers are. Each handler runs inside
// the transaction of the change it reacts to, in the order listed here.
import type { AppContext } from './context.ts';
import { createEventBus, type EventBus } from './lib/events.ts';
import { STATE_MOVED } from './lib/state-machine.ts';
import { recordMove } from './modules/audit/audit.service.ts';
import { afterInvoiceMove, invoiceMachine } from './modules/invoice/invoice.service.ts';
import { afterOrderMove } from './modules/lab/sample.service.ts';
import { notifyOrder } from './modules/notify/notify.service.ts';
import { orderMachine } from './modules/order/order-transition.ts';
import { afterOrderMoveMoney } from './modules/payment/payment.service.ts';
import { promoterMachine, tellPromoter } from './modules/promotion/promotion-promoter.service.ts';
import { tellWithdrawal, withdrawalMachine } from './modules/promotion/promotion-withdraw.service.ts';

/** The event bus of an app (and of a test's context), with every subscriber registered. */
export function domainEvents(): EventBus<AppContext> {
  const bus = createEventBus<AppContext>();
  // The audit log keeps every move of every machine.
  bus.on(STATE_MOVED, recordMove);
  // An order moved: its samples follow (确认收样 signs them, 交付数据 needs a reviewed file and keeps them) …
  bus.on(orderMachine.moved, (t, m) => afterOrderMove(t, m.mover, m.row, m.action));
  // … then its money (确认数据 bills an institution's order, 确认收款 records a transfer, a prepaid order's 取消 owes a refund) …
  bus.on(orderMachine.moved, (t, m) =>
    afterOrderMoveMoney(t, m.row, m.action, m.mover.kind === 'staff' ? m.mover.caller.id : null, m.note),
  );
  // … then the customer hears of it (in-site message, queued SMS and e-mail).
  bus.on(orderMachine.moved, (t, m) => notifyOrder(t, m.row, m.action));

  // ---- invoices, coupons, invitations, promotion ----
  // An application moved: the customer hears of it; an issued e-invoice's mail is queued.
  bus.on(invoiceMachine.moved, afterInvoiceMove);
  // A promoter's application answered, a withdrawal approved, rejected or paid: the customer hears of it.
  bus.on(promoterMachine.moved, tellPromoter);
  bus.on(withdrawalMachine.moved, tellWithdrawal);
  // ---- end invoices, coupons, invitations, promotion ----
  return bus;
}
