import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Prefecture } from '@yance/contracts/home';
import { api } from '@/lib/api-client.ts';

/** Hot areas (专区), curated collections of items. */
export const getPrefectures = (signal?: AbortSignal) => api.get<Prefecture[]>('/api/open/web/prefecture/list', { signal });

export const getPrefecturesQueryOptions = () =>
  queryOptions({ queryKey: ['catalog', 'prefectures'], queryFn: ({ signal }) => getPrefectures(signal), staleTime: 5 * 60_000 });

export const usePrefectures = () => useQuery(getPrefecturesQueryOptions());
