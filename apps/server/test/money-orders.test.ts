import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, job, message, topup } from '../src/db/schema.ts';
import { createLocalGateway } from '../src/modules/payment/local-gateway.ts';
import { systemClock } from '../src/lib/clock.ts';
import { sweepMoney } from '../src/modules/payment/payment-sweep.service.ts';
import type { TestApp } from './create-test-app.ts';
import { testRunner } from './job-helpers.ts';
import { callApi, staffTokens } from './factories.ts';
import { orderBody, orderingCustomer, placeOrder, planLine } from './order-factories.ts';
import {
  balance,
  LOCAL_PAY_SECRET,
  moneyTestApp,
  newKey,
  postCallback,
  reconcile,
  topUpOnline,
  unsettledOrder,
} from './money-factories.ts';

/** A context on the test app's database, as the job worker has (to run the sweep). */
const ctxOf = (t: TestApp) => testRunner(t, systemClock, {}).ctx;

// Paying orders from the prestore balance (ADR 0050): prepaid (待付款, online in one step), settled (待结算, the
// hourly sweep's 欠款中), price adjustments, refunds and the credit limit. The balance itself: money.test.ts.
describe('the prestore ledger (ADR 0050)', () => {
  let t: TestApp, finance: string, lab: string, manager: string;
  beforeAll(async () => void ({ t, finance, lab, manager } = await moneyTestApp()));
  afterAll(async () => t.close());

  it('an enterprise prepays from its balance; short balance is refused and changes nothing; another customer’s order is 404', async () => {
    const firm = await orderingCustomer(t, undefined, 2);
    const o = await placeOrder(t, firm);
    // Contract signed and confirmed (contract.test covers it): set straight to 待付款 for the money.
    await t.db.execute(sql`update orders set state = 'unpaid' where id = ${o.id}`);
    const due = (await callApi(t, 'payDueList', { token: firm.tokens.token, body: { tab: 'unpaid' } })).body.data;
    expect(due.list).toHaveLength(1);
    const dueFen = due.list[0]!.dueFen;
    expect(dueFen).toBeGreaterThan(0);

    const short = await callApi(t, 'payOrder', { token: firm.tokens.token, body: { orderId: o.id, idempotencyKey: newKey() } });
    expect(short).toMatchObject({ status: 409, body: { msg: '预存余额不足，请先充值' } });
    const stranger = await orderingCustomer(t);
    const foreign = await callApi(t, 'payOrder', { token: stranger.tokens.token, body: { orderId: o.id, idempotencyKey: newKey() } });
    expect(foreign.status).toBe(404);

    await topUpOnline(t, firm, 1_000_000);
    const before = await balance(t, firm);
    const k = newKey();
    const paid = await callApi(t, 'payOrder', { token: firm.tokens.token, body: { orderId: o.id, idempotencyKey: k } });
    expect(paid.body.data).toMatchObject({ paidFen: dueFen, balanceFen: before - dueFen });
    const twice = await callApi(t, 'payOrder', { token: firm.tokens.token, body: { orderId: o.id, idempotencyKey: k } });
    expect(twice.body.data).toEqual(paid.body.data);
    expect(await balance(t, firm)).toBe(before - dueFen);
    expect((await callApi(t, 'orderDetail', { token: firm.tokens.token, body: { id: o.id } })).body.data.state).toBe('awaitingSample');
    expect((await reconcile(t, finance)).ok).toBe(true);
  });

  it('pays a 待付款 order online in one step: the trade is what the order needs, and its callback pays the order once', async () => {
    const firm = await orderingCustomer(t, undefined, 2);
    const o = await placeOrder(t, firm);
    await t.db.execute(sql`update orders set state = 'unpaid' where id = ${o.id}`);
    const dueFen = (await callApi(t, 'payDueList', { token: firm.tokens.token, body: { tab: 'unpaid' } })).body.data.list[0]!.dueFen;
    const stranger = await orderingCustomer(t);
    const foreign = await callApi(t, 'payOnline', {
      token: stranger.tokens.token,
      body: { orderId: o.id, gateway: 'local', idempotencyKey: newKey() },
    });
    expect(foreign.status).toBe(404);

    const k = newKey();
    const started = await callApi(t, 'payOnline', {
      token: firm.tokens.token,
      body: { orderId: o.id, gateway: 'local', idempotencyKey: k },
    });
    expect(started.body.code, started.body.msg).toBe(1);
    // Below the prestore minimum, no tier bonus: it pays an order.
    expect(started.body.data.topup).toMatchObject({ amountFen: dueFen, bonusFen: 0, state: 'pending' });
    expect(started.body.data.start).toMatchObject({ kind: 'redirect' });
    const again = await callApi(t, 'payOnline', { token: firm.tokens.token, body: { orderId: o.id, gateway: 'local', idempotencyKey: k } });
    expect(again.body.data.topup.no).toBe(started.body.data.topup.no);

    const cb = new URLSearchParams({
      ...createLocalGateway(LOCAL_PAY_SECRET).signedCallback(started.body.data.topup.no, dueFen),
    }).toString();
    expect((await postCallback(t, cb)).statusCode).toBe(200);
    expect((await postCallback(t, cb)).statusCode).toBe(200);
    expect((await callApi(t, 'orderDetail', { token: firm.tokens.token, body: { id: o.id } })).body.data.state).toBe('awaitingSample');
    expect(await balance(t, firm)).toBe(0);
    const lines = (await callApi(t, 'prestoreList', { token: firm.tokens.token, body: {} })).body.data.list;
    expect(lines.map((l) => [l.kind, l.amountFen])).toEqual([
      ['orderPay', -dueFen],
      ['topup', dueFen],
    ]);
    expect(lines[1]).toMatchObject({ memo: `订单在线支付 ${started.body.data.topup.no}` });
    // Nothing due any more: a new trade is refused.
    const done = await callApi(t, 'payOnline', {
      token: firm.tokens.token,
      body: { orderId: o.id, gateway: 'local', idempotencyKey: newKey() },
    });
    expect(done).toMatchObject({ status: 409, body: { msg: '该订单当前无需支付' } });
    expect((await reconcile(t, finance)).ok).toBe(true);
    // The customer hears of an order payment, not of a 充值单 (issue 21): the order's 订单已支付, once.
    const told = (await callApi(t, 'messageList', { token: firm.tokens.token, body: {} })).body.data.list;
    expect(told.filter((m) => m.title === '订单已支付')).toHaveLength(1);
    expect(told.map((m) => `${m.title} ${m.content}`).join('\n')).not.toContain('充值');
  });

  it('an online trade whose order was paid meanwhile leaves the money in the balance', async () => {
    const firm = await orderingCustomer(t, undefined, 2);
    const o = await placeOrder(t, firm);
    await t.db.execute(sql`update orders set state = 'unpaid' where id = ${o.id}`);
    const started = await callApi(t, 'payOnline', {
      token: firm.tokens.token,
      body: { orderId: o.id, gateway: 'local', idempotencyKey: newKey() },
    });
    const { amountFen, no } = started.body.data.topup;
    await topUpOnline(t, firm, 1_000_000);
    expect((await callApi(t, 'payOrder', { token: firm.tokens.token, body: { orderId: o.id, idempotencyKey: newKey() } })).body.code).toBe(
      1,
    );
    const before = await balance(t, firm);
    expect(
      (await postCallback(t, new URLSearchParams({ ...createLocalGateway(LOCAL_PAY_SECRET).signedCallback(no, amountFen) }).toString()))
        .statusCode,
    ).toBe(200);
    expect(await balance(t, firm)).toBe(before + amountFen);
    expect((await reconcile(t, finance)).ok).toBe(true);
    // Told where the money went, naming the trade as what it was.
    const told = (await callApi(t, 'messageList', { token: firm.tokens.token, body: {} })).body.data.list;
    expect(told.map((m) => m.content)).toContain(`您的订单支付单${no}已支付成功，金额已存入预存余额。`);
  });

  it('an institution order is billed when its data is confirmed and settled from the balance with others, all or none', async () => {
    const u = await orderingCustomer(t);
    const orders = [await unsettledOrder(t, lab, u), await unsettledOrder(t, lab, u)];
    const due = (await callApi(t, 'payDueList', { token: u.tokens.token, body: { tab: 'unsettled' } })).body.data;
    expect(due.list.map((o) => o.id)).toEqual(orders.map((o) => o.id));
    expect(due.list[0]!.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const r = await reconcile(t, finance);
    expect(r.receivable.matches).toBe(true);
    expect(r.receivable.ordersFen).toBeGreaterThanOrEqual(due.totalDueFen);

    // Enough for one but not both: nothing is settled.
    await topUpOnline(t, u, 100_000);
    const short = await callApi(t, 'settlementAdd', {
      token: u.tokens.token,
      body: { orderIds: orders.map((o) => o.id), idempotencyKey: newKey() },
    });
    expect(due.totalDueFen).toBe(180_000);
    expect(short).toMatchObject({ status: 409, body: { msg: '预存余额不足，请先充值' } });
    expect((await callApi(t, 'payDueList', { token: u.tokens.token, body: { tab: 'unsettled' } })).body.data.list).toHaveLength(2);
    expect(await balance(t, u)).toBe(102_000);
    await topUpOnline(t, u, 100_000);
    const settled = await callApi(t, 'settlementAdd', {
      token: u.tokens.token,
      body: { orderIds: orders.map((o) => o.id), idempotencyKey: newKey() },
    });
    expect(settled.body.code, settled.body.msg).toBe(1);
    expect(settled.body.data).toMatchObject({ paidFen: 180_000, balanceFen: 24_000 });
    for (const o of orders)
      expect((await callApi(t, 'orderDetail', { token: u.tokens.token, body: { id: o.id } })).body.data.state).toBe('completed');
    const after = await reconcile(t, finance);
    expect(after).toMatchObject({ ok: true, sumFen: 0, unbalanced: [], mismatched: [], negative: [] });
  });

  it('the hourly sweep marks 待结算 past the settlement days 欠款中 (with its SMS) and closes expired online trades', async () => {
    const u = await orderingCustomer(t);
    const o = await unsettledOrder(t, lab, u);
    const added = await callApi(t, 'prestoreAdd', {
      token: u.tokens.token,
      body: { method: 'online', gateway: 'local', amountFen: 100_000, idempotencyKey: newKey() },
    });
    // Not yet: the order entered 待结算 just now and the trade is valid for 30 minutes.
    expect((await sweepMoney(ctxOf(t))).overdue).toBe(0);
    // The order entered 待结算 31 days ago; the trade expired.
    await t.db.execute(sql`update order_event set at = at - interval '31 days' where order_id = ${o.id} and to_state = 'unsettled'`);
    await t.db.execute(sql`update topup set expires_at = now() - interval '1 minute' where id = ${added.body.data.topup.id}`);
    const swept = await sweepMoney(ctxOf(t));
    expect(swept.overdue).toBeGreaterThanOrEqual(1);
    expect(swept.closed).toBeGreaterThanOrEqual(1);
    expect((await callApi(t, 'orderDetail', { token: u.tokens.token, body: { id: o.id } })).body.data.state).toBe('overdue');
    const listed = (await callApi(t, 'payDueList', { token: u.tokens.token, body: { tab: 'unsettled' } })).body.data.list;
    expect(listed).toEqual([expect.objectContaining({ id: o.id, state: 'overdue', dueFen: 90_000 })]);
    const [row] = await t.db.select().from(topup).where(eq(topup.id, added.body.data.topup.id));
    expect(row).toMatchObject({ state: 'closed', note: '支付超时，已自动关闭' });
    // A payment that arrives after the trade closed still credits: the money is never lost.
    const late = await postCallback(
      t,
      new URLSearchParams({ ...createLocalGateway(LOCAL_PAY_SECRET).signedCallback(row!.no, 100_000) }).toString(),
    );
    expect(late.statusCode).toBe(200);
    expect(await balance(t, u)).toBe(102_000);
    // 欠款中 is reminded again every 7 days (the default), once per round: a message and an SMS each time.
    const reminders = async () =>
      (await t.db.select().from(message).where(eq(message.orderId, o.id))).filter((m) => m.key.includes(':overdueRemind:'));
    await sweepMoney(ctxOf(t));
    expect(await reminders()).toHaveLength(0);
    await t.db.execute(sql`update order_event set at = at - interval '7 days' where order_id = ${o.id} and to_state = 'overdue'`);
    expect((await sweepMoney(ctxOf(t))).reminded).toBeGreaterThanOrEqual(1);
    await sweepMoney(ctxOf(t));
    expect((await reminders()).map((m) => [m.key, m.title])).toEqual([[`order:${o.id}:overdueRemind:1`, '订单欠款提醒']]);
    expect((await reminders())[0]!.content).toContain('已逾期7天未结算');
    const sms = await t.db
      .select()
      .from(job)
      .where(eq(job.dedupeKey, `notice:order:${o.id}:overdueRemind:1:sms`));
    expect(sms).toHaveLength(1);
    await t.db.execute(sql`update order_event set at = at - interval '7 days' where order_id = ${o.id} and to_state = 'overdue'`);
    await sweepMoney(ctxOf(t));
    expect((await reminders()).map((m) => m.key)).toEqual([`order:${o.id}:overdueRemind:1`, `order:${o.id}:overdueRemind:2`]);
    // Settling an overdue order completes it.
    const settled = await callApi(t, 'settlementAdd', { token: u.tokens.token, body: { orderIds: [o.id], idempotencyKey: newKey() } });
    expect(settled.body.data.paidFen).toBe(90_000);
  });

  it('a prepaid order’s price adjustments: 退差价 goes back to the balance at once, 补差价 waits in 待付款 and is paid like an order', async () => {
    const firm = await orderingCustomer(t, undefined, 2);
    const o = await placeOrder(t, firm);
    await t.db.execute(sql`update orders set state = 'unpaid', total_fen = 100000 where id = ${o.id}`);
    await topUpOnline(t, firm, 200_000);
    await callApi(t, 'payOrder', { token: firm.tokens.token, body: { orderId: o.id, idempotencyKey: newKey() } });
    expect(await balance(t, firm)).toBe(104_000);
    const nothing = await callApi(t, 'payOrder', { token: firm.tokens.token, body: { orderId: o.id, idempotencyKey: newKey() } });
    expect(nothing).toMatchObject({ status: 409, body: { msg: '该订单当前无需支付' } });
    await callApi(t, 'adminOrderReceive', { token: lab, body: { id: o.id, expect: 'awaitingSample' } });

    // ¥1 000 → ¥800: ¥200 back at once, with the reason.
    const down = await callApi(t, 'adminOrderAdjust', { token: lab, body: { id: o.id, final_fen: 80_000, reason: '少测一个样品' } });
    expect(down.body.code, down.body.msg).toBe(1);
    expect(await balance(t, firm)).toBe(124_000);
    const [back] = (await callApi(t, 'prestoreList', { token: firm.tokens.token, body: { page: 1, pageSize: 1 } })).body.data.list;
    expect(back).toMatchObject({ kind: 'adjustRefund', amountFen: 20_000, memo: expect.stringContaining('少测一个样品') });
    expect((await callApi(t, 'payDueList', { token: firm.tokens.token, body: { tab: 'unpaid' } })).body.data.list).toEqual([]);

    // ¥800 → ¥1 100: ¥300 due in 待付款, paid from the balance once.
    await callApi(t, 'adminOrderAdjust', { token: lab, body: { id: o.id, final_fen: 110_000, reason: '加测两个样品' } });
    expect(await balance(t, firm)).toBe(124_000);
    const due = (await callApi(t, 'payDueList', { token: firm.tokens.token, body: { tab: 'unpaid' } })).body.data.list;
    expect(due).toEqual([expect.objectContaining({ id: o.id, state: 'received', dueFen: 30_000, finalFen: 110_000 })]);
    const k = newKey();
    const paid = await callApi(t, 'payOrder', { token: firm.tokens.token, body: { orderId: o.id, idempotencyKey: k } });
    expect(paid.body.data).toMatchObject({ paidFen: 30_000, balanceFen: 94_000 });
    expect((await callApi(t, 'payOrder', { token: firm.tokens.token, body: { orderId: o.id, idempotencyKey: k } })).body.data).toEqual(
      paid.body.data,
    );
    expect(await balance(t, firm)).toBe(94_000);
    const detail = (await callApi(t, 'orderDetail', { token: firm.tokens.token, body: { id: o.id } })).body.data;
    expect(detail.state).toBe('received');
    expect(detail.timeline.map((e) => e.label)).toEqual(expect.arrayContaining(['退差价至预存余额', '支付补差价']));
    expect((await reconcile(t, finance)).ok).toBe(true);
  });

  it('a cancelled prepaid order owes its refund until finance approves; then it is back in the balance, once', async () => {
    const firm = await orderingCustomer(t, undefined, 2);
    const o = await placeOrder(t, firm);
    await t.db.execute(sql`update orders set state = 'unpaid', total_fen = 50000 where id = ${o.id}`);
    await topUpOnline(t, firm, 100_000);
    await callApi(t, 'payOrder', { token: firm.tokens.token, body: { orderId: o.id, idempotencyKey: newKey() } });
    expect(await balance(t, firm)).toBe(52_000);
    const cancelled = await callApi(t, 'orderCancel', { token: firm.tokens.token, body: { id: o.id, reason: '项目取消' } });
    expect(cancelled.body.code, cancelled.body.msg).toBe(1);
    // Nothing back yet: the refund waits for finance, and the reconciliation sees it in refunds payable.
    expect(await balance(t, firm)).toBe(52_000);
    const r1 = await reconcile(t, finance);
    expect(r1.refunds).toMatchObject({ matches: true });
    expect(r1.refunds.pendingFen).toBeGreaterThanOrEqual(50_000);
    const pending = (await callApi(t, 'adminRefundList', { token: finance, query: { state: 'pending' } })).body.data.list;
    const mine = pending.find((r) => r.orderId === o.id)!;
    expect(mine).toMatchObject({ amountFen: 50_000, reason: '项目取消', state: 'pending' });

    expect((await callApi(t, 'adminRefundApprove', { token: manager, body: { id: mine.id, idempotencyKey: newKey() } })).status).toBe(403);
    const k = newKey();
    const approved = await callApi(t, 'adminRefundApprove', { token: finance, body: { id: mine.id, idempotencyKey: k } });
    expect(approved.body.data).toMatchObject({ state: 'refunded' });
    expect((await callApi(t, 'adminRefundApprove', { token: finance, body: { id: mine.id, idempotencyKey: k } })).body.data).toEqual(
      approved.body.data,
    );
    expect((await callApi(t, 'adminRefundApprove', { token: finance, body: { id: mine.id, idempotencyKey: newKey() } })).status).toBe(409);
    expect(await balance(t, firm)).toBe(102_000);
    const [line] = (await callApi(t, 'prestoreList', { token: firm.tokens.token, body: { page: 1, pageSize: 1 } })).body.data.list;
    expect(line).toMatchObject({ kind: 'refund', amountFen: 50_000, memo: expect.stringContaining('项目取消') });
    const detail = (await callApi(t, 'orderDetail', { token: firm.tokens.token, body: { id: o.id } })).body.data;
    expect(detail.timeline.map((e) => e.label)).toContain('退款至预存余额');
    expect((await reconcile(t, finance)).ok).toBe(true);
  });

  it('an institution over its credit limit settles before sending new orders (a draft may still be saved)', async () => {
    const admin = (await staffTokens(t, 'admin')).token;
    const u = await orderingCustomer(t);
    const o = await unsettledOrder(t, lab, u);
    const bad = await callApi(t, 'customerCredit', { token: admin, body: { id: u.id, creditLimitFen: -1 } });
    expect(bad.status).toBe(400);
    const set = await callApi(t, 'customerCredit', { token: admin, body: { id: u.id, creditLimitFen: 50_000 } });
    expect(set.body.data.creditLimitFen).toBe(50_000);
    expect((await callApi(t, 'customerCredit', { token: lab, body: { id: u.id, creditLimitFen: 0 } })).status).toBe(403);

    const line = await planLine(t, u);
    const refused = await callApi(t, 'orderAdd', { token: u.tokens.token, body: orderBody([line]) });
    expect(refused).toMatchObject({
      status: 409,
      body: { msg: '您的待结算金额 ¥900.00 已达到信用额度 ¥500.00，请先在「待结算」中完成结算后再下单' },
    });
    const draft = await callApi(t, 'orderAdd', { token: u.tokens.token, body: orderBody([line], { draft: true }) });
    expect(draft.body.code, draft.body.msg).toBe(1);

    await topUpOnline(t, u, 100_000);
    await callApi(t, 'settlementAdd', { token: u.tokens.token, body: { orderIds: [o.id], idempotencyKey: newKey() } });
    // Settled: nothing owed, orders go through again.
    expect((await placeOrder(t, u)).state).toBe('awaitingSample');
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'customer.credit'));
    expect(audits.at(-1)).toMatchObject({ objectId: String(u.id) });
  });
});
