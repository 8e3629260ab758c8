import { useSyncExternalStore } from 'react';

/**
 * The login prompt's open state, kept outside React so any route (or a
 * non-React caller) can open it and the one prompt in the root layout shows it.
 * Accounts (login/register popups) replace the prompt's body later; callers keep this API.
 */
export type LoginPromptMode = 'login' | 'register';

export interface LoginPromptState {
  open: boolean;
  /** Why login is needed, e.g. "登录后即可加入实验方案"; shown under the title. */
  reason: string | undefined;
  /** Which popup the account system will show: login (default) or register. */
  mode: LoginPromptMode;
}

let state: LoginPromptState = { open: false, reason: undefined, mode: 'login' };
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
export const openLoginPrompt = (reason?: string, mode: LoginPromptMode = 'login') => setState({ open: true, reason, mode });
/** Closes it (keeps the reason so the closing animation shows the same text). */
export const closeLoginPrompt = () => setState({ ...state, open: false });

/** `const { isOpen, reason, mode, openLoginPrompt, closeLoginPrompt } = useLoginPrompt();` */
export function useLoginPrompt() {
  const snap = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { isOpen: snap.open, reason: snap.reason, mode: snap.mode, openLoginPrompt, closeLoginPrompt };
}
