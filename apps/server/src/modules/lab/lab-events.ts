// What the lab module announces (ADR 0058).
import { eventKey } from '../../lib/events.ts';
import type { Actor } from '../../lib/state-machine.ts';
import type { OrderRow } from '../order/index.ts';

/** An order's final amount was adjusted (补差价/退差价), in the adjusting transaction: payment settles what it can now. */
export const ORDER_ADJUSTED = eventKey<{ order: OrderRow; reason: string; actor: Actor }>('lab.orderAdjusted');
