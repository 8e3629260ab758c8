import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_ACTIONS, type OrderAction, type OrderState } from '@yance/contracts/order-states';
import { auditLog, ledgerEntry, orderEvent, userAccount } from '../src/db/schema.ts';
import { numberPrefix } from '../src/modules/order/order-keyword.repository.ts';
import { pageOrders } from '../src/modules/order/order.repository.ts';
import { createTwinApps, type TestApp } from './create-test-app.ts';
import { callApi, signInStaff, staffTokens } from './factories.ts';
import { customItem, orderingCustomer, placeOrder, reviewedFile, transferOf } from './order-factories.ts';

// Two app instances on one database (two processes on PostgreSQL): staff racing on one order.
let twins: Awaited<ReturnType<typeof createTwinApps>>;
let t: TestApp;
const token: Record<'admin' | 'manager' | 'lab' | 'finance', string> = { admin: '', manager: '', lab: '', finance: '' };
beforeAll(async () => {
  twins = await createTwinApps();
  t = twins.a;
  for (const role of ['admin', 'manager', 'lab', 'finance'] as const) token[role] = (await staffTokens(t, role)).token;
});
afterAll(async () => twins.close());

type MoveCall =
  | 'adminOrderConfirmContract'
  | 'adminOrderMarkPaid'
  | 'adminOrderReceive'
  | 'adminOrderStartTesting'
  | 'adminOrderDeliver'
  | 'adminOrderConfirmData'
  | 'adminOrderCancel';
const move = (call: MoveCall, who: keyof typeof token, id: number, expect: OrderState, note?: string, extra: object = {}) =>
  callApi(t, call, { token: token[who], body: { id, expect, note, ...extra } });

const isMove = (action: string) => ORDER_ACTIONS.includes(action as OrderAction);

/** The order's transitions on its timeline and in the audit log, oldest first (samples and files have entries of their own, ADR 0041). */
async function trail(id: number) {
  const events = (await t.db.select().from(orderEvent).where(eq(orderEvent.orderId, id)).orderBy(asc(orderEvent.id))).filter((e) =>
    isMove(e.action),
  );
  const audit = (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'order'), eq(auditLog.objectId, String(id))))
      .orderBy(asc(auditLog.id))
  ).filter((a) => isMove(a.action.replace(/^order\./, '')));
  return { events, audit };
}

describe('an institution’s order through the lab', () => {
  it('receive → startTesting → deliver (lab) → the customer confirms → 待结算; one timeline and one audit row per step', async () => {
    const u = await orderingCustomer(t);
    const o = await placeOrder(t, u, { delivery: 1 });
    expect(o.state).toBe('awaitingPickup');
    const steps: [MoveCall, OrderState, OrderState][] = [
      ['adminOrderReceive', 'awaitingPickup', 'received'],
      ['adminOrderStartTesting', 'received', 'testing'],
      ['adminOrderDeliver', 'testing', 'delivered'],
    ];
    for (const [call, from, to] of steps) {
      if (call === 'adminOrderDeliver') await reviewedFile(t, token.lab, o.id);
      const res = await move(call, 'lab', o.id, from, call === 'adminOrderReceive' ? '样品完好' : undefined);
      expect(res.body, call).toMatchObject({ code: 1, data: { state: to } });
    }
    const detail = (await callApi(t, 'orderDetail', { token: u.tokens.token, body: { id: o.id } })).body.data;
    expect(detail.actions).toEqual(['confirmData']);
    const confirmed = await callApi(t, 'orderConfirm', { token: u.tokens.token, body: { id: o.id } });
    expect(confirmed.body.data).toMatchObject({ state: 'unsettled', actions: ['settle'] });
    const { events, audit } = await trail(o.id);
    expect(events.map((e) => [e.action, e.fromState, e.toState, e.actorKind])).toEqual([
      ['submit', 'draft', 'awaitingPickup', 'customer'],
      ['receive', 'awaitingPickup', 'received', 'staff'],
      ['startTesting', 'received', 'testing', 'staff'],
      ['deliver', 'testing', 'delivered', 'staff'],
      ['confirmData', 'delivered', 'unsettled', 'customer'],
    ]);
    expect(events[1]).toMatchObject({ actorName: '实验员 李实验员', note: '样品完好' });
    expect(audit.map((a) => a.action)).toEqual([
      'order.submit',
      'order.receive',
      'order.startTesting',
      'order.deliver',
      'order.confirmData',
    ]);
    expect(audit[1]).toMatchObject({ actorKind: 'staff', changes: { state: ['awaitingPickup', 'received'], note: [null, '样品完好'] } });
    const staffView = (await callApi(t, 'adminOrderDetail', { token: token.lab, query: { id: o.id } })).body.data;
    expect(staffView.timeline.filter((e) => isMove(e.action)).map((e) => e.actor)).toEqual([
      '客户 张同学',
      '实验员 李实验员',
      '实验员 李实验员',
      '实验员 李实验员',
      '客户 张同学',
    ]);
    expect(staffView).toMatchObject({ customerName: '张同学', customerPhone: u.phone, managerName: '王经理', actions: [] });
  });
});

