import type { UserInfoResponse } from '@yance/contracts/user';
import { lazy, Suspense, useState } from 'react';

const AttestationDialog = lazy(() => import('./attestation-dialog.tsx').then((m) => ({ default: m.AttestationDialog })));

/** Accounts (by phone) whose popup was closed in this page load: it does not reopen on every refetch. */
const dismissed = new Set<string>();

/**
 * After login, a user with no address gets the attestation popup (spec §4).
 * The popup's code loads only then.
 */
export function AttestationHost({ user }: { user: UserInfoResponse | undefined }) {
  const [, rerender] = useState(0);
  const [shown, setShown] = useState(false);
  const wanted = !!user && user.address.length === 0 && !dismissed.has(user.userInfo.phone);
  if (wanted && !shown) setShown(true);
  if (!user || !shown) return null;
  const close = () => {
    dismissed.add(user.userInfo.phone);
    rerender((n) => n + 1);
  };
  return (
    <Suspense fallback={null}>
      <AttestationDialog user={user} open={wanted} onClose={close} />
    </Suspense>
  );
}
