import { lazy, Suspense, useState } from 'react';
import { ChevronDownIcon, UserIcon } from '@/components/ui/icons.tsx';
import { maskPhone } from '@yance/browser/format';
import styles from './site-header.module.css';

const loadMemberDropdown = () => import('./member-dropdown.tsx');
const MemberDropdown = lazy(() => loadMemberDropdown().then((m) => ({ default: m.MemberDropdown })));

/**
 * The signed-in user's name in the top bar (a phone number masked); its member menu opens on click
 * (not hover, so it never opens or moves under a passing pointer) and its
 * code is fetched when the pointer comes near, so the first click opens it at once.
 */
export function AccountMenu({ account, onLogout }: { account: string; onLogout: () => void }) {
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  const wake = () => {
    setUsed(true);
    setOpen(true);
  };
  const trigger = (
    <button
      type="button"
      className={styles.account}
      onPointerEnter={used ? undefined : () => void loadMemberDropdown()}
      onClick={used ? undefined : wake}
      aria-haspopup="menu"
      aria-expanded={open}
      data-testid="account-menu"
    >
      <UserIcon size={14} />
      {/* A phone number is masked (138****0000): the header is seen by whoever stands behind the screen. */}
      <span className={styles.accountName}>{account ? maskPhone(account) : '我的账户'}</span>
      <ChevronDownIcon size={12} />
    </button>
  );
  if (!used) return trigger;
  return (
    <Suspense fallback={trigger}>
      <MemberDropdown open={open} onOpenChange={setOpen} onLogout={onLogout}>
        {trigger}
      </MemberDropdown>
    </Suspense>
  );
}
