import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** What the server render hands to the browser, in a JSON script (no inline script runs under our CSP). */
export interface ServerState {
  router: HydrationState;
  queries: DehydratedState;
}

export const SERVER_STATE_ID = 'server-state';

export function readServerState(): ServerState | null {
  const el = document.getElementById(SERVER_STATE_ID);
  if (!el?.textContent) return null;
  return JSON.parse(el.textContent) as ServerState;
}
