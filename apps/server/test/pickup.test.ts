import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '@yance/contracts/user';
import { auditLog, message, orderEvent, samplingRequest, staffAccount } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens, testClock, type TestUser } from './factories.ts';
import { orderingCustomer, pickupAddress, placeOrder } from './order-factories.ts';

// 2026-11-22 16:00 in China, a Sunday: this week is 11-16 … 11-22, the pick-ups are booked for the next one.
const clock = testClock(new Date('2026-11-22T08:00:00Z'));
const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';
let t: TestApp;
let user: TestUser & { id: number };
let book: Address;
let lab: string;
let admin: string;
let manager: string;
let operator: string;
const staff: Record<string, { id: number; name: string }> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  user = await orderingCustomer(t, clock);
  book = await pickupAddress(t, user);
  const tokens = await Promise.all((['lab', 'admin', 'manager', 'operator'] as const).map(async (r) => (await staffTokens(t, r)).token));
  [lab, admin, manager, operator] = tokens as [string, string, string, string];
  for (const row of await t.db.select().from(staffAccount)) staff[row.account] = { id: row.id, name: row.name || row.account };
});
afterAll(async () => t.close());

/** A 待取样 order of the customer with a pick-up request on that date and slot. */
async function pickupOrder(date = MONDAY, time = '09:00-11:00') {
  const order = await placeOrder(t, user, { delivery: 1 });
  const res = await callApi(t, 'samplingAdd', {
    token: user.tokens.token,
    body: {
      orderId: order.id,
      type: 1,
      date,
      time,
      name: '张同学',
      phone: '13800000001',
      address_rid: book.address_rid,
      message: '请提前联系',
    },
  });
  expect(res.body.code, res.body.msg).toBe(1);
  return { order, request: res.body.data };
}

const list = (token: string, query: Record<string, string | boolean> = {}) =>
  callApi(t, 'adminPickupList', { token, query: query as never });
const assign = (token: string, id: number, staffId: number) => callApi(t, 'adminPickupAssign', { token, body: { id, staffId } });
const eventsOf = (orderId: number) => t.db.select().from(orderEvent).where(eq(orderEvent.orderId, orderId));
const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, 'sampling'), eq(auditLog.objectId, String(id)), like(auditLog.action, 'sampling.%assign')))
    .orderBy(auditLog.id);
const messagesOf = (orderId: number) => t.db.select().from(message).where(eq(message.orderId, orderId));

describe('pickup/list: the range’s pick-ups by day and slot', () => {
  let monday: Awaited<ReturnType<typeof pickupOrder>>;
  beforeAll(async () => {
    monday = await pickupOrder(MONDAY, '09:00-11:00');
    await pickupOrder(TUESDAY, '14:00-16:00');
  });

  it('defaults to this week (Monday to Sunday, China time), rows are the configured slots', async () => {
    const res = await list(lab);
    expect(res.body, res.body.msg).toMatchObject({ code: 1, data: { from: '2026-11-16', to: '2026-11-22' } });
    expect(res.body.data.slots).toEqual(['09:00-11:00', '11:00-13:00', '14:00-16:00', '16:00-18:00']);
    expect(res.body.data.days.map((d) => d.date)).toEqual([16, 17, 18, 19, 20, 21, 22].map((d) => `2026-11-${d}`));
    expect(res.body.data.days.flatMap((d) => d.slots.flatMap((s) => s.list))).toEqual([]);
  });

  it('groups the next week’s requests under their day and slot, with the contact’s full phone, samples and order state', async () => {
    const res = await list(lab, { from: MONDAY, to: '2026-11-29' });
    expect(res.body.code, res.body.msg).toBe(1);
    const days = res.body.data.days;
    expect(days).toHaveLength(7);
    const cell = days[0]!.slots.find((s) => s.time === '09:00-11:00')!.list;
    const mine = cell.find((i) => i.id === monday.request.id);
    expect(mine).toMatchObject({
      orderId: monday.order.id,
      orderNo: monday.order.no,
      orderState: 'awaitingPickup',
      state: 'active',
      date: MONDAY,
      phone: '13800000001',
      area: '海淀区',
      address: '学院路1号',
      message: '请提前联系',
      assignee: null,
      assignable: true,
    });
    expect(mine!.sampleCount).toBeGreaterThan(0);
    expect(mine!.samples[0]!.no).toMatch(/^YC\d{8}-\d{4}-01$/);
    expect(days[1]!.slots.find((s) => s.time === '14:00-16:00')!.list.length).toBeGreaterThan(0);
    expect(days[1]!.slots.find((s) => s.time === '09:00-11:00')!.list).toEqual([]);
  });

  it('refuses a range that is backwards or too long, and staff without pickup.manage', async () => {
    expect(await list(lab, { from: '2026-11-30', to: MONDAY })).toMatchObject({ status: 400, body: { msg: '[结束日期]不能早于开始日期' } });
    expect(await list(lab, { from: MONDAY, to: '2027-02-01' })).toMatchObject({ status: 400, body: { msg: '[日期范围]不能超过42天' } });
    expect((await list(operator)).status).toBe(403);
    expect((await list(manager)).status).toBe(403);
  });

  it('pickup/staff lists the lab and admin, not the manager or the operator', async () => {
    const res = await callApi(t, 'adminPickupStaff', { token: lab });
    const ids = res.body.data.list.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining([staff.lab!.id, staff.admin!.id]));
    expect(ids).not.toContain(staff.manager!.id);
    expect(ids).not.toContain(staff.operator!.id);
  });
});

