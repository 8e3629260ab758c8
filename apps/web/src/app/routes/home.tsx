import type { HomeData } from '@yance/contracts/home';
import { invitedWelcome } from '@yance/contracts/invite-rules';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useUserInfo } from '@/features/auth/api/get-user-info.ts';
import { getLoginPromptState, openLoginPrompt } from '@/features/auth/hooks/use-login-prompt.ts';
import { useSignedIn } from '@/lib/use-signed-in.ts';
import { getHomeQueryOptions, useHome } from '@/features/home/api/get-home.ts';
import { HomeBanner } from '@/features/home/components/home-banner.tsx';
import { HomeError } from '@/features/home/components/home-error.tsx';
import { HomeSkeleton } from '@/features/home/components/home-skeleton.tsx';
import { HotAreas } from '@/features/home/components/hot-areas.tsx';
import { PartnerStrip } from '@/features/home/components/partner-strip.tsx';
import { PopularItems } from '@/features/home/components/popular-items.tsx';
import { ServiceCases } from '@/features/home/components/service-cases.tsx';
import { ServiceGrid } from '@/features/home/components/service-grid.tsx';
import { ServiceProcess } from '@/features/home/components/service-process.tsx';
import { ThanksTable } from '@/features/home/components/thanks-table.tsx';
import { isPromoDue } from '@/features/home/utils/promo-schedule.ts';
import { getInviteTermsQueryOptions } from '@/features/invite/api/invites.ts';
import { useAnyDialogOpen } from '@/lib/dialog-presence.ts';
import { readInviteCode, takeInviteWelcome } from '@/lib/invite-code.ts';
import { queryClient } from '@/lib/query-client.ts';
import { useAfterPaint } from '@/lib/use-after-paint.ts';
import { definePage } from '../page.ts';

const PromoPopup = lazy(() => import('@/features/home/components/promo-popup.tsx').then((m) => ({ default: m.PromoPopup })));

export const page = definePage({
  queries: () => ({ home: getHomeQueryOptions() }),
  meta: () => ({ title: '一站式科研检测服务平台' }),
});

/** Home page of spec §2: banner, services, hot areas, process, popular items, cases, thanks, partners, popup. */
export function Component() {
  // Spec §2: with an invite code (from /invited/:code) the register dialog opens on the home page.
  useEffect(() => {
    // Once per invitation, and never in place of a popup already open (the login gate's).
    if (getLoginPromptState().open || !takeInviteWelcome()) return;
    // The words are the programme's settings (ADR 0069): what the invitee gets is what the server gives.
    void queryClient
      .fetchQuery(getInviteTermsQueryOptions())
      .then(invitedWelcome, () => invitedWelcome(null))
      .then((words) => {
        if (!getLoginPromptState().open) openLoginPrompt(words, 'register');
      });
  }, []);
  const { data, isPending, isError, refetch, isFetching } = useHome();
  if (isPending) return <HomeSkeleton />;
  if (isError) return <HomeError onRetry={() => void refetch()} retrying={isFetching} />;
  return <HomeSections data={data} />;
}

/** A beat after the page settles, so a popup the user needs (attestation) is open first if it is coming. */
const PROMO_DELAY_MS = 600;

/**
 * When the promotion opens: at most once a day, never over another popup
 * (login, register, attestation) and not at all on a visit where one was
 * open — an invited visitor gets the register popup instead. A signed-in
 * user's info is awaited first: it decides whether attestation opens.
 */
function usePromoTurn(wanted: boolean) {
  const otherDialogOpen = useAnyDialogOpen();
  const signedIn = useSignedIn();
  const userLoading = useUserInfo().isPending && signedIn;
  const [stopped, setStopped] = useState(false);
  if (otherDialogOpen && !stopped) setStopped(true);
  const [turn, setTurn] = useState(false);
  const ready = wanted && !userLoading && !stopped;
  useEffect(() => {
    // Storage is read here, in the browser: the server-rendered page never shows the popup.
    if (!ready || readInviteCode() || !isPromoDue()) return;
    const timer = window.setTimeout(() => setTurn(true), PROMO_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [ready]);
  return { show: turn && !stopped, done: () => setStopped(true) };
}

function HomeSections({ data }: { data: HomeData }) {
  // The promotion is the browser's business (once a day, after the page shows): never in the server's HTML.
  const painted = useAfterPaint();
  const promo = usePromoTurn(painted && !!data.popup);
  return (
    <>
      <HomeBanner banners={data.bannerArr} />
      <ServiceGrid types={data.typeArr} />
      <HotAreas areas={data.prefectureNavBottomArr} />
      <ServiceProcess />
      <PopularItems items={data.hotItems} />
      <ServiceCases cases={data.serviceCaseArr} />
      <ThanksTable rows={data.thanksArr} />
      <PartnerStrip partners={data.partnerArr} />
      {promo.show && data.popup && (
        <Suspense fallback={null}>
          <PromoPopup popup={data.popup} onClose={promo.done} />
        </Suspense>
      )}
    </>
  );
}
