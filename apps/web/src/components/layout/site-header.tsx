import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { BellIcon, FlaskIcon, MenuIcon, PhoneIcon, UserIcon } from '@/components/ui/icons.tsx';
import { paths } from '@/config/paths.ts';
import { AccountMenu } from './account-menu.tsx';
import { HeaderSearch } from './header-search.tsx';
import { Logo } from './logo.tsx';
import { MainNav } from './main-nav.tsx';
import styles from './site-header.module.css';

const MobileMenu = lazy(() => import('./mobile-menu.tsx').then((m) => ({ default: m.MobileMenu })));

export interface SiteHeaderProps {
  /** 客服电话 from the site settings; hidden until known. */
  hotline?: string;
  /** The signed-in user's name (userInfo.account); undefined for a visitor, '' while it loads. */
  account?: string;
  /** Items in the experiment plan (cartNum), shown as a badge on 实验方案. */
  cartNum?: number;
  /** Unread messages (message/unread), shown on the bell of a signed-in user (ADR 0046). */
  unread?: number;
  onLogin: () => void;
  onRegister: () => void;
  onLogout: () => void;
}

/** Utility bar (hotline, 实验方案, 登录/注册) above the logo, navigation and search; a drawer menu on small screens. */
export function SiteHeader({ hotline, account, cartNum, unread, onLogin, onRegister, onLogout }: SiteHeaderProps) {
  const signedIn = account !== undefined;
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const openMenu = () => {
    setMenuUsed(true);
    setMenuOpen(true);
  };

  return (
    <header className={styles.header}>
      <div className={styles.topBar}>
        <div className={`container ${styles.topInner}`}>
          <span className={styles.welcome}>您好，欢迎来到研测 · 先测试后付费，院校客户专属客户经理</span>
          <div className={styles.topActions}>
            {hotline && (
              <a className={styles.hotline} href={`tel:${hotline}`}>
                <PhoneIcon size={14} /> 服务热线 {hotline}
              </a>
            )}
            <Link className={styles.plan} to={paths.experiment('plan')}>
              <FlaskIcon size={14} /> 实验方案
              {signedIn && !!cartNum && (
                <span className={styles.badge} data-testid="cart-badge" aria-label={`${cartNum}项`}>
                  {cartNum > 99 ? '99+' : cartNum}
                </span>
              )}
            </Link>
            {signedIn && <MessageBell unread={unread} className={styles.plan} />}
            <span className={styles.divider} aria-hidden="true" />
            {signedIn ? (
              <AccountMenu account={account} onLogout={onLogout} />
            ) : (
              <>
                <button type="button" className={styles.textButton} onClick={onLogin}>
                  登录
                </button>
                <button type="button" className={styles.registerButton} onClick={onRegister}>
                  注册
                </button>
              </>
            )}
          </div>
        </div>
      </div>
      <div className={styles.mainBar}>
        <div className={`container ${styles.mainInner}`}>
          <Link to={paths.home()} className={styles.logo} aria-label="研测首页">
            <Logo />
          </Link>
          <div className={styles.desktopOnly}>
            <MainNav />
          </div>
          <HeaderSearch className={styles.search} />
          <div className={styles.mobileActions}>
            {/* The plan and its badge in the header on phones too (spec §2: /experiment shows a cart badge in the header). */}
            <Link
              to={paths.experiment('plan')}
              className={`${styles.mobileAccount} ${styles.bell}`}
              aria-label={signedIn && cartNum ? `实验方案，${cartNum}项` : '实验方案'}
              data-testid="mobile-plan"
            >
              <FlaskIcon size={20} />
              {signedIn && !!cartNum && (
                <span className={`${styles.badge} ${styles.cornerBadge}`} data-testid="mobile-cart-badge">
                  {cartNum > 99 ? '99+' : cartNum}
                </span>
              )}
            </Link>
            {signedIn && <MessageBell unread={unread} className={styles.mobileAccount} compact />}
            {signedIn ? (
              <Link to={paths.member()} className={styles.mobileAccount} aria-label="会员中心">
                <UserIcon size={20} />
              </Link>
            ) : (
              <button type="button" className={styles.mobileLogin} onClick={onLogin}>
                登录
              </button>
            )}
            <button
              type="button"
              className={styles.menuButton}
              onClick={openMenu}
              onPointerEnter={() => setMenuUsed(true)}
              aria-label="打开菜单"
              aria-expanded={menuOpen}
            >
              <MenuIcon size={22} />
            </button>
          </div>
        </div>
      </div>
      {menuUsed && (
        <Suspense fallback={null}>
          <MobileMenu
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            signedIn={signedIn}
            cartNum={cartNum}
            onLogin={onLogin}
            onRegister={onRegister}
            onLogout={onLogout}
          />
        </Suspense>
      )}
    </header>
  );
}

/** 消息: the message centre's link with the unread count; a bare bell on small screens. */
function MessageBell({ unread = 0, className = '', compact }: { unread?: number; className?: string; compact?: boolean }) {
  const label = unread > 0 ? `我的消息，${unread}条未读` : '我的消息';
  return (
    <Link className={`${className} ${styles.bell}`} to={paths.messages()} aria-label={label} data-testid="message-bell">
      <BellIcon size={compact ? 20 : 14} />
      {!compact && ' 消息'}
      {unread > 0 && (
        <span className={compact ? `${styles.badge} ${styles.cornerBadge}` : styles.badge} data-testid="message-badge">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
