import { queryOptions, useQuery } from '@tanstack/react-query';
import { ErrorCode } from '@yance/contracts/codes';
import { ApiError, call } from '@/lib/api-client.ts';

/** One article with its body and neighbours; unknown rid fails with code 404. */
export const getArticleDetail = (rid: string, signal?: AbortSignal) =>
  // The page shows its own not-found state, so no toast.
  call('articleDetail', { query: { rid } }, { signal, feedback: false });

export const getArticleDetailQueryOptions = (rid: string) =>
  queryOptions({
    queryKey: ['content', 'article', rid],
    queryFn: ({ signal }) => getArticleDetail(rid, signal),
    retry: (count, err) => !isArticleNotFound(err) && count < 1,
  });

export const useArticleDetail = (rid: string) => useQuery(getArticleDetailQueryOptions(rid));

export const isArticleNotFound = (err: unknown) => err instanceof ApiError && err.code === ErrorCode.NOT_FOUND;
