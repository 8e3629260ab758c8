import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SitePageKey } from '@yance/contracts/content';
import { call } from '@yance/browser/api-client';

/** An operator-edited static page (about tabs, guide, license, policy, televised, require). */
export const getSitePage = (key: SitePageKey, signal?: AbortSignal) => call('sitePage', { query: { key } }, { signal });

export const getSitePageQueryOptions = (key: SitePageKey) =>
  queryOptions({ queryKey: ['content', 'page', key], queryFn: ({ signal }) => getSitePage(key, signal), staleTime: 5 * 60_000 });

export const useSitePage = (key: SitePageKey) => useQuery(getSitePageQueryOptions(key));
