import { lazy, Suspense, useState } from 'react';
import { useDialogPresence } from '@/lib/dialog-presence.ts';
import { useLoginPrompt } from '../hooks/use-login-prompt.ts';

const AuthDialog = lazy(() => import('./auth-dialog.tsx').then((m) => ({ default: m.AuthDialog })));

/** Renders the account popups once first opened, so their form code stays off the first load. */
export function LoginPromptHost() {
  const { isOpen } = useLoginPrompt();
  useDialogPresence('account', isOpen);
  const [used, setUsed] = useState(false);
  if (isOpen && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog />
    </Suspense>
  );
}
