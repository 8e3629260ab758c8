// The contract's part of what the customer must do now (ADR 0062): an order 待签约 waits for its signed scan.
import type { AppContext } from '../../context.ts';
import { addFacts, type NextFactsRequest } from '../order/index.ts';
import { contractStatesOf } from './contract.repository.ts';

/** ORDER_NEXT_FACTS: each 待签约 order's contract state (none before the first scan). */
export async function contractNextFacts(ctx: AppContext, request: NextFactsRequest): Promise<void> {
  const signing = request.orders.filter((o) => o.state === 'contracting');
  const states = await contractStatesOf(
    ctx.db,
    signing.map((o) => o.id),
  );
  for (const o of signing) addFacts(request, o.id, { contract: states.get(o.id) ?? 'none' });
}
