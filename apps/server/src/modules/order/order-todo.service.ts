// order/todo (issue 21, ADR 0062): the customer's orders that wait for them, for the member centre.
import { ORDER_TODO_MAX, type OrderTodoResponse } from '@yance/contracts/order';
import { ORDER_STATES, type OrderState } from '@yance/contracts/order-states';
import type { AppContext } from '../../context.ts';
import { summariesOf } from './order-detail.service.ts';
import * as repo from './order.repository.ts';

/** The newest orders looked at: what waits for a customer is among their recent orders. */
const TODO_SCAN = 200;
/** A draft owes nothing (继续编辑 is on its row), a cancelled order nothing at all. */
const LIVE: readonly OrderState[] = ORDER_STATES.filter((s) => s !== 'draft' && s !== 'cancelled');

/** The customer's newest orders with a step (next), and how many orders wait for each step. */
export async function orderTodo(ctx: AppContext, userId: number): Promise<OrderTodoResponse> {
  const rows = await repo.listCustomerOrdersIn(ctx.db, userId, { enterprise: LIVE, institution: LIVE }, TODO_SCAN);
  const waiting = (await summariesOf(ctx, rows)).map(({ row: _row, ...s }) => s).filter((s) => s.next.length > 0);
  const counts: Record<string, number> = {};
  for (const o of waiting) for (const step of o.next) counts[step] = (counts[step] ?? 0) + 1;
  return { total: waiting.length, counts, list: waiting.slice(0, ORDER_TODO_MAX) };
}
