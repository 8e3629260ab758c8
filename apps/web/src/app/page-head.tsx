import { useQueries, useQueryClient, type FetchQueryOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { metaOf, pagesOf, titleOf, type HeadMatch } from './head.ts';

/** Origin for the meta functions in the browser; on the server the head is built from the request instead. */
const here = () => (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);

/**
 * Keeps document.title in step with the page's declared head (app/page.ts)
 * as the user navigates; the server wrote the first one into the HTML.
 */
export function PageHead() {
  const matches = useMatches();
  const location = useLocation();
  const queryClient = useQueryClient();
  const url = new URL(location.pathname + location.search, here());
  const heads: HeadMatch[] = matches.map((m) => ({ params: m.params, route: { handle: m.handle } }));
  // Observe the page's queries (never fetch: the page does), so the title follows when their answers arrive.
  const leaf = pagesOf(heads).at(-1);
  const queries = Object.values(leaf?.page.queries?.({ params: leaf.params, url }) ?? {}).flatMap((q) =>
    q ? [{ ...(q as FetchQueryOptions), enabled: false }] : [],
  );
  useQueries({ queries });
  // Pages without a declared head (member, experiment: browser-only) set their own title.
  const declared = pagesOf(heads.slice(-1)).length > 0;
  const title = declared ? titleOf(metaOf(heads, queryClient, url)) : undefined;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return null;
}
