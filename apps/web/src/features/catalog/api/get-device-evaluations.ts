import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@yance/browser/api-client';

/**
 * One page of an item's comments, newest first (ADR 0048). The first page is
 * the server's default (the latest five) and is rendered with the page; 查看更多
 * asks for the next ones.
 */
export const getDeviceEvaluationsQueryOptions = (rid: string, page = 1) =>
  queryOptions({
    queryKey: ['catalog', 'evaluations', rid, page],
    queryFn: ({ signal }) =>
      // The server's page size (LATEST_EVALUATIONS) serves every page: the contract's zod module stays out of the bundle.
      call('evaluatePublicList', { query: page === 1 ? { rid } : { rid, page } }, { signal, feedback: false }),
    placeholderData: keepPreviousData,
  });

export const useDeviceEvaluations = (rid: string, page: number) => useQuery(getDeviceEvaluationsQueryOptions(rid, page));
