/**
 * A per-process cache of values by id that is correct only while the process hears every change (ADR 0081, built
 * as ADR 0073's session cache is): the database NOTIFYs the ids whose values changed, in the changing transaction, and
 * every process drops them when it hears them.
 * - While the process does not listen (before the start, the listening connection lost, until it listens again) the
 *   cache answers nothing and keeps nothing, and it is emptied whenever the subscription drops or comes back.
 * - A read that began before a change to its id was heard keeps nothing it found (the row may predate the change):
 *   `ticket()` before the read, `put` refuses a value whose id was dropped since.
 * - An entry lives at most `maxAgeMs`, a bound on anything unforeseen; at most `maxEntries` are kept (the oldest goes first).
 */

export interface HeardCache<V> {
  /** The value kept for id, or undefined. */
  get(id: number, nowMs: number): V | undefined;
  /** Taken before reading a value from the database; `put` keeps what the read found only if its id was not dropped since. */
  ticket(): number;
  /** Keeps a value read after `ticket` was taken. */
  put(id: number, ticket: number, value: V, nowMs: number): void;
  /** Forgets these ids (their values changed). */
  drop(ids: readonly number[]): void;
  /** A payload from the channel: ids, comma-separated, or "*" for all. */
  receive(payload: string): void;
  /** The process listens on the channel (again): the cache may be used. */
  up(): void;
  /** The process may miss changes: the cache is emptied and unused until `up`. */
  down(): void;
  /** What the cache holds and did (tests, diagnostics). */
  stats(): { listening: boolean; size: number; hits: number };
}

/** What a NOTIFY of ids announces: these ids (comma-separated), or "*", all of them. Anything else in the list is skipped. */
export function announcedIds(payload: string): number[] | '*' {
  if (payload === '*') return '*';
  return payload
    .split(',')
    .map(Number)
    .filter((n) => Number.isSafeInteger(n));
}

/** What every cache kept by what it hears shares: whether it listens, and what a payload, a lost or a regained subscription do. */
export function heardGate(cache: { clear(): void; drop(ids: readonly number[]): void }) {
  let listening = false;
  return {
    get listening() {
      return listening;
    },
    receive(payload: string) {
      const ids = announcedIds(payload);
      if (ids === '*') cache.clear();
      else cache.drop(ids);
    },
    /** The process listens (again): whatever was missed meanwhile is forgotten, and the cache may be used. */
    up() {
      cache.clear();
      listening = true;
    },
    /** The process may miss announcements: the cache is emptied and unused until `up`. */
    down() {
      listening = false;
      cache.clear();
    },
  };
}

export function createHeardCache<V>(opts: { maxAgeMs: number; maxEntries: number }): HeardCache<V> {
  const entries = new Map<number, { value: V; untilMs: number }>();
  /** The generation at which each id was last dropped (kept for as long as a read may be out: cleared with `clearedAt`). */
  const droppedAt = new Map<number, number>();
  let generation = 0;
  /** Reads with a ticket before this generation keep nothing (everything was dropped then). */
  let clearedAt = 0;
  let hits = 0;

  const clear = () => {
    clearedAt = ++generation;
    entries.clear();
    droppedAt.clear();
  };
  const drop = (ids: readonly number[]) => {
    // The list of dropped ids is bounded too: past it, everything counts as dropped now.
    if (droppedAt.size + ids.length > opts.maxEntries) return clear();
    generation++;
    for (const id of ids) {
      entries.delete(id);
      droppedAt.set(id, generation);
    }
  };
  const gate = heardGate({ clear, drop });

  return {
    get(id, nowMs) {
      if (!gate.listening) return undefined;
      const entry = entries.get(id);
      if (!entry) return undefined;
      if (nowMs >= entry.untilMs) {
        entries.delete(id);
        return undefined;
      }
      hits++;
      return entry.value;
    },
    ticket: () => generation,
    put(id, ticket, value, nowMs) {
      if (!gate.listening || ticket < clearedAt || (droppedAt.get(id) ?? -1) > ticket) return;
      entries.delete(id);
      if (entries.size >= opts.maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(id, { value, untilMs: nowMs + opts.maxAgeMs });
    },
    drop,
    receive: gate.receive,
    up: gate.up,
    down: gate.down,
    stats: () => ({ listening: gate.listening, size: entries.size, hits }),
  };
}
