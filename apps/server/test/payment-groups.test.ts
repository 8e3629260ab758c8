import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ledgerEntry, orderEvent, orders } from '../src/db/schema.ts';
import type { PayResult } from '@yance/contracts/prestore';
import { GROUPS_IN_FLIGHT } from '../src/modules/payment/payment-group.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens, type TestUser } from './factories.ts';
import { balance, LOCAL_PAY_SECRET, newKey, reconcile, topUpOnline } from './money-factories.ts';
import { orderingCustomer, placeOrder } from './order-factories.ts';

// pay/order's calls grouped (ADR 0085): the calls that arrive while the groups in flight run are paid together in
// one transaction, each as it would be alone; a group with a refused payment rolls back and each of its calls runs
// alone, so every answer is the one it would have had alone.
const info = inject('testDb');
const TOKEN = 'payment-groups-metrics-token-0123';

type Customer = TestUser & { id: number };

let t: TestApp;
let finance: string;
beforeAll(async () => {
  t = await createTestApp({ env: { PAYMENT_LOCAL_SECRET: LOCAL_PAY_SECRET, METRICS_TOKEN: TOKEN } });
  finance = (await staffTokens(t, 'finance')).token;
});
afterAll(async () => t.close());

/** One series of GET /metrics (0 when absent). */
async function metric(series: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  const line = res.body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

/** An enterprise customer with `count` orders in 待付款 and `topUpFen` in the balance (none when 0). */
async function customerWithOrders(count: number, topUpFen: number): Promise<{ c: Customer; orderIds: number[]; start: number }> {
  const c = await orderingCustomer(t, undefined, 2);
  if (topUpFen) await topUpOnline(t, c, topUpFen);
  const orderIds: number[] = [];
  for (let i = 0; i < count; i++) orderIds.push((await placeOrder(t, c)).id);
  await t.db.update(orders).set({ state: 'unpaid' }).where(inArray(orders.id, orderIds));
  // What the top-up credited (a top-up may carry a bonus).
  return { c, orderIds, start: await balance(t, c) };
}

const pay = (c: TestUser, orderId: number, idempotencyKey = newKey()) =>
  callApi(t, 'payOrder', { token: c.tokens.token, body: { orderId, idempotencyKey } });

/** The n of a `select count(*)::int as n …`. */
const count = async (query: SQL) => rowsOf<{ n: number }>(await t.db.execute(query))[0]!.n;

const stateOf = async (id: number) => (await t.db.select({ s: orders.state }).from(orders).where(eq(orders.id, id)))[0]!.s;

/** The order's 付款 entries in the ledger and its 付款 timeline entries. */
async function paidTimes(id: number): Promise<{ entries: number; events: number }> {
  const entries = await t.db
    .select({ id: ledgerEntry.id })
    .from(ledgerEntry)
    .where(and(eq(ledgerEntry.orderId, id), eq(ledgerEntry.kind, 'orderPay')));
  const events = await t.db
    .select({ id: orderEvent.id })
    .from(orderEvent)
    .where(and(eq(orderEvent.orderId, id), eq(orderEvent.action, 'pay')));
  return { entries: entries.length, events: events.length };
}

/**
 * On PostgreSQL, the first GROUPS_IN_FLIGHT calls are held at their orders' row locks (another connection holds
 * them) until every other call waits for a group: then the groups are certain to form. PGlite is one connection that
 * a held lock would stop for everyone (the calls' own sign-in reads too): there the calls just go at once, and
 * whether they meet in a group is up to timing, so only their answers and rows are checked.
 */
async function heldBack<T>(held: number[], first: () => Promise<T>[], rest: () => Promise<T>[], restCount: number): Promise<T[]> {
  if (info.kind === 'pglite') return Promise.all([...first(), ...rest()]);
  const until = async (done: () => Promise<boolean>) => {
    while (!(await done())) await new Promise((r) => setImmediate(r));
  };
  let calls: Promise<T>[] = [];
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`select id from orders where id in ${held} for update`);
    const firsts = first();
    await until(
      async () =>
        (await count(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        )) >= held.length,
    );
    const rests = rest();
    await until(async () => (await metric('yance_payments_waiting')) >= restCount);
    calls = [...firsts, ...rests];
  });
  return Promise.all(calls);
}

