import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '@yance/contracts/user';
import { REGION_NOT_OPEN, SLOT_STARTED } from '@yance/contracts/sampling-rules';
import { LOCAL_INFO } from '../src/db/seed/settings.ts';
import { auditLog, orderEvent, samplingRequest } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens, testClock, type TestUser } from './factories.ts';
import { orderingCustomer, pickupAddress, placeOrder } from './order-factories.ts';

// 2026-11-22 16:00 in China: a Sunday (disabled_week [0] in the seeded samplingSetting).
const clock = testClock(new Date('2026-11-22T08:00:00Z'));
let t: TestApp;
let user: TestUser & { id: number };
let book: Address;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  user = await orderingCustomer(t, clock);
  book = await pickupAddress(t, user);
});
afterAll(async () => t.close());

const MONDAY = '2026-11-23';
const pickup = (orderId: number, over: Record<string, unknown> = {}) => ({
  orderId,
  type: 1,
  date: MONDAY,
  time: '09:00-11:00',
  name: '张同学',
  phone: '13800000001',
  address_rid: book.address_rid,
  message: '请提前电话联系',
  ...over,
});
const place = { province: '北京市', city: '北京市', area: '朝阳区', address: '望京街1号', address_code: '110105' };
const newPlace = { address_rid: '', province: '北京市', city: '北京市', area: '朝阳区', address: '望京街1号', address_code: '110105' };
const add = (u: TestUser, body: Record<string, unknown>) => callApi(t, 'samplingAdd', { token: u.tokens.token, body: body as never });
const requestsOf = (orderId: number) => t.db.select().from(samplingRequest).where(eq(samplingRequest.orderId, orderId));

describe('sampling/add, pick-up: every rule of spec §5 with its message, nothing written', () => {
  let orderId: number;
  beforeAll(async () => {
    orderId = (await placeOrder(t, user, { delivery: 1 })).id;
  });

  it.each([
    [{ name: '', address_rid: '' }, '[姓名]不能为空'],
    [{ name: '', phone: '', ...newPlace }, '[姓名]不能为空'],
    [{ phone: '', ...newPlace }, '[手机]不能为空'],
    [{ ...newPlace, address_code: '' }, '[取样地址]不能为空'],
    [{ ...newPlace, address: '' }, '[详细地址]不能为空'],
    [{ date: '' }, '[取样日期]不能为空'],
    [{ time: '' }, '[取样时间]不能为空'],
    [{ date: '2026-11-21' }, '[取样日期]不可预约，请选择其他日期'],
    [{ date: '2026-11-22' }, '[取样日期]不可预约，请选择其他日期'],
    [{ date: '2026-11-29' }, '[取样日期]不可预约，请选择其他日期'],
    [{ date: '2026-12-31' }, '[取样日期]不可预约，请选择其他日期'],
    [{ date: '2027-05-24' }, '[取样日期]不可预约，请选择其他日期'],
    [{ date: '2026-12-24', time: '16:00-18:00' }, '[取样时间]不可预约，请选择其他时段'],
    [{ time: '08:00-09:00' }, '[取样时间]不可预约，请选择其他时段'],
    [{ ...newPlace, address_code: '120101', city: '天津市', area: '和平区' }, REGION_NOT_OPEN],
    [{ phone: '1380000' }, '[手机]格式不正确'],
  ])('%o → %s', async (over, msg) => {
    const res = await add(user, pickup(orderId, over));
    expect(res).toMatchObject({ status: 400, body: { msg } });
    expect(await requestsOf(orderId)).toHaveLength(0);
  });

  it('a saved address outside allowRegion gets the tooltip text', async () => {
    const far = await callApi(t, 'addressAdd', {
      token: user.tokens.token,
      body: {
        ...place,
        default: false,
        name: '张同学',
        phone: '13800000001',
        area: '和平区',
        city: '天津市',
        province: '天津市',
        address_code: '120101',
      },
    });
    const res = await add(user, pickup(orderId, { address_rid: far.body.data.address_rid }));
    expect(res.body.msg).toBe(REGION_NOT_OPEN);
  });

  it('another customer’s address is as unknown as a missing one', async () => {
    const other = await orderingCustomer(t, clock);
    const theirs = await callApi(t, 'addressAdd', {
      token: other.tokens.token,
      body: { ...place, name: '李四', phone: '13800000002', default: true },
    });
    const res = await add(user, pickup(orderId, { address_rid: theirs.body.data.address_rid }));
    expect(res).toMatchObject({ status: 404, body: { msg: '地址不存在' } });
  });

  it('the invalid_disabled_date re-opens a Sunday; one active request per order; cancel then send again', async () => {
    const first = await add(user, pickup(orderId, { date: '2027-02-07', time: '14:00-16:00' }));
    expect(first.body, first.body.msg).toMatchObject({
      code: 1,
      msg: '提交成功!',
      data: { type: 1, state: 'active', date: '2027-02-07', area: '海淀区', address_code: '110108', cancellable: true },
    });
    const again = await add(user, pickup(orderId));
    expect(again).toMatchObject({ status: 409, body: { msg: '该订单已有取样申请，请先取消再重新提交' } });

    const cancelled = await callApi(t, 'samplingCancel', { token: user.tokens.token, body: { id: first.body.data.id } });
    expect(cancelled.body).toMatchObject({ code: 1, data: { state: 'cancelled', cancellable: false } });
    const twice = await callApi(t, 'samplingCancel', { token: user.tokens.token, body: { id: first.body.data.id } });
    expect(twice.status).toBe(409);

    const fresh = await add(user, pickup(orderId, newPlace));
    expect(fresh.body, fresh.body.msg).toMatchObject({ code: 1, data: { area: '朝阳区', address: '望京街1号', address_rid: '' } });

    const list = (await callApi(t, 'samplingList', { token: user.tokens.token, body: { orderId } })).body.data;
    expect(list.list.map((r) => r.state)).toEqual(['active', 'cancelled']);
    expect(list.labAddress).toBe(LOCAL_INFO.express);

    const events = await t.db.select().from(orderEvent).where(eq(orderEvent.orderId, orderId)).orderBy(asc(orderEvent.id));
    expect(events.map((e) => [e.action, e.fromState, e.toState])).toEqual([
      ['submit', 'draft', 'awaitingPickup'],
      ['sampling', 'awaitingPickup', 'awaitingPickup'],
      ['samplingCancel', 'awaitingPickup', 'awaitingPickup'],
      ['sampling', 'awaitingPickup', 'awaitingPickup'],
    ]);
    expect(events[1]!.note).toBe('2027-02-07 14:00-16:00 北京市海淀区学院路1号');
    const detail = (await callApi(t, 'orderDetail', { token: user.tokens.token, body: { id: orderId } })).body.data;
    expect(detail.timeline.slice(1).map((e) => [e.label, e.actor])).toEqual([
      ['提交取样信息', '您'],
      ['取消取样信息', '您'],
      ['提交取样信息', '您'],
    ]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'sampling'), eq(auditLog.actorId, user.id)))
      .orderBy(asc(auditLog.id));
    expect(audit.map((a) => a.action)).toEqual(['sampling.book', 'sampling.cancel', 'sampling.book']);
  });

  it('after the lab receives, the request cannot be cancelled (409) and no new one is taken', async () => {
    const [active] = (await requestsOf(orderId)).filter((r) => r.state === 'active');
    const lab = (await staffTokens(t, 'lab')).token;
    const received = await callApi(t, 'adminOrderReceive', { token: lab, body: { id: orderId, expect: 'awaitingPickup' } });
    expect(received.body.code, received.body.msg).toBe(1);
    const res = await callApi(t, 'samplingCancel', { token: user.tokens.token, body: { id: active!.id } });
    expect(res).toMatchObject({ status: 409, body: { msg: '实验室已收样，无法取消取样申请' } });
    const list = (await callApi(t, 'samplingList', { token: user.tokens.token, body: { orderId } })).body.data;
    expect(list.list[0]).toMatchObject({ state: 'active', cancellable: false });
    expect((await add(user, pickup(orderId))).status).toBe(409);
  });
});

