import type { PlanListResponse } from '@yance/contracts/order';
import type { UserInfoResponse } from '@yance/contracts/user';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';
import { PLAN_KEY, USER_INFO_KEY } from '@/lib/query-keys.ts';

/** The plan (spec §3 user plan): dataArr by type, type 31 first, with live prices. */
export const getPlanQueryOptions = () =>
  queryOptions({ queryKey: PLAN_KEY, queryFn: ({ signal }) => call('planList', {}, { signal }), staleTime: 10_000 });

export const usePlan = () => useQuery(getPlanQueryOptions());

/** The header's badge reads user/info's cartNum: keep it with the plan's answer, without another request. */
export function setCartNum(queryClient: QueryClient, cartNum: number): void {
  queryClient.setQueryData<UserInfoResponse>(USER_INFO_KEY, (user) => (user ? { ...user, cartNum } : user));
}

/** A plan answer from the server becomes the cached plan and the badge. */
function keepPlan(queryClient: QueryClient, plan: PlanListResponse): void {
  queryClient.setQueryData(PLAN_KEY, plan);
  setCartNum(queryClient, plan.cartNum);
}

/** 修改 a line's options or count; the answer is the whole plan with new prices. */
export function useEditPlanLine() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: (body: { id: number; choices?: Record<string, string>; count?: number }) => call('planEdit', { body }),
    // One change at a time, in the order made: the last answer is the last change.
    scope: { id: 'plan-edit' },
    onSuccess: (plan) => keepPlan(queryClient, plan),
    // A refused change (the item left the shelf meanwhile): show the plan as the server has it.
    onError: () => queryClient.invalidateQueries({ queryKey: PLAN_KEY }),
  });
}

/** 删除 the selected lines. */
export function useDeletePlanLines() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: (ids: number[]) => call('planDel', { body: { ids } }),
    onSuccess: (plan) => keepPlan(queryClient, plan),
  });
}
