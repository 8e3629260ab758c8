import type { UserInfoResponse } from '@yance/contracts/user';
import { lazy, Suspense, useState } from 'react';
import { useDialogPresence } from '@/lib/dialog-presence.ts';
import { rememberLater, useForgetLaterOnLogin, useLaterList } from '../utils/attestation-later.ts';

const AttestationDialog = lazy(() => import('./attestation-dialog.tsx').then((m) => ({ default: m.AttestationDialog })));

/**
 * After login, a user with no address gets the attestation popup (spec §4).
 * 稍后完善 (or ×) keeps it away in this browser until the next login, so it
 * does not come back on every page. The popup's code loads only when needed.
 */
export function AttestationHost({ user }: { user: UserInfoResponse | undefined }) {
  useForgetLaterOnLogin();
  const later = useLaterList();
  const [shown, setShown] = useState(false);
  const id = user?.userInfo.inviteCode;
  const wanted = !!user && !!id && user.address.length === 0 && later !== null && !later.includes(id);
  useDialogPresence('attestation', wanted);
  if (wanted && !shown) setShown(true);
  if (!user || !id || !shown) return null;
  return (
    <Suspense fallback={null}>
      <AttestationDialog user={user} open={wanted} onClose={() => rememberLater(id)} />
    </Suspense>
  );
}
