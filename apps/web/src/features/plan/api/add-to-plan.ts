import type { QueryClient } from '@tanstack/react-query';
import { call } from '@yance/browser/api-client';
import { PLAN_KEY } from '@/lib/query-keys.ts';
import { setCartNum } from './plan.ts';

/**
 * 加入实验方案 from a detail page: the item with its options and count. The
 * badge takes the answer's cartNum at once; the plan is fetched again when shown.
 * Returns the new line's id (立即下单 opens the order page with it).
 */
export async function addToPlan(
  queryClient: QueryClient,
  input: { rid: string; choices: Record<string, string>; count: number; alone?: boolean },
  idempotencyKey?: string,
): Promise<number> {
  const added = await call('planAdd', { body: { ...input, idempotencyKey } });
  setCartNum(queryClient, added.cartNum);
  await queryClient.invalidateQueries({ queryKey: PLAN_KEY });
  return added.id;
}

/**
 * 立即下单 left without ordering: its line leaves the plan again (issue 21). Quiet: once ordered (or saved as a
 * draft) the line is no longer in the plan, and the 404 that answers is no news to the customer.
 */
export async function dropPlanLine(queryClient: QueryClient, id: number): Promise<void> {
  try {
    const plan = await call('planDel', { body: { ids: [id] } }, { feedback: false });
    setCartNum(queryClient, plan.cartNum);
    queryClient.setQueryData(PLAN_KEY, plan);
  } catch {
    // Already ordered, or gone: nothing to take back.
  }
}
