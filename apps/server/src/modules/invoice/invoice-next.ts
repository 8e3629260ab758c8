// The invoice's part of what the customer must do now (ADR 0062): a completed order with money still to invoice.
import type { AppContext } from '../../context.ts';
import { addFacts, type NextFactsRequest } from '../order/index.ts';
import { invoiceableOf } from './invoice-apply.service.ts';

/** ORDER_NEXT_FACTS: what each completed order may still invoice (its final amount less what applications hold). */
export async function invoiceNextFacts(ctx: AppContext, request: NextFactsRequest): Promise<void> {
  const done = request.orders.filter((o) => o.state === 'completed');
  if (!done.length) return;
  for (const { order, left } of await invoiceableOf(ctx, done, request.figures)) addFacts(request, order.id, { invoiceableFen: left });
}
