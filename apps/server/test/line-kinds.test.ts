// What a line needs depends on its kind (issue 21 "every promise kept", ADR 0070): a 数据分析 order has no samples,
// no delivery, no 寄样 and no pick-up; a 现场预约 item is booked, never ordered through the plan.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookInstead, NO_DELIVERY_NEEDED, noSamplesFor } from '@yance/contracts/line-kinds';
import { orderEvent, orders, planItem } from '../src/db/schema.ts';
import { device } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens } from './factories.ts';
import { DFT, ON_SITE, orderBody, orderingCustomer, planLine, transferOf, XRD } from './order-factories.ts';

let t: TestApp;
const token = { lab: '', finance: '' };
beforeAll(async () => {
  t = await createTestApp();
  token.lab = (await staffTokens(t, 'lab')).token;
  token.finance = (await staffTokens(t, 'finance')).token;
});
afterAll(async () => t.close());

type Customer = Awaited<ReturnType<typeof orderingCustomer>>;
const detailOf = async (u: Customer, id: number) => (await callApi(t, 'orderDetail', { token: u.tokens.token, body: { id } })).body.data;
const cartOf = async (u: Customer) => (await callApi(t, 'planList', { token: u.tokens.token })).body.data.cartNum;
const ordersOf = async (u: Customer) => (await t.db.select().from(orders).where(eq(orders.userId, u.id))).length;
/** A DFT line as the order page sends it: no sample form. */
const dftOnly = (planId: number) => ({ lines: [{ planId, samples: [] }], agreementVersion: 1 });

describe('数据分析 lines need no sample', () => {
  it('an order of DFT lines is created without samples or delivery and starts at once: no 寄样, no pick-up', async () => {
    const u = await orderingCustomer(t);
    const line = await planLine(t, u, DFT, 1);
    const res = await callApi(t, 'orderAdd', { token: u.tokens.token, body: dftOnly(line) });
    expect(res.body, res.body.msg).toMatchObject({ code: 1, data: { state: 'testing' } });
    const d = await detailOf(u, res.body.data.id);
    expect(d).toMatchObject({ delivery: null, sampleCount: 0, samples: [], next: [], returnAddress: null });
    expect(d.timeline.map((e) => [e.action, e.from, e.to])).toEqual([['submit', 'draft', 'testing']]);
    // The promise runs from the day the work started (no receipt to wait for).
    expect(d.lines[0]!.due_date).not.toBeNull();
    // No 寄样 or pick-up may be asked for it: the sampling table's gate refuses both.
    for (const type of [0, 1] as const) {
      const refused = await callApi(t, 'samplingAdd', {
        token: u.tokens.token,
        body: { orderId: d.id, type, express_company: '顺丰速运', express_no: 'SF1', date: '', time: '' },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toMatch(/^订单当前为「实验中」/);
    }
  });

  it('refuses a sample form on a DFT line, and a delivery for an order with nothing to send; nothing changes', async () => {
    const u = await orderingCustomer(t);
    const line = await planLine(t, u, DFT, 1);
    const withSample = await callApi(t, 'orderAdd', { token: u.tokens.token, body: orderBody([line]) });
    expect(withSample).toMatchObject({ status: 400, body: { msg: noSamplesFor('DFT计算') } });
    const pickUp = await callApi(t, 'orderAdd', { token: u.tokens.token, body: { ...dftOnly(line), delivery: 1 } });
    expect(pickUp).toMatchObject({ status: 400, body: { msg: NO_DELIVERY_NEEDED } });
    expect(await cartOf(u)).toBe(1);
    expect(await ordersOf(u)).toBe(0);
  });

  it('a mixed order asks samples and a delivery for the XRD line only', async () => {
    const u = await orderingCustomer(t);
    const dft = await planLine(t, u, DFT, 1);
    const xrd = await planLine(t, u, XRD, 1);
    const sample = { name: 'LFP', count: 1, form: 'powder' as const, hazards: [], returnSample: false };
    const lines = [
      { planId: dft, samples: [] },
      { planId: xrd, samples: [sample] },
    ];
    const noDelivery = await callApi(t, 'orderAdd', { token: u.tokens.token, body: { lines, agreementVersion: 1 } });
    expect(noDelivery).toMatchObject({ status: 400, body: { msg: '[送样方式]不能为空' } });
    const noXrdSample = await callApi(t, 'orderAdd', {
      token: u.tokens.token,
      body: { lines: [lines[0]!, { planId: xrd, samples: [] }], delivery: 1, agreementVersion: 1 },
    });
    expect(noXrdSample).toMatchObject({ status: 400, body: { msg: '[样品]请填写样品信息' } });
    const res = await callApi(t, 'orderAdd', { token: u.tokens.token, body: { lines, delivery: 1, agreementVersion: 1 } });
    expect(res.body.data.state).toBe('awaitingPickup');
    const d = await detailOf(u, res.body.data.id);
    expect(d.samples.map((s) => [s.name, s.lineId])).toEqual([['LFP', d.lines[1]!.id]]);
    expect(d.next).toEqual(['bookPickup']);
  });

  it('an enterprise’s DFT order, paid, starts at once and its notice says no sample is to be sent', async () => {
    const firm = await orderingCustomer(t, undefined, 2);
    const line = await planLine(t, firm, DFT, 1);
    const placed = await callApi(t, 'orderAdd', { token: firm.tokens.token, body: { lines: [{ planId: line, samples: [] }] } });
    expect(placed.body.data.state).toBe('contracting');
    const id = placed.body.data.id;
    // The contract's own steps are contract.test.ts's: here the order is taken as confirmed.
    await t.db.execute(sql`update orders set state = 'unpaid' where id = ${id}`);
    const paid = await callApi(t, 'adminOrderMarkPaid', {
      token: token.finance,
      body: { id, expect: 'unpaid', note: '银行回单', ...(await transferOf(t, id, 'HX2026112801')) },
    });
    expect(paid.body.data.state).toBe('testing');
    const messages = (await callApi(t, 'messageList', { token: firm.tokens.token, body: {} })).body.data.list;
    expect(messages.find((m) => m.orderId === id)?.content).toContain('本订单无需寄送样品，数据分析随即开始');
    expect(messages.some((m) => m.content.includes('请按订单寄送样品'))).toBe(false);
  });
});

describe('现场预约 items are booked, not ordered', () => {
  it('plan/add refuses one, and an old plan line of one is refused at ordering; nothing changes', async () => {
    const u = await orderingCustomer(t);
    const added = await callApi(t, 'planAdd', { token: u.tokens.token, body: { rid: ON_SITE, count: 2 } });
    expect(added).toMatchObject({ status: 400, body: { msg: bookInstead('扫描电镜上机') } });
    // A line put in the plan before this rule.
    const [sem] = await t.db.select({ id: device.id }).from(device).where(eq(device.rid, ON_SITE));
    const [old] = await t.db.insert(planItem).values({ userId: u.id, deviceId: sem!.id, choices: {}, count: 2 }).returning();
    const ordered = await callApi(t, 'orderAdd', {
      token: u.tokens.token,
      body: { lines: [{ planId: old!.id, samples: [] }], agreementVersion: 1 },
    });
    expect(ordered).toMatchObject({ status: 400, body: { msg: bookInstead('扫描电镜上机') } });
    expect(await cartOf(u)).toBe(1);
    expect(await ordersOf(u)).toBe(0);
    expect(await t.db.select().from(orderEvent).where(eq(orderEvent.actorId, u.id))).toEqual([]);
  });
});
