import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingState } from '@yance/contracts/booking-states';
import { BOOKING_CLOSED, BOOKING_SCHEDULE_DEFAULTS, SLOT_TAKEN } from '@yance/contracts/booking-rules';
import { auditLog, booking, bookingEvent, bookingSlot, device } from '../src/db/schema.ts';
import { ATTESTATION_NEEDED } from '../src/modules/order/order-api.service.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, createUser, staffTokens, testClock, type TestUser } from './factories.ts';
import { customItem, offShelf, orderingCustomer, XRD } from './order-factories.ts';

// 2026-11-22 16:00 in China, a Sunday: the seeded instruments are closed on Sundays, open Monday to Friday 09:00–18:00.
const clock = testClock(new Date('2026-11-22T08:00:00Z'));
const MONDAY = '2026-11-23';
const SEM = 'd20001'; // ¥400 an hour, also open Saturday 09:00–12:00
const TEM = 'd20002'; // ¥1000 an hour
let t: TestApp;
let alice: TestUser & { id: number };
let bob: TestUser & { id: number };
const staff = { lab: '', manager: '', admin: '' };
beforeAll(async () => {
  t = await createTestApp({
    clock: clock.now,
    env: { LOG_LEVEL: process.env.BOOKING_LOG ?? 'silent', ACCESS_TOKEN_TTL: String(40 * 86400) },
  });
  alice = await orderingCustomer(t, clock);
  bob = await orderingCustomer(t, clock);
  for (const role of ['lab', 'manager', 'admin'] as const) staff[role] = (await staffTokens(t, role)).token;
});
afterAll(async () => t.close());

const wish = (over: Record<string, unknown> = {}) => ({ rid: SEM, date: MONDAY, start: '09:00', minutes: 90, remark: '', ...over });
const add = (u: TestUser, body: Record<string, unknown>) => callApi(t, 'reservationAdd', { token: u.tokens.token, body: body as never });
const bookingsOf = (userId: number) => t.db.select().from(booking).where(eq(booking.userId, userId)).orderBy(asc(booking.id));
type Move = 'adminReservationCheckIn' | 'adminReservationComplete' | 'adminReservationNoShow' | 'adminReservationCancel';
const move = (call: Move, who: keyof typeof staff, id: number, expect: BookingState) =>
  callApi(t, call, { token: staff[who], body: { id, expect } });

describe('web/reservation/day (open)', () => {
  it('lists the bookable days (open weekdays within 14 days) and the first one’s half-hour slots', async () => {
    const res = await callApi(t, 'reservationDay', { query: { rid: SEM } });
    expect(res.status).toBe(200);
    const day = res.body.data;
    expect(day.date).toBe(MONDAY);
    expect(day.dates[0]).toBe(MONDAY);
    expect(day.dates).toContain('2026-11-28'); // SEM on Saturday mornings
    expect(day.dates).not.toContain('2026-11-29'); // Sunday
    expect(day.dates.at(-1)).toBe('2026-12-05'); // today + 14 is a Sunday; SEM opens the Saturday before
    expect(day.slots).toHaveLength(18);
    expect(day.slots[0]).toEqual({ start: '09:00', state: 'free' });
    expect(day.schedule.horizonDays).toBe(14);
    expect(day.unit_fen).toBe(40000);
  });

  it('an item that is not type 2 or not on the shelf', async () => {
    expect(await callApi(t, 'reservationDay', { query: { rid: XRD } })).toMatchObject({ status: 400 });
    expect(await callApi(t, 'reservationDay', { query: { rid: 'nope' } })).toMatchObject({ status: 404, body: { msg: '项目不存在' } });
  });
});

