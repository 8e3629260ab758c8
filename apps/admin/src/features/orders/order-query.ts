import { useSearchParams } from 'react-router';
import { ORDER_STATES, type OrderState } from '@yance/contracts/order-states';
import { int, oneOf } from '@/lib/url-query.ts';

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
  const [params, setParams] = useSearchParams();
  const query: OrderQuery = {
    page: int(params.get('page')) || 1,
    state: oneOf(params.get('state'), ORDER_STATES),
    kw: params.get('kw') ?? '',
    customerId: int(params.get('customerId')),
  };
  const update = (patch: Partial<OrderQuery>) => {
    // Any change but the page's own starts again at page 1.
    const next: OrderQuery = { ...query, page: 1, ...patch };
    const out = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v !== undefined && v !== '' && !(k === 'page' && v === 1)) out.set(k, String(v));
    setParams(out);
  };
  return [query, update];
}
