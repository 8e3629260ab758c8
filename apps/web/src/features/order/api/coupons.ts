import { useQuery } from '@tanstack/react-query';
import { call } from '@yance/browser/api-client';
import { COUPONS_KEY } from '@/lib/query-keys.ts';

/** The usable-coupons queries' second key part (order/add leaves them alone). */
export const USABLE = 'usable';

/** The order page's picker: the coupons that fit these plan lines (the best suggested) and the points at hand. */
export const useUsableCoupons = (planIds: readonly number[], enabled: boolean) =>
  useQuery({
    queryKey: [...COUPONS_KEY, USABLE, [...planIds].sort((a, b) => a - b).join(',')],
    queryFn: ({ signal }) => call('couponUsable', { body: { planIds: [...planIds] } }, { signal }),
    enabled: enabled && planIds.length > 0,
    refetchOnMount: 'always',
  });
