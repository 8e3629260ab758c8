import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@yance/browser/api-client';

/** Hot areas (专区), curated collections of items. */
export const getPrefectures = (signal?: AbortSignal) => call('prefectureList', {}, { signal });

export const getPrefecturesQueryOptions = () =>
  queryOptions({ queryKey: ['catalog', 'prefectures'], queryFn: ({ signal }) => getPrefectures(signal), staleTime: 5 * 60_000 });

export const usePrefectures = () => useQuery(getPrefecturesQueryOptions());
