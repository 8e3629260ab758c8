import type { HomeData } from '@yance/contracts/home';
import { lazy, Suspense, useEffect, useState } from 'react';
import { openLoginPrompt, useLoginPrompt } from '@/features/auth/hooks/use-login-prompt.ts';
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
import { readInviteCode } from '@/lib/invite-code.ts';
import { useAfterPaint } from '@/lib/use-after-paint.ts';
import { definePage } from '../page.ts';

const PromoPopup = lazy(() => import('@/features/home/components/promo-popup.tsx').then((m) => ({ default: m.PromoPopup })));

export const page = definePage({
  queries: () => ({ home: getHomeQueryOptions() }),
  meta: () => ({ title: '一站式科研检测服务平台' }),
});

/** The invite register dialog opens once per page load, not on every return to home. */
let inviteDialogShown = false;

/** Home page of spec §2: banner, services, hot areas, process, popular items, cases, thanks, partners, popup. */
export function Component() {
  // Spec §2: with an invite code (from /invited/:code) the register dialog opens on the home page.
  useEffect(() => {
    if (inviteDialogShown || !readInviteCode()) return;
    inviteDialogShown = true;
    openLoginPrompt('好友邀请您加入研测，注册后即可享受先测试后付费与专属客户经理服务', 'register');
  }, []);
  const { data, isPending, isError, refetch, isFetching } = useHome();
  if (isPending) return <HomeSkeleton />;
  if (isError) return <HomeError onRetry={() => void refetch()} retrying={isFetching} />;
  return <HomeSections data={data} />;
}

function HomeSections({ data }: { data: HomeData }) {
  // The promotion is the browser's business (once a day, after the page shows): never in the server's HTML.
  const painted = useAfterPaint();
  // The login gate opens its popup over home (a guarded page loaded directly): the promotion waits its turn.
  const { isOpen: accountPopupOpen } = useLoginPrompt();
  const [promoBlocked, setPromoBlocked] = useState(accountPopupOpen);
  if (accountPopupOpen && !promoBlocked) setPromoBlocked(true);
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
      {/* An invited visitor sees the register dialog instead of the promotion. */}
      {painted && data.popup && !readInviteCode() && !promoBlocked && (
        <Suspense fallback={null}>
          <PromoPopup popup={data.popup} />
        </Suspense>
      )}
    </>
  );
}
