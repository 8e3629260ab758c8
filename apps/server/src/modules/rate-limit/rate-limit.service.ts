import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateCounter } from '../../lib/rate-counter.ts';
import { databaseCounter, purgeExpiredCounters } from './rate-counter.repository.ts';
import { redisCounter } from './redis-counter.ts';

/** The shared counter store: Redis when REDIS_URL is set, otherwise the database. */
export function createRateCounter(opts: { db: Executor; clock: Clock; redisUrl?: string | undefined; redisPrefix: string }): RateCounter {
  return opts.redisUrl ? redisCounter(opts.redisUrl, opts.redisPrefix) : databaseCounter(opts.db, opts.clock);
}

/** "N秒" under two minutes, "N分钟" under two hours, else "N小时" — how long until the caller may retry. */
export function retryIn(seconds: number): string {
  if (seconds < 120) return `${Math.max(1, seconds)}秒`;
  if (seconds < 7200) return `${Math.ceil(seconds / 60)}分钟`;
  return `${Math.ceil(seconds / 3600)}小时`;
}

/** Counts one hit on key and refuses with 429 once more than max fall in the window. */
export async function limit(counter: RateCounter, key: string, windowSeconds: number, max: number, message: (retry: string) => string) {
  const state = await counter.hit(key, windowSeconds);
  if (state.count > max) throw new AppError('RATE_LIMITED', message(retryIn(state.ttlSeconds)));
  return state;
}

/** The purge job's part (ADR 0034): database counters whose window ended (Redis keys expire by themselves). */
export const purgeCounters = (db: Executor, now: Date): Promise<number> => purgeExpiredCounters(db, now);
