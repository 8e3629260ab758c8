import { Outlet, useLocation, useNavigate, useRouteError } from 'react-router';
import { ScrollToTop } from '@/components/layout/scroll-to-top.tsx';
import { SideBar } from '@/components/layout/side-bar.tsx';
import { SERVICE_HOURS, SiteFooter } from '@/components/layout/site-footer.tsx';
import { SiteHeader } from '@/components/layout/site-header.tsx';
import { isGuardedPath } from '@/config/member-menu.ts';
import { paths } from '@/config/paths.ts';
import { useUserInfo } from '@/features/auth/api/get-user-info.ts';
import { LoginPromptHost } from '@/features/auth/components/login-prompt-host.tsx';
import { openLoginPrompt } from '@/features/auth/hooks/use-login-prompt.ts';
import { useSignedIn } from '@/lib/use-signed-in.ts';
import { AttestationHost } from '@/features/member/components/attestation-host.tsx';
import { useUnreadMessages } from '@/features/message/api/messages.ts';
import { getWebSettingsQueryOptions, useWebSettings } from '@/lib/get-web-settings.ts';
import { definePage } from '../page.ts';
import { PageHead } from '../page-head.tsx';

/** Every page needs the site settings (hotline, footer contact); the site's own description is the default head. */
export const page = definePage({
  queries: () => ({ settings: getWebSettingsQueryOptions() }),
  meta: () => ({
    description: '研测——一站式科研检测服务平台：送样检测、现场预约、数据分析，材料表征与性能测试，先测试后付费。',
    image: '/og-image.jpg',
    ogType: 'website',
  }),
});

/** Header, page, footer and side bar around every route; the account and attestation popups live here once. */
export function Component() {
  const { data } = useWebSettings();
  const contact = data?.localInfo;
  const signedIn = useSignedIn();
  const user = useUserInfo();
  const unread = useUnreadMessages(signedIn);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signOut = async () => {
    // Loaded on use: keeps the mutation code off the first load.
    const { logout } = await import('@/features/auth/api/logout.ts');
    await logout();
    if (isGuardedPath(pathname)) void navigate(paths.home());
  };
  return (
    <div className="site">
      <PageHead />
      <ScrollToTop />
      <SiteHeader
        hotline={contact?.phone}
        account={signedIn ? (user.data?.userInfo.account ?? '') : undefined}
        cartNum={user.data?.cartNum}
        unread={signedIn ? unread.data?.unread : undefined}
        onLogin={() => openLoginPrompt()}
        onRegister={() => openLoginPrompt('注册后即可在线下单、管理实验方案', 'register')}
        onLogout={() => void signOut()}
      />
      <main className="site-main">
        <Outlet />
      </main>
      <SiteFooter contact={contact} />
      <SideBar phone={contact?.phone} hours={contact?.hours || SERVICE_HOURS} />
      <LoginPromptHost />
      <AttestationHost user={signedIn ? user.data : undefined} />
    </div>
  );
}

/** A route that fails to load (e.g. a stale chunk after a deploy) gets a way out instead of a blank page. */
export function ErrorBoundary() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="page-error" role="alert">
      <h1>页面加载失败</h1>
      <p>网络异常或页面已更新，请刷新后重试。</p>
      <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
        刷新页面
      </button>
    </div>
  );
}
