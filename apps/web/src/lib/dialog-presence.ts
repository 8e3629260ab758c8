import { useLayoutEffect, useSyncExternalStore } from 'react';
import { createSignal } from './signal.ts';

/**
 * Which popups are open right now, so one that can wait (the home page's
 * promotion) never opens over one the user needs (login, attestation). Kept
 * outside React: the hosts live in the root layout, the promotion in a route.
 */
const open = new Set<string>();
const { subscribe, emit } = createSignal();
const anyOpen = () => open.size > 0;

/** Marks the dialog `id` as open while `isOpen` is true (before paint, so a waiting popup sees it in time). */
export function useDialogPresence(id: string, isOpen: boolean): void {
  useLayoutEffect(() => {
    if (!isOpen) return;
    open.add(id);
    emit();
    return () => {
      open.delete(id);
      emit();
    };
  }, [id, isOpen]);
}

/** True while any dialog marked with useDialogPresence is open; false on the server. */
export const useAnyDialogOpen = () => useSyncExternalStore(subscribe, anyOpen, () => false);
