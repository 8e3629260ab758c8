import { useSyncExternalStore } from 'react';
import { setTokenSource, switchToStaffSession } from '@yance/browser/api-client';
import { createTokenStore } from '@yance/browser/token-store';
import { adminRoutes } from '@yance/contracts/admin-routes';

/**
 * The staff member's session, under a localStorage key of its own: a
 * customer signed in on the storefront in the same browser keeps theirs
 * (`token`), and neither sign-out touches the other.
 */
export const STAFF_TOKEN_KEY = 'yance-staff-token';
export const staffTokens = createTokenStore(STAFF_TOKEN_KEY);

/** Before the first call: the api client knows the console's calls, and sends and renews the staff token (adminRefresh). */
export function startStaffSession(): void {
  switchToStaffSession(adminRoutes);
  setTokenSource(staffTokens);
}

const hasToken = () => staffTokens.access() !== null;

/** Whether a staff token is stored; turns false when a 401 or a sign-out (in any tab) clears it. */
export const useSignedIn = () => useSyncExternalStore(staffTokens.subscribe, hasToken);
