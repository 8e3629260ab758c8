import type { TokenPair } from '@yance/contracts/account';
import { notify } from '@yance/browser/notify';
import { queryClient } from '@/lib/query-client.ts';
import { USER_QUERY_KEYS } from '@/lib/query-keys.ts';
import { tokenStore } from '@/lib/token-store.ts';

/** Stores a new session, drops any previous user's data (user info reloads) and says so. */
export function completeLogin(pair: TokenPair, toast = '登录成功!') {
  for (const queryKey of USER_QUERY_KEYS) queryClient.removeQueries({ queryKey });
  tokenStore.save(pair);
  notify.success(toast);
}

/** The onSuccess of a login or sign-up request: complete the login, then go on with `onDone`. */
export const completeLoginThen =
  (onDone: () => void, toast?: string) =>
  (pair: TokenPair): void => {
    completeLogin(pair, toast);
    onDone();
  };
