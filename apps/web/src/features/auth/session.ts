import { queryClient } from '@/lib/query-client.ts';
import { USER_QUERY_KEYS } from '@/lib/query-keys.ts';
import { onSessionEnd } from '@yance/browser/session-events';

let registered = false;

/** Called once at start-up by the app: the user's data goes whenever the session ends (spec §4). */
export function registerSessionCleanup() {
  if (registered) return;
  registered = true;
  onSessionEnd(() => {
    for (const queryKey of USER_QUERY_KEYS) queryClient.removeQueries({ queryKey });
  });
}
