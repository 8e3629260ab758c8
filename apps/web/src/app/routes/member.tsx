import { Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { UserInfoResponse } from '@yance/contracts/user';
import { memberPageLabel } from '@/config/member-menu.ts';
import { useUserInfo } from '@/features/auth/api/get-user-info.ts';
import { LoginRequired } from '@/features/auth/components/login-required.tsx';
import { CommunityJoin } from '@/features/cluster/components/community-join.tsx';
import { CommunityManage } from '@/features/cluster/components/community-manage.tsx';
import { useSignedIn } from '@/lib/use-signed-in.ts';
import { AddressBook } from '@/features/member/components/address-book.tsx';
import { CouponPage } from '@/features/coupon/components/coupon-page.tsx';
import { IntegralPage } from '@/features/coupon/components/integral-page.tsx';
import { InvitePage } from '@/features/invite/components/invite-page.tsx';
import { InviteSummary } from '@/features/invite/components/invite-summary.tsx';
import { InvoiceApplications } from '@/features/invoice/components/invoice-applications.tsx';
import { InvoiceTitles } from '@/features/invoice/components/invoice-titles.tsx';
import { MemberCenter } from '@/features/member/components/member-center.tsx';
import { MemberInformation } from '@/features/member/components/member-information.tsx';
import { MemberLayout } from '@/features/member/components/member-layout.tsx';
import { MessageList } from '@/features/message/components/message-list.tsx';
import { PrestorePage } from '@/features/money/components/prestore-page.tsx';
import { PromotionPage } from '@/features/promotion/components/promotion-page.tsx';
import { PrestoreSummary } from '@/features/money/components/prestore-summary.tsx';
import { UnpaidOrders } from '@/features/money/components/unpaid-orders.tsx';
import { UnsettledOrders } from '@/features/money/components/unsettled-orders.tsx';
import { ReservationList } from '@/features/booking/components/reservation-list.tsx';
import { OrderDetailView } from '@/features/order/components/order-detail.tsx';
import { OrderList } from '@/features/order/components/order-list.tsx';
import { OrderTodo } from '@/features/order/components/order-todo.tsx';
import { OrderQuery } from '@/features/order/components/order-query.tsx';
import { SampleList } from '@/features/order/components/sample-list.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** What each member page shows (spec §2): every entry of the menu and the extra pages has its page. */
const PAGES: Record<string, (user: UserInfoResponse, orderId: number | undefined) => ReactNode> = {
  center: (user) => <MemberCenter user={user} todo={<OrderTodo />} assets={<PrestoreSummary />} invite={<InviteSummary />} />,
  information: (user) => <MemberInformation user={user} />,
  address: (user) => <AddressBook user={user} />,
  message: () => <MessageList />,
  prestore: () => <PrestorePage />,
  unpaid: () => <UnpaidOrders />,
  unsettled: () => <UnsettledOrders />,
  order: (_, orderId) => (orderId ? <OrderDetailView id={orderId} /> : <OrderList />),
  sample: () => <SampleList />,
  oquery: () => <OrderQuery />,
  reservation: () => <ReservationList />,
  communityMg: () => <CommunityManage />,
  communityJn: () => <CommunityJoin />,
  invoiceMg: (user) => <InvoiceTitles addresses={user.address} />,
  invoiceLs: (user) => <InvoiceApplications addresses={user.address} />,
  coupon: () => <CouponPage />,
  integral: () => <IntegralPage />,
  invite: () => <InvitePage />,
  promotion: () => <PromotionPage />,
};

/** Member area (spec §2, behind the login gate): /member/:page, ?id= on 我的订单 opens one order. */
export function Component() {
  const { page = 'center' } = useParams();
  const label = memberPageLabel(page);
  useDocumentTitle(label ?? '会员中心');
  const signedIn = useSignedIn();
  const user = useUserInfo();
  const orderId = Number(useSearchParams()[0].get('id')) || undefined;
  // The token ended while here (expired, or signed out in another tab): never a blank page.
  if (!signedIn) return <LoginRequired area="会员中心" />;
  const show = label ? PAGES[page] : undefined;
  if (!show) return <Result status="404" title="页面不存在" subTitle="会员中心没有这个页面" />;

  const body = user.data ? show(user.data, orderId) : <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <MemberLayout page={page} user={user.data}>
      {body}
    </MemberLayout>
  );
}
