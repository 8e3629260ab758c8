import { QueryClient } from '@tanstack/react-query';

/**
 * The one query client. A module singleton (not React state) so route
 * loaders can start a page's first fetch before the page renders.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
});
