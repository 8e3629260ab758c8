import type { UserInfoResponse } from '@yance/contracts/user';
import { Alert, Button, Select } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { MEMBER_MENU, MEMBER_MORE, type MemberMenuEntry } from '@/config/member-menu.ts';
import { paths } from '@/config/paths.ts';
import { PROFILE_HINT } from './attestation-dialog.tsx';
import styles from './member-layout.module.css';

interface MemberLayoutProps {
  page: string;
  user: UserInfoResponse | undefined;
  children: ReactNode;
}

const ALL_ENTRIES = [...MEMBER_MENU, ...MEMBER_MORE];

/**
 * Member area frame: side menu on desktop (spec §2's entries, then the other pages a customer comes back to), a
 * select on phones that always names the page shown, and the profile hint while it is incomplete.
 */
export function MemberLayout({ page, user, children }: MemberLayoutProps) {
  const navigate = useNavigate();
  const item = (e: MemberMenuEntry) => (
    <li key={e.page}>
      <Link
        to={e.to}
        className={e.page === page ? `${styles.item} ${styles.active}` : styles.item}
        aria-current={e.page === page ? 'page' : undefined}
      >
        {e.label}
      </Link>
    </li>
  );
  return (
    <div className={`container ${styles.wrap}`}>
      <aside className={styles.side} aria-label="会员中心菜单">
        <p className={styles.sideTitle}>会员中心</p>
        <ul>{MEMBER_MENU.map(item)}</ul>
        <ul className={styles.more}>{MEMBER_MORE.map(item)}</ul>
      </aside>
      <div className={styles.main}>
        <div className={styles.mobileNav}>
          <Select
            value={ALL_ENTRIES.find((e) => e.page === page)?.to ?? paths.member()}
            onChange={(to: string) => void navigate(to)}
            options={ALL_ENTRIES.map((e) => ({ value: e.to, label: e.label }))}
            virtual={false}
            style={{ width: '100%' }}
            size="large"
            aria-label="会员中心菜单"
          />
        </div>
        {user && !user.userInfo.attested && (
          <Alert
            type="warning"
            showIcon
            title={PROFILE_HINT}
            action={
              page === 'information' ? undefined : (
                <Button size="small" type="primary" onClick={() => void navigate(paths.member('information'))}>
                  立即完善
                </Button>
              )
            }
          />
        )}
        {children}
      </div>
    </div>
  );
}
