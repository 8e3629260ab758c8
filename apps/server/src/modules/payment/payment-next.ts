// The money's part of what the customer must do now (ADR 0062): a prepaid order whose final amount the lab
// raised waits for its 补差价 (pay/order pays it, from 待付款).
import type { AppContext } from '../../context.ts';
import { addFacts, type NextFactsRequest } from '../order/index.ts';
import { PREPAID_STATES } from './order-bill.ts';

/** ORDER_NEXT_FACTS: each prepaid enterprise order's 补差价 due now. */
export async function paymentNextFacts(ctx: AppContext, request: NextFactsRequest): Promise<void> {
  const prepaid = request.orders.filter((o) => o.kind === 'enterprise' && PREPAID_STATES.includes(o.state));
  for (const o of prepaid) addFacts(request, o.id, { adjustmentDueFen: request.figures.get(o.id)?.dueFen ?? 0 });
}
