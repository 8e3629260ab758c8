import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_REVIEWED_FILE, NOT_FOUND_BY_NO } from '@yance/contracts/lab';
import { SELF_REVIEW } from '../src/modules/lab/result-file.service.ts';
import { auditLog, orderEvent, orderSample } from '../src/db/schema.ts';
import { domainEvents } from '../src/subscribers.ts';
import { modulePorts } from '../src/ports.ts';
import { createContext } from '../src/context.ts';
import { keepSamples } from '../src/modules/lab/sample-keep.service.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens, testClock, type TestClock } from './factories.ts';
import { orderBody, orderingCustomer, pickupAddress, planLine, reviewedFile, uploadResultFile } from './order-factories.ts';

let t: TestApp;
let clock: TestClock;
const DAY_MS = 86_400_000;
/** Puts the order's delivery `days` before the (fixed) clock, as if it had happened then. */
const deliveredDaysAgo = (orderId: number, days: number) =>
  t.db
    .update(orderEvent)
    .set({ at: new Date(clock.now().getTime() - days * DAY_MS) })
    .where(and(eq(orderEvent.orderId, orderId), eq(orderEvent.action, 'deliver')));
/** A kept sample's destroy day, relative to the (fixed) clock. */
const keptFor = (sampleId: number, ms: number) =>
  t.db
    .update(orderSample)
    .set({ keptUntil: new Date(clock.now().getTime() + ms) })
    .where(eq(orderSample.id, sampleId));
/** What the sample.keep job runs, with the app's clock and database. */
const runKeep = () =>
  keepSamples(
    createContext(t.db, { events: domainEvents(), ports: modulePorts(), clock: t.clock, log: { info: () => {} } } as unknown as Parameters<
      typeof createContext
    >[1]),
  );
const token: Record<'admin' | 'manager' | 'lab' | 'finance', string> = { admin: '', manager: '', lab: '', finance: '' };
beforeAll(async () => {
  clock = testClock();
  t = await createTestApp({ clock: clock.now });
  for (const role of ['admin', 'manager', 'lab', 'finance'] as const) token[role] = (await staffTokens(t, role)).token;
});
afterAll(async () => t.close());

type Customer = Awaited<ReturnType<typeof orderingCustomer>>;

/** A self-send order with two samples, the second asked back. */
async function twoSampleOrder(u: Customer) {
  const line = await planLine(t, u, 'd10001', 2);
  const body = orderBody([line], { returnAddressRid: (await pickupAddress(t, u)).address_rid });
  body.lines[0]!.samples = [
    { name: 'LFP-700', count: 1, form: 'powder', hazards: [], returnSample: false },
    { name: 'LFP-800', count: 1, form: 'powder', hazards: [], returnSample: true },
  ];
  const res = await callApi(t, 'orderAdd', { token: u.tokens.token, body });
  expect(res.body.code, res.body.msg).toBe(1);
  const detail = (await callApi(t, 'orderDetail', { token: u.tokens.token, body: { id: res.body.data.id } })).body.data;
  return detail;
}

const states = async (orderId: number) =>
  (await t.db.select().from(orderSample).where(eq(orderSample.orderId, orderId)).orderBy(asc(orderSample.id))).map((s) => s.state);
const events = async (orderId: number) =>
  (await t.db.select().from(orderEvent).where(eq(orderEvent.orderId, orderId)).orderBy(asc(orderEvent.id))).map((e) => e.action);
const move = (
  call: 'adminOrderStartTesting' | 'adminOrderDeliver' | 'adminOrderReceive',
  id: number,
  expect: 'received' | 'testing' | 'awaitingSample',
) => callApi(t, call, { token: token.lab, body: { id, expect } });