describe('reservation/add: every rule with its message, nothing written', () => {
  it.each([
    [{ date: '2026-11-21' }, '[预约日期]不能早于今天'],
    [{ date: '2026-12-07' }, '[预约日期]最多可提前14天预约'],
    [{ date: '2026-11-29' }, '周日不开放预约，请选择其他日期'],
    [{ date: '2026-11-22' }, '周日不开放预约，请选择其他日期'],
    [{ start: '09:15' }, '[开始时间]须为整点或半点'],
    [{ start: '9:00' }, '[开始时间]格式不正确'],
    [{ minutes: 45 }, '[预约时长]须为半小时的整数倍'],
    [{ minutes: 300 }, '[预约时长]最多4小时'],
    [{ start: '17:30', minutes: 60 }, '所选时段超出开放时间（09:00–18:00），请调整开始时间或时长'],
    [{ start: '08:00', minutes: 60 }, '所选时段超出开放时间（09:00–18:00），请调整开始时间或时长'],
    [{ date: '2026-11-28', start: '11:00', minutes: 90 }, '所选时段超出开放时间（09:00–12:00），请调整开始时间或时长'],
    [{ rid: XRD }, '该项目不是现场预约项目，请加入实验方案下单'],
  ])('%o → %s', async (over, msg) => {
    expect(await add(alice, wish(over))).toMatchObject({ status: 400, body: { msg } });
    expect(await bookingsOf(alice.id)).toHaveLength(0);
  });

  it('needs the attestation, as orders do (403)', async () => {
    const visitor = await createUser(t, clock);
    expect(await add(visitor, wish())).toMatchObject({ status: 403, body: { msg: ATTESTATION_NEEDED } });
  });

  it('refuses an item off the shelf (404) and an instrument not open for booking (409)', async () => {
    const closed = await callApi(t, 'adminReservationInstruments', { token: staff.lab });
    const tem = closed.body.data.find((i) => i.rid === TEM)!;
    const save = await callApi(t, 'adminReservationScheduleSave', {
      token: staff.lab,
      body: { deviceId: tem.deviceId, schedule: { ...BOOKING_SCHEDULE_DEFAULTS, enabled: false } },
    });
    expect(save.body.code, save.body.msg).toBe(1);
    expect(await add(alice, wish({ rid: TEM }))).toMatchObject({ status: 409, body: { msg: BOOKING_CLOSED } });
    const other = await customItem(t, { price: 100 });
    await offShelf(t, other.rid);
    expect(await add(alice, wish({ rid: other.rid }))).toMatchObject({ status: 404 });
    expect(await bookingsOf(alice.id)).toHaveLength(0);
  });
});

describe('booking, the calendar and the customer’s list', () => {
  let id: number;
  it('books 09:00–10:30: ¥400/h × 1.5 h = 60 000 fen, history and audit in one go, the slots show taken', async () => {
    const res = await add(alice, wish({ remark: '首次上机' }));
    expect(res.body.code, res.body.msg).toBe(1);
    expect(res.body.data).toMatchObject({
      start: '09:00',
      end: '10:30',
      state: 'booked',
      amount_fen: 60000,
      unit_fen: 40000,
      cancelBlock: null,
    });
    expect(res.body.data.history).toMatchObject([{ actor: '您', label: '提交预约', to: 'booked' }]);
    id = res.body.data.id;
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'booking'), eq(auditLog.objectId, String(id))));
    expect(audit).toMatchObject({ action: 'booking.book', actorKind: 'customer' });
    expect(await t.db.select().from(bookingSlot).where(eq(bookingSlot.bookingId, id))).toHaveLength(3);
    const day = (await callApi(t, 'reservationDay', { query: { rid: SEM, date: MONDAY } })).body.data;
    expect(day.slots.slice(0, 4).map((s) => s.state)).toEqual(['taken', 'taken', 'taken', 'free']);
  });

  it('an overlapping wish of another customer is 409 with nothing written', async () => {
    expect(await add(bob, wish({ start: '10:00', minutes: 60 }))).toMatchObject({ status: 409, body: { msg: SLOT_TAKEN } });
    expect(await bookingsOf(bob.id)).toHaveLength(0);
    expect(await t.db.select().from(bookingEvent).where(eq(bookingEvent.bookingId, id))).toHaveLength(1);
    // Right after it is free.
    expect((await add(bob, wish({ start: '10:30', minutes: 60 }))).body.code).toBe(1);
  });

  it('lists only the caller’s bookings; another customer’s booking is 404 like a missing one', async () => {
    const mine = await callApi(t, 'reservationList', { token: alice.tokens.token, body: {} });
    expect(mine.body.data.list.map((r) => r.id)).toEqual([id]);
    expect(mine.body.data.suspendedUntil).toBeNull();
    expect(await callApi(t, 'reservationCancel', { token: bob.tokens.token, body: { id } })).toMatchObject({
      status: 404,
      body: { msg: '预约不存在' },
    });
    expect((await bookingsOf(alice.id))[0]!.state).toBe('booked');
  });

  it('the customer cancels the day before: the slots are free again; a second cancel is 409', async () => {
    const res = await callApi(t, 'reservationCancel', { token: alice.tokens.token, body: { id } });
    expect(res.body.data).toMatchObject({ state: 'cancelled' });
    expect(res.body.data.history.map((h) => h.label)).toEqual(['提交预约', '取消预约']);
    expect(await t.db.select().from(bookingSlot).where(eq(bookingSlot.bookingId, id))).toHaveLength(0);
    expect(await callApi(t, 'reservationCancel', { token: alice.tokens.token, body: { id } })).toMatchObject({
      status: 409,
      body: { msg: '预约状态已变化（当前为「已取消」），请刷新后重试' },
    });
    expect((await add(alice, wish({ minutes: 60 }))).body.code).toBe(1);
  });
});

