import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/error-state.tsx';
import { NotFoundState } from '@/components/not-found-state.tsx';
import { PageHero } from '@/components/page-hero.tsx';
import { PageBody } from '@/components/page-section.tsx';
import { paths } from '@/config/paths.ts';
import { useLoginPrompt } from '@/features/auth/hooks/use-login-prompt.ts';
import { getDeviceDetailQueryOptions, useDeviceDetail } from '@/features/catalog/api/get-device-detail.ts';
import { getDeviceEvaluationsQueryOptions } from '@/features/catalog/api/get-device-evaluations.ts';
import { DeviceDetailSkeleton } from '@/features/catalog/components/device-detail-skeleton.tsx';
import { DeviceDetailView } from '@/features/catalog/components/device-detail-view.tsx';
import type { PriceSelection } from '@/features/catalog/components/price-calculator.tsx';
import { useSignedIn } from '@/lib/use-signed-in.ts';
import { addToPlan } from '@/features/plan/api/add-to-plan.ts';
import { useBookedSlots } from '@/features/booking/api/reservation.ts';
import { useUserInfo } from '@/features/auth/api/get-user-info.ts';
import { createKeyKeeper } from '@yance/browser/idempotency-key';
import { notify } from '@yance/browser/notify';
import { isNotFound } from '@yance/browser/api-client';
import { formatPriceFrom } from '@yance/browser/format';
import { BOOKING_TIME_TEXT, needsOf } from '@yance/contracts/line-kinds';
import { itemTitle, plainText, serviceJsonLd, shareImage } from '../meta.ts';
import { definePage, useSubjectMissing } from '../page.ts';

const BookingDialog = lazy(() => import('@/features/booking/components/booking-dialog.tsx').then((m) => ({ default: m.BookingDialog })));
const AttestationDialog = lazy(() =>
  import('@/features/member/components/attestation-dialog.tsx').then((m) => ({ default: m.AttestationDialog })),
);

export const page = definePage({
  // The latest comments come with the page (one indexed read of at most five rows, ADR 0048).
  queries: ({ params }) => ({
    item: getDeviceDetailQueryOptions(params.rid ?? ''),
    reviews: getDeviceEvaluationsQueryOptions(params.rid ?? ''),
  }),
  subject: 'item',
  meta: ({ item }, { url }) => {
    if (!item) return { title: '项目不存在', noindex: true };
    const here = url.origin + url.pathname;
    const image = new URL(item.img, url.origin).href;
    const price = formatPriceFrom(item.price_fen, item.unit);
    return {
      title: itemTitle(item),
      description: plainText(
        // A booking item promises its booked time, not a turnaround (ADR 0070).
        `${itemTitle(item)}，${price}，${needsOf(item.type_id).turnaround ? `${item.turnaround_days}个工作日出结果` : BOOKING_TIME_TEXT}。${item.sketch} ${item.sample_requirement}`,
      ),
      image: shareImage(image),
      ogType: 'product',
      jsonLd: serviceJsonLd(item, here, image),
    };
  },
});

/** /detail/:rid — one catalogue item with its price calculator. */
export function Component() {
  const rid = useParams().rid ?? '';
  const gone = useSubjectMissing();
  const detail = useDeviceDetail(rid, !gone);
  const planActions = usePlanActions(rid);
  const item = detail.data;
  const booking = useBooking(rid, item?.type_id === 2);
  const notFound = gone || (detail.isError && isNotFound(detail.error));

  const crumbs = item
    ? [
        { title: item.type_name, to: paths.project(item.type_id, item.type_name) },
        { title: item.child_name, to: paths.project(item.type_id, item.type_name, item.child_id) },
        { title: item.name },
      ]
    : [{ title: '服务项目', to: paths.project() }, { title: notFound ? '项目不存在' : '项目详情' }];

  return (
    <>
      <PageHero title={item ? itemTitle(item) : notFound ? '项目不存在' : '项目详情'} crumbs={crumbs} compact />
      <PageBody>
        {item ? (
          <DeviceDetailView key={item.rid} item={item} {...planActions} onBook={booking.onBook} booked={booking.booked} />
        ) : notFound ? (
          <NotFoundState
            title="项目不存在"
            subTitle="该项目可能已下架或链接有误，看看其他检测项目吧。"
            back={{ to: paths.project(), label: '浏览全部项目' }}
          />
        ) : detail.isError ? (
          <ErrorState message={detail.error.message} onRetry={() => void detail.refetch()} />
        ) : (
          <DeviceDetailSkeleton />
        )}
      </PageBody>
      {booking.dialog}
    </>
  );
}

/**
 * 预约上机 on a type-2 item (issue 9 "On-site booking"): signed out, the login
 * prompt; signed in, the booking calendar, with the attestation popup on demand.
 */
function useBooking(rid: string, bookable: boolean) {
  const signedIn = useSignedIn();
  const { openLoginPrompt } = useLoginPrompt();
  const user = useUserInfo();
  const [open, setOpen] = useState(false);
  const [attesting, setAttesting] = useState(false);
  const onBook = bookable
    ? () => {
        if (!signedIn) return openLoginPrompt('登录后即可预约上机');
        setOpen(true);
      }
    : undefined;
  const dialog = (
    <Suspense fallback={null}>
      {open && signedIn && user.data && (
        <BookingDialog
          rid={rid}
          attested={user.data.userInfo.attested}
          onAttest={() => setAttesting(true)}
          onClose={() => setOpen(false)}
        />
      )}
      {attesting && user.data && <AttestationDialog user={user.data} open onClose={() => setAttesting(false)} />}
    </Suspense>
  );
  // A booking item shows the customer's own upcoming slots of it (ADR 0070).
  const booked = useBookedSlots(rid, bookable && signedIn);
  return { onBook, dialog, booked };
}

/**
 * 加入实验方案 and 立即下单 (issue 9): signed out, the login prompt; signed
 * in, the item joins the plan with the chosen options and count (the header
 * badge follows), and 立即下单 then opens the order page with that line (a
 * line of its own, which leaves the plan again when the order is abandoned).
 */
function usePlanActions(rid: string) {
  const signedIn = useSignedIn();
  const { openLoginPrompt } = useLoginPrompt();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  // One key per intent (ADR 0061): the same selection sent again before it succeeded is answered, not added twice.
  const [keys] = useState(createKeyKeeper);
  const add = async (selection: PriceSelection, then: (id: number) => void, alone = false) => {
    setPending(true);
    try {
      const input = { rid, choices: { ...selection.choices }, count: selection.quantity, alone };
      const id = await addToPlan(queryClient, input, keys.keyFor(input));
      keys.done();
      then(id);
    } catch {
      // The api client has shown the server's message.
    } finally {
      setPending(false);
    }
  };
  return {
    pending,
    onAddToPlan: (selection: PriceSelection) => {
      if (!signedIn) return openLoginPrompt('登录后即可加入实验方案');
      void add(selection, () => notify.success('已加入实验方案'));
    },
    onOrder: (selection: PriceSelection) => {
      if (!signedIn) return openLoginPrompt('登录后即可下单');
      // A line of its own, taken out of the plan again if the order page is left without ordering (issue 21).
      void add(selection, (id) => void navigate(paths.orderNow(id)), true);
    },
  };
}
