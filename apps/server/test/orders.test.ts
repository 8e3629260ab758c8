import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RADIOACTIVE_REFUSED } from '@yance/contracts/order';
import { auditLog, orderEvent, orders } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, createUser, type TestUser } from './factories.ts';
import { customItem, DFT, offShelf, orderBody, orderingCustomer, pickupAddress, placeOrder, planLine, XRD } from './order-factories.ts';

let t: TestApp;
let user: TestUser & { id: number };
beforeAll(async () => {
  t = await createTestApp();
  user = await orderingCustomer(t);
});
afterAll(async () => t.close());

const cartOf = async (u: TestUser) => (await callApi(t, 'planList', { token: u.tokens.token })).body.data.cartNum;
const NO = /^YC\d{8}-\d{4}$/;

describe('order/add refusals: nothing changes', () => {
  it('needs a completed attestation (403 with the spec’s words)', async () => {
    const u = await createUser(t);
    const line = await planLine(t, u);
    const res = await callApi(t, 'orderAdd', { token: u.tokens.token, body: orderBody([line]) });
    expect(res).toMatchObject({ status: 403, body: { code: 403, msg: '未完善基本信息无法正常下单' } });
    expect(await cartOf(u)).toBe(1);
  });

  it('refuses a radioactive sample with the reason', async () => {
    const line = await planLine(t, user);
    const body = orderBody([line]);
    body.lines[0]!.samples[0]!.hazards = ['toxic', 'radioactive'] as never;
    const res = await callApi(t, 'orderAdd', { token: user.tokens.token, body });
    expect(res).toMatchObject({ status: 400, body: { msg: RADIOACTIVE_REFUSED } });
    await callApi(t, 'planDel', { token: user.tokens.token, body: { ids: [line] } });
  });

  it('refuses another customer’s plan line without saying whose, and an empty order', async () => {
    const other = await orderingCustomer(t);
    const theirs = await planLine(t, other);
    const mine = await planLine(t, user);
    const res = await callApi(t, 'orderAdd', { token: user.tokens.token, body: orderBody([mine, theirs]) });
    expect(res).toMatchObject({ status: 404, body: { msg: '方案条目不存在' } });
    expect(await cartOf(other)).toBe(1);
    expect(await cartOf(user)).toBe(1);
    const empty = await callApi(t, 'orderAdd', { token: user.tokens.token, body: { lines: [], delivery: 0 } });
    expect(empty).toMatchObject({ status: 400, body: { msg: '[项目]请选择要下单的项目' } });
    const twice = await callApi(t, 'orderAdd', { token: user.tokens.token, body: orderBody([mine, mine]) });
    expect(twice).toMatchObject({ status: 400, body: { msg: '同一项目不能重复下单' } });
    const gone = await planLine(t, user, DFT);
    await offShelf(t, DFT);
    const off = await callApi(t, 'orderAdd', { token: user.tokens.token, body: orderBody([mine, gone]) });
    expect(off.status).toBe(400);
    expect(off.body.msg).toMatch(/已下架，无法下单/);
    expect(await cartOf(user)).toBe(2);
    await callApi(t, 'planDel', { token: user.tokens.token, body: { ids: [mine, gone] } });
  });
});

