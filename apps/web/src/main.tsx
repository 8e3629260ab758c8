import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { registerSessionCleanup } from '@/features/auth/session.ts';
import { setTokenSource } from '@yance/browser/api-client';
import { markReady } from '@yance/browser/ready';
import { queryClient } from '@/lib/query-client.ts';
import { tokenStore } from '@/lib/token-store.ts';
import { AppProvider } from './app/provider.tsx';
import { createRoutes } from './app/routes.tsx';
import { readServerState } from './app/server-state.ts';
import './styles/global.css';

// Before any loader runs: the api client reads and renews the stored token, and the user's data goes when the session ends.
setTokenSource(tokenStore);
registerSessionCleanup();

const routes = createRoutes(queryClient, 'browser');
const root = document.getElementById('root')!;
const server = readServerState();

/** The matched pages' modules, loaded before hydrating, so the first render is the server's HTML (no fallback in between). */
async function loadMatchedRoutes(table: RouteObject[]) {
  const lazy = (matchRoutes(table, window.location) ?? []).filter((m) => m.route.lazy);
  await Promise.all(
    lazy.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

function ReadyMark() {
  useEffect(markReady, []);
  return null;
}

const app = (router: ReturnType<typeof createBrowserRouter>) => (
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
      <ReadyMark />
    </AppProvider>
  </StrictMode>
);

/**
 * The server inlines a page's styles so the first paint waits for no request
 * (plugins/web-pages/template.ts), and they stay: each file gets a link that
 * applies to no medium (`media="not all"`), beside its style. The browser
 * fetches it when idle and caches it for a later page, and Vite's preload
 * (which looks for stylesheet links) does not add the file again after a
 * page's own rules. The page's styles never change, so nothing is restyled:
 * swapping the inline copy for an active link restyled the whole page twice
 * during start-up (ADR 0068).
 */
function linkInlineStyles() {
  for (const style of document.head.querySelectorAll<HTMLStyleElement>('style[data-href]')) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.media = 'not all';
    link.crossOrigin = '';
    link.setAttribute('href', style.dataset.href!);
    style.after(link);
  }
}

/**
 * A new task: the browser answers input between the steps of start-up (each a short task, not one long one). A
 * message, not a timer: a background tab throttles timers to one a second, and such a page starts at once (ADR 0030).
 */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/**
 * A server-rendered page (ADR 0026): its query answers and loader data come
 * with the HTML. This code itself started after the server's HTML was painted
 * (public/page-boot.js, ADR 0030). Start-up goes in steps, each its own task
 * (ADR 0068): the query cache, the matched pages' modules (their own chunks),
 * the router, then hydration.
 */
async function hydratePage(state: NonNullable<typeof server>) {
  await nextTask();
  linkInlineStyles();
  hydrate(queryClient, state.queries);
  await loadMatchedRoutes(routes);
  await nextTask();
  const router = createBrowserRouter(routes, { hydrationData: state.router });
  await nextTask();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
  // for the whole page: a tap or a scroll meanwhile is answered at once (the markup is already there).
  startTransition(() => {
    hydrateRoot(root, app(router));
  });
}

if (server) {
  // No top-level await: the page chunks import the shared 'app' chunk this module is part of, and a module still
  // evaluating (awaiting) would keep their imports from ever finishing.
  void hydratePage(server);
} else {
  // A browser-only page (member, experiment): rendered here from scratch.
  createRoot(root).render(app(createBrowserRouter(routes)));
}
