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
const CustomersPage = lazy(() => import('@/features/customers/customers-page.tsx'));
const CustomerDetailPage = lazy(() => import('@/features/customers/customer-detail-page.tsx'));
const OrdersPage = lazy(() => import('@/features/orders/orders-page.tsx'));
const OrderDetailPage = lazy(() => import('@/features/orders/order-detail-page.tsx'));
const ArrivalsPage = lazy(() => import('@/features/samples/arrivals-page.tsx'));
const LabelPage = lazy(() => import('@/features/samples/label-page.tsx'));
const PickupsPage = lazy(() => import('@/features/pickups/pickups-page.tsx'));
const PickupSheetPage = lazy(() => import('@/features/pickups/pickup-sheet-page.tsx'));
const ReservationRoomPage = lazy(() => import('@/features/reservations/reservation-room-page.tsx'));
const ReservationSettingsPage = lazy(() => import('@/features/reservations/reservation-settings-page.tsx'));
const DemandsPage = lazy(() => import('@/features/demands/demands-page.tsx'));
const DemandDetailPage = lazy(() => import('@/features/demands/demand-detail-page.tsx'));
const EvaluationsPage = lazy(() => import('@/features/evaluations/evaluations-page.tsx'));
const ClustersPage = lazy(() => import('@/features/clusters/clusters-page.tsx'));
const ClusterDetailPage = lazy(() => import('@/features/clusters/cluster-detail-page.tsx'));
const InvoicesPage = lazy(() => import('@/features/invoices/invoices-page.tsx'));
const CouponsPage = lazy(() => import('@/features/coupons/coupons-page.tsx'));
const PointsSettingsPage = lazy(() => import('@/features/coupons/points-settings-page.tsx'));
const InvitesPage = lazy(() => import('@/features/invites/invites-page.tsx'));
const InvoiceDetailPage = lazy(() => import('@/features/invoices/invoice-detail-page.tsx'));
const PriceRulesPage = lazy(() => import('@/features/promotion/price-rules-page.tsx'));
const PromotersPage = lazy(() => import('@/features/promotion/promoters-page.tsx'));
const WithdrawalsPage = lazy(() => import('@/features/promotion/withdrawals-page.tsx'));
const money = {
  topups: lazy(() => import('@/features/money/topups-page.tsx')),
  reconcile: lazy(() => import('@/features/money/reconcile-page.tsx')),
  refunds: lazy(() => import('@/features/money/refunds-page.tsx')),
  journal: lazy(() => import('@/features/money/journal-page.tsx')),
  receivables: lazy(() => import('@/features/money/receivables-page.tsx')),
  settings: lazy(() => import('@/features/money/money-settings-page.tsx')),
};
const content = {
  banners: lazy(() => import('@/features/content/banner-page.tsx')),
  articles: lazy(() => import('@/features/content/article-page.tsx')),
  article: lazy(() => import('@/features/content/article-edit-page.tsx')),
  pages: lazy(() => import('@/features/content/site-page-page.tsx')),
  page: lazy(() => import('@/features/content/site-page-edit-page.tsx')),
  partners: lazy(() => import('@/features/content/partner-page.tsx')),
  popup: lazy(() => import('@/features/content/popup-page.tsx')),
};
const settings = {
  sampling: lazy(() => import('@/features/setting/sampling-page.tsx')),
  regions: lazy(() => import('@/features/setting/region-page.tsx')),
  contact: lazy(() => import('@/features/setting/local-info-page.tsx')),
  calendar: lazy(() => import('@/features/setting/lab-calendar-page.tsx')),
};
const CatalogItemsPage = lazy(() => import('@/features/catalog/items-page.tsx'));
const CatalogItemEditPage = lazy(() => import('@/features/catalog/item-edit-page.tsx'));
const CatalogTypesPage = lazy(() => import('@/features/catalog/types-page.tsx'));
const CatalogHotAreasPage = lazy(() => import('@/features/catalog/hot-areas-page.tsx'));
const SetupPage = lazy(() => import('@/features/setup/setup-page.tsx'));
const TotpEnrolPage = lazy(() => import('@/features/security/totp-enrol-page.tsx'));
const SecurityPage = lazy(() => import('@/features/security/security-page.tsx'));
const JobsPage = lazy(() => import('@/features/jobs/jobs-page.tsx'));
const SmsPage = lazy(() => import('@/features/sms/sms-page.tsx'));
const NoticesPage = lazy(() => import('@/features/notices/notices-page.tsx'));

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
        { path: 'customers', element: page('customer.read', <CustomersPage />) },
        { path: 'customers/:id', element: page('customer.read', <CustomerDetailPage />) },
        { path: 'clusters', element: page('cluster.read', <ClustersPage />) },
        { path: 'clusters/:id', element: page('cluster.read', <ClusterDetailPage />) },
        { path: 'orders', element: page('order.read', <OrdersPage />) },
        { path: 'orders/:id', element: page('order.read', <OrderDetailPage />) },
        { path: 'orders/:id/labels', element: page('order.lab', <LabelPage />) },
        { path: 'samples', element: page('order.lab', <ArrivalsPage />) },
        { path: 'pickups', element: page('pickup.manage', <PickupsPage />) },
        { path: 'pickups/sheet', element: page('pickup.manage', <PickupSheetPage />) },
        { path: 'reservations', element: page('booking.manage', <ReservationRoomPage />) },
        { path: 'reservations/settings', element: page('booking.manage', <ReservationSettingsPage />) },
        { path: 'demands', element: page('order.quote', <DemandsPage />) },
        { path: 'demands/:id', element: page('order.quote', <DemandDetailPage />) },
        { path: 'evaluations', element: page('evaluation.reply', <EvaluationsPage />) },
        { path: 'invoices', element: page('invoice.manage', <InvoicesPage />) },
        { path: 'money/coupons', element: page('coupon.manage', <CouponsPage />) },
        { path: 'money/points', element: page('coupon.manage', <PointsSettingsPage />) },
        { path: 'money/promotions', element: page('pricing.manage', <PriceRulesPage />) },
        { path: 'invites', element: page('invite.manage', <InvitesPage />) },
        { path: 'invoices/:id', element: page('invoice.manage', <InvoiceDetailPage />) },
        // Finance reads all three; saving and answering a transfer need prestore.confirm (checked on the page and by the server).
        { path: 'money/topups', element: page('ledger.read', <money.topups />) },
        { path: 'money/refunds', element: page('ledger.read', <money.refunds />) },
        { path: 'money/journal', element: page('ledger.read', <money.journal />) },
        { path: 'money/receivables', element: page('ledger.read', <money.receivables />) },
        { path: 'money/reconcile', element: page('ledger.read', <money.reconcile />) },
        { path: 'money/settings', element: page('ledger.read', <money.settings />) },
        { path: 'promoters', element: page('promoter.manage', <PromotersPage />) },
        { path: 'money/withdrawals', element: page('withdraw.manage', <WithdrawalsPage />) },
        { path: 'staff', element: page('staff.manage', <StaffPage />) },
        { path: 'audit', element: page('audit.read', <AuditPage />) },
        ...Object.entries({
          banners: <content.banners />,
          articles: <content.articles />,
          'articles/:id': <content.article />,
          pages: <content.pages />,
          'pages/:key': <content.page />,
          partners: <content.partners />,
          popup: <content.popup />,
        }).map(([path, element]) => ({ path: `content/${path}`, element: page('content.manage', element) })),
        ...Object.entries({
          sampling: <settings.sampling />,
          regions: <settings.regions />,
          contact: <settings.contact />,
          calendar: <settings.calendar />,
        }).map(([path, element]) => ({ path: `settings/${path}`, element: page('setting.manage', element) })),
        { path: 'catalog/items', element: page('catalog.manage', <CatalogItemsPage />) },
        { path: 'catalog/items/:rid', element: page('catalog.manage', <CatalogItemEditPage />) },
        { path: 'catalog/types', element: page('catalog.manage', <CatalogTypesPage />) },
        { path: 'catalog/hot', element: page('catalog.manage', <CatalogHotAreasPage />) },
        { path: 'jobs', element: page('job.manage', <JobsPage />) },
        { path: 'sms', element: page('sms.read', <SmsPage />) },
        { path: 'notices', element: page('sms.read', <NoticesPage />) },
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
