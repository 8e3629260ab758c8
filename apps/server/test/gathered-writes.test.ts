// Writes gathered per turn of the event loop (ADR 0087): several chains of statements on one transaction's
// connection — as a payment group's payments are — go out in one socket write per turn, not one per statement.
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { gatheredWrites } from '../src/db/prepared.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { testRunner } from './job-helpers.ts';

const onPg = inject('testDb').kind !== 'pglite';

describe.skipIf(!onPg)('gathered writes', () => {
  let t: TestApp;
  beforeAll(async () => void (t = await createTestApp()));
  afterAll(async () => t.close());

  const CHAINS = 6;
  const STEPS = 4;

  /** Runs CHAINS chains of STEPS statements each, at once, in one transaction; answers their sums and the socket's flushes. */
  async function chains(gathered: boolean) {
    const ctx = testRunner(t, () => new Date(), {}).ctx;
    let flushes = 0;
    const proto = net.Socket.prototype as unknown as Record<'_writev' | '_write', (...a: unknown[]) => unknown>;
    const [writev, write] = [proto._writev, proto._write];
    proto._writev = function (this: unknown, ...a: unknown[]) {
      flushes++;
      return writev.apply(this, a);
    };
    proto._write = function (this: unknown, ...a: unknown[]) {
      flushes++;
      return write.apply(this, a);
    };
    try {
      const sums = await ctx.tx(async (tx) => {
        const chain = async (c: number) => {
          let sum = 0;
          for (let s = 0; s < STEPS; s++) sum += rowsOf<{ n: number }>(await tx.db.execute(sql`select ${c * 10 + s}::int as n`))[0]!.n;
          return sum;
        };
        const all = () => Promise.all(Array.from({ length: CHAINS }, (_, c) => chain(c)));
        return gathered ? gatheredWrites(tx.db, all) : all();
      });
      return { sums, flushes };
    } finally {
      proto._writev = writev;
      proto._write = write;
    }
  }

  it('sends what the chains send in a turn together, and every chain gets its own answers', async () => {
    const apart = await chains(false);
    const together = await chains(true);
    const expected = Array.from({ length: CHAINS }, (_, c) => STEPS * c * 10 + (STEPS * (STEPS - 1)) / 2);
    expect(apart.sums).toEqual(expected);
    expect(together.sums).toEqual(expected);
    // Apart: a write per statement (CHAINS × STEPS) and the transaction's own. Together: about one per step and
    // answer packet (6–9 seen for 24 statements), never one per statement.
    expect(apart.flushes).toBeGreaterThanOrEqual(CHAINS * STEPS);
    expect(together.flushes).toBeLessThanOrEqual((CHAINS * STEPS) / 2);
  });
});
