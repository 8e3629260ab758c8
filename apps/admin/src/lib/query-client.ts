import { QueryClient } from '@tanstack/react-query';

/** The console's one query client: staff work on live data, so answers go stale after 10 s and are refetched on focus. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 10_000, retry: 1, refetchOnWindowFocus: true } },
});
