import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { requireLogin } from '@/features/auth/utils/login-gate.ts';
import { rememberInviteCode } from '@/lib/invite-code.ts';
import * as RootLayout from './routes/root-layout.tsx';

/** Memoises a route module import so it can be started early and reused by the router. */
const once = <T,>(load: () => Promise<T>) => {
  let promise: Promise<T> | undefined;
  return () => (promise ??= load());
};
const homePage = once(() => import('./routes/home.tsx'));
// The home page is the usual landing page: fetch its chunk alongside the entry instead of after the router starts.
if (typeof window !== 'undefined' && window.location.pathname === '/') void homePage();

/**
 * The route table of spec §2. Every page is its own lazy chunk so the home
 * page ships only what it shows.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout.Component,
    ErrorBoundary: RootLayout.ErrorBoundary,
    // Shown for the instant the first page chunk loads; an empty page-coloured box, not a spinner.
    HydrateFallback: () => <div className="site-boot" aria-busy="true" />,
    children: [
      {
        // Pathless: a page that fails to load shows its error inside the layout, header and footer stay.
        ErrorBoundary: RootLayout.ErrorBoundary,
        children: [
          { index: true, lazy: homePage },
          { path: 'project/:typeId?/:title?', lazy: () => import('./routes/project-list.tsx') },
          { path: 'about', loader: () => redirect('/about/profile') },
          { path: 'about/:tab', lazy: () => import('./routes/about.tsx') },
          { path: 'televised', lazy: () => import('./routes/televised.tsx') },
          { path: 'list/:type', lazy: () => import('./routes/list.tsx') },
          { path: 'contact', lazy: () => import('./routes/contact.tsx') },
          { path: 'guide', lazy: () => import('./routes/site-page.tsx') },
          { path: 'require', lazy: () => import('./routes/require.tsx') },
          { path: 'license', lazy: () => import('./routes/site-page.tsx') },
          { path: 'policy', lazy: () => import('./routes/site-page.tsx') },
          { path: 'certificates', lazy: () => import('./routes/site-page.tsx') },
          { path: 'search', lazy: () => import('./routes/search.tsx') },
          { path: 'article/:id', lazy: () => import('./routes/article.tsx') },
          { path: 'detail/:rid', lazy: () => import('./routes/detail.tsx') },
          {
            path: 'invited/:code?',
            loader: ({ params }) => {
              if (params.code) rememberInviteCode(params.code);
              return redirect('/');
            },
          },
          // Login gate (spec §4): no stored token cancels the navigation and opens the login popup.
          { path: 'member', loader: (args) => requireLogin(args) ?? redirect('/member/center') },
          { path: 'member/:page', loader: requireLogin, lazy: () => import('./routes/member.tsx') },
          { path: 'experiment', loader: (args) => requireLogin(args) ?? redirect('/experiment/plan') },
          { path: 'experiment/:page', loader: requireLogin, lazy: () => import('./routes/experiment.tsx') },
          { path: 'wx/confirm/:ticket', lazy: () => import('./routes/wx-confirm.tsx') },
          { path: '*', lazy: () => import('./routes/not-found.tsx') },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
