import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import type { BodyIn } from '@yance/contracts/endpoint';
import { call } from '@yance/browser/api-client';
import type { Endpoints } from '@yance/contracts/endpoints';
import { MONEY_KEY, ORDERS_KEY } from '@/lib/query-keys.ts';

/** pay/list: 待付款 (enterprise prepayment) or 待结算 (institution, after testing) orders, with the balance. */
export const useDueOrders = (tab: 'unpaid' | 'unsettled') =>
  useQuery({
    queryKey: [...MONEY_KEY, 'due', tab],
    queryFn: ({ signal }) => call('payDueList', { body: { tab } }, { signal }),
  });

/** Money moved: the balance, the statement, the due lists and every order list are stale. */
function useMoneyMoved() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: MONEY_KEY });
    void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
  };
}

/** pay/order: one 待付款 order from the balance, under the dialog's idempotency key. */
export function usePayOrder() {
  const moved = useMoneyMoved();
  return useWrite({
    mutationFn: (body: { orderId: number; idempotencyKey: string }) => call('payOrder', { body }),
    onSuccess: moved,
  });
}

/** pay/online: one 待付款 order paid online in one step (the trade pays the order once credited). */
export function usePayOnline() {
  const moved = useMoneyMoved();
  return useWrite({
    mutationFn: (body: BodyIn<Endpoints['payOnline']>) => call('payOnline', { body }),
    onSuccess: moved,
  });
}

/** settlement/add: several 待结算 / 欠款中 orders from the balance, all or none. */
export function useSettleOrders() {
  const moved = useMoneyMoved();
  return useWrite({
    mutationFn: (body: { orderIds: number[]; clusterId?: number | undefined; idempotencyKey: string }) => call('settlementAdd', { body }),
    onSuccess: moved,
  });
}
