import { useEffect, useSyncExternalStore } from 'react';
import { tokenStore } from '@/lib/token-store.ts';
import { createSignal } from '@/lib/signal.ts';

/**
 * 稍后完善, remembered in this browser (spec §4 opens the attestation popup
 * after login, not on every page): a comma-separated list of the invite codes
 * (a public id, not the phone) of accounts that chose later, until the next login.
 */
const KEY = 'attestationLater';
const { subscribe, emit } = createSignal();
const read = () => {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
};
const write = (value: string | null) => {
  try {
    if (value === null) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, value);
  } catch {
    // storage blocked: remembered for this page only (the listeners still hear it)
  }
  emit();
};

/** The ids that chose later; null on the server and while hydrating (then nothing opens). */
export const useLaterList = (): string[] | null => {
  const raw = useSyncExternalStore(subscribe, read, () => null);
  return raw === null ? null : raw.split(',').filter(Boolean);
};

export const rememberLater = (id: string) => {
  const ids = new Set(read().split(',').filter(Boolean)).add(id);
  write([...ids].join(','));
};

/** Forgets every "later" when someone logs in in this browser (the token appears), so the popup asks again once. */
export function useForgetLaterOnLogin(): void {
  useEffect(() => {
    let signedIn = tokenStore.access() !== null;
    return tokenStore.subscribe(() => {
      const now = tokenStore.access() !== null;
      if (now && !signedIn) write(null);
      signedIn = now;
    });
  }, []);
}
