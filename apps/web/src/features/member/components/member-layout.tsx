import type { UserInfoResponse } from '@yance/contracts/user';
import { Alert, Button, Select } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { MEMBER_MENU } from '@/config/member-menu.ts';
import { paths } from '@/config/paths.ts';
import { PROFILE_HINT } from './attestation-dialog.tsx';
import styles from './member-layout.module.css';

interface MemberLayoutProps {
  page: string;
  user: UserInfoResponse | undefined;
  children: ReactNode;
}

/** Member area frame: side menu on desktop, a select on phones, and the profile hint while it is incomplete. */
export function MemberLayout({ page, user, children }: MemberLayoutProps) {
  const navigate = useNavigate();
  return (
    <div className={`container ${styles.wrap}`}>
      <aside className={styles.side} aria-label="会员中心菜单">
        <p className={styles.sideTitle}>会员中心</p>
        <ul>
          {MEMBER_MENU.map((e) => (
            <li key={e.page}>
              <Link
                to={e.to}
                className={e.page === page ? `${styles.item} ${styles.active}` : styles.item}
                aria-current={e.page === page ? 'page' : undefined}
              >
                {e.label}
              </Link>
            </li>
          ))}
        </ul>
      </aside>
      <div className={styles.main}>
        <div className={styles.mobileNav}>
          <Select
            value={MEMBER_MENU.some((e) => e.page === page) ? page : undefined}
            placeholder="会员中心菜单"
            onChange={(p: string) => void navigate(paths.member(p))}
            options={MEMBER_MENU.map((e) => ({ value: e.page, label: e.label }))}
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
