/** A set of listeners for a store kept outside React: subscribe (returns the unsubscribe, as useSyncExternalStore wants) and emit. */
export function createSignal() {
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit: () => {
      for (const l of listeners) l();
    },
  };
}
