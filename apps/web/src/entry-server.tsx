import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { prerender } from 'react-dom/static.edge';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import type { PageRenderer, RenderResult } from '@yance/contracts/page-render';
import { setServerSanitizer } from '@/components/purify-html.ts';
import { setTransport } from '@yance/browser/api-client';
import { headTags, jsonForScript, metaOf } from './app/head.ts';
import { AppProvider } from './app/provider.tsx';
import { createRoutes, isClientOnly } from './app/routes.tsx';
import { SERVER_STATE_ID, type ServerState } from './app/server-state.ts';

/**
 * Once per process: how the render reaches the API (the server's in-process
 * calls), and the server's sanitiser, so operator HTML is sanitised here with
 * the same policy as in the browser, without a DOM.
 */
export const configure: PageRenderer['configure'] = ({ transport, sanitize }) => {
  setTransport(transport);
  setServerSanitizer(sanitize);
};

/** Each render its own cache: no answer of one request can show in another. Never retried: the HTML waits for it. */
const newQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false, refetchOnWindowFocus: false } } });

/**
 * Renders to a string once everything (lazy parts included) is ready: the
 * page is cached whole, and a prerender needs no inline script to reveal
 * late parts (our CSP runs none). An error anywhere fails the render: the
 * server then answers with the shell and the browser renders the page.
 *
 * React's edge build, not its Node build: the Node build keeps each render in
 * an AsyncLocalStorage, and on Node 20 the first use of one turns on the async
 * hooks for good — every promise of every later request of the process then
 * pays for them (ADR 0067). Node has no global AsyncLocalStorage, so the edge
 * build uses none; nothing here needs it (no server components).
 */
async function renderToString(element: React.ReactElement): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(element, { onError: (err) => void errors.push(err) });
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  return html;
}

/**
 * Renders a public page for an anonymous visitor (ADR 0026): the route's
 * loaders fetch the page's data through the API, the tree renders with it,
 * and the answers travel with the HTML so the browser hydrates without
 * asking again. `origin` is the site's public address (canonical URLs).
 */
export const render: PageRenderer['render'] = async (url, origin): Promise<RenderResult> => {
  const target = new URL(url, origin);
  if (isClientOnly(target.pathname)) return { kind: 'shell' };
  const queryClient = newQueryClient();
  const handler = createStaticHandler(createRoutes(queryClient, 'server'));
  const context = await handler.query(new Request(target.href, { method: 'GET' }));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  const cache = createCache();
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = await renderToString(
    <StyleProvider cache={cache}>
      <AppProvider queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StyleProvider>,
  );
  const state: ServerState = { router: hydrationOf(context), queries: dehydrate(queryClient) };
  const meta = metaOf(context.matches, queryClient, target);
  return {
    kind: 'page',
    status: context.statusCode,
    head: `${headTags(meta, target, origin)}\n    ${extractStyle(cache)}`,
    html: markup,
    state: `<script type="application/json" id="${SERVER_STATE_ID}">${jsonForScript(state)}</script>`,
    files: context.matches.flatMap((m) => {
      const file = (m.route.handle as { file?: string } | undefined)?.file;
      return file ? [file] : [];
    }),
  };
};

/** What the browser's router needs to start where the server left off. */
function hydrationOf(context: StaticHandlerContext): ServerState['router'] {
  return { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors };
}
