import { useSyncExternalStore } from 'react';

const noSubscribe = () => () => {};

/**
 * A value only the browser knows (the clock, storage) that does not change
 * while the page is open. The server and the hydrating render use `server`,
 * so the markup matches; the browser then renders with `read()`. `read` must
 * return a primitive or a cached object (it is compared with Object.is).
 */
export function useClientValue<T>(read: () => T, server: T): T {
  return useSyncExternalStore(noSubscribe, read, () => server);
}
