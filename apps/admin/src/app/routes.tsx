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
const CustomersPage = lazy(() => import('@/features/customers/customers-page.tsx'));
const CustomerDetailPage = lazy(() => import('@/features/customers/customer-detail-page.tsx'));

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
        { path: 'customers', element: page('customer.read', <CustomersPage />) },
        { path: 'customers/:id', element: page('customer.read', <CustomerDetailPage />) },
        { path: 'staff', element: page('staff.manage', <StaffPage />) },
        { path: 'audit', element: page('audit.read', <AuditPage />) },
        { path: '*', element: <NotFound /> },
      ],
    },
  ],
  { basename: '/admin' },
);
