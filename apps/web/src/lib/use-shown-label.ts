import { useQuery } from '@tanstack/react-query';
import { call } from '@yance/browser/api-client';
import { shownLabel } from '@yance/contracts/price-labels';
import { useSignedIn } from '@/lib/use-signed-in.ts';
import { COUPONS_KEY } from '@/lib/query-keys.ts';

/**
 * The label a card or page shows: for a visitor (and on the server-rendered page) every rule's label; for a
 * signed-in customer who has sent an order, without the 新客户首单 labels, which no longer price their orders
 * (issue 21: a label the shop shows is a rule the price applies). Under COUPONS_KEY: sending or cancelling an order
 * asks again, signing out drops it.
 */
export function useShownLabel(label: string | null): string {
  const signedIn = useSignedIn();
  const { data } = useQuery({
    queryKey: [...COUPONS_KEY, 'offers'],
    queryFn: ({ signal }) => call('priceOffers', {}, { signal, feedback: false }),
    enabled: signedIn && !!label,
    staleTime: 60_000,
  });
  return shownLabel(label, data?.withheld);
}