describe('order/add', () => {
  it('makes an institution’s priced self-send order 待寄样, takes its lines out of the plan, numbers it and its samples', async () => {
    const a = await planLine(t, user, XRD, 2, { 物相检索: 'Jade 物相检索' });
    const keep = await planLine(t, user, 'd10002', 1);
    const body = orderBody([a], { returnAddressRid: (await pickupAddress(t, user)).address_rid });
    body.lines[0]!.samples.push({ name: '对照样', count: 2, form: 'film', hazards: ['magnetic'], returnSample: true } as never);
    const res = await callApi(t, 'orderAdd', {
      token: user.tokens.token,
      body: { ...body, remark: '请尽快', attachments: ['/upload/u/a.pdf'] },
    });
    expect(res.body).toMatchObject({ code: 1, msg: '提交成功!', data: { state: 'awaitingSample', cartNum: 1 } });
    expect(res.body.data.no).toMatch(NO);
    const plan = (await callApi(t, 'planList', { token: user.tokens.token })).body.data;
    expect(plan.dataArr.flatMap((g) => g.items.map((i) => i.id))).toEqual([keep]);

    const d = (await callApi(t, 'orderDetail', { token: user.tokens.token, body: { id: res.body.data.id } })).body.data;
    expect(d).toMatchObject({
      kind: 'institution',
      delivery: 0,
      // ¥220 less the new customer's first-order 9折 (the default promotion rule, issue 21).
      total_fen: 19800,
      remark: '请尽快',
      attachments: ['/upload/u/a.pdf'],
      sampleCount: 3,
    });
    expect(d.lines[0]).toMatchObject({
      rid: XRD,
      name: 'X射线衍射',
      unit_fen: 11000,
      count: 2,
      amount_fen: 19800,
      promo_fen: 2200,
      promo_label: '新客9折',
      choices: { 扫描范围: '5–90°（常规）', 物相检索: 'Jade 物相检索' },
    });
    expect(d.samples.map((s) => s.no)).toEqual([`${d.no}-01`, `${d.no}-02`]);
    expect(d.samples[1]).toMatchObject({ name: '对照样', form: 'film', hazards: ['magnetic'], returnSample: true, lineId: d.lines[0]!.id });
    expect(d.timeline).toEqual([
      expect.objectContaining({ actor: '您', action: 'submit', label: '提交订单', from: 'draft', to: 'awaitingSample' }),
    ]);
    expect(d.actions).toEqual(['cancel']);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'order'), eq(auditLog.objectId, String(d.id))));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'order.submit',
        actorKind: 'customer',
        actorId: user.id,
        changes: { state: ['draft', 'awaitingSample'] },
      }),
    ]);
    await callApi(t, 'planDel', { token: user.tokens.token, body: { ids: [keep] } });
  });

  it('goes 待取样 for pick-up, 待签约 for an enterprise, 待报价 when a line has no fixed price', async () => {
    expect((await placeOrder(t, user, { delivery: 1 })).state).toBe('awaitingPickup');
    const firm = await orderingCustomer(t, undefined, 2);
    expect((await placeOrder(t, firm)).state).toBe('contracting');
    const custom = await customItem(t);
    const quoted = await placeOrder(t, user, { rid: custom.rid });
    expect(quoted.state).toBe('quoting');
    const d = (await callApi(t, 'orderDetail', { token: user.tokens.token, body: { id: quoted.id } })).body.data;
    expect(d).toMatchObject({ total_fen: null, lines: [expect.objectContaining({ amount_fen: null })] });
  });

  it('saves a draft, then finishes it: kept lines by lineId, a dropped line back in the plan', async () => {
    const u = await orderingCustomer(t);
    const a = await planLine(t, u, XRD, 1);
    const b = await planLine(t, u, 'd10002', 1);
    const saved = await callApi(t, 'orderAdd', { token: u.tokens.token, body: orderBody([a, b], { draft: true }) });
    expect(saved.body.data).toMatchObject({ state: 'draft', cartNum: 0 });
    const draft = (await callApi(t, 'orderDetail', { token: u.tokens.token, body: { id: saved.body.data.id } })).body.data;
    expect(draft).toMatchObject({
      state: 'draft',
      actions: [],
      timeline: [expect.objectContaining({ action: 'saveDraft', label: '保存草稿', from: null, to: 'draft' })],
    });
    const tabs = (await callApi(t, 'orderList', { token: u.tokens.token, body: { tab: 'draft' } })).body.data;
    // 全部 is every order, the draft too: its count is the sum of the other tabs' (issue 21).
    expect(tabs).toMatchObject({ total: 1, counts: { draft: 1, all: 1 } });

    const line = draft.lines[0]!;
    const samples = [{ name: '最终样', count: 1, form: 'block' as const, hazards: [], returnSample: false }];
    const done = await callApi(t, 'orderAdd', {
      token: u.tokens.token,
      body: { draftId: draft.id, lines: [{ lineId: line.id, samples }], delivery: 1, agreementVersion: 1 },
    });
    expect(done.body).toMatchObject({ code: 1, data: { id: draft.id, no: draft.no, state: 'awaitingPickup', cartNum: 1 } });
    const after = (await callApi(t, 'orderDetail', { token: u.tokens.token, body: { id: draft.id } })).body.data;
    expect(after.lines.map((l) => l.rid)).toEqual([XRD]);
    expect(after.samples).toEqual([expect.objectContaining({ no: `${draft.no}-01`, name: '最终样' })]);
    expect(after.timeline.map((e) => e.action)).toEqual(['saveDraft', 'submit']);
    // Sent, it is no longer a draft to finish.
    const again = await callApi(t, 'orderAdd', {
      token: u.tokens.token,
      body: { draftId: draft.id, lines: [{ lineId: line.id, samples }], delivery: 1 },
    });
    expect(again.status).toBe(409);
    // Someone else's draft is unknown.
    const other = await orderingCustomer(t);
    const theirs = await callApi(t, 'orderAdd', {
      token: other.tokens.token,
      body: { draftId: draft.id, lines: [{ lineId: line.id, samples }], delivery: 1 },
    });
    expect(theirs).toMatchObject({ status: 404, body: { msg: '订单不存在' } });
  });
});

