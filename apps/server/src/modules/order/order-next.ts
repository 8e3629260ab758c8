// What the customer must do now with each order (issue 21, ADR 0062). The steps come from one derivation in
// contracts (orderNextSteps); the facts it needs beyond the order's row live in other modules, which fill them in
// when the order module asks through its port (ORDER_NEXT_FACTS, plugged in src/ports.ts; ADR 0060) — the order
// module imports none of them.
import { orderNextSteps, type OrderNextFacts, type OrderNextStep } from '@yance/contracts/order-next';
import type { OrderFigures } from '@yance/contracts/order-figures';
import type { AppContext } from '../../context.ts';
import { portKey } from '../../lib/ports.ts';
import { orderFigures } from './order-figures.ts';
import { findOrders, type OrderRow } from './order.repository.ts';

export interface NextFactsRequest {
  /** The orders asked about (no drafts, no cancelled ones). */
  orders: readonly OrderRow[];
  /** Their figures, read once for the page that asks (the money's facts: a 补差价 due, what is left to invoice). */
  figures: ReadonlyMap<number, OrderFigures>;
  /** Each module adds what it knows (addFacts). */
  facts: Map<number, OrderNextFacts>;
}

/** One module's part of the answer: it adds the facts it holds for the orders asked about (addFacts). */
export type NextFactsSource = (ctx: AppContext, request: NextFactsRequest) => Promise<void>;

/** Asked while reading orders (never inside a move): the modules that hold facts an order's next step needs. */
export const ORDER_NEXT_FACTS = portKey<readonly NextFactsSource[]>('order.nextFacts');

/** A source's answer for one order, merged with what others said. */
export function addFacts(request: NextFactsRequest, orderId: number, facts: OrderNextFacts): void {
  request.facts.set(orderId, { ...request.facts.get(orderId), ...facts });
}

/** The steps each order waits for from its customer, by order id. */
export async function nextStepsOf(
  ctx: AppContext,
  rows: readonly OrderRow[],
  figures?: ReadonlyMap<number, OrderFigures>,
): Promise<Map<number, OrderNextStep[]>> {
  const orders = rows.filter((r) => r.state !== 'draft' && r.state !== 'cancelled');
  const ids = orders.map((o) => o.id);
  const request: NextFactsRequest = { orders, figures: figures ?? new Map(), facts: new Map() };
  if (orders.length) {
    if (!figures) request.figures = await orderFigures(ctx, ids);
    for (const source of ctx.ports.get(ORDER_NEXT_FACTS)) await source(ctx, request);
  }
  return new Map(rows.map((r) => [r.id, orderNextSteps(r, request.facts.get(r.id))]));
}

/** The steps of the orders with these ids (the message centre's links: what its order waits for now). */
export async function nextStepsOfIds(ctx: AppContext, ids: readonly number[]): Promise<Map<number, OrderNextStep[]>> {
  return nextStepsOf(ctx, await findOrders(ctx.db, [...new Set(ids)]));
}
