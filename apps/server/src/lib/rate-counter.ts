/** A counter's state: how many hits in the current window and how long that window still runs. */
export interface CounterState {
  count: number;
  /** Seconds until the window ends (0 when there is no live window). */
  ttlSeconds: number;
}

/**
 * Fixed-window counters shared by every server process (ADR 0007): the first
 * hit opens a window of windowSeconds; later hits in it add one.
 * Implemented on the database (rate_counter) and on Redis (INCR + EXPIRE);
 * which key lives where is decided once, in rate-limit.service.ts (ADR 0057).
 * A store that cannot be reached answers AppError UNAVAILABLE (503), quickly.
 */
export interface RateCounter {
  hit(key: string, windowSeconds: number): Promise<CounterState>;
  peek(key: string): Promise<CounterState>;
  /** Takes one hit back from a live window (never below zero): a reserved attempt that turned out fine. */
  release(key: string): Promise<void>;
  clear(key: string): Promise<void>;
  /** Resolves when the store answers (readiness); rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
