import { Redis } from 'ioredis';
import type { CounterState, RateCounter } from '../../lib/rate-counter.ts';

/**
 * Counters in Redis. MULTI runs SET NX EX (opens the window only on the first
 * hit), INCR and TTL as one unit, so the window never loses its expiry.
 */
export function redisCounter(url: string, prefix = 'yance:rl:'): RateCounter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true });
  const state = (count: number, ttl: number): CounterState => (ttl > 0 ? { count, ttlSeconds: ttl } : { count: 0, ttlSeconds: 0 });
  return {
    async hit(key, windowSeconds) {
      const k = prefix + key;
      const result = await redis.multi().set(k, '0', 'EX', windowSeconds, 'NX').incr(k).ttl(k).exec();
      if (!result) throw new Error('redis transaction aborted');
      const [, [incrErr, count], [ttlErr, ttl]] = result as [unknown, [Error | null, number], [Error | null, number]];
      if (incrErr || ttlErr) throw incrErr ?? ttlErr;
      return state(count, ttl);
    },
    async peek(key) {
      const k = prefix + key;
      const [count, ttl] = await Promise.all([redis.get(k), redis.ttl(k)]);
      return count === null ? { count: 0, ttlSeconds: 0 } : state(Number(count), ttl);
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
