import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useLocation, useMatches } from 'react-router';
import { metaOf, pagesOf, titleOf, type HeadMatch } from './head.ts';

/** Origin for the meta functions in the browser; on the server the head is built from the request instead. */
const here = () => (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);

/**
 * Keeps document.title in step with the page's declared head (app/page.ts)
 * as the user navigates; the server wrote the first one into the HTML. It
 * reads the query cache (never fetches: the page does) and follows it as
 * answers arrive.
 */
export function PageHead() {
  const matches = useMatches();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const current = () => {
    const heads: HeadMatch[] = matches.map((m) => ({ params: m.params, route: { handle: m.handle } }));
    // Pages without a declared head (member, experiment: browser-only) set their own title.
    if (pagesOf(heads.slice(-1)).length === 0) return undefined;
    return titleOf(metaOf(heads, queryClient, new URL(pathname + search, here())));
  };
  const title = useSyncExternalStore(subscribe, current, current);
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return null;
}
