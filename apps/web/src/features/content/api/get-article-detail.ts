import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, isNotFound } from '@yance/browser/api-client';

/** One article with its body and neighbours; unknown rid fails with code 404. */
export const getArticleDetail = (rid: string, signal?: AbortSignal) =>
  // The page shows its own not-found state, so no toast.
  call('articleDetail', { query: { rid } }, { signal, feedback: false });

export const getArticleDetailQueryOptions = (rid: string) =>
  queryOptions({
    queryKey: ['content', 'article', rid],
    queryFn: ({ signal }) => getArticleDetail(rid, signal),
    retry: (count, err) => !isNotFound(err) && count < 1,
  });

/** enabled false: the server already said the article does not exist (a 404 page). */
export const useArticleDetail = (rid: string, enabled = true) => useQuery({ ...getArticleDetailQueryOptions(rid), enabled });
