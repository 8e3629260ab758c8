/** A counter's state: how many hits in the current window and how long that window still runs. */
export interface CounterState {
  count: number;
  /** Seconds until the window ends (0 when there is no live window). */
  ttlSeconds: number;
}

/**
 * Fixed-window counters shared by every server process (ADR 0007): the first
 * hit opens a window of windowSeconds; later hits in it add one.
 * Implemented on the database (rate_counter) and on Redis (INCR + EXPIRE).
 */
export interface RateCounter {
  hit(key: string, windowSeconds: number): Promise<CounterState>;
  peek(key: string): Promise<CounterState>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}
