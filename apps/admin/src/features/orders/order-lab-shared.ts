// What the lab's sections of an order share: reloading the order after a change, the samples as choices.
import { useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetail } from '@yance/contracts/order';
import { detailKey } from './use-order-move.ts';

/** Reloads the order (and lists that show it) after a change. */
export function useRefresh(orderId: number) {
  const queries = useQueryClient();
  return () => {
    for (const key of [detailKey(orderId), ['adminSampleArrivals'], ['adminOrderList'], ['auditList']])
      void queries.invalidateQueries({ queryKey: key });
  };
}

export const sampleOptions = (order: AdminOrderDetail) => order.samples.map((s) => ({ value: s.id, label: `${s.no} ${s.name}` }));
