import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@yance/browser/api-client';

/** The one home-data call (spec §7); a failing code toasts its msg in the api client. */
export const getHome = ({ signal }: { signal?: AbortSignal } = {}) => call('home', {}, { signal });

/**
 * No automatic retry: a failing call toasts once, and the page offers 重试.
 * retryOnMount off: when the route loader's prefetch failed, mounting the page must not call again.
 */
export const getHomeQueryOptions = () =>
  queryOptions({ queryKey: ['home'], queryFn: ({ signal }) => getHome({ signal }), retry: false, retryOnMount: false });

export const useHome = () => useQuery(getHomeQueryOptions());
