import { and, eq, lt, sql } from 'drizzle-orm';
import { auditLog, orderDiscount, pointsAccount } from '../src/db/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expirePoints } from '../src/modules/coupon/coupon-points.service.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { testRunner } from './job-helpers.ts';
import { callApi, staffTokens, type TestUser } from './factories.ts';
import { orderBody, orderingCustomer, planLine, XRD } from './order-factories.ts';
import { LOCAL_PAY_SECRET, newKey, topUpOnline } from './money-factories.ts';

describe('coupons and points (ADR 0053)', () => {
  let t: TestApp;
  let finance = '';
  let operator = '';
  let lab = '';
  let signupTemplateId = 0;
  beforeAll(async () => {
    t = await createTestApp({ env: { PAYMENT_LOCAL_SECRET: LOCAL_PAY_SECRET } });
    finance = (await staffTokens(t, 'finance')).token;
    operator = (await staffTokens(t, 'operator')).token;
    lab = (await staffTokens(t, 'lab')).token;
    const added = await callApi(t, 'adminCouponTemplateAdd', {
      token: operator,
      body: { name: '新人券', kind: 'amount', amountFen: 5_000, thresholdFen: 10_000, validity: 'days', validDays: 30, onSignup: true },
    });
    expect(added.body.code, added.body.msg).toBe(1);
    signupTemplateId = added.body.data.id;
  });
  afterAll(async () => t.close());

  const reconcileOk = async () => {
    const r = (await callApi(t, 'adminLedgerReconcile', { token: finance })).body.data;
    expect(r.sumFen).toBe(0);
    expect(r.unbalanced).toEqual([]);
    expect(r.ok).toBe(true);
  };
  const usable = async (u: TestUser) => (await callApi(t, 'couponList', { token: u.tokens.token, body: { tab: 'usable' } })).body.data;
  const pointsOf = async (u: TestUser) => (await callApi(t, 'integralInfo', { token: u.tokens.token })).body.data.balance;

  it('templates need coupon.manage and valid terms; a lab member is refused', async () => {
    expect((await callApi(t, 'adminCouponTemplateList', { token: lab })).status).toBe(403);
    const bad = await callApi(t, 'adminCouponTemplateAdd', {
      token: finance,
      body: { name: '错', kind: 'amount', amountFen: 0, validity: 'fixed', validFrom: '2026-12-02', validTo: '2026-12-01' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^\[(减免金额|结束日期)\]/);
    const list = (await callApi(t, 'adminCouponTemplateList', { token: finance })).body.data;
    expect(list.find((x) => x.id === signupTemplateId)).toMatchObject({ onSignup: true, ruleText: '满¥100减¥50' });
  });

  it('a new customer gets the 注册即送 coupon; staff issue by phone within the per-user limit', async () => {
    const u = await orderingCustomer(t);
    const mine = await usable(u);
    expect(mine.list).toHaveLength(1);
    expect(mine.list[0]).toMatchObject({ name: '新人券', state: 'usable', scopeText: '全部项目可用' });
    expect(mine.counts).toEqual({ usable: 1, used: 0, expired: 0 });
    const again = await callApi(t, 'adminCouponIssue', { token: operator, body: { templateId: signupTemplateId, phone: u.phone } });
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain('每人限领');
    const nobody = await callApi(t, 'adminCouponIssue', { token: operator, body: { templateId: signupTemplateId, phone: '13012345678' } });
    expect(nobody.status).toBe(404);
  });

  it('order/add checks the coupon (owner, threshold, window) and holds it once; the enterprise pays total minus coupon; the ledger books the coupon', async () => {
    const firm = await orderingCustomer(t, undefined, 2);
    const other = await orderingCustomer(t);
    const coupon = (await usable(firm)).list[0]!;
    const otherCoupon = (await usable(other)).list[0]!;
    const line = await planLine(t, firm);
    const hint = (await callApi(t, 'couponUsable', { token: firm.tokens.token, body: { planIds: [line] } })).body.data;
    expect(hint.bestId).toBe(coupon.id);
    expect(hint.coupons[0]).toMatchObject({ usable: true, savingFen: 5_000 });

    const foreign = await callApi(t, 'orderAdd', { token: firm.tokens.token, body: orderBody([line], { couponId: otherCoupon.id }) });
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('[优惠券]不存在');
    // Refused: the plan line is still there.
    const placed = await callApi(t, 'orderAdd', { token: firm.tokens.token, body: orderBody([line], { couponId: coupon.id }) });
    expect(placed.body.code, placed.body.msg).toBe(1);
    const o = placed.body.data;
    const detail = (await callApi(t, 'orderDetail', { token: firm.tokens.token, body: { id: o.id } })).body.data;
    expect(detail.deduction).toMatchObject({ couponId: coupon.id, couponFen: 5_000, points: 0 });
    const total = detail.total_fen!;

    // The same coupon on a second order is refused.
    const line2 = await planLine(t, firm);
    const twice = await callApi(t, 'orderAdd', { token: firm.tokens.token, body: orderBody([line2], { couponId: coupon.id }) });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('[优惠券]已被使用');
    expect((await callApi(t, 'couponList', { token: firm.tokens.token, body: { tab: 'used' } })).body.data.list[0]).toMatchObject({
      id: coupon.id,
      orderNo: o.no,
    });

    await t.db.execute(sql`update orders set state = 'unpaid' where id = ${o.id}`);
    const due = (await callApi(t, 'payDueList', { token: firm.tokens.token, body: { tab: 'unpaid' } })).body.data;
    expect(due.list.find((d) => d.id === o.id)!.dueFen).toBe(total - 5_000);
    await topUpOnline(t, firm, 1_000_000);
    const paid = await callApi(t, 'payOrder', { token: firm.tokens.token, body: { orderId: o.id, idempotencyKey: newKey() } });
    expect(paid.body.code, paid.body.msg).toBe(1);
    expect(paid.body.data.paidFen).toBe(total - 5_000);
    // Points earned on what was paid (1 per ¥1).
    expect(await pointsOf(firm)).toBe(Math.floor((total - 5_000) / 100));
    // The member center's overview counts them, and the coupons left.
    const assets = (await callApi(t, 'assets', { token: firm.tokens.token })).body.data;
    expect(assets).toMatchObject({ points: Math.floor((total - 5_000) / 100), usableCoupons: (await usable(firm)).counts.usable });
    const r = (await callApi(t, 'adminLedgerReconcile', { token: finance })).body.data;
    expect(r.byKind.find((k) => k.kind === 'coupon')!.sumFen).toBeLessThanOrEqual(-5_000);
    await reconcileOk();
  });

  it('the hint prices as order/add does (issue 21): 新客9折 first, so a ¥110 line is ¥99, short of the 新人券’s ¥100', async () => {
    const u = await orderingCustomer(t);
    const signup = (await usable(u)).list[0]!;
    const hintOf = async (line: number) =>
      (await callApi(t, 'couponUsable', { token: u.tokens.token, body: { planIds: [line] } })).body.data;
    const line = await planLine(t, u, XRD, 1, { 物相检索: 'Jade 物相检索' }); // ¥80 + ¥30
    const first = await hintOf(line);
    expect(first).toMatchObject({ totalFen: 9_900, promos: [{ planId: line, promoFen: 1_100, promoLabel: '新客9折' }], bestId: null });
    expect(first.coupons.find((c) => c.id === signup.id)).toMatchObject({ usable: false, why: '适用项目满¥100.00可用' });
    // order/add agrees: the coupon is refused, the order without it is ¥99.
    const refused = await callApi(t, 'orderAdd', { token: u.tokens.token, body: orderBody([line], { couponId: signup.id }) });
    expect(refused.body.msg).toContain('[优惠券]不适用于本订单');
    const placed = await callApi(t, 'orderAdd', { token: u.tokens.token, body: orderBody([line]) });
    expect(placed.body.code, placed.body.msg).toBe(1);
    const detail = (await callApi(t, 'orderDetail', { token: u.tokens.token, body: { id: placed.body.data.id } })).body.data;
    expect(detail.total_fen).toBe(9_900);
    // No longer new: the same line is ¥110 and the coupon fits.
    const again = await planLine(t, u, XRD, 1, { 物相检索: 'Jade 物相检索' });
    const second = await hintOf(again);
    expect(second).toMatchObject({ totalFen: 11_000, promos: [{ planId: again, promoFen: 0, promoLabel: '' }], bestId: signup.id });
  });

  it('a coupon used by two orders at once: one wins, the other is refused', async () => {
    const u = await orderingCustomer(t);
    const coupon = (await usable(u)).list[0]!;
    const lines = [await planLine(t, u), await planLine(t, u, 'd10002')];
    const results = await Promise.all(
      lines.map((l) => callApi(t, 'orderAdd', { token: u.tokens.token, body: orderBody([l], { couponId: coupon.id }) })),
    );
    expect(results.map((r) => `${r.status} ${r.body.msg}`).sort()).toEqual(['200 提交成功!', '409 [优惠券]已被使用']);
    const held = await t.db.select().from(orderDiscount).where(eq(orderDiscount.userCouponId, coupon.id));
    expect(held).toHaveLength(1);
  });

  it('a coupon below its threshold, out of scope or expired is refused', async () => {
    const scoped = await callApi(t, 'adminCouponTemplateAdd', {
      token: operator,
      body: {
        name: '高门槛',
        kind: 'rate',
        ratePercent: 80,
        thresholdFen: 900_000_000,
        validity: 'fixed',
        validFrom: '2026-01-01',
        validTo: '2099-12-31',
      },
    });
    expect(scoped.body.code, scoped.body.msg).toBe(1);
    const u = await orderingCustomer(t);
    const issued = await callApi(t, 'adminCouponIssue', { token: finance, body: { templateId: scoped.body.data.id, phone: u.phone } });
    expect(issued.body.code, issued.body.msg).toBe(1);
    // The customer hears of both coupons (the sign-up one and staff's) in-site, by the coupon machine's issue.
    const told = (await callApi(t, 'messageList', { token: u.tokens.token, body: { page: 1, pageSize: 10 } })).body.data.list;
    expect(told.filter((m) => m.kind === 'user_coupon.issue').map((m) => m.content)).toEqual([
      `您获得优惠券「高门槛」（满¥9000000享8折），有效期至2099-12-31，可在「我的优惠券」中查看。`,
      expect.stringMatching(/^您获得优惠券「新人券」（满¥100减¥50），有效期至\d{4}-\d{2}-\d{2}，/),
    ]);
    const moves = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'user_coupon'), eq(auditLog.objectId, String(issued.body.data.id))));
    expect(moves.map((m) => m.action)).toEqual(['user_coupon.issue']);
    const line = await planLine(t, u);
    const hint = (await callApi(t, 'couponUsable', { token: u.tokens.token, body: { planIds: [line] } })).body.data;
    expect(hint.coupons.find((c) => c.id === issued.body.data.id)).toMatchObject({ usable: false });
    const refused = await callApi(t, 'orderAdd', { token: u.tokens.token, body: orderBody([line], { couponId: issued.body.data.id }) });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('[优惠券]不适用于本订单');
    // Expired: the window moved into the past.
    const signup = (await usable(u)).list.find((c) => c.name === '新人券')!;
    await t.db.execute(sql`update user_coupon set valid_to = '2020-01-01' where id = ${signup.id}`);
    const expired = await callApi(t, 'orderAdd', { token: u.tokens.token, body: orderBody([line], { couponId: signup.id }) });
    expect(expired.body.msg).toBe('[优惠券]已过期');
    expect((await callApi(t, 'couponList', { token: u.tokens.token, body: { tab: 'expired' } })).body.data.counts.expired).toBe(1);
  });

  it('points: spent within balance and cap, never negative; a cancelled prepaid order gives coupon and points back and the ledger sums to zero', async () => {
    const firm = await orderingCustomer(t, undefined, 2);
    await topUpOnline(t, firm, 2_000_000);
    // Earn points on a first paid order.
    const l1 = await planLine(t, firm, undefined, 10);
    const first = (await callApi(t, 'orderAdd', { token: firm.tokens.token, body: orderBody([l1]) })).body.data;
    await t.db.execute(sql`update orders set state = 'unpaid' where id = ${first.id}`);
    expect(
      (await callApi(t, 'payOrder', { token: firm.tokens.token, body: { orderId: first.id, idempotencyKey: newKey() } })).body.code,
    ).toBe(1);
    const earned = await pointsOf(firm);
    expect(earned).toBeGreaterThan(0);
    const history = (await callApi(t, 'integralList', { token: firm.tokens.token, body: {} })).body.data.list;
    expect(history[0]).toMatchObject({ reason: 'earn', points: earned, balanceAfter: earned, orderNo: first.no });

    const coupon = (await usable(firm)).list[0]!;
    const l2 = await planLine(t, firm);
    const tooMany = await callApi(t, 'orderAdd', { token: firm.tokens.token, body: orderBody([l2], { points: earned + 1 }) });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.msg).toMatch(/^\[积分\]积分不足/);
    const detailTotal = async (id: number) => (await callApi(t, 'orderDetail', { token: firm.tokens.token, body: { id } })).body.data;
    const use = 100;
    const o = await callApi(t, 'orderAdd', { token: firm.tokens.token, body: orderBody([l2], { couponId: coupon.id, points: use }) });
    expect(o.body.code, o.body.msg).toBe(1);
    expect(await pointsOf(firm)).toBe(earned - use);
    const d = await detailTotal(o.body.data.id);
    expect(d.deduction).toMatchObject({ couponFen: 5_000, points: use, pointsFen: 100 });
    await t.db.execute(sql`update orders set state = 'unpaid' where id = ${o.body.data.id}`);
    const paid = await callApi(t, 'payOrder', { token: firm.tokens.token, body: { orderId: o.body.data.id, idempotencyKey: newKey() } });
    expect(paid.body.data.paidFen).toBe(d.total_fen! - 5_000 - 100);
    const afterPay = await pointsOf(firm);
    await reconcileOk();

    await t.db.execute(sql`update orders set state = 'awaitingSample' where id = ${o.body.data.id}`);
    const cancelled = await callApi(t, 'orderCancel', { token: firm.tokens.token, body: { id: o.body.data.id, reason: '项目取消' } });
    expect(cancelled.body.code, cancelled.body.msg).toBe(1);
    expect((await usable(firm)).list.map((c) => c.id)).toContain(coupon.id);
    // The 100 points come back; what the order earned is taken back.
    expect(await pointsOf(firm)).toBe(afterPay + use - Math.floor((d.total_fen! - 5_100) / 100));
    const refunds = (await callApi(t, 'adminRefundList', { token: finance, query: { state: 'pending' } })).body.data.list;
    expect(refunds.find((r) => r.orderId === o.body.data.id)!.amountFen).toBe(d.total_fen! - 5_100);
    await reconcileOk();
    const negative = await t.db.select().from(pointsAccount).where(lt(pointsAccount.balance, 0));
    expect(negative).toEqual([]);
  });

  it('an institution order billed at 确认数据 books the coupon; its receivable is total minus coupon', async () => {
    const u = await orderingCustomer(t);
    const coupon = (await usable(u)).list[0]!;
    const line = await planLine(t, u);
    const o = (await callApi(t, 'orderAdd', { token: u.tokens.token, body: orderBody([line], { couponId: coupon.id }) })).body.data;
    const { reviewedFile } = await import('./order-factories.ts');
    await callApi(t, 'adminOrderReceive', { token: lab, body: { id: o.id, expect: 'awaitingSample' } });
    await callApi(t, 'adminOrderStartTesting', { token: lab, body: { id: o.id, expect: 'received' } });
    await reviewedFile(t, lab, o.id);
    await callApi(t, 'adminOrderDeliver', { token: lab, body: { id: o.id, expect: 'testing' } });
    const confirmed = await callApi(t, 'orderConfirm', { token: u.tokens.token, body: { id: o.id } });
    expect(confirmed.body.data.state).toBe('unsettled');
    const due = (await callApi(t, 'payDueList', { token: u.tokens.token, body: { tab: 'unsettled' } })).body.data;
    expect(due.list[0]!.dueFen).toBe(confirmed.body.data.total_fen! - 5_000);
    await reconcileOk();
  });

  it('points expire by the job with a history line; the settings are saved by coupon.manage', async () => {
    const u = await orderingCustomer(t, undefined, 2);
    await topUpOnline(t, u, 1_000_000);
    const l = await planLine(t, u);
    const o = (await callApi(t, 'orderAdd', { token: u.tokens.token, body: orderBody([l]) })).body.data;
    await t.db.execute(sql`update orders set state = 'unpaid' where id = ${o.id}`);
    await callApi(t, 'payOrder', { token: u.tokens.token, body: { orderId: o.id, idempotencyKey: newKey() } });
    expect(await pointsOf(u)).toBeGreaterThan(0);
    await t.db.execute(
      sql`update points_entry set expires_at = now() - interval '1 hour' where user_id = (select id from user_account where phone = ${u.phone})`,
    );
    await expirePoints(testRunner(t, systemClock, {}).ctx);
    expect(await pointsOf(u)).toBe(0);
    const history = (await callApi(t, 'integralList', { token: u.tokens.token, body: {} })).body.data.list;
    expect(history[0]).toMatchObject({ reason: 'expire', balanceAfter: 0 });

    expect(
      (
        await callApi(t, 'adminPointsSettingsSave', {
          token: lab,
          body: { earnPerYuan: 2, pointsPerYuan: 100, capPercent: 10, expireMonths: 12 },
        })
      ).status,
    ).toBe(403);
    const saved = await callApi(t, 'adminPointsSettingsSave', {
      token: operator,
      body: { earnPerYuan: 2, pointsPerYuan: 100, capPercent: 20, expireMonths: 6 },
    });
    expect(saved.body.data).toMatchObject({ earnPerYuan: 2, capPercent: 20 });
    await callApi(t, 'adminPointsSettingsSave', {
      token: operator,
      body: { earnPerYuan: 1, pointsPerYuan: 100, capPercent: 10, expireMonths: 12 },
    });
  });
});
