// The evaluation's part of what the customer must do now (ADR 0062): after 确认数据, lines not yet evaluated.
import { isEvaluable } from '@yance/contracts/evaluation';
import type { AppContext } from '../../context.ts';
import { addFacts, type NextFactsRequest } from '../order/index.ts';
import { unevaluatedCounts } from './evaluation.repository.ts';

/** ORDER_NEXT_FACTS: each evaluable order's lines still open to evaluation. */
export async function evaluationNextFacts(ctx: AppContext, request: NextFactsRequest): Promise<void> {
  const evaluable = request.orders.filter((o) => isEvaluable(o.state));
  const open = await unevaluatedCounts(
    ctx.db,
    evaluable.map((o) => o.id),
  );
  for (const o of evaluable) addFacts(request, o.id, { unevaluated: open.get(o.id) ?? 0 });
}
