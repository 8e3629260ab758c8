import { call } from '@yance/browser/api-client';
import { endSession } from '@yance/browser/session-events';
import { staffTokens } from './staff-session.ts';

/** 退出登录: ends the session on the server (its refresh chain too), then forgets the token here whatever the answer. */
export async function signOut(): Promise<void> {
  try {
    if (staffTokens.access()) await call('adminLogout', {}, { feedback: false });
  } catch {
    // Already ended (a 401) or offline: the token goes all the same.
  } finally {
    staffTokens.clear();
    endSession('logout');
  }
}
