import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TestApp } from './create-test-app.ts';
import { callApi } from './factories.ts';
import { moneyTestApp, newKey, topUpOnline } from './money-factories.ts';
import { orderingCustomer, placeOrder } from './order-factories.ts';

// A payment's round trips to PostgreSQL (issue 22, ADR 0066): every statement a pay/order sends, counted at the
// driver, from BEGIN to COMMIT. PGlite has no round trips to count (one process), so PostgreSQL only.
const onPg = inject('testDb').kind !== 'pglite';

/** The statements the payment sends today, by round trip; a change that adds one should say why here. */
const PAYMENT_ROUND_TRIPS = [
  // No session look-up: after the token's first call its session is answered from the process's cache (ADR 0073).
  // ADR 0072: BEGIN is not waited for; the claim follows it on the wire, and the lock follows the claim. The facts
  // and the rule are behind the lock on the wire, so each reads with a snapshot taken after the lock was granted.
  [
    'begin',
    'the idempotency key claimed',
    'the order locked with the customer as mover',
    "the order's money facts, read under the lock",
    'the points setting',
  ],
  // ADR 0082: the state's compare-and-set goes right behind the posting (the engine's pipelined apply).
  ['the balance moved with the entry and its lines', 'the points earned (account and line)', "the order's state (compare-and-set)"],
  // The customer's inviter (rebates, invite reward) is read on their first payment only: invited by nobody, no more.
  ['the batch: timeline, audit, message, paid-order item, the stored answer', 'commit'],
];
const PAYMENT_STATEMENTS = PAYMENT_ROUND_TRIPS.flat();

/** What a statement writes and reads, table by table in order: how the server's and the bench's texts compare. */
const tablesOf = (text: string): string[] =>
  [...text.matchAll(/\b(insert into|update|from|join)\s+"?(\w+)"?/gi)].map((m) => `${m[1]!.toLowerCase()} ${m[2]!}`);

/** The bench's payment SQL alone (ADR 0084): the statements of its pipeline, in order. */
const benchStatements = (): string[] => {
  const script = readFileSync(new URL('../../../scripts/bench/pay-sql.pgbench', import.meta.url), 'utf8');
  return script
    .slice(script.indexOf('\\startpipeline'), script.indexOf('\\endpipeline'))
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('\\') && !l.startsWith('--'))
    .map((l) => l.replace(/;\s*$/, ''));
};

/** Whether node-postgres has a statement of this connection sent and not yet answered (or queued). */
const unanswered = (client: pg.Client): boolean => {
  const c = client as unknown as { _queryQueue: unknown[]; _sentQueryQueue?: unknown[]; _activeQuery: unknown };
  return c._queryQueue.length + (c._sentQueryQueue?.length ?? 0) > 0 || Boolean(c._activeQuery);
};

describe.skipIf(!onPg)('a payment in few round trips (ADR 0066)', () => {
  let t: TestApp;
  beforeAll(async () => void ({ t } = await moneyTestApp()));
  afterAll(async () => t.close());

  it(`pays an order in ${PAYMENT_STATEMENTS.length} statements and ${PAYMENT_ROUND_TRIPS.length} round trips, timeline, audit and message among them`, async () => {
    const firm = await orderingCustomer(t, undefined, 2);
    await topUpOnline(t, firm, 1_000_000);
    const orders = [await placeOrder(t, firm), await placeOrder(t, firm)];
    for (const o of orders) await t.db.execute(sql`update orders set state = 'unpaid' where id = ${o.id}`);
    const pay = (id: number) => callApi(t, 'payOrder', { token: firm.tokens.token, body: { orderId: id, idempotencyKey: newKey() } });
    // The first payment of a connection prepares its statements and reads who invited the customer; the count is of
    // a later one.
    expect((await pay(orders[0]!.id)).body.code).toBe(1);

    const sent: string[] = [];
    const waits: boolean[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const q = args[0] as string | { text?: string };
      sent.push((typeof q === 'string' ? q : (q.text ?? '')).replace(/\s+/g, ' ').trim());
      // A statement sent while another is unanswered on the connection shares its round trip (pipeline, ADR 0072).
      waits.push(!unanswered(this));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    let paid;
    try {
      paid = await pay(orders[1]!.id);
    } finally {
      pg.Client.prototype.query = query;
    }
    expect(paid.body.code, paid.body.msg).toBe(1);
    const listing = sent.map((s, i) => `${i + 1}${waits[i] ? '' : ' (pipelined)'}: ${s.slice(0, 160)}`).join('\n');
    expect(sent, listing).toHaveLength(PAYMENT_STATEMENTS.length);
    // Round trips: a statement that waited for nothing before it starts one.
    expect(waits.filter(Boolean), listing).toHaveLength(PAYMENT_ROUND_TRIPS.length);
    expect(waits, listing).toEqual(PAYMENT_ROUND_TRIPS.flatMap((trip) => trip.map((_, i) => i === 0)));
    const batch = sent.at(-2)!;
    for (const table of ['order_event', 'audit_log', 'message', 'paid_order_item', 'idempotency_key']) expect(batch).toContain(table);
    expect(sent.at(-1)).toBe('commit');
    // The bench measures the same statements without the server (scripts/bench/pay-sql.pgbench): same count, and each
    // writes and reads the same tables in the same order.
    const bench = benchStatements();
    expect(bench.map(tablesOf), bench.join('\n')).toEqual(sent.map(tablesOf));
  });
});
