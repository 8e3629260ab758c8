import type { DataTag, FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { data, useLoaderData, type LoaderFunctionArgs, type Params } from 'react-router';
import { isNotFound } from '@yance/browser/api-client';

/**
 * What a public page needs, declared once per route (ADR 0026): the queries
 * its components read, and the head (title, description, share card,
 * structured data) built from their answers. The server render awaits the
 * queries before rendering and hands the cache to the browser; client
 * navigation starts the same queries from the route's loader.
 */
export interface PageArgs {
  params: Params;
  url: URL;
}

/** Head of a page; every field optional, the root route's values fill the gaps. */
export interface PageMeta {
  /** Without the site name; the head adds " - 研测". */
  title?: string;
  description?: string;
  /** Site path or absolute URL of the share image (Open Graph). */
  image?: string;
  ogType?: 'website' | 'article' | 'product';
  /** Path (with query if it matters) of the canonical URL; the request's path by default. */
  canonical?: string;
  /** schema.org JSON-LD object(s). */
  jsonLd?: object | object[];
  /** Keep out of search engines (search results, 404s). */
  noindex?: boolean;
}

/**
 * A query of a page: what queryOptions() returns. Only the key is named here
 * (a query function's key type makes options of different keys incompatible);
 * the loader hands the whole object to fetchQuery.
 */
export interface PageQuery {
  queryKey: QueryKey;
}
const asFetch = (q: PageQuery) => q as FetchQueryOptions;

type DataOfQuery<Q> = Q extends { queryKey: DataTag<QueryKey, infer T, Error> } ? T : unknown;
export type PageData<Q> = { [K in keyof Q]: DataOfQuery<Q[K]> | undefined };

/** Queries by name; a page may leave one out (undefined) when its URL does not call for it. */
export type PageQueries = Record<string, PageQuery | undefined>;

export interface PageDef<Q extends PageQueries = PageQueries> {
  queries?: (args: PageArgs) => Q;
  /** The query whose "not found" makes the whole page a 404 (an unknown rid or article). */
  subject?: keyof Q & string;
  /** A status of its own (the catch-all page, an unknown column: 404). */
  status?: (args: PageArgs) => number | undefined;
  meta?: (data: PageData<Q>, args: PageArgs) => PageMeta;
}

/** Declares a page with its data and head; the keys of `queries` name the data `meta` receives. */
export const definePage = <Q extends PageQueries>(def: PageDef<Q>): PageDef => def as unknown as PageDef;

/** What the loader hands to the page: whether its subject exists (the server answers 404 when not). */
export interface PageLoaderData {
  notFound: boolean;
}

/** True when the server found the page's subject missing (it answered 404); the page shows its not-found state. */
export const useSubjectMissing = () => (useLoaderData() as PageLoaderData | null | undefined)?.notFound ?? false;

/**
 * The route loader of a page. In the browser it only starts the queries (the
 * page shows its skeleton meanwhile, and cached answers are not fetched
 * again); on the server it waits for them, so the HTML holds the content, and
 * turns a missing subject into a 404 status.
 */
export function pageLoader(def: PageDef, queryClient: QueryClient, mode: 'server' | 'browser') {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const args = { params, url: new URL(request.url) };
    const queries = Object.entries(def.queries?.(args) ?? {}).flatMap(([name, q]) => (q ? [{ name, q }] : []));
    if (mode === 'browser') {
      for (const { q } of queries) void queryClient.prefetchQuery(asFetch(q));
      return { notFound: false } satisfies PageLoaderData;
    }
    const names = queries.map((x) => x.name);
    const settled = await Promise.allSettled(queries.map(({ q }) => queryClient.fetchQuery(asFetch(q))));
    const missing =
      def.subject !== undefined && settled.some((r, i) => names[i] === def.subject && r.status === 'rejected' && isNotFound(r.reason));
    const status = missing ? 404 : def.status?.(args);
    const result: PageLoaderData = { notFound: missing };
    return status ? data(result, { status }) : result;
  };
}

/** The page's data as far as the cache has it (for the head). */
export function pageDataOf(def: PageDef, queryClient: QueryClient, args: PageArgs): PageData<PageQueries> {
  const queries = def.queries?.(args) ?? {};
  return Object.fromEntries(Object.entries(queries).map(([k, q]) => [k, q && queryClient.getQueryData(q.queryKey)]));
}
