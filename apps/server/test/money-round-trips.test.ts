import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TestApp } from './create-test-app.ts';
import { callApi } from './factories.ts';
import { moneyTestApp, newKey, topUpOnline } from './money-factories.ts';
import { orderingCustomer, placeOrder } from './order-factories.ts';

// A payment's round trips to PostgreSQL (issue 22, ADR 0066): every statement a pay/order sends, counted at the
// driver, from the session look-up to COMMIT. PGlite has no round trips to count (one process), so PostgreSQL only.
const onPg = inject('testDb').kind !== 'pglite';

/** The statements the payment sends today; a change that adds one should say why here. */
const PAYMENT_STATEMENTS = [
  'the session look-up',
  'begin',
  'the idempotency key claimed',
  'the order locked with the customer as mover',
  "the order's money facts, read under the lock",
  'the balance moved with the entry and its lines',
  'the points setting',
  'the points earned (account and line)',
  "the order's state (compare-and-set)",
  "the customer's invitation (the inviter's rebates, ADR 0069)",
  "the customer's promoter (rebates)",
  'the batch: timeline, audit, message, paid-order item, the stored answer',
  'commit',
];

describe.skipIf(!onPg)('a payment in few round trips (ADR 0066)', () => {
  let t: TestApp;
  beforeAll(async () => void ({ t } = await moneyTestApp()));
  afterAll(async () => t.close());

  it(`pays an order in ${PAYMENT_STATEMENTS.length} statements, timeline, audit and message among them`, async () => {
    const firm = await orderingCustomer(t, undefined, 2);
    await topUpOnline(t, firm, 1_000_000);
    const orders = [await placeOrder(t, firm), await placeOrder(t, firm)];
    for (const o of orders) await t.db.execute(sql`update orders set state = 'unpaid' where id = ${o.id}`);
    const pay = (id: number) => callApi(t, 'payOrder', { token: firm.tokens.token, body: { orderId: id, idempotencyKey: newKey() } });
    // The first payment of a connection prepares its statements; the count is of a later one.
    expect((await pay(orders[0]!.id)).body.code).toBe(1);

    const sent: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const q = args[0] as string | { text?: string };
      sent.push((typeof q === 'string' ? q : (q.text ?? '')).replace(/\s+/g, ' ').trim());
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    let paid;
    try {
      paid = await pay(orders[1]!.id);
    } finally {
      pg.Client.prototype.query = query;
    }
    expect(paid.body.code, paid.body.msg).toBe(1);
    expect(sent, sent.map((s, i) => `${i + 1}: ${s.slice(0, 160)}`).join('\n')).toHaveLength(PAYMENT_STATEMENTS.length);
    const batch = sent.at(-2)!;
    for (const table of ['order_event', 'audit_log', 'message', 'paid_order_item', 'idempotency_key']) expect(batch).toContain(table);
    expect(sent.at(-1)).toBe('commit');
  });
});
