import { replace } from 'react-router';
import { tokenStore } from '@/lib/token-store.ts';
import { openLoginGate } from '../hooks/use-login-prompt.ts';

/**
 * Loader of the login-required routes (spec §4): with no stored token the
 * navigation is cancelled and the login popup opens; after login the user
 * goes on to the page. Navigating in the app, the user stays where they
 * were; loading the page directly, home shows behind the popup.
 */
export function requireLogin({ request }: { request: Request }) {
  if (tokenStore.access()) return null;
  const target = new URL(request.url);
  const wanted = target.pathname + target.search;
  const here = window.location.pathname + window.location.search;
  openLoginGate(wanted);
  return replace(here === wanted || here.startsWith('/member') || here.startsWith('/experiment') ? '/' : here);
}
