import { heardGate } from './heard-cache.ts';

/**
 * The per-process cache of live sessions (ADR 0073): an access token's hash → its session, so an authenticated call
 * does not ask the database who it is on every request. Correct only while the process hears every revocation:
 * - each revocation (logout, password or phone change, a disabled account, a refresh's rotation) NOTIFYs the
 *   session ids on SESSION_CHANNEL in the revoking transaction, and every process — this one too — drops them once
 *   it commits; the revoking process also drops them itself right after its commit;
 * - while the process does not listen (before the start, the listening connection lost, until it listens again)
 *   the cache answers nothing and keeps nothing, and it is emptied whenever the subscription drops or comes back
 *   (what was missed meanwhile is forgotten with it);
 * - a read that began before a revocation arrived keeps nothing it found (its row may predate the revocation);
 * - an entry lives at most until its access token expires, and never longer than MAX_AGE_MS.
 */

/** Where revocations are announced: session ids, comma-separated, or "*" for all. */
export const SESSION_CHANNEL = 'yance_session_revoked';

/** A NOTIFY payload is at most 8000 bytes: longer id lists are announced as "*" (everything is read again). */
const MAX_PAYLOAD = 7000;

/** The payload announcing these session ids revoked. */
export const revocationPayload = (ids: readonly number[]): string => {
  const text = ids.join(',');
  return text.length > MAX_PAYLOAD ? '*' : text;
};

/** How long an entry is trusted at most, whatever its token's expiry: a bound on anything unforeseen. */
export const MAX_AGE_MS = 60_000;
/** Entries kept at most; the oldest goes first. */
const MAX_ENTRIES = 100_000;

export interface CachedSession {
  /** The session row's id. */
  id: number;
  /** The customer's or the staff member's id. */
  principalId: number;
}

interface Entry extends CachedSession {
  key: string;
  /** The entry is not used from this time on (ms): its token's expiry, or MAX_AGE_MS after it was kept. */
  untilMs: number;
}

export interface SessionCache {
  /** The live session kept under key at this time, or undefined. */
  get(key: string, nowMs: number): CachedSession | undefined;
  /** Taken before reading a session from the database; `put` keeps what the read found only if nothing was revoked since. */
  ticket(): number;
  /** Keeps a session found live by a read that took `ticket` before it began, until `expiresAtMs` at most. */
  put(key: string, ticket: number, session: CachedSession, nowMs: number, expiresAtMs: number): void;
  /** Forgets these sessions (they were revoked or changed). */
  drop(ids: readonly number[]): void;
  /** A payload from SESSION_CHANNEL. */
  receive(payload: string): void;
  /** The process listens on SESSION_CHANNEL (again): the cache may be used. */
  up(): void;
  /** The process may miss revocations: the cache is emptied and unused until `up`. */
  down(): void;
  /** What the cache holds and did (tests, diagnostics). */
  stats(): { listening: boolean; size: number; hits: number };
}

export function createSessionCache(): SessionCache {
  const byKey = new Map<string, Entry>();
  const keyById = new Map<number, string>();
  let generation = 0;
  let hits = 0;

  const remove = (key: string) => {
    const entry = byKey.get(key);
    if (!entry) return;
    byKey.delete(key);
    keyById.delete(entry.id);
  };
  const clear = () => {
    generation++;
    byKey.clear();
    keyById.clear();
  };
  const drop = (ids: readonly number[]) => {
    generation++;
    for (const id of ids) {
      const key = keyById.get(id);
      if (key !== undefined) remove(key);
    }
  };
  const gate = heardGate({ clear, drop });

  return {
    get(key, nowMs) {
      if (!gate.listening) return undefined;
      const entry = byKey.get(key);
      if (!entry) return undefined;
      if (nowMs >= entry.untilMs) {
        remove(key);
        return undefined;
      }
      hits++;
      return entry;
    },
    ticket: () => generation,
    put(key, ticket, session, nowMs, expiresAtMs) {
      if (!gate.listening || ticket !== generation) return;
      const untilMs = Math.min(expiresAtMs, nowMs + MAX_AGE_MS);
      if (untilMs <= nowMs) return;
      remove(key);
      const stale = keyById.get(session.id);
      if (stale !== undefined) remove(stale);
      if (byKey.size >= MAX_ENTRIES) remove(byKey.keys().next().value!);
      byKey.set(key, { key, id: session.id, principalId: session.principalId, untilMs });
      keyById.set(session.id, key);
    },
    drop,
    receive: gate.receive,
    up: gate.up,
    down: gate.down,
    stats: () => ({ listening: gate.listening, size: byKey.size, hits }),
  };
}
