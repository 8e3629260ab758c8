import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { Spin } from 'antd';
import type { Permission } from '@yance/contracts/staff';
import { ConsoleLayout } from './console-layout.tsx';
import { Need, NotFound } from './need.tsx';
import { RequireStaff } from './require-staff.tsx';

const LoginPage = lazy(() => import('@/features/login/login-page.tsx'));
const DashboardPage = lazy(() => import('@/features/dashboard/dashboard-page.tsx'));
const StaffPage = lazy(() => import('@/features/staff/staff-page.tsx'));
const AuditPage = lazy(() => import('@/features/audit/audit-page.tsx'));
const CatalogItemsPage = lazy(() => import('@/features/catalog/items-page.tsx'));
const CatalogItemEditPage = lazy(() => import('@/features/catalog/item-edit-page.tsx'));
const CatalogTypesPage = lazy(() => import('@/features/catalog/types-page.tsx'));
const CatalogHotAreasPage = lazy(() => import('@/features/catalog/hot-areas-page.tsx'));

const loading = <Spin style={{ display: 'block', margin: '80px auto' }} />;
const page = (permission: Permission, element: ReactNode) => (
  <Need permission={permission}>
    <Suspense fallback={loading}>{element}</Suspense>
  </Need>
);

/** The console's pages, under /admin; every page but sign-in needs a signed-in staff member. */
export const router = createBrowserRouter(
  [
    {
      path: '/login',
      element: (
        <Suspense fallback={loading}>
          <LoginPage />
        </Suspense>
      ),
    },
    {
      element: (
        <RequireStaff>
          <ConsoleLayout />
        </RequireStaff>
      ),
      children: [
        { index: true, element: page('dashboard.read', <DashboardPage />) },
        { path: 'staff', element: page('staff.manage', <StaffPage />) },
        { path: 'audit', element: page('audit.read', <AuditPage />) },
        { path: 'catalog/items', element: page('catalog.manage', <CatalogItemsPage />) },
        { path: 'catalog/items/:rid', element: page('catalog.manage', <CatalogItemEditPage />) },
        { path: 'catalog/types', element: page('catalog.manage', <CatalogTypesPage />) },
        { path: 'catalog/hot', element: page('catalog.manage', <CatalogHotAreasPage />) },
        { path: '*', element: <NotFound /> },
      ],
    },
  ],
  { basename: '/admin' },
);
