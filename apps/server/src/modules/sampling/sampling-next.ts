// The sampling request's part of what the customer must do now (ADR 0062): an order waiting for its samples
// waits for the customer until they give the courier's number or book the pick-up.
import type { AppContext } from '../../context.ts';
import { addFacts, type NextFactsRequest } from '../order/index.ts';
import { ordersWithActive } from './sampling.repository.ts';

/** ORDER_NEXT_FACTS: whether each 待寄样 / 待取样 order has an active request. */
export async function samplingNextFacts(ctx: AppContext, request: NextFactsRequest): Promise<void> {
  const waiting = request.orders.filter((o) => o.state === 'awaitingSample' || o.state === 'awaitingPickup');
  const active = await ordersWithActive(
    ctx.db,
    waiting.map((o) => o.id),
  );
  for (const o of waiting) addFacts(request, o.id, { samplingActive: active.has(o.id) });
}
