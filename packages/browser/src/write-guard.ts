// One way for both apps to send a write the user asked for (issue 21): a request
// the same as one still out is not sent again, and every request carries an
// idempotency key that stays the same for the same intent (ADR 0061).
import { newIdempotencyKey } from './idempotency-key.ts';

/**
 * What identifies one intent: the input as JSON, files by name, size and date
 * (JSON would make every File "{}").
 */
export function intentOf(input: unknown): string {
  return (
    JSON.stringify(input, (_k, v: unknown) =>
      typeof Blob !== 'undefined' && v instanceof Blob
        ? { blob: v.size, type: v.type, name: (v as Partial<File>).name, at: (v as Partial<File>).lastModified }
        : v,
    ) ?? 'undefined'
  );
}

export interface WriteGuard {
  /**
   * Sends `input` through `send` unless the same input is already out, in
   * which case it answers that request's promise (a double click sends once).
   */
  run<R>(input: unknown, send: () => Promise<R>): Promise<R>;
  /** The key for this input: the same for every retry until one succeeds, then a new one. */
  keyFor(input: unknown): string;
  /** This input went through: the next same input is a new intent. */
  done(input: unknown): void;
}

/** One button's (one mutation hook's) writes. */
export function createWriteGuard(make: () => string = newIdempotencyKey): WriteGuard {
  const out = new Map<string, Promise<unknown>>();
  const keys = new Map<string, string>();
  return {
    run<R>(input: unknown, send: () => Promise<R>): Promise<R> {
      const id = intentOf(input);
      const running = out.get(id);
      if (running) return running as Promise<R>;
      const sent = send();
      out.set(id, sent);
      const release = () => void out.delete(id);
      sent.then(release, release);
      return sent;
    },
    keyFor(input) {
      const id = intentOf(input);
      let key = keys.get(id);
      if (!key) keys.set(id, (key = make()));
      return key;
    },
    done(input) {
      keys.delete(intentOf(input));
    },
  };
}