describe('pay/order calls grouped (ADR 0085)', () => {
  it('calls that arrive together are paid in one transaction, each answered and written as it would be alone', async () => {
    const customers = await Promise.all(Array.from({ length: 8 }, () => customerWithOrders(2, 1_000_000)));
    const groupsBefore = await metric('yance_payment_groups_total{outcome="committed"}');
    const groupedBefore = await metric('yance_grouped_payments_total{outcome="committed"}');
    // Each customer's first order, then their second: a customer's second call waits for their first.
    const calls = [0, 1].flatMap((k) => customers.map(({ c, orderIds }) => ({ c, orderId: orderIds[k]! })));
    const first = calls.slice(0, GROUPS_IN_FLIGHT);
    const rest = calls.slice(GROUPS_IN_FLIGHT);
    const answers = await heldBack(
      first.map((x) => x.orderId),
      () => first.map((x) => pay(x.c, x.orderId)),
      () => rest.map((x) => pay(x.c, x.orderId)),
      rest.length,
    );
    for (const a of answers) expect(a.body.code, a.body.msg).toBe(1);
    if (info.kind !== 'pglite') {
      expect(await metric('yance_payment_groups_total{outcome="committed"}')).toBeGreaterThan(groupsBefore);
      expect(await metric('yance_grouped_payments_total{outcome="committed"}')).toBeGreaterThanOrEqual(groupedBefore + 2);
    }

    for (const { c, orderIds, start } of customers) {
      const [a, b] = answers.filter((_, i) => calls[i]!.c === c).map((x) => x.body.data) as [PayResult, PayResult];
      const paid = a.paidFen + b.paidFen;
      expect(a.paidFen).toBeGreaterThan(0);
      expect(await balance(t, c)).toBe(start - paid);
      // Each answer names the balance after its own payment: the one paid second names the final balance.
      const [earlier, later] = a.balanceFen > b.balanceFen ? [a, b] : [b, a];
      expect([earlier.balanceFen, later.balanceFen]).toEqual([start - earlier.paidFen, start - paid]);
      for (const id of orderIds) {
        expect(await stateOf(id)).toBe('awaitingSample');
        expect(await paidTimes(id)).toEqual({ entries: 1, events: 1 });
      }
    }
    expect((await reconcile(t, finance)).ok).toBe(true);
  });

  it('a refused payment in a group is answered as alone, and the others are paid; the refused ones change nothing', async () => {
    const good = await Promise.all(Array.from({ length: 6 }, () => customerWithOrders(1, 1_000_000)));
    const poor = await customerWithOrders(1, 0);
    const stranger = await customerWithOrders(1, 1_000_000);
    const brokenBefore = await metric('yance_payment_groups_total{outcome="broken"}');
    const first = good.slice(0, GROUPS_IN_FLIGHT);
    const later = good.slice(GROUPS_IN_FLIGHT);
    const answers = await heldBack(
      first.map((g) => g.orderIds[0]!),
      () => first.map((g) => pay(g.c, g.orderIds[0]!)),
      () => [
        pay(poor.c, poor.orderIds[0]!),
        ...later.map((g) => pay(g.c, g.orderIds[0]!)),
        // Another customer's order: 404, as alone.
        pay(stranger.c, good[0]!.orderIds[0]!),
      ],
      later.length + 2,
    );
    const [poorAnswer, ...others] = answers.slice(GROUPS_IN_FLIGHT);
    const strangerAnswer = others.pop()!;
    for (const a of [...answers.slice(0, GROUPS_IN_FLIGHT), ...others]) expect(a.body.code, a.body.msg).toBe(1);
    expect(poorAnswer).toMatchObject({ status: 409, body: { msg: '预存余额不足，请先充值' } });
    expect(strangerAnswer).toMatchObject({ status: 404, body: { msg: '订单不存在' } });
    if (info.kind !== 'pglite') expect(await metric('yance_payment_groups_total{outcome="broken"}')).toBeGreaterThan(brokenBefore);

    for (const g of good) {
      expect(await stateOf(g.orderIds[0]!)).toBe('awaitingSample');
      expect(await paidTimes(g.orderIds[0]!)).toEqual({ entries: 1, events: 1 });
    }
    expect(await stateOf(poor.orderIds[0]!)).toBe('unpaid');
    expect(await paidTimes(poor.orderIds[0]!)).toEqual({ entries: 0, events: 0 });
    expect(await balance(t, poor.c)).toBe(0);
    expect(await balance(t, stranger.c)).toBe(stranger.start);
    expect((await reconcile(t, finance)).ok).toBe(true);
  });

  it('a double click — the same key twice at once — pays once and answers both alike', async () => {
    const { c, orderIds } = await customerWithOrders(1, 1_000_000);
    const key = newKey();
    const [a, b] = await Promise.all([pay(c, orderIds[0]!, key), pay(c, orderIds[0]!, key)]);
    expect(a!.body.code, a!.body.msg).toBe(1);
    expect(b!.body).toEqual(a!.body);
    expect(await paidTimes(orderIds[0]!)).toEqual({ entries: 1, events: 1 });
    expect(await count(sql`select count(*)::int as n from idempotency_key where key = ${key}`)).toBe(1);
  });
});
