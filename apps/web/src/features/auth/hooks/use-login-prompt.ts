import { useSyncExternalStore } from 'react';

/**
 * The login prompt's open state, kept outside React so any route (or a
 * non-React caller) can open it and the one prompt in the root layout shows it.
 * Accounts (login/register popups) replace the prompt's body later; callers keep this API.
 */
export interface LoginPromptState {
  open: boolean;
  /** Why login is needed, e.g. "登录后即可加入实验方案"; shown under the title. */
  reason: string | undefined;
}

let state: LoginPromptState = { open: false, reason: undefined };
const listeners = new Set<() => void>();

const setState = (next: LoginPromptState) => {
  state = next;
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
const getSnapshot = () => state;

/** Opens the login prompt from anywhere. */
export const openLoginPrompt = (reason?: string) => setState({ open: true, reason });
/** Closes it (keeps the reason so the closing animation shows the same text). */
export const closeLoginPrompt = () => setState({ ...state, open: false });

/** `const { isOpen, reason, openLoginPrompt, closeLoginPrompt } = useLoginPrompt();` */
export function useLoginPrompt() {
  const snap = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { isOpen: snap.open, reason: snap.reason, openLoginPrompt, closeLoginPrompt };
}