describe('sampling/add, self-send', () => {
  it('needs courier and number; a pick-up request on a self-send order is 409', async () => {
    const { id: orderId } = await placeOrder(t, user, { delivery: 0 });
    const body = { orderId, type: 0, express_company: '', express_no: '' };
    expect((await add(user, body)).body.msg).toBe('[快递公司]不能为空');
    expect((await add(user, { ...body, express_company: '顺丰速运' })).body.msg).toBe('[快递单号]不能为空');
    const wrong = await add(user, pickup(orderId));
    expect(wrong).toMatchObject({ status: 409, body: { msg: '订单当前为「待寄样」，不能预约上门取样' } });
    const ok = await add(user, { ...body, express_company: '顺丰速运', express_no: 'SF1234567890' });
    expect(ok.body, ok.body.msg).toMatchObject({ code: 1, data: { type: 0, express_company: '顺丰速运', express_no: 'SF1234567890' } });
  });
});

describe('reach', () => {
  it('another customer’s order and request answer 404 like missing ones', async () => {
    const { id: orderId } = await placeOrder(t, user, { delivery: 1 });
    const mine = await add(user, pickup(orderId));
    expect(mine.body.code, mine.body.msg).toBe(1);
    const other = await orderingCustomer(t, clock);
    expect(await add(other, pickup(orderId, newPlace))).toMatchObject({ status: 404, body: { msg: '订单不存在' } });
    expect((await callApi(t, 'samplingList', { token: other.tokens.token, body: { orderId } })).status).toBe(404);
    const cancel = await callApi(t, 'samplingCancel', { token: other.tokens.token, body: { id: mine.body.data.id } });
    expect(cancel).toMatchObject({ status: 404, body: { msg: '取样申请不存在' } });
    expect((await add(user, pickup(999_999))).status).toBe(404);
  });
});

// Last in this file: it moves the shared clock to Monday morning.
describe('sampling/add, a slot of today that has begun (issue 21)', () => {
  it('at 09:12 the 09:00-11:00 slot is refused in Chinese and nothing is written; a later slot is taken', async () => {
    clock.advance(17 * 3600 + 12 * 60); // 2026-11-23 09:12 in China
    const early = await orderingCustomer(t, clock);
    const orderId = (await placeOrder(t, early, { delivery: 1 })).id;
    const res = await add(early, pickup(orderId, newPlace));
    expect(res).toMatchObject({ status: 400, body: { msg: SLOT_STARTED } });
    expect(await requestsOf(orderId)).toHaveLength(0);
    expect((await add(early, pickup(orderId, { ...newPlace, time: '14:00-16:00' }))).status).toBe(200);
  });
});
