import type { TokenPair } from '@yance/contracts/account';

/**
 * A stored session ({access, refresh, expires}, spec §3) under one
 * localStorage key: the storefront keeps the customer's under `token`, the
 * console the staff member's under a key of its own, so both live side by
 * side in one browser.
 * `expires` is the absolute epoch second at which the access token ends:
 * the server answers with a relative `expires` (seconds of validity), which
 * is added to the clock at the moment of the response, so a reload later
 * still knows how much time is left.
 */
export interface StoredToken {
  access: string;
  refresh: string;
  expires: number;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

const isStoredToken = (v: unknown): v is StoredToken =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as StoredToken).access === 'string' &&
  typeof (v as StoredToken).refresh === 'string' &&
  typeof (v as StoredToken).expires === 'number';

/** The session stored under `key`. */
export function createTokenStore(key: string) {
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const l of listeners) l();
  };

  /** Cached parse, refreshed when the raw string changes (another tab, or a write here). */
  let cacheRaw: string | null = null;
  let cacheValue: StoredToken | null = null;

  function read(): StoredToken | null {
    let raw: string | null;
    try {
      raw = localStorage.getItem(key);
    } catch {
      return null;
    }
    if (raw === cacheRaw) return cacheValue;
    cacheRaw = raw;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      cacheValue = isStoredToken(parsed) && parsed.access ? parsed : null;
    } catch {
      cacheValue = null;
    }
    return cacheValue;
  }

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      if (e.key === key || e.key === null) emit();
    });
  }

  return {
    get: read,
    access: () => read()?.access ?? null,
    refresh: () => read()?.refresh ?? null,
    /** Seconds until the access token ends (negative once it has), or null without a token. */
    secondsLeft: (now = nowSeconds()) => {
      const t = read();
      return t ? t.expires - now : null;
    },
    /** Stores a pair as the server issued it; `expires` there is relative, here it becomes absolute. */
    save(pair: TokenPair, now = nowSeconds()) {
      const value: StoredToken = { access: pair.token, refresh: pair.refreshToken, expires: now + pair.expires };
      localStorage.setItem(key, JSON.stringify(value));
      emit();
    },
    clear() {
      if (read() === null && localStorage.getItem(key) === null) return;
      localStorage.removeItem(key);
      emit();
    },
    /** For useSyncExternalStore: fires on writes here and on writes from other tabs. */
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;