describe('pickup/assign', () => {
  it('assigns: audit, timeline and the customer’s message in one go; the customer sees the collector; 只看我的', async () => {
    const { order, request } = await pickupOrder();
    const res = await assign(lab, request.id, staff.lab!.id);
    expect(res.body, res.body.msg).toMatchObject({
      code: 1,
      msg: '已安排取样员',
      data: { id: request.id, assignee: { id: staff.lab!.id, name: staff.lab!.name }, assignable: true },
    });
    const event = (await eventsOf(order.id)).find((e) => e.action === 'pickupAssign');
    expect(event).toMatchObject({ actorKind: 'staff', fromState: 'awaitingPickup', toState: 'awaitingPickup' });
    expect(event!.note).toContain(`取样员 ${staff.lab!.name}`);
    expect(await auditOf(request.id)).toEqual([
      expect.objectContaining({
        action: 'sampling.assign',
        actorId: staff.lab!.id,
        changes: { state: ['active', 'active'], order: [order.no, order.no], assignee: [null, staff.lab!.name] },
      }),
    ]);
    const [note] = await messagesOf(order.id);
    expect(note).toMatchObject({ userId: user.id, kind: 'pickupAssign', title: '已安排上门取样' });
    expect(note!.content).toContain(`取样员 ${staff.lab!.name} 将于 ${MONDAY} 09:00-11:00 上门取样`);
    // The customer: the order's timeline, the request's collector and the message centre.
    const detail = await callApi(t, 'orderDetail', { token: user.tokens.token, body: { id: order.id } });
    expect(detail.body.data.timeline.at(-1)).toMatchObject({ action: 'pickupAssign', label: '安排上门取样' });
    const requests = await callApi(t, 'samplingList', { token: user.tokens.token, body: { orderId: order.id } });
    expect(requests.body.data.list[0]).toMatchObject({ id: request.id, collector: staff.lab!.name });
    const inbox = await callApi(t, 'messageList', { token: user.tokens.token, body: { page: 1, pageSize: 10 } });
    expect(inbox.body.data.list[0]).toMatchObject({ kind: 'pickupAssign', orderId: order.id });
    // 只看我的: the lab's own, nothing for the admin.
    const ofLab = await list(lab, { from: MONDAY, to: MONDAY, mine: true });
    expect(ofLab.body.data.days[0]!.slots[0]!.list.map((i) => i.id)).toContain(request.id);
    const ofAdmin = await list(admin, { from: MONDAY, to: MONDAY, mine: true });
    expect(ofAdmin.body.data.days[0]!.slots[0]!.list).toEqual([]);
  });

  it('reassigns to someone else (a second message, the audit names both), and unassigns', async () => {
    const { order, request } = await pickupOrder(TUESDAY, '11:00-13:00');
    await assign(lab, request.id, staff.lab!.id);
    const again = await assign(lab, request.id, staff.lab!.id);
    expect(again).toMatchObject({ status: 409, body: { msg: `该上门取样已安排给 ${staff.lab!.name}` } });
    const res = await assign(admin, request.id, staff.admin!.id);
    expect(res.body.data.assignee).toEqual({ id: staff.admin!.id, name: staff.admin!.name });
    const events = (await eventsOf(order.id)).filter((e) => e.action === 'pickupAssign');
    expect(events).toHaveLength(2);
    expect(events[1]!.note).toContain(`（原取样员 ${staff.lab!.name}）`);
    expect((await auditOf(request.id)).map((a) => a.changes)).toEqual([
      { state: ['active', 'active'], order: [order.no, order.no], assignee: [null, staff.lab!.name] },
      { state: ['active', 'active'], order: [order.no, order.no], assignee: [staff.lab!.name, staff.admin!.name] },
    ]);
    expect(await messagesOf(order.id)).toHaveLength(2);

    const off = await callApi(t, 'adminPickupUnassign', { token: lab, body: { id: request.id } });
    expect(off.body, off.body.msg).toMatchObject({ code: 1, data: { assignee: null, assignedAt: null } });
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({ action: 'pickupUnassign' });
    expect((await auditOf(request.id)).at(-1)).toMatchObject({
      action: 'sampling.unassign',
      changes: { assignee: [staff.admin!.name, null] },
    });
    expect(await messagesOf(order.id)).toHaveLength(2);
    const twice = await callApi(t, 'adminPickupUnassign', { token: lab, body: { id: request.id } });
    expect(twice).toMatchObject({ status: 409, body: { msg: '该上门取样尚未安排取样员' } });
  });

  describe('refusals change nothing', () => {
    let order: Awaited<ReturnType<typeof pickupOrder>>['order'];
    let request: Awaited<ReturnType<typeof pickupOrder>>['request'];
    let before: number;
    beforeAll(async () => {
      ({ order, request } = await pickupOrder());
      before = (await eventsOf(order.id)).length;
    });
    const unchanged = async () => {
      expect(await eventsOf(order.id)).toHaveLength(before);
      expect(await auditOf(request.id)).toEqual([]);
      expect(await messagesOf(order.id)).toEqual([]);
      const [row] = await t.db.select().from(samplingRequest).where(eq(samplingRequest.id, request.id));
      expect(row!.assigneeId).toBeNull();
    };

    it('without pickup.manage: 403', async () => {
      expect((await assign(manager, request.id, staff.lab!.id)).status).toBe(403);
      expect((await assign(operator, request.id, staff.lab!.id)).status).toBe(403);
      await unchanged();
    });

    it('a collector without the lab’s permissions, or one who does not exist: 400 in Chinese', async () => {
      expect(await assign(lab, request.id, staff.manager!.id)).toMatchObject({
        status: 400,
        body: { msg: `${staff.manager!.name}：只能安排实验室人员上门取样` },
      });
      expect(await assign(lab, request.id, staff.finance!.id)).toMatchObject({ status: 400 });
      expect(await assign(lab, request.id, 999_999)).toMatchObject({ status: 400, body: { msg: '取样员不存在或已停用' } });
      await unchanged();
    });

    it('an unknown request, or a self-send one: 404', async () => {
      expect(await assign(lab, 999_999, staff.lab!.id)).toMatchObject({ status: 404, body: { msg: '取样申请不存在' } });
      const post = await placeOrder(t, user, { delivery: 0 });
      const sent = await callApi(t, 'samplingAdd', {
        token: user.tokens.token,
        body: { orderId: post.id, type: 0, express_company: '顺丰', express_no: 'SF100200300' },
      });
      expect(await assign(lab, sent.body.data.id, staff.lab!.id)).toMatchObject({ status: 404, body: { msg: '取样申请不存在' } });
      await unchanged();
    });

    it('a cancelled request: 409, and the calendar shows it cancelled and not assignable', async () => {
      const other = await pickupOrder();
      await callApi(t, 'samplingCancel', { token: user.tokens.token, body: { id: other.request.id } });
      expect(await assign(lab, other.request.id, staff.lab!.id)).toMatchObject({
        status: 409,
        body: { msg: '该取样申请已取消，不能安排取样员' },
      });
      const cell = (await list(lab, { from: MONDAY, to: MONDAY })).body.data.days[0]!.slots[0]!.list;
      expect(cell.find((i) => i.id === other.request.id)).toMatchObject({ state: 'cancelled', assignable: false });
      await unchanged();
    });

    it('an order no longer 待取样: 409 naming its state', async () => {
      const other = await pickupOrder();
      const received = await callApi(t, 'adminOrderReceive', {
        token: lab,
        body: { id: other.order.id, expect: 'awaitingPickup', note: '' },
      });
      expect(received.body.code, received.body.msg).toBe(1);
      expect(await assign(lab, other.request.id, staff.lab!.id)).toMatchObject({
        status: 409,
        body: { msg: '订单当前为「已收样」，不能安排取样员' },
      });
      expect(await auditOf(other.request.id)).toEqual([]);
      await unchanged();
    });
  });
});