describe('sample states (ADR 0041)', () => {
  it('an enterprise order 待签约: its samples are not in 到样签收 and their check-in is refused, changing nothing', async () => {
    const firm = await orderingCustomer(t, undefined, 2);
    const o = await twoSampleOrder(firm);
    expect(o.state).toBe('contracting');
    // Sent early: the parcel is on its way, the contract is not signed.
    await callApi(t, 'samplingAdd', {
      token: firm.tokens.token,
      body: { orderId: o.id, type: 0, express_company: '顺丰速运', express_no: 'SF0000000001' },
    });
    const before = await states(o.id);
    const listed = (await callApi(t, 'adminSampleArrivals', { token: token.lab, query: { kw: o.no } })).body.data;
    expect(listed.total).toBe(0);
    const refused = await callApi(t, 'adminSampleCheckIn', { token: token.lab, body: { id: o.samples[0]!.id, expect: before[0]! } });
    expect(refused).toMatchObject({ status: 409, body: { msg: '订单当前为「待签约」，尚不能签收样品' } });
    expect(await states(o.id)).toEqual(before);
    expect(await events(o.id)).not.toContain('checkIn');
    // The "every sample" view still shows them, so the lab can find a parcel that came early.
    const all = (await callApi(t, 'adminSampleArrivals', { token: token.lab, query: { kw: o.no, all: 'true' } })).body.data;
    expect(all.list.map((a) => a.orderState)).toEqual(['contracting', 'contracting']);
  });

  it('self-send tracking → 运输中; check-in per sample, the last one receives the order; start, deliver keeps the unreturned one', async () => {
    const u = await orderingCustomer(t);
    const o = await twoSampleOrder(u);
    expect(o.samples.map((s) => s.tracking.state)).toEqual(['awaiting', 'awaiting']);
    const sent = await callApi(t, 'samplingAdd', {
      token: u.tokens.token,
      body: { orderId: o.id, type: 0, express_company: '顺丰速运', express_no: 'SF1234567890' },
    });
    expect(sent.body.code, sent.body.msg).toBe(1);
    expect(await states(o.id)).toEqual(['inTransit', 'inTransit']);
    const arrivals = (await callApi(t, 'adminSampleArrivals', { token: token.lab, query: { kw: o.no } })).body.data;
    expect(arrivals.list.map((a) => [a.no, a.state, a.express_no])).toEqual([
      [o.samples[1]!.no, 'inTransit', 'SF1234567890'],
      [o.samples[0]!.no, 'inTransit', 'SF1234567890'],
    ]);
    // Wrong role, stale state, a missing sample.
    expect(
      (await callApi(t, 'adminSampleCheckIn', { token: token.manager, body: { id: o.samples[0]!.id, expect: 'inTransit' } })).status,
    ).toBe(403);
    const stale = await callApi(t, 'adminSampleCheckIn', { token: token.lab, body: { id: o.samples[0]!.id, expect: 'awaiting' } });
    expect(stale).toMatchObject({ status: 409, body: { msg: '样品状态已变化（当前为「运输中」），请刷新后重试' } });
    expect((await callApi(t, 'adminSampleCheckIn', { token: token.lab, body: { id: 99999999, expect: 'inTransit' } })).status).toBe(404);
    const first = await callApi(t, 'adminSampleCheckIn', { token: token.lab, body: { id: o.samples[0]!.id, expect: 'inTransit' } });
    expect(first.body.data).toMatchObject({ state: 'signed', orderState: 'awaitingSample' });
    const again = await callApi(t, 'adminSampleCheckIn', { token: token.lab, body: { id: o.samples[0]!.id, expect: 'signed' } });
    expect(again).toMatchObject({ status: 409 });
    const last = await callApi(t, 'adminSampleCheckIn', { token: token.lab, body: { id: o.samples[1]!.id, expect: 'inTransit' } });
    expect(last.body.data).toMatchObject({ state: 'signed', orderState: 'received' });
    expect((await move('adminOrderStartTesting', o.id, 'received')).body.code).toBe(1);
    expect(await states(o.id)).toEqual(['testing', 'testing']);
    // The review gate: nothing reviewed → 409 and nothing moves.
    const refused = await move('adminOrderDeliver', o.id, 'testing');
    expect(refused).toMatchObject({ status: 409, body: { msg: NO_REVIEWED_FILE } });
    await reviewedFile(t, token.lab, o.id);
    expect((await move('adminOrderDeliver', o.id, 'testing')).body.data.state).toBe('delivered');
    // The one asked back waits to be returned (待退还), no longer 检测中 (ADR 0070).
    expect(await states(o.id)).toEqual(['kept', 'awaitingReturn']);
    // Return tracking: only a sample asked back.
    const notAsked = await callApi(t, 'adminSampleReturn', {
      token: token.lab,
      body: { id: o.samples[0]!.id, expect: 'kept', return_company: '顺丰速运', return_no: 'SF99' },
    });
    expect(notAsked).toMatchObject({ status: 409, body: { msg: '客户未要求退还该样品' } });
    const back = await callApi(t, 'adminSampleReturn', {
      token: token.lab,
      body: { id: o.samples[1]!.id, expect: 'awaitingReturn', return_company: '顺丰速运', return_no: 'SF5550001' },
    });
    expect(back.body.data).toMatchObject({ state: 'returned', return_no: 'SF5550001' });
    const mine = (await callApi(t, 'sampleList', { token: u.tokens.token, body: {} })).body.data;
    expect(mine.list.filter((s) => s.orderId === o.id).map((s) => [s.state, s.return_no])).toEqual([
      ['kept', ''],
      ['returned', 'SF5550001'],
    ]);
    expect(await events(o.id)).toEqual([
      'submit',
      'sampling',
      'sample.ship',
      'sample.checkIn',
      'sample.checkIn',
      'receive',
      'startTesting',
      'sample.test',
      'fileUpload',
      'fileApprove',
      'deliver',
      'sample.keep',
      'sample.holdForReturn',
      'sample.giveBack',
    ]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'sample'), eq(auditLog.objectId, String(o.samples[1]!.id))))
      .orderBy(asc(auditLog.id));
    expect(audit.map((a) => a.action)).toEqual(['sample.ship', 'sample.checkIn', 'sample.test', 'sample.holdForReturn', 'sample.giveBack']);
  });

  it('the order’s 确认收样 signs every sample still out; cancelling the self-send request puts them back to 待寄送', async () => {
    const u = await orderingCustomer(t);
    const o = await twoSampleOrder(u);
    const sent = await callApi(t, 'samplingAdd', {
      token: u.tokens.token,
      body: { orderId: o.id, type: 0, express_company: '中通', express_no: 'ZT1' },
    });
    await callApi(t, 'samplingCancel', { token: u.tokens.token, body: { id: sent.body.data.id } });
    expect(await states(o.id)).toEqual(['awaiting', 'awaiting']);
    expect((await move('adminOrderReceive', o.id, 'awaitingSample')).body.data.state).toBe('received');
    expect(await states(o.id)).toEqual(['signed', 'signed']);
  });
});

