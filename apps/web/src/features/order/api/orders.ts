import type { OrderAddBody, OrderDetail, OrderListBody } from '@yance/contracts/order';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';
import { notify } from '@yance/browser/notify';
import { COUPONS_KEY, ORDERS_KEY, PLAN_KEY } from '@/lib/query-keys.ts';
import { setCartNum } from '@/features/plan/index.ts';
import { USABLE } from './coupons.ts';

export type OrderListInput = Pick<OrderListBody, 'tab' | 'kw' | 'page' | 'pageSize'>;

/** 我的订单: one tab's page, searched, with every tab's count. */
export const getOrderListQueryOptions = (input: OrderListInput) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'list', input],
    queryFn: ({ signal }) => call('orderList', { body: input }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useOrderList = (input: OrderListInput) => useQuery(getOrderListQueryOptions(input));

const detailKey = (id: number) => [...ORDERS_KEY, 'detail', id] as const;

/** One order with its lines, samples, timeline and what the customer may do now. */
export const useOrderDetail = (id: number | undefined) =>
  useQuery({
    queryKey: detailKey(id ?? 0),
    queryFn: ({ signal }) => call('orderDetail', { body: { id: id ?? 0 } }, { signal }),
    enabled: id !== undefined,
    retry: false,
  });

/** An order moved: its detail is the answer, every list is stale (state and tab counts). */
function useOrderMoved() {
  const queryClient = useQueryClient();
  return (order: OrderDetail) => {
    queryClient.setQueryData(detailKey(order.id), order);
    void queryClient.invalidateQueries({ queryKey: [...ORDERS_KEY, 'list'] });
  };
}

/** 保存草稿 / 提交订单: the lines leave the plan (the badge follows). */
export function useAddOrder() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: (body: OrderAddBody, idempotencyKey) => call('orderAdd', { body: { ...body, idempotencyKey } }),
    onSuccess: (added, body) => {
      notify.success(body.draft ? '草稿已保存' : '提交成功!');
      setCartNum(queryClient, added.cartNum);
      void queryClient.invalidateQueries({ queryKey: PLAN_KEY });
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      // Not the order page's own "usable for these plan lines" query: those lines left the plan, so asking again
      // would answer [方案条目]不存在 (issue 21); the next order page asks afresh (refetchOnMount 'always').
      void queryClient.invalidateQueries({ queryKey: COUPONS_KEY, predicate: (q) => q.queryKey[1] !== USABLE });
    },
  });
}

/** 取消订单 with the customer's reason. */
export function useCancelOrder() {
  const moved = useOrderMoved();
  return useWrite({
    mutationFn: (body: { id: number; reason: string }) => call('orderCancel', { body }),
    onSuccess: (order) => {
      notify.success('订单已取消');
      moved(order);
    },
  });
}

/** 确认数据 after delivery. */
export function useConfirmOrder() {
  const moved = useOrderMoved();
  return useWrite({
    mutationFn: (id: number) => call('orderConfirm', { body: { id } }),
    onSuccess: (order) => {
      notify.success('已确认数据');
      moved(order);
    },
  });
}

/** 再来一单: the order's items and options go back into the plan. */
export function useOrderAgain() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: (id: number, idempotencyKey) => call('orderAgain', { body: { id, idempotencyKey } }),
    onSuccess: (again) => {
      if (again.added > 0) notify.success('已加入实验方案');
      // Items off the shelf or changed since are named, never silently dropped.
      if (again.skipped.length) notify.warning(`以下项目已下架或已变更，未加入实验方案：${again.skipped.join('、')}`);
      setCartNum(queryClient, again.cartNum);
      void queryClient.invalidateQueries({ queryKey: PLAN_KEY });
    },
  });
}

/** 申请免费复测 (within 15 days of delivery): the answer is the order as it now stands. */
export function useRetest() {
  const moved = useOrderMoved();
  return useWrite({
    mutationFn: (input: { id: number; reason: string }, idempotencyKey) => call('orderRetest', { body: { ...input, idempotencyKey } }),
    onSuccess: moved,
  });
}

/** 待我处理 on the member centre: the orders that wait for the customer, and how many for each step (ADR 0062). */
export const useOrderTodo = () =>
  useQuery({
    queryKey: [...ORDERS_KEY, 'todo'],
    queryFn: ({ signal }) => call('orderTodo', {}, { signal }),
  });