describe('the console’s room', () => {
  let id: number;
  beforeAll(async () => {
    id = (await bookingsOf(alice.id)).find((b) => b.state === 'booked')!.id;
  });

  const roomRow = async () =>
    (await callApi(t, 'adminReservationDay', { token: staff.lab, query: { date: MONDAY } })).body.data.list.find((r) => r.id === id)!;

  it('lists the day’s bookings with the customer and the buttons of the lab: before the day only 取消', async () => {
    const res = await callApi(t, 'adminReservationDay', { token: staff.lab, query: { date: MONDAY } });
    const row = res.body.data.list.find((r) => r.id === id)!;
    expect(row).toMatchObject({ customer: '张同学', actions: ['cancel'], state: 'booked' });
    expect(res.body.data.instruments.length).toBeGreaterThan(1);
  });

  it('needs booking.manage (a manager gets 403); not before the day (check-in) or the start (no-show)', async () => {
    expect(await move('adminReservationCheckIn', 'manager', id, 'booked')).toMatchObject({ status: 403 });
    expect(await move('adminReservationCheckIn', 'lab', id, 'booked')).toMatchObject({
      status: 409,
      body: { msg: '未到预约当天，不能签到' },
    });
    expect(await move('adminReservationNoShow', 'lab', id, 'booked')).toMatchObject({
      status: 409,
      body: { msg: '预约尚未开始，不能标记爽约' },
    });
    expect(await move('adminReservationComplete', 'lab', id, 'booked')).toMatchObject({ status: 409 });
  });

  it('on the day: no same-day self-cancel; the lab checks in then completes; a stale page gets 409', async () => {
    clock.advance(16 * 3600); // Monday 08:00 in China
    expect((await roomRow()).actions).toEqual(['cancel', 'checkIn']); // 爽约 only from the start (09:00)
    expect(await callApi(t, 'reservationCancel', { token: alice.tokens.token, body: { id } })).toMatchObject({
      status: 409,
      body: { msg: '预约当天不能自行取消，如需取消请联系实验室' },
    });
    const listed = await callApi(t, 'reservationList', { token: alice.tokens.token, body: {} });
    expect(listed.body.data.list[0]!.cancelBlock).toBe('预约当天不能自行取消，如需取消请联系实验室');
    expect((await move('adminReservationCheckIn', 'lab', id, 'booked')).body.data).toMatchObject({
      state: 'checkedIn',
      actions: ['complete'],
    });
    expect(await move('adminReservationCheckIn', 'admin', id, 'booked')).toMatchObject({
      status: 409,
      body: { msg: '预约状态已变化（当前为「已签到」），请刷新后重试' },
    });
    const done = await move('adminReservationComplete', 'lab', id, 'checkedIn');
    expect(done.body.data.history.map((h) => [h.actor.split(' ')[0], h.label])).toEqual([
      ['客户', '提交预约'],
      ['实验员', '签到'],
      ['实验员', '完成'],
    ]);
  });

  it('too late to book: less than an hour before the start', async () => {
    clock.advance(30 * 60); // 08:30
    expect(await add(bob, wish({ start: '09:00', minutes: 30 }))).toMatchObject({ status: 400, body: { msg: '须至少提前1小时预约' } });
  });
});