describe('order/list, detail, cancel, confirm, again', () => {
  let u: TestUser & { id: number };
  let first: { id: number; no: string };
  beforeAll(async () => {
    u = await orderingCustomer(t);
    first = await placeOrder(t, u);
    for (let i = 0; i < 3; i++) await placeOrder(t, u, { rid: 'd10002' });
  });

  it('lists a tab newest first with every tab’s count, pages, and searches number, item and sample names', async () => {
    const all = (await callApi(t, 'orderList', { token: u.tokens.token, body: { pageSize: 3 } })).body.data;
    expect(all).toMatchObject({ total: 4, page: 1, pageSize: 3, counts: { all: 4, sampling: 4, testing: 0, draft: 0 } });
    expect(all.list).toHaveLength(3);
    expect(all.list[0]).toMatchObject({ items: ['单晶X射线衍射'], sampleCount: 1, state: 'awaitingSample' });
    const page2 = (await callApi(t, 'orderList', { token: u.tokens.token, body: { pageSize: 3, page: 2 } })).body.data;
    expect(page2.list.map((o) => o.id)).toEqual([first.id]);
    const byNo = (await callApi(t, 'orderList', { token: u.tokens.token, body: { kw: first.no.slice(-6) } })).body.data;
    expect(byNo.list.map((o) => o.id)).toContain(first.id);
    const byItem = (await callApi(t, 'orderList', { token: u.tokens.token, body: { kw: 'X射线衍射' } })).body.data;
    expect(byItem.total).toBe(4);
    const bySample = (await callApi(t, 'orderList', { token: u.tokens.token, body: { kw: '单晶' } })).body.data;
    expect(bySample.total).toBe(3);
    const none = (await callApi(t, 'orderList', { token: u.tokens.token, body: { tab: 'cancelled' } })).body.data;
    expect(none).toMatchObject({ total: 0, list: [] });
  });

  it('hides another customer’s order as missing, in detail, cancel, confirm and again', async () => {
    for (const name of ['orderDetail', 'orderConfirm', 'orderAgain'] as const) {
      expect(await callApi(t, name, { token: user.tokens.token, body: { id: first.id } }), name).toMatchObject({
        status: 404,
        body: { msg: '订单不存在' },
      });
    }
    const cancel = await callApi(t, 'orderCancel', { token: user.tokens.token, body: { id: first.id, reason: 'x' } });
    expect(cancel).toMatchObject({ status: 404, body: { msg: '订单不存在' } });
  });

  it('confirms data only once delivered (409 naming the state) and cancels with a reason before receipt', async () => {
    const early = await callApi(t, 'orderConfirm', { token: u.tokens.token, body: { id: first.id } });
    expect(early).toMatchObject({ status: 409, body: { msg: '订单状态已变化（当前为「待寄样」），请刷新后重试' } });
    expect((await callApi(t, 'orderCancel', { token: u.tokens.token, body: { id: first.id, reason: '' } })).status).toBe(400);
    const res = await callApi(t, 'orderCancel', { token: u.tokens.token, body: { id: first.id, reason: '样品还没准备好' } });
    expect(res.body).toMatchObject({ msg: '订单已取消', data: { state: 'cancelled', actions: [] } });
    expect(res.body.data.timeline.at(-1)).toMatchObject({
      action: 'cancel',
      from: 'awaitingSample',
      to: 'cancelled',
      note: '样品还没准备好',
      actor: '您',
    });
    const twice = await callApi(t, 'orderCancel', { token: u.tokens.token, body: { id: first.id, reason: '再取消' } });
    expect(twice).toMatchObject({ status: 409, body: { msg: '订单状态已变化（当前为「已取消」），请刷新后重试' } });
    const events = await t.db.select().from(orderEvent).where(eq(orderEvent.orderId, first.id));
    expect(events).toHaveLength(2);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'order'), eq(auditLog.objectId, String(first.id))));
    expect(audit.map((a) => a.action)).toEqual(['order.submit', 'order.cancel']);
    expect(audit[1]!.changes).toEqual({ state: ['awaitingSample', 'cancelled'], note: [null, '样品还没准备好'] });
  });

  it('再来一单 copies the lines into the plan with their choices, naming items gone off the shelf', async () => {
    const custom = await customItem(t, { price: 5000 });
    const two = await planLine(t, u, custom.rid, 3);
    const three = await planLine(t, u, XRD, 2, { 扫描范围: '5–120°' });
    const placed = await callApi(t, 'orderAdd', { token: u.tokens.token, body: orderBody([two, three]) });
    await offShelf(t, custom.rid);
    const res = await callApi(t, 'orderAgain', { token: u.tokens.token, body: { id: placed.body.data.id } });
    expect(res.body).toMatchObject({
      code: 1,
      msg: '已加入实验方案',
      data: { cartNum: 1, added: 1, skipped: [expect.stringMatching(/^定制测试/)] },
    });
    const plan = (await callApi(t, 'planList', { token: u.tokens.token })).body.data;
    expect(plan.dataArr[0]!.items[0]).toMatchObject({ rid: XRD, count: 2, choices: { 扫描范围: '5–120°', 物相检索: '不需要' } });
    await callApi(t, 'planDel', { token: u.tokens.token, body: { ids: [plan.dataArr[0]!.items[0]!.id] } });
    await offShelf(t, XRD);
    const none = await callApi(t, 'orderAgain', { token: u.tokens.token, body: { id: placed.body.data.id } });
    expect(none.status).toBe(400);
    expect(none.body.msg).toMatch(/均已下架或已变更/);
    expect(await cartOf(u)).toBe(0);
  });
});

describe('order numbers', () => {
  it('are unique and consecutive under many parallel orders', async () => {
    const u = await orderingCustomer(t);
    const items = await Promise.all(Array.from({ length: 12 }, (_, i) => customItem(t, { price: 1000 + i })));
    const lines: number[] = [];
    for (const c of items) lines.push(await planLine(t, u, c.rid, 1));
    const res = await Promise.all(lines.map((l) => callApi(t, 'orderAdd', { token: u.tokens.token, body: orderBody([l]) })));
    expect(res.map((r) => r.status)).toEqual(lines.map(() => 200));
    const nos = res.map((r) => r.body.data.no);
    expect(new Set(nos).size).toBe(nos.length);
    const seqs = nos.map((n) => Number(n.slice(-4))).sort((a, b) => a - b);
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe(seqs[i - 1]! + 1);
    const rows = await t.db.select({ no: orders.no }).from(orders).where(eq(orders.userId, u.id));
    expect(rows).toHaveLength(12);
  });
});
