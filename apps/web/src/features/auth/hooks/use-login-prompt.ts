import { useSyncExternalStore } from 'react';

/**
 * The account popup's state, kept outside React so any route, loader or
 * non-React caller can open it and the one host in the root layout shows it.
 */
export type LoginPromptMode = 'login' | 'register' | 'reset';

export interface LoginPromptState {
  open: boolean;
  /** Why login is needed, e.g. "登录后即可加入实验方案"; shown above the form. */
  reason: string | undefined;
  mode: LoginPromptMode;
  /** Where to go after logging in (a guarded page the gate stopped). */
  returnTo: string | undefined;
  /** Prefilled account (after a password reset). */
  account: string | undefined;
}

let state: LoginPromptState = { open: false, reason: undefined, mode: 'login', returnTo: undefined, account: undefined };
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

/** Opens the popup from anywhere; mode 'register' opens the register form. */
export const openLoginPrompt = (reason?: string, mode: LoginPromptMode = 'login') =>
  setState({ open: true, reason, mode, returnTo: undefined, account: undefined });

/** The login gate: opens the login popup and returns to `returnTo` after login (spec §4). */
export const openLoginGate = (returnTo: string) => setState({ open: true, reason: undefined, mode: 'login', returnTo, account: undefined });

/** Switches between login, register and reset inside the open popup. */
export const switchLoginPrompt = (mode: LoginPromptMode, account?: string) => setState({ ...state, mode, account, reason: undefined });

/** Closes it (keeps the rest so the closing animation shows the same content). */
export const closeLoginPrompt = () => setState({ ...state, open: false });

export const getLoginPromptState = getSnapshot;

/** `const { isOpen, reason, mode, openLoginPrompt, closeLoginPrompt } = useLoginPrompt();` */
export function useLoginPrompt() {
  const snap = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return {
    isOpen: snap.open,
    reason: snap.reason,
    mode: snap.mode,
    returnTo: snap.returnTo,
    account: snap.account,
    openLoginPrompt,
    closeLoginPrompt,
  };
}
