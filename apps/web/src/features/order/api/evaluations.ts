import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';
import { notify } from '@yance/browser/notify';
import type { EvaluateAddBody } from '@yance/contracts/evaluation';
import { ORDERS_KEY } from '@/lib/query-keys.ts';

const orderEvaluationsKey = (orderId: number) => [...ORDERS_KEY, 'evaluations', orderId] as const;

/** An order's evaluations and the lines still open to evaluation (ADR 0048); asked only once the order is evaluable. */
export const useOrderEvaluations = (orderId: number, enabled: boolean) =>
  useQuery({
    queryKey: orderEvaluationsKey(orderId),
    queryFn: ({ signal }) => call('evaluateList', { body: { orderId, pageSize: 50 } }, { signal }),
    enabled,
  });

/** 提交评价: the order's evaluations are asked again (the line then shows its stars instead of the button). */
export function useAddEvaluation(orderId: number) {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: (body: EvaluateAddBody, idempotencyKey) => call('evaluateAdd', { body: { ...body, idempotencyKey } }),
    onSuccess: () => {
      notify.success('感谢您的评价');
      void queryClient.invalidateQueries({ queryKey: orderEvaluationsKey(orderId) });
      // The order's next too (评价 may be done now): its page, its row, 待我处理.
      void queryClient.invalidateQueries({ queryKey: [...ORDERS_KEY, 'detail', orderId] });
      void queryClient.invalidateQueries({ queryKey: [...ORDERS_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...ORDERS_KEY, 'todo'] });
    },
  });
}
