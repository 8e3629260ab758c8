import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateCounter } from '../../lib/rate-counter.ts';
import { databaseCounter, purgeExpiredCounters } from './rate-counter.repository.ts';
import { redisCounter, type RedisEvents } from './redis-counter.ts';

/**
 * Counters that may live in Redis: short windows whose loss forgives little (the 60 s between two codes to one phone).
 * Every other counter — login attempts and locks, daily and hourly SMS caps, the SMS budget, lookups — is kept in
 * the database whatever REDIS_URL says, so a Redis restart forgets no lockout or cap and sign-in works while Redis is
 * down (ADR 0057). A new key goes to the database unless it is added here.
 */
const REDIS_KEY_PREFIXES = ['sms:phone:'] as const;

const inRedis = (key: string) => REDIS_KEY_PREFIXES.some((p) => key.startsWith(p));

/** One store for the callers, two underneath: each key goes where REDIS_KEY_PREFIXES says. */
function splitCounter(durable: RateCounter, fast: RateCounter): RateCounter {
  const of = (key: string) => (inRedis(key) ? fast : durable);
  return {
    hit: (key, windowSeconds) => of(key).hit(key, windowSeconds),
    peek: (key) => of(key).peek(key),
    release: (key) => of(key).release(key),
    clear: (key) => of(key).clear(key),
    ping: async () => {
      await Promise.all([durable.ping(), fast.ping()]);
    },
    close: async () => {
      await Promise.all([durable.close(), fast.close()]);
    },
  };
}

/** The shared counter store: the database, with the short windows in Redis when REDIS_URL is set. */
export function createRateCounter(opts: {
  db: Executor;
  clock: Clock;
  redisUrl?: string | undefined;
  redisPrefix: string;
  redisEvents?: RedisEvents;
}): RateCounter {
  const durable = databaseCounter(opts.db, opts.clock);
  return opts.redisUrl ? splitCounter(durable, redisCounter(opts.redisUrl, opts.redisPrefix, opts.redisEvents)) : durable;
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
