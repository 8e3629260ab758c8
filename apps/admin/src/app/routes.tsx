import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { Spin } from 'antd';
import type { Permission } from '@yance/contracts/staff';
import { ConsoleLayout } from './console-layout.tsx';
import { ENROL_PATH } from '@/lib/me.ts';
import { Need, NotFound } from './need.tsx';
import { RequireStaff } from './require-staff.tsx';

const LoginPage = lazy(() => import('@/features/login/login-page.tsx'));
const DashboardPage = lazy(() => import('@/features/dashboard/dashboard-page.tsx'));
const StaffPage = lazy(() => import('@/features/staff/staff-page.tsx'));
const AuditPage = lazy(() => import('@/features/audit/audit-page.tsx'));
const SetupPage = lazy(() => import('@/features/setup/setup-page.tsx'));
const TotpEnrolPage = lazy(() => import('@/features/security/totp-enrol-page.tsx'));
const SecurityPage = lazy(() => import('@/features/security/security-page.tsx'));
const JobsPage = lazy(() => import('@/features/jobs/jobs-page.tsx'));
const SmsPage = lazy(() => import('@/features/sms/sms-page.tsx'));

const loading = <Spin style={{ display: 'block', margin: '80px auto' }} />;
const page = (permission: Permission, element: ReactNode) => (
  <Need permission={permission}>
    <Suspense fallback={loading}>{element}</Suspense>
  </Need>
);

/** The console's pages, under /admin; every page but sign-in and the first admin's setup needs a signed-in staff member. */
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
      path: '/setup',
      element: (
        <Suspense fallback={loading}>
          <SetupPage />
        </Suspense>
      ),
    },
    {
      path: ENROL_PATH,
      element: (
        <RequireStaff enrolment>
          <Suspense fallback={loading}>
            <TotpEnrolPage />
          </Suspense>
        </RequireStaff>
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
        { path: 'jobs', element: page('job.manage', <JobsPage />) },
        { path: 'sms', element: page('sms.read', <SmsPage />) },
        {
          path: 'security',
          element: (
            <Suspense fallback={loading}>
              <SecurityPage />
            </Suspense>
          ),
        },
        { path: '*', element: <NotFound /> },
      ],
    },
  ],
  { basename: '/admin' },
);
