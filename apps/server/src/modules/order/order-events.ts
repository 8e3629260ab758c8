// What the order module announces besides its machine's moves (ADR 0058).
import { eventKey } from '../../lib/events.ts';

/**
 * An institution's order is about to be sent (not a draft), under the customer's lock and before anything is
 * written: a subscriber may refuse it by throwing (payment: the credit limit, ADR 0050).
 */
export const ORDER_SENDING = eventKey<{ userId: number; creditLimitFen: number | null }>('order.sending');