describe('an enterprise’s order', () => {
  it('待签约 → confirmContract (manager) → 待付款 → markPaid (finance, note required) → 待寄样 … → confirmData by the lab → 已完成', async () => {
    const firm = await orderingCustomer(t, undefined, 2);
    const o = await placeOrder(t, firm);
    expect(o.state).toBe('contracting');
    expect((await callApi(t, 'adminOrderDetail', { token: token.manager, query: { id: o.id } })).body.data.actions).toEqual([
      'confirmContract',
      'cancel',
    ]);
    // The signed scan first (ADR 0045; contract.test.ts covers the refusals).
    const boundary = '----yanceScan';
    const scan = await t.app.inject({
      method: 'POST',
      url: `/api/auth/contract/upload?orderId=${o.id}`,
      headers: { token: firm.tokens.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="signed.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--${boundary}--\r\n`,
    });
    expect(scan.statusCode).toBe(200);
    expect((await move('adminOrderConfirmContract', 'manager', o.id, 'contracting')).body.data.state).toBe('unpaid');
    const transfer = await transferOf(t, o.id, 'HX2026112401');
    const noNote = await move('adminOrderMarkPaid', 'finance', o.id, 'unpaid', undefined, transfer);
    expect(noNote).toMatchObject({ status: 400, body: { msg: '[备注]不能为空' } });
    // 确认收款 asks for the bank's amount and reference, and refuses an amount other than what the order asks.
    const noBank = await move('adminOrderMarkPaid', 'finance', o.id, 'unpaid', '银行回单 2026112401');
    expect(noBank).toMatchObject({ status: 400, body: { msg: '[到账金额]不能为空' } });
    const short = await move('adminOrderMarkPaid', 'finance', o.id, 'unpaid', '银行回单 2026112401', {
      ...transfer,
      receivedFen: transfer.receivedFen - 100,
    });
    expect(short.status).toBe(400);
    expect(short.body.msg).toMatch(/^到账金额 ¥[\d,.]+ 与订单 \S+ 应付金额 ¥[\d,.]+ 不符，请核对银行流水后再确认$/);
    expect((await callApi(t, 'adminOrderDetail', { token: token.finance, query: { id: o.id } })).body.data.state).toBe('unpaid');
    expect((await move('adminOrderMarkPaid', 'finance', o.id, 'unpaid', '银行回单 2026112401', transfer)).body.data.state).toBe(
      'awaitingSample',
    );
    const [paidRow] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'order'), eq(auditLog.objectId, String(o.id)), eq(auditLog.action, 'order.markPaid')));
    expect(paidRow!.changes).toMatchObject({ receivedFen: [null, transfer.receivedFen], bankRef: [null, 'HX2026112401'] });
    const [receipt] = await t.db
      .select()
      .from(ledgerEntry)
      .where(and(eq(ledgerEntry.orderId, o.id), eq(ledgerEntry.kind, 'bankReceipt')));
    expect(receipt!.memo).toContain('银行流水号 HX2026112401');
    await move('adminOrderReceive', 'lab', o.id, 'awaitingSample');
    await move('adminOrderStartTesting', 'lab', o.id, 'received');
    await reviewedFile(t, token.lab, o.id);
    await move('adminOrderDeliver', 'lab', o.id, 'testing');
    expect((await move('adminOrderConfirmData', 'lab', o.id, 'delivered')).body.data.state).toBe('completed');
    const { events, audit } = await trail(o.id);
    // The scan's upload is on the timeline too, but it moves nothing: trail() keeps the moves.
    expect(events.map((e) => e.toState)).toEqual([
      'contracting',
      'unpaid',
      'awaitingSample',
      'received',
      'testing',
      'delivered',
      'completed',
    ]);
    expect(events[1]!.actorName).toBe('客户经理 王经理');
    expect(events[2]).toMatchObject({ actorName: '财务 赵财务', note: '银行回单 2026112401' });
    expect(audit).toHaveLength(events.length);
  });
});

