import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';
import { notify } from '@yance/browser/notify';
import { endSession } from '@yance/browser/session-events';
import { tokenStore } from '@/lib/token-store.ts';

/** Revokes the session on the server, then clears the token and the user's data here whatever the answer. */
export async function logout() {
  try {
    if (tokenStore.access()) await call('logout', {}, { feedback: false });
  } catch {
    // Signed out locally anyway; the server's session ends with its TTL.
  }
  tokenStore.clear();
  endSession('logout');
  notify.success('操作成功!');
}

export const useLogout = () => useWrite({ mutationFn: logout });
