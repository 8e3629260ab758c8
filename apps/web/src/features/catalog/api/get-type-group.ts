import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@yance/browser/api-client';

/** The three project types with their child categories and item counts. */
export const getTypeGroup = (signal?: AbortSignal) => call('typeGroup', {}, { signal });

export const getTypeGroupQueryOptions = () =>
  queryOptions({ queryKey: ['catalog', 'type-group'], queryFn: ({ signal }) => getTypeGroup(signal), staleTime: 5 * 60_000 });

export const useTypeGroup = () => useQuery(getTypeGroupQueryOptions());
