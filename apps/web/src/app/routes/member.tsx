import { Result, Skeleton } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import { memberPageLabel } from '@/config/member-menu.ts';
import { paths } from '@/config/paths.ts';
import { useUserInfo } from '@/features/auth/api/get-user-info.ts';
import { LoginRequired } from '@/features/auth/components/login-required.tsx';
import { CommunityJoin } from '@/features/cluster/components/community-join.tsx';
import { CommunityManage } from '@/features/cluster/components/community-manage.tsx';
import { useSignedIn } from '@/features/auth/hooks/use-signed-in.ts';
import { AddressBook } from '@/features/member/components/address-book.tsx';
import { ComingSoon } from '@/features/member/components/coming-soon.tsx';
import { CouponPage } from '@/features/coupon/components/coupon-page.tsx';
import { IntegralPage } from '@/features/coupon/components/integral-page.tsx';
import { InvitePage } from '@/features/invite/components/invite-page.tsx';
import { InvoiceApplications } from '@/features/invoice/components/invoice-applications.tsx';
import { InvoiceTitles } from '@/features/invoice/components/invoice-titles.tsx';
import { MemberCenter } from '@/features/member/components/member-center.tsx';
import { MemberInformation } from '@/features/member/components/member-information.tsx';
import { MemberLayout } from '@/features/member/components/member-layout.tsx';
import { MessageList } from '@/features/message/components/message-list.tsx';
import { PrestorePage } from '@/features/money/components/prestore-page.tsx';
import { PrestoreSummary } from '@/features/money/components/prestore-summary.tsx';
import { UnpaidOrders } from '@/features/money/components/unpaid-orders.tsx';
import { UnsettledOrders } from '@/features/money/components/unsettled-orders.tsx';
import { OrderDetailView } from '@/features/order/components/order-detail.tsx';
import { OrderList } from '@/features/order/components/order-list.tsx';
import { OrderQuery } from '@/features/order/components/order-query.tsx';
import { ReservationList } from '@/features/order/components/reservation-list.tsx';
import { SampleList } from '@/features/order/components/sample-list.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** Member area (spec §2, behind the login gate): center, information, address, prestore, unpaid, unsettled, orders (?id= one order), samples, order look-up, messages, bookings, research groups, invoices (titles, records), coupons, points and invitations work; the rest are coming soon. */
export function Component() {
  const { page = 'center' } = useParams();
  const label = memberPageLabel(page);
  useDocumentTitle(label ?? '会员中心');
  const signedIn = useSignedIn();
  const user = useUserInfo();
  const orderId = Number(useSearchParams()[0].get('id')) || undefined;
  // The token ended while here (expired, or signed out in another tab): never a blank page.
  if (!signedIn) return <LoginRequired area="会员中心" />;
  if (!label) return <Result status="404" title="页面不存在" subTitle="会员中心没有这个页面" />;

  let body;
  if (!user.data) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (page === 'center') body = <MemberCenter user={user.data} assets={<PrestoreSummary />} />;
  else if (page === 'information') body = <MemberInformation user={user.data} />;
  else if (page === 'address') body = <AddressBook user={user.data} />;
  else if (page === 'message') body = <MessageList />;
  else if (page === 'prestore') body = <PrestorePage />;
  else if (page === 'unpaid') body = <UnpaidOrders />;
  else if (page === 'unsettled') body = <UnsettledOrders />;
  else if (page === 'order') body = orderId ? <OrderDetailView id={orderId} /> : <OrderList />;
  else if (page === 'sample') body = <SampleList />;
  else if (page === 'oquery') body = <OrderQuery />;
  else if (page === 'reservation') body = <ReservationList />;
  else if (page === 'communityMg') body = <CommunityManage />;
  else if (page === 'communityJn') body = <CommunityJoin />;
  else if (page === 'invoiceMg') body = <InvoiceTitles addresses={user.data.address} />;
  else if (page === 'coupon') body = <CouponPage />;
  else if (page === 'integral') body = <IntegralPage />;
  else if (page === 'invite') body = <InvitePage />;
  else if (page === 'invoiceLs') body = <InvoiceApplications addresses={user.data.address} />;
  else body = <ComingSoon title={label} backTo={paths.member()} backText="返回会员中心" />;
  return (
    <MemberLayout page={page} user={user.data}>
      {body}
    </MemberLayout>
  );
}
