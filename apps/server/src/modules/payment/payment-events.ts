// What the payment module announces (ADR 0058): subscribers (subscribers.ts)
// react inside the payment's transaction.
import { eventKey } from '../../lib/events.ts';

/** A customer's order was paid — prepaid from the balance or a trade, by bank transfer, or settled — for the first time or again. */
export interface OrderPaid {
  userId: number;
  orderId: number;
}
export const ORDER_PAID = eventKey<OrderPaid>('payment.orderPaid');
