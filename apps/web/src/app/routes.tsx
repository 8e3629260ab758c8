import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LazyRouteFunction, type RouteObject } from 'react-router';
import { GUARDED_PREFIXES } from '@/config/member-menu.ts';
import { requireLogin } from '@/features/auth/utils/login-gate.ts';
import { rememberInviteCode } from '@/lib/invite-code.ts';
import { pageLoader, type PageDef } from './page.ts';
import * as RootLayout from './routes/root-layout.tsx';

/** What a page module exports: its component and, for public pages, its data and head (app/page.ts). */
export interface RouteModule {
  Component: React.ComponentType;
  page?: PageDef;
}

/**
 * Every page module, by file: each is its own chunk (the home page ships only
 * what it shows), and the server finds a page's chunks and styles in Vite's
 * manifest under the same path (ADR 0026).
 */
const modules = import.meta.glob<RouteModule>(['./routes/*.tsx', '!./routes/root-layout.tsx']);
export const pageFile = (name: string) => `src/app/routes/${name}.tsx`;

/** Where the route runs: 'server' renders public pages to HTML, 'browser' hydrates and navigates. */
export type RenderMode = 'server' | 'browser';

/** The lazy part of a route: the module's component, its page data as the handle, and a loader from it. */
function lazyPage(name: string, queryClient: QueryClient, mode: RenderMode): LazyRouteFunction<RouteObject> {
  const load = modules[`./routes/${name}.tsx`];
  if (!load) throw new Error(`no route module ${name}`);
  return async () => {
    const m = await load();
    return {
      Component: m.Component,
      handle: { page: m.page, file: pageFile(name) },
      ...(m.page ? { loader: pageLoader(m.page, queryClient, mode) } : {}),
    };
  };
}

/** Paths rendered only in the browser: behind the login gate, reading this browser's storage, or a payment page (ADR 0050). */
const CLIENT_ONLY = [...GUARDED_PREFIXES, '/wx', '/invited', '/pay'];
export const isClientOnly = (pathname: string) => {
  const path = pathname.toLowerCase();
  return CLIENT_ONLY.some((p) => path === p || path.startsWith(`${p}/`));
};

/**
 * The route table of spec §2, built for one query client: the browser's one
 * client, or a fresh one per server render.
 */
/**
 * The page of a route whose loader only redirects (/member, /experiment, /invited): nothing to show, but a
 * leaf route without a component makes React Router warn 「Matched leaf route … does not have an element」.
 */
const Redirecting = () => null;

export function createRoutes(queryClient: QueryClient, mode: RenderMode): RouteObject[] {
  const page = (name: string) => lazyPage(name, queryClient, mode);
  return [
    {
      path: '/',
      Component: RootLayout.Component,
      ErrorBoundary: RootLayout.ErrorBoundary,
      loader: pageLoader(RootLayout.page, queryClient, mode),
      handle: { page: RootLayout.page },
      // Shown for the instant the first page chunk loads (client-only pages); an empty page-coloured box, not a spinner.
      HydrateFallback: () => <div className="site-boot" aria-busy="true" />,
      children: [
        {
          // Pathless: a page that fails to load shows its error inside the layout, header and footer stay.
          ErrorBoundary: RootLayout.ErrorBoundary,
          children: [
            // Pages that show no antd component (their first screen is ours): antd loads only when used (ADR 0029).
            { index: true, lazy: page('home') },
            { path: 'project/:typeId?/:title?', lazy: page('project-list') },
            { path: 'detail/:rid', lazy: page('detail') },
            {
              // Every other page shows antd components: antd's locale and theme load with them, not with home.
              lazy: page('with-antd'),
              children: [
                { path: 'about', loader: () => redirect('/about/profile') },
                { path: 'about/:tab', lazy: page('about') },
                { path: 'televised', lazy: page('televised') },
                { path: 'list/:type', lazy: page('list') },
                { path: 'contact', lazy: page('contact') },
                { path: 'guide', lazy: page('site-page') },
                { path: 'require', lazy: page('require') },
                { path: 'license', lazy: page('site-page') },
                { path: 'policy', lazy: page('site-page') },
                { path: 'certificates', lazy: page('site-page') },
                { path: 'search', lazy: page('search') },
                { path: 'article/:id', lazy: page('article') },
                {
                  path: 'invited/:code?',
                  loader: ({ params }) => {
                    if (params.code) rememberInviteCode(params.code);
                    return redirect('/');
                  },
                  Component: Redirecting,
                },
                // Login gate (spec §4): no stored token cancels the navigation and opens the login popup.
                { path: 'member', loader: (args) => requireLogin(args) ?? redirect('/member/center'), Component: Redirecting },
                { path: 'member/:page', loader: requireLogin, lazy: page('member') },
                { path: 'experiment', loader: (args) => requireLogin(args) ?? redirect('/experiment/plan'), Component: Redirecting },
                { path: 'experiment/:page', loader: requireLogin, lazy: page('experiment') },
                { path: 'wx/confirm/:ticket', lazy: page('wx-confirm') },
                { path: 'pay/local/:no/:key', lazy: page('pay-local') },
                { path: '*', lazy: page('not-found') },
              ],
            },
          ],
        },
      ],
    },
  ];
}
