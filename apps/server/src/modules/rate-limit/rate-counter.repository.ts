import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rateCounter } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CounterState, RateCounter } from '../../lib/rate-counter.ts';

const stateOf = (count: number, expiresAt: Date, now: Date): CounterState => {
  const ttl = Math.ceil((expiresAt.getTime() - now.getTime()) / 1000);
  return ttl > 0 ? { count, ttlSeconds: ttl } : { count: 0, ttlSeconds: 0 };
};

/**
 * Counters in the rate_counter table. One upsert per hit: a live window adds
 * one, an expired one starts again at 1, so concurrent processes never lose a hit.
 */
export function databaseCounter(db: Executor, clock: Clock): RateCounter {
  return {
    async hit(key, windowSeconds) {
      const now = clock();
      const until = new Date(now.getTime() + windowSeconds * 1000);
      const live = sql`${rateCounter.expiresAt} > ${now.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(rateCounter)
        .values({ key, count: 1, expiresAt: until })
        .onConflictDoUpdate({
          target: rateCounter.key,
          set: {
            count: sql`CASE WHEN ${live} THEN ${rateCounter.count} + 1 ELSE 1 END`,
            expiresAt: sql`CASE WHEN ${live} THEN ${rateCounter.expiresAt} ELSE ${until.toISOString()}::timestamptz END`,
          },
        })
        .returning({ count: rateCounter.count, expiresAt: rateCounter.expiresAt });
      return stateOf(row!.count, row!.expiresAt, now);
    },
    async peek(key) {
      const [row] = await db.select().from(rateCounter).where(eq(rateCounter.key, key));
      return row ? stateOf(row.count, row.expiresAt, clock()) : { count: 0, ttlSeconds: 0 };
    },
    async release(key) {
      await db
        .update(rateCounter)
        .set({ count: sql`greatest(${rateCounter.count} - 1, 0)` })
        .where(and(eq(rateCounter.key, key), sql`${rateCounter.expiresAt} > ${clock().toISOString()}::timestamptz`));
    },
    async clear(key) {
      await db.delete(rateCounter).where(eq(rateCounter.key, key));
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {},
  };
}

/** Drops windows that ended; expired rows are harmless (the next hit restarts them), this only saves space. */
export async function purgeExpiredCounters(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .delete(rateCounter)
    .where(sql`${rateCounter.expiresAt} < ${now.toISOString()}::timestamptz`)
    .returning({ key: rateCounter.key });
  return rows.length;
}
