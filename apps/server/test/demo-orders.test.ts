import { ORDER_ACTIONS } from '@yance/contracts/order-states';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_STAFF_PASSWORD } from '@yance/contracts/staff';
import { auditLog, orderEvent } from '../src/db/schema.ts';
import { DEMO_CUSTOMERS } from '../src/db/seed/demo-orders.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demoOrders: { password: DEMO_STAFF_PASSWORD } });
  await t.app.ready();
});
afterAll(async () => t.close());

const login = async (phone: string) => {
  const res = await callApi(t, 'login', { body: { account: phone, password: DEMO_STAFF_PASSWORD } });
  expect(res.body.code, res.body.msg).toBe(1);
  return res.body.data.token;
};

it('gives the demo student orders in several states, a draft and a plan, each with its true timeline', async () => {
  const token = await login(DEMO_CUSTOMERS[0]!.phone);
  const list = (await callApi(t, 'orderList', { token, body: {} })).body.data;
  expect(list.list.map((o) => o.state).sort()).toEqual([
    'awaitingPickup',
    'awaitingPickup',
    'awaitingSample',
    'cancelled',
    'draft',
    'testing',
    'testing',
    'unsettled',
  ]);
  // 全部 holds the draft too (ADR 0062): its count is the sum of the other tabs.
  expect(list.counts).toMatchObject({ all: 8, draft: 1, sampling: 3, testing: 2, settling: 1, cancelled: 1 });
  // The DFT calculation: nothing to send, its work started at once (ADR 0070).
  const dft = list.list.find((o) => o.items.includes('DFT计算'))!;
  expect(dft).toMatchObject({ state: 'testing', delivery: null, sampleCount: 0, next: [] });
  const settled = list.list.find((o) => o.state === 'unsettled')!;
  const detail = (await callApi(t, 'orderDetail', { token, body: { id: settled.id } })).body.data;
  // Sent by the student; received, tested, its XRD file uploaded and delivered by the lab, the file approved by a
  // second person (four eyes, ADR 0063); confirmed by the student.
  const lab = '实验员 李实验员';
  const reviewer = '管理员 系统管理员';
  expect(detail.timeline.map((e) => e.actor)).toEqual(['您', lab, lab, lab, lab, lab, reviewer, lab, lab, '您']);
  expect((await callApi(t, 'userInfo', { token })).body.data).toMatchObject({
    cartNum: 2,
    userInfo: { attested: true, attestationState: 'approved' },
  });
});

it('shows the console every sent demo order, the enterprise ones in their own states, with audit rows per move', async () => {
  const admin = (await staffTokens(t, 'admin')).token;
  const all = (await callApi(t, 'adminOrderList', { token: admin, query: { pageSize: 50 } })).body.data;
  expect(all.total).toBe(10);
  const firm = all.list
    .filter((o) => o.kind === 'enterprise')
    .map((o) => o.state)
    .sort();
  expect(firm).toEqual(['completed', 'contracting', 'unpaid']);
  // The completed one's sample, asked back, was returned to the customer's address (ADR 0070).
  const done = all.list.find((o) => o.kind === 'enterprise' && o.state === 'completed')!;
  const detail = (await callApi(t, 'adminOrderDetail', { token: admin, query: { id: done.id } })).body.data;
  expect(detail.samples.map((s) => s.tracking.state)).toEqual(['returned']);
  expect(detail.returnAddress?.address).toBe(DEMO_CUSTOMERS[1]!.profile.address);
  for (const o of all.list) {
    const events = await t.db.select().from(orderEvent).where(eq(orderEvent.orderId, o.id));
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, String(o.id)));
    // Every move of the order's state has its audit row (the lab's steps on samples and files have their own objects).
    const moves = events.filter((e) => (ORDER_ACTIONS as string[]).includes(e.action)).map((e) => `order.${e.action}`);
    const audited = audit.filter((a) => a.objectType === 'order' && moves.includes(a.action)).map((a) => a.action);
    expect(audited.sort()).toEqual(moves.sort());
  }
});

it('has the confirmed demo orders evaluated through the customer’s call, one with the manager’s reply (ADR 0048)', async () => {
  const pvdf = (await callApi(t, 'evaluatePublicList', { query: { rid: 'd10061' } })).body.data;
  expect(pvdf).toMatchObject({ total: 1, list: [{ stars: 5, account: '139****0001' }] });
  expect(pvdf.list[0]!.reply?.text).toContain('感谢您的认可');
  expect((await callApi(t, 'deviceDetail', { query: { rid: 'd10061' } })).body.data).toMatchObject({ rating_avg: 5, rating_count: 1 });
  const xrd = (await callApi(t, 'evaluatePublicList', { query: { rid: 'd10001' } })).body.data;
  expect(xrd).toMatchObject({ total: 1, list: [{ stars: 4, account: '139****0002', reply: null }] });
});

it('books two demo pick-ups in the coming days, one already with the lab’s collector, on the calendar', async () => {
  const lab = (await staffTokens(t, 'lab')).token;
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const to = new Date(Date.parse(`${today}T00:00:00Z`) + 20 * 86_400_000).toISOString().slice(0, 10);
  const res = await callApi(t, 'adminPickupList', { token: lab, query: { from: today, to } });
  const items = res.body.data.days.flatMap((d) => d.slots.flatMap((s) => s.list));
  expect(items.map((i) => [i.orderState, i.assignee?.name ?? null])).toEqual([
    ['awaitingPickup', '李实验员'],
    ['awaitingPickup', null],
  ]);
  const detail = (await callApi(t, 'adminOrderDetail', { token: lab, query: { id: items[0]!.orderId } })).body.data;
  expect(detail.timeline.map((e) => e.label)).toEqual(['提交订单', '提交取样信息', '安排上门取样']);
});

it('gives both demo customers their address as the default and two coupons to choose from at ordering, none used', async () => {
  for (const c of DEMO_CUSTOMERS) {
    const token = await login(c.phone);
    const { address } = (await callApi(t, 'userInfo', { token })).body.data;
    expect(address).toEqual([expect.objectContaining({ address: c.profile.address, address_code: c.profile.region, default: true })]);
    const coupons = (await callApi(t, 'couponList', { token, body: { tab: 'usable' } })).body.data;
    expect(coupons.list.map((x) => x.name).sort()).toEqual(['新客检测满减券', '表征测试九折券'].sort());
    expect(coupons.counts).toEqual({ usable: 2, used: 0, expired: 0 });
  }
});
