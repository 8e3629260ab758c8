import { useSyncExternalStore } from 'react';
import { tokenStore } from '@/lib/token-store.ts';

const signedIn = () => tokenStore.access() !== null;

/** True while a token is stored (spec §6: the only two roles are visitor and signed-in user). */
export const useSignedIn = () => useSyncExternalStore(tokenStore.subscribe, signedIn, () => false);
