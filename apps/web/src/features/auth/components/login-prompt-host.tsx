import { lazy, Suspense, useState } from 'react';
import { useLoginPrompt } from '../hooks/use-login-prompt.ts';

const LoginPrompt = lazy(() => import('./login-prompt.tsx').then((m) => ({ default: m.LoginPrompt })));

/** Renders the login prompt once it is first opened, so its dialog code stays off the first load. */
export function LoginPromptHost() {
  const { isOpen } = useLoginPrompt();
  const [used, setUsed] = useState(false);
  if (isOpen && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <LoginPrompt />
    </Suspense>
  );
}
