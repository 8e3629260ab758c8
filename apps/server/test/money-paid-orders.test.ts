import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device, deviceSearch, paidOrderItem } from '../src/db/schema.ts';
import { systemClock } from '../src/lib/clock.ts';
import { foldPaidOrders } from '../src/modules/catalog/index.ts';
import type { TestApp } from './create-test-app.ts';
import { callApi } from './factories.ts';
import { testRunner } from './job-helpers.ts';
import { moneyTestApp, newKey, topUpOnline } from './money-factories.ts';
import { orderingCustomer, placeOrder, XRD } from './order-factories.ts';

// 已下单 = the catalogue's base + the real orders paid (issue 21). Since ADR 0066 a payment only inserts a row per
// item (paid_order_item), which pages count at once; the catalog.paidOrders job folds them into the counters.
describe('已下单 counts paid orders without a hot row (ADR 0066)', () => {
  let t: TestApp;
  beforeAll(async () => void ({ t } = await moneyTestApp()));
  afterAll(async () => t.close());

  const shown = async () => (await callApi(t, 'deviceDetail', { query: { rid: XRD } })).body.data.order;
  const counters = async () => {
    const [d] = await t.db
      .select({ id: device.id, base: device.orderCount, paid: device.paidOrders, rank: deviceSearch.orderCount })
      .from(device)
      .innerJoin(deviceSearch, eq(deviceSearch.deviceId, device.id))
      .where(eq(device.rid, XRD));
    const [w] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paidOrderItem)
      .where(eq(paidOrderItem.deviceId, d!.id));
    return { ...d!, waiting: w!.n };
  };
  const fold = () => foldPaidOrders(testRunner(t, systemClock, {}).ctx);

  /** An enterprise customer with money and `n` unpaid orders of XRD. */
  async function unpaidOrders(n: number) {
    const firm = await orderingCustomer(t, undefined, 2);
    await topUpOnline(t, firm, 1_000_000);
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const o = await placeOrder(t, firm);
      await t.db.execute(sql`update orders set state = 'unpaid' where id = ${o.id}`);
      ids.push(o.id);
    }
    return { firm, ids };
  }
  const pay = (token: string, orderId: number, idempotencyKey = newKey()) =>
    callApi(t, 'payOrder', { token, body: { orderId, idempotencyKey } });

  it('shows a payment at once; the fold moves it into the counter and the search rank, once; a replay counts nothing', async () => {
    await fold();
    const before = await counters();
    const base = await shown();
    expect(base).toBe(before.base + before.paid);

    const { firm, ids } = await unpaidOrders(2);
    const key = newKey();
    expect((await pay(firm.tokens.token, ids[0]!, key)).body.code).toBe(1);
    // Shown at once, before any fold; nothing updated the item's row.
    expect(await shown()).toBe(base + 1);
    expect(await counters()).toMatchObject({ paid: before.paid, rank: before.rank, waiting: 1 });
    // The same payment again (its key) answers the first answer and counts nothing more.
    expect((await pay(firm.tokens.token, ids[0]!, key)).body.code).toBe(1);
    expect(await shown()).toBe(base + 1);

    expect(await fold()).toBe(1);
    expect(await counters()).toMatchObject({ paid: before.paid + 1, rank: before.base + before.paid + 1, waiting: 0 });
    expect(await shown()).toBe(base + 1);
    expect(await fold()).toBe(0);
    expect(await shown()).toBe(base + 1);

    // A second order of the same customer: one more.
    expect((await pay(firm.tokens.token, ids[1]!)).body.code).toBe(1);
    expect(await shown()).toBe(base + 2);
    await fold();
    expect(await counters()).toMatchObject({ paid: before.paid + 2, rank: before.base + before.paid + 2, waiting: 0 });
  });

  it('payments of the same item at once all count, none lost', async () => {
    await fold();
    const base = await shown();
    const customers = await Promise.all([0, 1, 2, 3, 4].map(() => unpaidOrders(2)));
    const paid = await Promise.all(customers.flatMap((c) => c.ids.map((id) => pay(c.firm.tokens.token, id))));
    expect(paid.map((r) => r.body.code)).toEqual(paid.map(() => 1));
    expect(await shown()).toBe(base + 10);
    expect(await fold()).toBe(10);
    expect(await shown()).toBe(base + 10);
    const after = await counters();
    expect(after.rank).toBe(after.base + after.paid);
  });
});