describe('test records and result files', () => {
  it('records per sample; files private: reviewed only, own order only, through the authenticated call', async () => {
    const u = await orderingCustomer(t);
    const other = await orderingCustomer(t);
    const o = await twoSampleOrder(u);
    const record = {
      sampleId: o.samples[0]!.id,
      instrument: 'Bruker D8 Advance',
      conditions: 'Cu Kα，10–80°，0.02°/步',
      operator: '李实验员',
      testedAt: '2026-11-22T09:00:00Z',
      note: '',
    };
    const early = await callApi(t, 'adminTestRecordAdd', { token: token.lab, body: record });
    expect(early).toMatchObject({ status: 409 });
    await move('adminOrderReceive', o.id, 'awaitingSample');
    expect((await callApi(t, 'adminTestRecordAdd', { token: token.manager, body: record })).status).toBe(403);
    const rec = await callApi(t, 'adminTestRecordAdd', { token: token.lab, body: record });
    expect(rec.body.data).toMatchObject({ sampleNo: o.samples[0]!.no, instrument: 'Bruker D8 Advance' });
    const seen = await callApi(t, 'orderTestRecord', { token: u.tokens.token, body: { id: o.id } });
    expect(seen.body.data.list.map((r) => r.operator)).toEqual(['李实验员']);
    expect((await callApi(t, 'orderTestRecord', { token: other.tokens.token, body: { id: o.id } })).status).toBe(404);

    const up = await uploadResultFile(
      t,
      token.lab,
      { orderId: String(o.id), sampleId: String(o.samples[0]!.id) },
      '10.00\t100\n',
      'LFP-700.xy',
    );
    expect(up.body.data).toMatchObject({ state: 'pending', sampleNo: o.samples[0]!.no, name: 'LFP-700.xy', size: 10 });
    expect((await uploadResultFile(t, token.manager, { orderId: String(o.id) })).status).toBe(403);
    const stranger = await uploadResultFile(t, token.lab, { orderId: String(o.id), sampleId: '99999999' });
    expect(stranger).toMatchObject({ status: 400, body: { msg: '[样品]不属于该订单' } });
    const get = (tok: string, id: number) => t.app.inject({ method: 'GET', url: `/api/auth/order/file?id=${id}`, headers: { token: tok } });
    // Pending: invisible to the customer, listed for the lab.
    expect((await get(u.tokens.token, up.body.data.id)).statusCode).toBe(404);
    expect((await callApi(t, 'orderDetail', { token: u.tokens.token, body: { id: o.id } })).body.data.files).toEqual([]);
    const reject = await callApi(t, 'adminResultReview', { token: token.lab, body: { id: up.body.data.id, approve: false } });
    expect(reject).toMatchObject({ status: 400, body: { msg: '[驳回原因]不能为空' } });
    // Four eyes (issue 21): the lab member who uploaded it may not pass it; a second person does.
    const own = await callApi(t, 'adminResultReview', { token: token.lab, body: { id: up.body.data.id, approve: true } });
    expect(own).toMatchObject({ status: 403, body: { msg: SELF_REVIEW } });
    const approved = await callApi(t, 'adminResultReview', { token: token.admin, body: { id: up.body.data.id, approve: true } });
    expect(approved.body.data).toMatchObject({ state: 'approved', reviewedBy: expect.stringContaining('') });
    const twice = await callApi(t, 'adminResultReview', {
      token: token.lab,
      body: { id: up.body.data.id, approve: false, reason: '重测' },
    });
    expect(twice).toMatchObject({ status: 409 });
    const detail = (await callApi(t, 'orderDetail', { token: u.tokens.token, body: { id: o.id } })).body.data;
    expect(detail.files).toEqual([
      expect.objectContaining({
        id: up.body.data.id,
        name: 'LFP-700.xy',
        size: 10,
        download: `/api/auth/order/file?id=${up.body.data.id}`,
      }),
    ]);
    expect(detail.testRecords).toHaveLength(1);
    const raw = await get(u.tokens.token, up.body.data.id);
    expect(raw.statusCode).toBe(200);
    expect(raw.body).toBe('10.00\t100\n');
    expect(raw.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(raw.headers['content-disposition']).toContain('attachment');
    expect(raw.headers['cache-control']).toContain('no-store');
    // Another customer, no token, a public URL guess: nothing.
    expect((await get(other.tokens.token, up.body.data.id)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/order/file?id=${up.body.data.id}` })).statusCode).toBe(401);
    const rejected = await uploadResultFile(t, token.lab, { orderId: String(o.id) }, 'x', 'bad.xy');
    await callApi(t, 'adminResultReview', {
      token: token.lab,
      body: { id: rejected.body.data.id, approve: false, reason: '扫描范围不对' },
    });
    expect((await get(u.tokens.token, rejected.body.data.id)).statusCode).toBe(404);
    const staffList = (await callApi(t, 'adminOrderDetail', { token: token.lab, query: { id: o.id } })).body.data.files;
    expect(staffList.map((f) => [f.state, f.rejectReason])).toEqual([
      ['approved', ''],
      ['rejected', '扫描范围不对'],
    ]);
  });
});

describe('price adjustment, retest, look-up', () => {
  it('lab or manager sets the final amount with a reason in received/testing; others refused', async () => {
    const u = await orderingCustomer(t);
    const o = await twoSampleOrder(u);
    const body = { id: o.id, final_fen: 20000, reason: '多测一个样品' };
    expect((await callApi(t, 'adminOrderAdjust', { token: token.lab, body })).status).toBe(409);
    await move('adminOrderReceive', o.id, 'awaitingSample');
    // Money moves: the route's own permission (order.adjust: lab and manager) refuses the rest before the body is read.
    expect(await callApi(t, 'adminOrderAdjust', { token: token.finance, body })).toMatchObject({ status: 403, body: { msg: '无权限' } });
    expect(await callApi(t, 'adminOrderAdjust', { token: token.finance, body: {} as typeof body })).toMatchObject({ status: 403 });
    const same = await callApi(t, 'adminOrderAdjust', { token: token.lab, body: { ...body, final_fen: o.total_fen! } });
    expect(same).toMatchObject({ status: 400 });
    const res = await callApi(t, 'adminOrderAdjust', { token: token.lab, body });
    expect(res.body.data).toMatchObject({ final_fen: 20000, adjustments: [{ amount_fen: 20000 - o.total_fen!, reason: '多测一个样品' }] });
    const down = await callApi(t, 'adminOrderAdjust', { token: token.manager, body: { ...body, final_fen: 15000, reason: '样品少' } });
    expect(down.body.data.adjustments.map((a) => a.amount_fen)).toEqual([20000 - o.total_fen!, -5000]);
    const mine = (await callApi(t, 'orderDetail', { token: u.tokens.token, body: { id: o.id } })).body.data;
    expect(mine.final_fen).toBe(15000);
    expect(mine.timeline.filter((e) => e.action === 'adjust').map((e) => e.label)).toEqual(['调整金额', '调整金额']);
  });

  it('a free retest within 15 days of delivery, once; past the 15th day refused (fixed clock, delivery moved back)', async () => {
    const u = await orderingCustomer(t);
    const o = await twoSampleOrder(u);
    const ask = (id = o.id) => callApi(t, 'orderRetest', { token: u.tokens.token, body: { id, reason: '峰位异常，请复测' } });
    expect(await ask()).toMatchObject({ status: 409 });
    await move('adminOrderReceive', o.id, 'awaitingSample');
    await move('adminOrderStartTesting', o.id, 'received');
    await reviewedFile(t, token.lab, o.id);
    await move('adminOrderDeliver', o.id, 'testing');
    await deliveredDaysAgo(o.id, 14);
    const ok = await ask();
    expect(ok.body.data.retest).toMatchObject({ reason: '峰位异常，请复测', canRequest: false });
    expect(await ask()).toMatchObject({ status: 409, body: { msg: '该订单已申请过免费复测' } });
    const late = await twoSampleOrder(u);
    await move('adminOrderReceive', late.id, 'awaitingSample');
    await move('adminOrderStartTesting', late.id, 'received');
    await reviewedFile(t, token.lab, late.id);
    await move('adminOrderDeliver', late.id, 'testing');
    await deliveredDaysAgo(late.id, 15.01);
    expect(await ask(late.id)).toMatchObject({ status: 409, body: { msg: '已超过交付后15天，不能申请免费复测' } });
    const other = await orderingCustomer(t);
    expect((await callApi(t, 'orderRetest', { token: other.tokens.token, body: { id: o.id, reason: 'x' } })).status).toBe(404);
  });

  it('order/query finds the caller’s own order or sample by number; anyone else’s is the same not found', async () => {
    const u = await orderingCustomer(t);
    const other = await orderingCustomer(t);
    const o = await twoSampleOrder(u);
    const q = (tok: string, no: string) => callApi(t, 'orderQuery', { token: tok, body: { no } });
    expect((await q(u.tokens.token, o.no)).body.data).toEqual({ orderId: o.id, orderNo: o.no, sampleId: null });
    expect((await q(u.tokens.token, o.samples[1]!.no.toLowerCase())).body.data).toEqual({
      orderId: o.id,
      orderNo: o.no,
      sampleId: o.samples[1]!.id,
    });
    for (const res of [
      await q(other.tokens.token, o.no),
      await q(other.tokens.token, o.samples[0]!.no),
      await q(u.tokens.token, 'YC00000000-0000'),
    ])
      expect(res).toMatchObject({ status: 404, body: { msg: NOT_FOUND_BY_NO } });
  });
});

describe('keep and destroy (the sample.keep job)', () => {
  it('notice a week before, destroyed after 3 months, once', async () => {
    const u = await orderingCustomer(t);
    const o = await twoSampleOrder(u);
    await move('adminOrderReceive', o.id, 'awaitingSample');
    await move('adminOrderStartTesting', o.id, 'received');
    await reviewedFile(t, token.lab, o.id);
    await move('adminOrderDeliver', o.id, 'testing');
    expect(await states(o.id)).toEqual(['kept', 'awaitingReturn']);
    const [kept] = await t.db.select().from(orderSample).where(eq(orderSample.id, o.samples[0]!.id));
    // Three calendar months after delivery.
    const months = (kept!.keptUntil!.getTime() - clock.now().getTime()) / DAY_MS;
    expect(months).toBeGreaterThanOrEqual(89);
    expect(months).toBeLessThanOrEqual(92);
    await keptFor(kept!.id, 8 * DAY_MS);
    await runKeep();
    expect((await events(o.id)).filter((e) => e === 'sample.destroyNotice')).toHaveLength(0);
    await keptFor(kept!.id, 6 * DAY_MS);
    await runKeep();
    await runKeep();
    expect((await events(o.id)).filter((e) => e === 'sample.destroyNotice')).toHaveLength(1);
    expect(await states(o.id)).toEqual(['kept', 'awaitingReturn']);
    await keptFor(kept!.id, -1000);
    await runKeep();
    await runKeep();
    expect(await states(o.id)).toEqual(['destroyed', 'awaitingReturn']);
    expect((await events(o.id)).filter((e) => e === 'sample.destroy')).toHaveLength(1);
    const mine = (await callApi(t, 'orderDetail', { token: u.tokens.token, body: { id: o.id } })).body.data;
    expect(mine.timeline.map((e) => e.label)).toContain('留样即将销毁提醒');
  });
});