describe('quote', () => {
  it('prices every 待报价 line, recomputes the total and moves on by the table', async () => {
    const u = await orderingCustomer(t);
    const custom = await customItem(t);
    const o = await placeOrder(t, u, { rid: custom.rid });
    const lines = (await callApi(t, 'adminOrderDetail', { token: token.manager, query: { id: o.id } })).body.data.lines;
    const body = (amounts: [number, number][]) => ({
      id: o.id,
      expect: 'quoting' as const,
      lines: amounts.map(([lineId, amount_fen]) => ({ lineId, amount_fen })),
    });
    const stranger = await callApi(t, 'adminOrderQuote', { token: token.manager, body: body([[lines[0]!.id + 100000, 5000]]) });
    expect(stranger).toMatchObject({ status: 400, body: { msg: '报价的项目不属于该订单' } });
    const lab = await callApi(t, 'adminOrderQuote', { token: token.lab, body: body([[lines[0]!.id, 5000]]) });
    expect(lab).toMatchObject({ status: 403, body: { msg: '无权限' } });
    const res = await callApi(t, 'adminOrderQuote', {
      token: token.manager,
      body: { ...body([[lines[0]!.id, 123456]]), note: '含数据分析' },
    });
    expect(res.body).toMatchObject({
      msg: '已报价',
      data: { state: 'awaitingSample', total_fen: 123456, lines: [expect.objectContaining({ amount_fen: 123456 })] },
    });
    const { audit } = await trail(o.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'order.quote',
      changes: { state: ['quoting', 'awaitingSample'], note: [null, '含数据分析'], totalFen: [null, 123456] },
    });
    // The customer sees the price now.
    expect((await callApi(t, 'orderDetail', { token: u.tokens.token, body: { id: o.id } })).body.data.total_fen).toBe(123456);
  });
});