describe('no-shows (爽约)', () => {
  const ids: number[] = [];
  it('the third within 90 days suspends booking for 30 days; the customer is told why', async () => {
    const carol = await orderingCustomer(t, clock);
    for (const start of ['13:00', '14:00', '15:00']) {
      const res = await add(carol, wish({ start, minutes: 30 }));
      expect(res.body.code, res.body.msg).toBe(1);
      ids.push(res.body.data.id);
    }
    clock.advance(8 * 3600); // 16:30
    const first = await move('adminReservationNoShow', 'lab', ids[0]!, 'booked');
    expect(first.body.data).toMatchObject({ state: 'noShow', suspendedUntil: null });
    expect(first.body.data.history.at(-1)!.note).toBe('90天内第1次爽约');
    await move('adminReservationNoShow', 'lab', ids[1]!, 'booked');
    const third = await move('adminReservationNoShow', 'lab', ids[2]!, 'booked');
    expect(third.body.data.history.at(-1)!.note).toMatch(/^90天内第3次爽约，暂停预约至 2026-12-23 16:3\d$/);
    expect(third.body.data.suspendedUntil).toMatch(/^2026-12-23T08:3/);
    expect(await add(carol, wish({ date: '2026-11-24' }))).toMatchObject({
      status: 403,
      body: { msg: expect.stringMatching(/^因多次爽约，您的预约资格已暂停至 2026-12-23 16:3\d$/) },
    });
    const listed = await callApi(t, 'reservationList', { token: carol.tokens.token, body: { tab: 'all' } });
    expect(listed.body.data.suspendedUntil).toBe(third.body.data.suspendedUntil);
    const [suspend] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'booking.suspend'), eq(auditLog.objectId, String(carol.id))));
    expect(suspend).toBeDefined();
  });

  it('the console sets the rule: one no-show suspends for 7 days', async () => {
    const saved = await callApi(t, 'adminReservationPolicySave', { token: staff.lab, body: { limit: 1, windowDays: 30, suspendDays: 7 } });
    expect(saved.body.code, saved.body.msg).toBe(1);
    expect((await callApi(t, 'adminReservationPolicy', { token: staff.lab })).body.data).toEqual({
      limit: 1,
      windowDays: 30,
      suspendDays: 7,
    });
    const [bobs] = await bookingsOf(bob.id);
    const res = await move('adminReservationNoShow', 'lab', bobs!.id, 'booked');
    expect(res.body.data.history.at(-1)!.note).toMatch(/^30天内第1次爽约，暂停预约至 2026-11-30 16:3\d$/);
    expect(
      await callApi(t, 'adminReservationPolicySave', { token: staff.manager, body: { limit: 1, windowDays: 30, suspendDays: 7 } }),
    ).toMatchObject({
      status: 403,
    });
  });
});

describe('instrument settings', () => {
  it('refuses an incoherent schedule and a non-type-2 item', async () => {
    const list = (await callApi(t, 'adminReservationInstruments', { token: staff.lab })).body.data;
    const sem = list.find((i) => i.rid === SEM)!;
    const bad = await callApi(t, 'adminReservationScheduleSave', {
      token: staff.lab,
      body: { deviceId: sem.deviceId, schedule: { ...BOOKING_SCHEDULE_DEFAULTS, minMinutes: 120, maxMinutes: 60 } },
    });
    expect(bad).toMatchObject({ status: 400, body: { msg: '[最短时长]不能大于[最长时长]' } });
    const odd = await callApi(t, 'adminReservationScheduleSave', {
      token: staff.lab,
      body: {
        deviceId: sem.deviceId,
        schedule: { ...BOOKING_SCHEDULE_DEFAULTS, hours: BOOKING_SCHEDULE_DEFAULTS.hours.with(1, [9 * 60 + 15, 18 * 60]) },
      },
    });
    expect(odd).toMatchObject({ status: 400, body: { msg: '[周一开放时间]须为整点或半点' } });
    const [xrd] = await t.db.select({ id: device.id }).from(device).where(eq(device.rid, XRD));
    expect(
      await callApi(t, 'adminReservationScheduleSave', {
        token: staff.lab,
        body: { deviceId: xrd!.id, schedule: BOOKING_SCHEDULE_DEFAULTS },
      }),
    ).toMatchObject({
      status: 400,
      body: { msg: '只有现场预约项目可以设置预约' },
    });
  });
});
