import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderEvent, orders, userAccount } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, signInStaff, staffTokens, testClock } from './factories.ts';
import { orderingCustomer, placeOrder } from './order-factories.ts';

// The manager's call within 2 h of the samples' receipt (ADR 0046).
const clock = testClock();
let t: TestApp;
const token = { admin: '', manager: '', lab: '', zhao: '' };
let mine: { id: number; no: string };
let theirs: { id: number; no: string };
let waiting: { id: number; no: string };

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  for (const role of ['admin', 'manager', 'lab'] as const) token[role] = (await staffTokens(t, role)).token;
  const add = await callApi(t, 'staffAdd', {
    token: token.admin,
    body: { account: 'manager.zhao', name: '赵经理', phone: '', email: '', roles: ['manager'], password: 'Lab coat 2049!' },
  });
  token.zhao = (await signInStaff(t, 'manager.zhao', 'Lab coat 2049!')).token;
  const managerId = (await callApi(t, 'adminMe', { token: token.manager })).body.data.id;
  const a = await orderingCustomer(t, clock);
  const b = await orderingCustomer(t, clock);
  await t.db.update(userAccount).set({ managerId }).where(eq(userAccount.id, a.id));
  await t.db.update(userAccount).set({ managerId: add.body.data.id }).where(eq(userAccount.id, b.id));
  mine = await placeOrder(t, a);
  waiting = await placeOrder(t, a);
  theirs = await placeOrder(t, b);
  // mine received first, theirs 30 min later; waiting not received yet.
  await callApi(t, 'adminOrderReceive', { token: token.lab, body: { id: mine.id, expect: 'awaitingSample' } });
  clock.advance(30 * 60);
  await callApi(t, 'adminOrderReceive', { token: token.lab, body: { id: theirs.id, expect: 'awaitingSample' } });
});
afterAll(async () => t.close());

describe('the call task after receipt', () => {
  it('lists a manager’s own received orders, oldest first, with the 2-hour deadline; admin sees all', async () => {
    const own = await callApi(t, 'orderCallTasks', { token: token.manager });
    expect(own.body.data.list.map((x) => x.orderNo)).toEqual([mine.no]);
    const [task] = own.body.data.list;
    expect(new Date(task!.dueAt).getTime() - new Date(task!.receivedAt).getTime()).toBe(2 * 3600_000);
    expect(task).toMatchObject({ customerName: '张同学', company: '某大学' });
    expect((await callApi(t, 'orderCallTasks', { token: token.zhao })).body.data.list.map((x) => x.orderNo)).toEqual([theirs.no]);
    const all = (await callApi(t, 'orderCallTasks', { token: token.admin })).body.data.list.map((x) => x.orderNo);
    expect(all).toEqual([mine.no, theirs.no]);
    expect(all).not.toContain(waiting.no);
  });

  it('is behind order.call: the lab may not list or record', async () => {
    expect((await callApi(t, 'orderCallTasks', { token: token.lab })).status).toBe(403);
    expect((await callApi(t, 'orderCalled', { token: token.lab, body: { orderId: mine.id } })).status).toBe(403);
  });

  it('another manager’s order answers as missing; an order not received answers 409; nothing is written', async () => {
    const foreign = await callApi(t, 'orderCalled', { token: token.manager, body: { orderId: theirs.id } });
    expect(foreign).toMatchObject({ status: 404, body: { code: 404, msg: '订单不存在' } });
    const early = await callApi(t, 'orderCalled', { token: token.manager, body: { orderId: waiting.id } });
    expect(early.status).toBe(409);
    const calls = await t.db.select().from(orderEvent).where(eq(orderEvent.action, 'called'));
    expect(calls).toEqual([]);
  });

  it('已致电 writes the timeline (state unchanged) and the audit log, and the task leaves the list; twice is 409', async () => {
    clock.advance(10 * 60);
    const done = await callApi(t, 'orderCalled', { token: token.manager, body: { orderId: mine.id, note: '已确认样品数量' } });
    expect(done.body).toMatchObject({ code: 1, msg: '已记录致电', data: { orderNo: mine.no } });
    const [event] = await t.db
      .select()
      .from(orderEvent)
      .where(and(eq(orderEvent.orderId, mine.id), eq(orderEvent.action, 'called')));
    expect(event).toMatchObject({ fromState: 'received', toState: 'received', note: '已确认样品数量', actorKind: 'staff' });
    expect(event!.actorName).toMatch(/^客户经理 /);
    const [row] = await t.db.select({ state: orders.state }).from(orders).where(eq(orders.id, mine.id));
    expect(row!.state).toBe('received');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.called'), eq(auditLog.objectId, String(mine.id))));
    expect(audit).toHaveLength(1);
    expect((await callApi(t, 'orderCallTasks', { token: token.manager })).body.data.list).toEqual([]);
    expect((await callApi(t, 'orderCalled', { token: token.manager, body: { orderId: mine.id } })).status).toBe(409);
    // The customer's timeline shows it in words.
    const detail = await callApi(t, 'adminOrderDetail', { token: token.manager, query: { id: mine.id } });
    expect(JSON.stringify(detail.body.data)).toContain('客户经理已致电');
  });
});
