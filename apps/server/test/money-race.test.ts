import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ledgerEntry, orders, topup } from '../src/db/schema.ts';
import { createLocalGateway } from '../src/modules/payment/local-gateway.ts';
import { createTwinApps, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens } from './factories.ts';
import { orderingCustomer } from './order-factories.ts';

// Two app instances on one database (two processes with their own pools on PostgreSQL): payments, repeated
// payments, doubled gateway callbacks and transfers to and from research groups for a few balances, all at once. 1 000 requests on PostgreSQL; PGlite
// is one connection (the twins share it), so it runs a third of them.
const SECRET = 'race-local-payment-secret-0123';
const onPg = inject('testDb').kind !== 'pglite';
const SCALE = onPg ? 1 : 0.3;
const key = () => randomUUID().replaceAll('-', '');

let twins: Awaited<ReturnType<typeof createTwinApps>>;
beforeAll(async () => {
  twins = await createTwinApps({ env: { PAYMENT_LOCAL_SECRET: SECRET } });
});
afterAll(async () => twins.close());

const notify = (t: TestApp, payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/open/pay/notify/local',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });

describe('money under concurrency across two instances (ADR 0050)', () => {
  // Hundreds of concurrent calls on one PGlite: ~5 s on a quiet machine, minutes at load 20; the limit lets a busy
  // machine make it slower, not red.
  it('pays, repeats, doubled callbacks and group transfers at once: the ledger sums to zero, no balance is negative, nothing lost or doubled', async () => {
    const { a, b } = twins;
    const pick = (i: number) => (i % 2 ? a : b);
    const gateway = createLocalGateway(SECRET);
    // Teachers: each also owns a research group its money moves in and out of during the storm.
    const customers = await Promise.all([0, 1, 2].map(() => orderingCustomer(a, undefined, 3)));
    const groupOf = new Map<number, number>();
    for (const c of customers) {
      const made = await callApi(a, 'clusterAdd', {
        token: c.tokens.token,
        body: { name: `并发课题组${key().slice(0, 8)}`, institution: '某大学' },
      });
      expect(made.body.code, made.body.msg).toBe(1);
      groupOf.set(c.id, made.body.data.id);
    }
    const ordersEach = Math.round(200 * SCALE);
    const topupsEach = Math.round(34 * SCALE);
    const transfersEach = Math.round(100 * SCALE);

    // Each customer: ¥2 000 credited first, then unpaid orders of ¥10–¥50 worth more than that in all.
    for (const c of customers) {
      const added = await callApi(a, 'prestoreAdd', {
        token: c.tokens.token,
        body: { method: 'online', gateway: 'local', amountFen: 200_000, idempotencyKey: key() },
      });
      expect(
        (await notify(a, new URLSearchParams({ ...gateway.signedCallback(added.body.data.topup.no, 200_000) }).toString())).statusCode,
      ).toBe(200);
    }
    const made = await a.db
      .insert(orders)
      .values(
        customers.flatMap((c, ci) =>
          Array.from({ length: ordersEach }, (_, i) => ({
            no: `RACE${ci}${String(i).padStart(5, '0')}${randomUUID().slice(0, 6)}`,
            userId: c.id,
            state: 'unpaid' as const,
            kind: 'enterprise' as const,
            delivery: 0 as const,
            totalFen: (1_000 + ((i * 37) % 40) * 100) as never,
          })),
        ),
      )
      .returning({ id: orders.id, userId: orders.userId, totalFen: orders.totalFen });

    // Top-ups to be paid during the storm: each callback posted twice, once to each instance.
    const pending: { no: string; amountFen: number }[] = [];
    for (const c of customers)
      for (let i = 0; i < topupsEach; i++) {
        const amountFen = 100_000 + i * 100;
        const r = await callApi(b, 'prestoreAdd', {
          token: c.tokens.token,
          body: { method: 'online', gateway: 'local', amountFen, idempotencyKey: key() },
        });
        pending.push({ no: r.body.data.topup.no, amountFen });
      }

    const tokenOf = new Map(customers.map((c) => [c.id, c.tokens.token]));
    const requests: Promise<{ kind: string; status: number; body: unknown; orderId?: number }>[] = [];
    made.forEach((o, i) => {
      const k = key();
      const body = { orderId: o.id, idempotencyKey: k };
      requests.push(
        callApi(pick(i), 'payOrder', { token: tokenOf.get(o.userId)!, body }).then((r) => ({
          kind: 'pay',
          status: r.status,
          body: r.body,
          orderId: o.id,
        })),
      );
      // A third of the payments are sent twice with the same key, to the other instance.
      if (i % 3 === 0)
        requests.push(
          callApi(pick(i + 1), 'payOrder', { token: tokenOf.get(o.userId)!, body }).then((r) => ({
            kind: 'repeat',
            status: r.status,
            body: r.body,
            orderId: o.id,
          })),
        );
    });
    pending.forEach((p, i) => {
      const payload = new URLSearchParams({ ...gateway.signedCallback(p.no, p.amountFen) }).toString();
      requests.push(notify(pick(i), payload).then((r) => ({ kind: 'callback', status: r.statusCode, body: r.body })));
      requests.push(notify(pick(i + 1), payload).then((r) => ({ kind: 'callback', status: r.statusCode, body: r.body })));
    });
    // Transfers between each teacher's balance and their group: ¥100 in, ¥60 out, alternating; a quarter sent twice.
    const transfers: Promise<{ userId: number; direction: 'in' | 'out'; key: string; status: number; repeat: boolean }>[] = [];
    customers.forEach((c) => {
      for (let i = 0; i < transfersEach; i++) {
        const direction = i % 2 ? ('out' as const) : ('in' as const);
        const body = { clusterId: groupOf.get(c.id)!, direction, amountFen: direction === 'in' ? 10_000 : 6_000, idempotencyKey: key() };
        const send = (t: TestApp, repeat: boolean) =>
          callApi(t, 'prestoreTransfer', { token: c.tokens.token, body }).then((r) => ({
            userId: c.id,
            direction,
            key: body.idempotencyKey,
            status: r.status,
            repeat,
          }));
        transfers.push(send(pick(i), false));
        if (i % 4 === 0) transfers.push(send(pick(i + 1), true));
      }
    });
    if (onPg) expect(requests.length + transfers.length).toBeGreaterThanOrEqual(1_000);
    const [results, moved] = await Promise.all([Promise.all(requests), Promise.all(transfers)]);
    expect(moved.filter((r) => r.status !== 200 && r.status !== 409)).toEqual([]);

    // Every answer is a success or a clear refusal: never a server error.
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(results.filter((r) => r.kind === 'callback' && r.status !== 200)).toEqual([]);
    const refused = results.filter((r) => r.kind !== 'callback' && r.status !== 200);
    for (const r of refused) expect([409]).toContain(r.status);

    // Each paid order has exactly one payment entry; each unpaid one none; each top-up credited once.
    const ids = made.map((o) => o.id);
    const payEntries = await a.db
      .select({ orderId: ledgerEntry.orderId, n: sql<number>`count(*)::int` })
      .from(ledgerEntry)
      .where(and(eq(ledgerEntry.kind, 'orderPay'), inArray(ledgerEntry.orderId, ids)))
      .groupBy(ledgerEntry.orderId);
    expect(payEntries.filter((e) => e.n !== 1)).toEqual([]);
    const states = await a.db.select({ id: orders.id, state: orders.state }).from(orders).where(inArray(orders.id, ids));
    const paid = new Set(payEntries.map((e) => e.orderId));
    for (const s of states) expect(s.state === 'awaitingSample').toBe(paid.has(s.id));
    // A repeat answered the first request's answer (or it was refused for the balance, as the first was).
    for (const r of results.filter((x) => x.kind === 'repeat' && x.status === 200)) expect(paid.has(r.orderId!)).toBe(true);
    const credited = await a.db
      .select({ topupId: ledgerEntry.topupId, n: sql<number>`count(*)::int` })
      .from(ledgerEntry)
      .innerJoin(topup, eq(topup.id, ledgerEntry.topupId))
      .where(
        and(
          eq(ledgerEntry.kind, 'topup'),
          inArray(
            topup.no,
            pending.map((p) => p.no),
          ),
        ),
      )
      .groupBy(ledgerEntry.topupId);
    expect(credited).toHaveLength(pending.length);
    expect(credited.filter((c) => c.n !== 1)).toEqual([]);

    // Each balance is what came in less what was paid; the ledger reconciles.
    for (const c of customers) {
      const came =
        200_000 +
        4_000 +
        pending
          .filter((_, i) => Math.floor(i / topupsEach) === customers.indexOf(c))
          .reduce((s, p) => s + p.amountFen + Math.floor(p.amountFen * 0.02), 0);
      const spent = made.filter((o) => o.userId === c.id && paid.has(o.id)).reduce((s, o) => s + (o.totalFen ?? 0), 0);
      // Each transfer that succeeded (once per key, a repeat answering the first) moved its amount once.
      const done = new Map(moved.filter((r) => r.userId === c.id && r.status === 200).map((r) => [r.key, r.direction]));
      const movedIn = [...done.values()].filter((d) => d === 'in').length * 10_000;
      const movedOut = [...done.values()].filter((d) => d === 'out').length * 6_000;
      const balance = (await callApi(b, 'prestoreInfo', { token: c.tokens.token })).body.data.balanceFen;
      expect(balance).toBe(came - spent - movedIn + movedOut);
      expect(balance).toBeGreaterThanOrEqual(0);
      const group = await callApi(a, 'clusterFunds', { token: c.tokens.token, body: { clusterId: groupOf.get(c.id)! } });
      expect(group.body.data.balanceFen).toBe(movedIn - movedOut);
    }
    const finance = (await staffTokens(a, 'finance')).token;
    const r = await callApi(a, 'adminLedgerReconcile', { token: finance });
    expect(r.body.data).toMatchObject({ ok: true, sumFen: 0, unbalanced: [], mismatched: [], negative: [] });
  }, 600_000);
});
