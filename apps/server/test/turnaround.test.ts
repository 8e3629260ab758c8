import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens, testClock, type TestUser } from './factories.ts';
import { orderingCustomer, placeOrder, planLine, XRD } from './order-factories.ts';

// 2026-11-25 10:00 in China, a Wednesday.
const clock = testClock(new Date('2026-11-25T02:00:00Z'));
let t: TestApp;
let user: TestUser & { id: number };
let admin: string;
let lab: string;
let turnaround: number;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  user = await orderingCustomer(t, clock);
  admin = (await staffTokens(t, 'admin')).token;
  lab = (await staffTokens(t, 'lab')).token;
  // A small lab for XRD: 2 samples a day.
  const [row] = await t.db.update(device).set({ dailyCapacity: 2 }).where(eq(device.rid, XRD)).returning();
  turnaround = row!.turnaroundDays;
});
afterAll(async () => t.close());

const estimate = async (count = 1) => {
  const res = await callApi(t, 'deviceEstimate', { query: { rid: XRD, count } });
  expect(res.body.code, res.body.msg).toBe(1);
  return res.body.data;
};

describe('the turnaround estimate from the live queue', () => {
  it('is the catalogue turnaround on an empty queue, and grows with the queue at the item capacity', async () => {
    const empty = await estimate();
    expect(empty).toMatchObject({ days: turnaround, text: `预计${turnaround}个工作日出结果` });
    // Two orders of 2 samples each (placeOrder puts 2 in the plan): 4 queued, 2 a day → 2 more days.
    await placeOrder(t, user);
    await placeOrder(t, user);
    expect((await estimate()).days).toBe(turnaround + 2);
    // The customer's own 3 samples: the third waits one more day.
    expect((await estimate(3)).days).toBe(turnaround + 3);
  });

  it('counts the date on the lab calendar: weekends and the console holidays are skipped', async () => {
    const before = await estimate();
    const saved = await callApi(t, 'settingLabCalendarSave', {
      token: admin,
      body: { labCalendar: { workdays: [1, 2, 3, 4, 5], holidays: ['2026-11-26', '2026-11-27'], makeupDays: [] } },
    });
    expect(saved.body.code, saved.body.msg).toBe(1);
    const after = await estimate();
    expect(after.days).toBe(before.days);
    // From Wednesday the 25th, Thursday and Friday off: the first working day is Monday the 30th.
    expect(after.date).toBe(addWeekdays('2026-11-30', after.days - 1, ['2026-11-26', '2026-11-27']));
  });

  it('refuses a calendar without a working day, or a day both off and on, and changes nothing', async () => {
    for (const [labCalendar, msg] of [
      [{ workdays: [], holidays: [], makeupDays: [] }, '[工作日]至少选择一天'],
      [{ workdays: [1], holidays: ['2026-12-05'], makeupDays: ['2026-12-05'] }, '[调休上班日]不能同时设为节假日'],
      [{ workdays: [1, 9], holidays: [], makeupDays: [] }, '[工作日]必须是0到6的整数'],
    ] as const) {
      const res = await callApi(t, 'settingLabCalendarSave', { token: admin, body: { labCalendar } as never });
      expect(res.body).toMatchObject({ code: 0, msg });
    }
    const detail = await callApi(t, 'settingAdminDetail', { token: admin });
    expect(detail.body.data.labCalendar?.holidays).toEqual(['2026-11-26', '2026-11-27']);
    // The lab does not manage settings.
    const refused = await callApi(t, 'settingLabCalendarSave', {
      token: lab,
      body: { labCalendar: { workdays: [1], holidays: [], makeupDays: [] } },
    });
    expect(refused.status).toBe(403);
  });

  it('shows the estimate on every plan line', async () => {
    await planLine(t, user, XRD, 1);
    const plan = (await callApi(t, 'planList', { token: user.tokens.token })).body.data;
    const line = plan.dataArr.flatMap((g) => g.items).find((l) => l.rid === XRD)!;
    expect(line.estimate_days).toBe((await estimate(line.count)).days);
    const removed = await callApi(t, 'planDel', { token: user.tokens.token, body: { ids: [line.id] } });
    expect(removed.body.code, removed.body.msg).toBe(1);
  });

  it('records the promise on the order, and its due day once the lab receives the samples', async () => {
    const promised = (await estimate(2)).days;
    const order = await placeOrder(t, user);
    let detail = (await callApi(t, 'orderDetail', { token: user.tokens.token, body: { id: order.id } })).body.data;
    expect(detail.lines[0]).toMatchObject({ promised_days: promised, due_date: null });
    // The queue grows after the order: its promise stays.
    await placeOrder(t, user);
    const received = await callApi(t, 'adminOrderReceive', { token: lab, body: { id: order.id, expect: 'awaitingSample' } });
    expect(received.body.code, received.body.msg).toBe(1);
    detail = (await callApi(t, 'orderDetail', { token: user.tokens.token, body: { id: order.id } })).body.data;
    expect(detail.lines[0]).toMatchObject({
      promised_days: promised,
      due_date: addWeekdays('2026-11-30', promised - 1, ['2026-11-26', '2026-11-27']),
    });
  });
});

/** The weekday `n` weekdays after `from` (itself a weekday), skipping `off`: the test's own count. */
function addWeekdays(from: string, n: number, off: string[]): string {
  const d = new Date(`${from}T00:00:00Z`);
  for (let left = n; left > 0;) {
    d.setUTCDate(d.getUTCDate() + 1);
    const day = d.toISOString().slice(0, 10);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6 && !off.includes(day)) left--;
  }
  return d.toISOString().slice(0, 10);
}
