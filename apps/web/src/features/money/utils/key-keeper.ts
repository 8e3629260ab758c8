import { newIdempotencyKey } from './money-view.ts';

export interface KeyKeeper {
  /** The key for this body: the same as last time for the same body, a new one for another body. */
  keyFor(body: unknown): string;
  /** The submission succeeded: the next one is a new intent. */
  done(): void;
}

/**
 * One form's idempotency keys (ADR 0050). A key is made when the form first
 * submits and sent again with every retry of the same submission (a lost
 * answer, a second click), so the server moves the money once; what is sent
 * changing (another amount) is another intent and gets a new key, and so
 * does the next submission after a success.
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
