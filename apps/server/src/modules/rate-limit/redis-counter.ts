import type { Redis } from 'ioredis';
import { unavailable } from '../../lib/app-error.ts';
import type { CounterState, RateCounter } from '../../lib/rate-counter.ts';

/** What the counter says about its connection: once when Redis goes away, once when it is back. */
export interface RedisEvents {
  down(reason: string): void;
  up(): void;
}

/** How long a command may take, and a connection may take to open, before the caller is answered 503. */
export const REDIS_TIMEOUT_MS = 1000;

/**
 * Counters in Redis. MULTI runs SET NX EX (opens the window only on the first
 * hit), INCR and TTL as one unit, so the window never loses its expiry.
 *
 * It fails fast (ADR 0057): no offline queue, so while Redis is unreachable a command is refused at once instead of
 * waiting for a reconnection, and a command on a live but stalled connection times out after 1 s; either way the
 * caller gets AppError UNAVAILABLE (503, a Chinese sentence), never a hang or a 500. The client reconnects by
 * itself, forever, backing off to 2 s between tries.
 */
export function redisCounter(url: string, prefix = 'yance:rl:', events?: RedisEvents): RateCounter {
  let down = false;
  const open = async (): Promise<Redis> => {
    // ioredis is loaded with the first command, not at start-up: a process without REDIS_URL never loads it.
    const { Redis } = await import('ioredis');
    const client = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      connectTimeout: REDIS_TIMEOUT_MS,
      commandTimeout: REDIS_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
      enableAutoPipelining: true,
      retryStrategy: (times) => Math.min(times * 100, 2000),
    });
    // Without a listener ioredis prints every failed reconnection as an unhandled error.
    client.on('error', (err: Error) => {
      if (down) return;
      down = true;
      events?.down(err.message);
    });
    client.on('ready', () => {
      if (!down) return;
      down = false;
      events?.up();
    });
    await client.connect().catch(() => {});
    return client;
  };
  // The first command makes the client and opens the connection (and every caller waits for that one opening); a
  // failed opening is not kept: the client goes on reconnecting by itself, and commands meanwhile are refused at once.
  let opened: Promise<Redis> | undefined;
  async function run<T>(command: (redis: Redis) => Promise<T>): Promise<T> {
    try {
      return await command(await (opened ??= open()));
    } catch (err) {
      throw unavailable(err);
    }
  }
  const state = (count: number, ttl: number): CounterState => (ttl > 0 ? { count, ttlSeconds: ttl } : { count: 0, ttlSeconds: 0 });
  return {
    hit: (key, windowSeconds) =>
      run(async (redis) => {
        const k = prefix + key;
        const result = await redis.multi().set(k, '0', 'EX', windowSeconds, 'NX').incr(k).ttl(k).exec();
        if (!result) throw new Error('redis transaction aborted');
        const [, [incrErr, count], [ttlErr, ttl]] = result as [unknown, [Error | null, number], [Error | null, number]];
        if (incrErr || ttlErr) throw incrErr ?? ttlErr;
        return state(count, ttl);
      }),
    peek: (key) =>
      run(async (redis) => {
        const k = prefix + key;
        const [count, ttl] = await Promise.all([redis.get(k), redis.ttl(k)]);
        return count === null ? { count: 0, ttlSeconds: 0 } : state(Number(count), ttl);
      }),
    release: (key) =>
      run(async (redis) => {
        // Only a live window with hits left in it: DECR on a missing key would create one without an expiry.
        await redis.eval("if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then redis.call('DECR', KEYS[1]) end", 1, prefix + key);
      }),
    clear: (key) =>
      run(async (redis) => {
        await redis.del(prefix + key);
      }),
    ping: () =>
      run(async (redis) => {
        await redis.ping();
      }),
    async close() {
      const redis = await opened;
      if (!redis || redis.status === 'wait' || redis.status === 'end') return;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
