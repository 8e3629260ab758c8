import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ArticleType } from '@yance/contracts/content';
import { call } from '@yance/browser/api-client';

export interface ArticleListParams {
  type: ArticleType;
  page?: number;
  pageSize?: number;
}

/** News, courses, service cases or thank-you notes, newest first. */
export const getArticleList = (params: ArticleListParams, signal?: AbortSignal) =>
  call('articleList', { query: { ...params } }, { signal });

export const getArticleListQueryOptions = (params: ArticleListParams) =>
  queryOptions({
    queryKey: ['content', 'articles', params],
    queryFn: ({ signal }) => getArticleList(params, signal),
    placeholderData: keepPreviousData,
  });

export const useArticleList = (params: ArticleListParams) => useQuery(getArticleListQueryOptions(params));
