import { useRef } from 'react';
import { newIdempotencyKey } from '../utils/money-view.ts';

/**
 * A form's idempotency key (ADR 0050): made when the form opens, sent again
 * with every retry of the same submission (a lost answer, a double click), so
 * the server moves the money once. What is sent changing (another amount)
 * is another intent and gets a new key; so does the next submission after a
 * success (`done`).
 */
export function useIdempotencyKey() {
  const current = useRef<{ key: string; sent: string | null } | null>(null);
  return {
    /** The key for this body: the same as last time for the same body. */
    keyFor(body: unknown): string {
      const sent = JSON.stringify(body);
      if (!current.current || (current.current.sent !== null && current.current.sent !== sent))
        current.current = { key: newIdempotencyKey(), sent: null };
      current.current.sent = sent;
      return current.current.key;
    },
    /** The submission succeeded: the next one is a new intent. */
    done() {
      current.current = null;
    },
  };
}
