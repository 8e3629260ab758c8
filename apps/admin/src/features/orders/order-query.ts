import { ORDER_STATES, type OrderState } from '@yance/contracts/order-states';
import { int, oneOf, useListQuery } from '@/lib/url-query.ts';

export interface OrderQuery {
  page: number;
  state?: OrderState;
  kw: string;
  customerId?: number;
}

/**
 * The list's filters and page live in the address (/orders?state=quoting&customerId=12):
 * a customer's page links to their orders, and 返回 from an order finds the list as it was.
 */
export function useOrderQuery(): [OrderQuery, (patch: Partial<OrderQuery>) => void] {
  return useListQuery((params) => ({
    page: int(params.get('page')) || 1,
    state: oneOf(params.get('state'), ORDER_STATES),
    kw: params.get('kw') ?? '',
    customerId: int(params.get('customerId')),
  }));
}