describe('refusals', () => {
  let id: number;
  beforeAll(async () => {
    id = (await placeOrder(t, await orderingCustomer(t))).id;
  });

  it('answers 403 to a role without the permission', async () => {
    expect(await move('adminOrderReceive', 'manager', id, 'awaitingSample')).toMatchObject({ status: 403, body: { msg: '无权限' } });
    expect(await move('adminOrderMarkPaid', 'lab', id, 'awaitingSample', 'x')).toMatchObject({ status: 403 });
    expect(await move('adminOrderCancel', 'finance', id, 'awaitingSample', 'x')).toMatchObject({ status: 403 });
  });

  it('answers 409 naming the current state for an impossible move or a stale page, and changes nothing', async () => {
    const impossible = await move('adminOrderStartTesting', 'lab', id, 'awaitingSample');
    expect(impossible).toMatchObject({ status: 409, body: { msg: '订单状态已变化（当前为「待寄样」），请刷新后重试' } });
    const stale = await move('adminOrderStartTesting', 'lab', id, 'received');
    expect(stale).toMatchObject({ status: 409, body: { msg: '订单状态已变化（当前为「待寄样」），请刷新后重试' } });
    expect((await move('adminOrderCancel', 'manager', id, 'awaitingSample')).body.msg).toBe('[取消原因]不能为空');
    expect((await trail(id)).events).toHaveLength(1);
  });

  it('lets one of two staff racing on one order win; the other gets 409', async () => {
    const body = { id, expect: 'awaitingSample' as const };
    const [a, b] = await Promise.all([
      callApi(twins.a, 'adminOrderReceive', { token: token.lab, body }),
      callApi(twins.b, 'adminOrderReceive', { token: token.admin, body }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.msg).toBe('订单状态已变化（当前为「已收样」），请刷新后重试');
    const { events, audit } = await trail(id);
    expect(events.filter((e) => e.action === 'receive')).toHaveLength(1);
    expect(audit.filter((a) => a.action === 'order.receive')).toHaveLength(1);
    // Received: nobody may cancel any more.
    expect((await move('adminOrderCancel', 'manager', id, 'received', '客户要求')).status).toBe(409);
  });
});

describe('a manager’s reach and the console list', () => {
  let mine: { id: number; no: string };
  let theirs: { id: number; no: string };
  let otherManager: string;
  beforeAll(async () => {
    const add = await callApi(t, 'staffAdd', {
      token: token.admin,
      body: { account: 'manager.zhao', name: '赵经理', phone: '', email: '', roles: ['manager'], password: 'Lab coat 2049!' },
    });
    const zhao = add.body.data.id;
    otherManager = (await signInStaff(t, 'manager.zhao', 'Lab coat 2049!')).token;
    const a = await orderingCustomer(t);
    const b = await orderingCustomer(t);
    await t.db.update(userAccount).set({ managerId: zhao }).where(eq(userAccount.id, b.id));
    await t.db
      .update(userAccount)
      .set({ managerId: (await callApi(t, 'adminMe', { token: token.manager })).body.data.id })
      .where(eq(userAccount.id, a.id));
    mine = await placeOrder(t, a);
    theirs = await placeOrder(t, b);
    // A draft is the customer's own until sent.
    const draftLine = (await callApi(t, 'planAdd', { token: b.tokens.token, body: { rid: 'd10001', count: 1 } })).body.data.id;
    await callApi(t, 'orderAdd', {
      token: b.tokens.token,
      body: { lines: [{ planId: draftLine, samples: [{ name: '草稿样', count: 1, form: 'powder' }] }], delivery: 0, draft: true },
    });
  });

  it('shows a manager only their customers’ orders, and another manager’s order as missing', async () => {
    const list = (await callApi(t, 'adminOrderList', { token: otherManager, query: { pageSize: 50 } })).body.data;
    expect(list.list.map((o) => o.id)).toEqual([theirs.id]);
    expect(list.list[0]).toMatchObject({ managerName: '赵经理', state: 'awaitingSample' });
    expect(await callApi(t, 'adminOrderDetail', { token: otherManager, query: { id: mine.id } })).toMatchObject({
      status: 404,
      body: { msg: '订单不存在' },
    });
    const cancel = await callApi(t, 'adminOrderCancel', {
      token: otherManager,
      body: { id: mine.id, expect: 'awaitingSample', note: '试探' },
    });
    expect(cancel).toMatchObject({ status: 404, body: { msg: '订单不存在' } });
    const own = (await callApi(t, 'adminOrderList', { token: token.manager, query: { pageSize: 50 } })).body.data.list.map((o) => o.id);
    expect(own).toContain(mine.id);
    expect(own).not.toContain(theirs.id);
  });

  it('follows the customer when an admin gives them another manager: their orders leave one list and join the other', async () => {
    const c = await orderingCustomer(t);
    const zhao = (await callApi(t, 'adminMe', { token: otherManager })).body.data.id;
    const wang = (await callApi(t, 'adminMe', { token: token.manager })).body.data.id;
    await callApi(t, 'customerAssign', { token: token.admin, body: { customerId: c.id, managerId: wang } });
    const order = await placeOrder(t, c);
    const listed = async (staff: string) => (await callApi(t, 'adminOrderList', { token: staff, query: { customerId: c.id } })).body.data;
    expect(await listed(token.manager)).toMatchObject({ total: 1, list: [{ id: order.id }] });
    expect(await listed(otherManager)).toMatchObject({ total: 0, list: [] });

    expect((await callApi(t, 'customerAssign', { token: token.admin, body: { customerId: c.id, managerId: zhao } })).status).toBe(200);
    expect(await listed(otherManager)).toMatchObject({ total: 1, list: [{ id: order.id, managerName: '赵经理' }] });
    expect(await listed(token.manager)).toMatchObject({ total: 0, list: [] });
    // The keyword paths (gathered hits, the customer's phone) read the same reach.
    const byPhone = async (staff: string) => (await callApi(t, 'adminOrderList', { token: staff, query: { kw: c.phone } })).body.data.total;
    expect([await byPhone(otherManager), await byPhone(token.manager)]).toEqual([1, 0]);
  });

  it('filters by state, customer and keyword (number, phone, item, sample), pages on the server, and never lists a draft', async () => {
    const all = (await callApi(t, 'adminOrderList', { token: token.admin, query: { pageSize: 50 } })).body.data;
    expect(all.list.every((o) => o.state !== 'draft')).toBe(true);
    expect(all.total).toBe(all.list.length);
    const paged = (await callApi(t, 'adminOrderList', { token: token.admin, query: { pageSize: 2, page: 2 } })).body.data;
    expect(paged.list.map((o) => o.id)).toEqual(all.list.slice(2, 4).map((o) => o.id));
    const byNo = (await callApi(t, 'adminOrderList', { token: token.admin, query: { kw: theirs.no } })).body.data;
    expect(byNo.list.map((o) => o.id)).toEqual([theirs.id]);
    const byPhone = (await callApi(t, 'adminOrderList', { token: token.admin, query: { kw: byNo.list[0]!.customerPhone } })).body.data;
    expect(byPhone.list.map((o) => o.id)).toEqual([theirs.id]);
    const byCustomer = (await callApi(t, 'adminOrderList', { token: token.finance, query: { customerId: byNo.list[0]!.customerId } })).body
      .data;
    expect(byCustomer.list.map((o) => o.id)).toEqual([theirs.id]);
    const quoting = (await callApi(t, 'adminOrderList', { token: token.lab, query: { state: 'quoting' } })).body.data;
    expect(quoting.list.every((o) => o.state === 'quoting')).toBe(true);
    const bySample = (await callApi(t, 'adminOrderList', { token: token.admin, query: { kw: `样品` } })).body.data;
    expect(bySample.total).toBeGreaterThan(0);
    expect(bySample.more).toBe(false);
    const nothing = (await callApi(t, 'adminOrderList', { token: token.admin, query: { kw: '无此订单' } })).body.data;
    expect(nothing).toMatchObject({ list: [], total: 0, more: false });
  });

  it('reads YC and date digits as the start of an order number, bounded to the period they name (China time)', () => {
    expect(numberPrefix('YC2025')).toEqual({
      like: 'YC2025%',
      from: new Date('2024-12-31T16:00:00Z'),
      to: new Date('2025-12-31T16:00:00Z'),
    });
    expect(numberPrefix('yc202512')).toMatchObject({ from: new Date('2025-11-30T16:00:00Z'), to: new Date('2025-12-31T16:00:00Z') });
    expect(numberPrefix('YC20251231')).toMatchObject({ from: new Date('2025-12-30T16:00:00Z'), to: new Date('2025-12-31T16:00:00Z') });
    expect(numberPrefix('YC20251')).toMatchObject({ like: 'YC20251%', from: new Date('2024-12-31T16:00:00Z') });
    for (const kw of ['YC202513', 'YC20251232', 'YC202', 'YC2025-0001', '2025']) expect(numberPrefix(kw)).toBeUndefined();
  });

  it('a keyword with more hits than are gathered walks the newest first, and its count stops at the cap', async () => {
    const customer = await orderingCustomer(t);
    // 30 orders of one customer whose samples are 钙钛矿 films, a minute apart, newest last.
    await t.db.execute(sql`
      insert into orders (no, user_id, state, kind, delivery, total_fen, search_text, created_at, updated_at)
      select 'YC20990101-' || lpad(i::text, 6, '0'), ${customer.id}, 'testing', 'institution', 0, 100,
             'yc20990101-' || lpad(i::text, 6, '0') || ' 钙钛矿薄膜-' || i, now() + make_interval(mins => i), now()
      from generate_series(1, 30) as i`);
    const filter = { noDrafts: true, kw: '钙钛矿', kwCustomer: true };
    const gathered = await pageOrders(t.db, filter, 1, 5);
    const walked = await pageOrders(t.db, filter, 1, 5, { gather: 10, count: 1000 });
    const capped = await pageOrders(t.db, filter, 2, 5, { gather: 10, count: 12 });
    const newest = ['000030', '000029', '000028', '000027', '000026'].map((n) => `YC20990101-${n}`);
    expect(gathered).toMatchObject({ total: 30, more: false });
    expect(gathered.rows.map((r) => r.no)).toEqual(newest);
    expect(walked).toMatchObject({ total: 30, more: false });
    expect(walked.rows.map((r) => r.no)).toEqual(newest);
    expect(capped).toMatchObject({ total: 12, more: true });
    expect(capped.rows.map((r) => r.no)).toEqual(['000025', '000024', '000023', '000022', '000021'].map((n) => `YC20990101-${n}`));
    // The start of a number finds orders sent in the period it names: these carry 2099 numbers but were made today.
    const byNumber = await pageOrders(t.db, { noDrafts: true, kw: 'YC209901' }, 1, 5);
    expect(byNumber).toMatchObject({ total: 0, more: false });
    // The customer's phone prefix gathers the same way, and both kinds of hit together.
    const byPhone = await pageOrders(t.db, { noDrafts: true, kw: customer.phone, kwCustomer: true }, 1, 50, { gather: 10 });
    expect(byPhone).toMatchObject({ total: 30, more: false });
  });
});
