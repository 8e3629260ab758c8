// Idempotency keys for the calls that move money (ADR 0050), one maker for the shop and the console.

/** 64 characters, so one random byte's low six bits pick one evenly. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/**
 * A new key: 24 characters of [A-Za-z0-9_-] (144 random bits), the shape
 * contracts' `idempotencyKey` accepts. getRandomValues, not randomUUID: a
 * page served over plain http on a LAN address has no randomUUID.
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) => ALPHABET[b & 63]).join('');
}

export interface KeyKeeper {
  /** The key for this body: the same as last time for the same body, a new one for another body. */
  keyFor(body: unknown): string;
  /** The submission succeeded: the next one is a new intent. */
  done(): void;
}

/**
 * One form's keys. A key is made when the form first submits and sent again
 * with every retry of the same submission (a lost answer, a second click), so
 * the server moves the money once; what is sent changing (another amount) is
 * another intent and gets a new key, and so does the next submission after a
 * success.
 */
export function createKeyKeeper(make: () => string = newIdempotencyKey): KeyKeeper {
  let current: { key: string; sent: string } | null = null;
  return {
    keyFor(body) {
      const sent = JSON.stringify(body);
      if (current?.sent !== sent) current = { key: make(), sent };
      return current.key;
    },
    done() {
      current = null;
    },
  };
}
