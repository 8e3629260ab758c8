// The invitation programme's settings (邀请有礼, ADR 0069): the invitee's
// new-customer coupon at registration (a real coupon, once, usable on the
// first order), the console's settings behind invite.manage, and a change of
// them seen in both the words the shop renders and the reward the server
// computes. How an approved promoter's rate meets the invitation's.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteRuleLines, invitedWelcome, inviteSummary } from '@yance/contracts/invite-rules';
import { couponTemplate, rebate, userCoupon } from '../src/db/schema.ts';
import { welcomeInvitee } from '../src/modules/invite/invite-reward.service.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, createUser, staffTokens, type TestUser } from './factories.ts';
import { codeOf, ctxAt, DEFAULTS, idOf, invitee, pay, unpaidOrder } from './invite-factories.ts';
import { orderBody, orderingCustomer, planLine, XRD } from './order-factories.ts';
import { LOCAL_PAY_SECRET, topUpOnline } from './money-factories.ts';

describe('the invitation programme’s settings and the invitee’s coupon (ADR 0069)', () => {
  let t: TestApp;
  let operator = '';
  let finance = '';
  const coupons = async (u: TestUser) =>
    (await callApi(t, 'couponList', { token: u.tokens.token, body: { tab: 'usable' } })).body.data.list;
  const save = (token: string, body: object) => callApi(t, 'adminInviteSettingsSave', { token, body: { ...DEFAULTS, ...body } });
  const reconcileOk = async () => expect((await callApi(t, 'adminLedgerReconcile', { token: finance })).body.data.ok).toBe(true);

  beforeAll(async () => {
    t = await createTestApp({ env: { PAYMENT_LOCAL_SECRET: LOCAL_PAY_SECRET } });
    operator = (await staffTokens(t, 'operator')).token;
    finance = (await staffTokens(t, 'finance')).token;
  });
  afterAll(async () => t.close());

  it('an invitee gets the ¥200 coupon at registration, once, and uses it on their first order; the inviter earns on what was paid', async () => {
    const inviter = await orderingCustomer(t);
    const friend = await invitee(t, await codeOf(t, inviter));
    const [c] = await coupons(friend);
    expect(c).toMatchObject({
      name: '¥200新客券',
      kind: 'amount',
      amountFen: 20_000,
      thresholdFen: 0,
      ruleText: '无门槛减¥200',
      state: 'usable',
    });
    const days = (Date.parse(c!.validTo) - Date.parse(c!.validFrom)) / 86_400_000 + 1;
    expect(days).toBe(30);
    // Idempotent: the reaction run again issues nothing more; the database refuses a second one too.
    await ctxAt(t).tx((tx) => welcomeInvitee(tx, friend.id));
    expect(await coupons(friend)).toHaveLength(1);
    const held = await t.db.select().from(userCoupon).where(eq(userCoupon.userId, friend.id));
    await expect(t.db.insert(userCoupon).values({ ...held[0]!, id: undefined, orderId: null })).rejects.toThrow();
    // Someone who registered without an invitation gets none.
    expect(await coupons(await createUser(t))).toEqual([]);

    // The first order: the picker offers it as the best; the order holds it; the payment is the rest.
    // Five samples at ¥80: ¥400, ¥360 after the new customer's 新客9折 (issue 21), of which the coupon takes ¥200.
    const line = await planLine(t, friend, XRD, 5);
    const hint = (await callApi(t, 'couponUsable', { token: friend.tokens.token, body: { planIds: [line] } })).body.data;
    expect(hint.bestId).toBe(c!.id);
    const placed = await callApi(t, 'orderAdd', { token: friend.tokens.token, body: orderBody([line], { couponId: c!.id }) });
    expect(placed.body.code, placed.body.msg).toBe(1);
    await t.db.execute(sql`update orders set state = 'unpaid' where id = ${placed.body.data.id}`);
    await topUpOnline(t, friend, 1_000_000);
    const paid = await pay(t, friend, placed.body.data.id);
    expect(paid.body.code, paid.body.msg).toBe(1);
    expect(paid.body.data.paidFen).toBe(16_000);
    expect((await callApi(t, 'couponList', { token: friend.tokens.token, body: { tab: 'used' } })).body.data.list[0]).toMatchObject({
      id: c!.id,
      orderNo: placed.body.data.no,
    });
    const [r] = await t.db.select().from(rebate).where(eq(rebate.orderId, placed.body.data.id));
    expect(r).toMatchObject({
      kind: 'invite',
      baseFen: paid.body.data.paidFen,
      amountFen: Math.floor((paid.body.data.paidFen * 800) / 10_000),
    });
    await reconcileOk();
  });

  it('settings live behind invite.manage and are checked; the open terms are the same; the coupon template is the programme’s', async () => {
    const manager = (await staffTokens(t, 'manager')).token;
    expect((await callApi(t, 'adminInviteSettings', { token: manager })).status).toBe(403);
    expect((await save(manager, { rateBp: 1000 })).status).toBe(403);
    expect((await callApi(t, 'adminInviteSettingsSave', { body: DEFAULTS })).status).toBe(401);
    expect((await save(operator, { rateBp: 0, couponFen: 0 })).body).toMatchObject({
      code: 0,
      msg: '[返利比例]开启邀请有礼时，返利比例和新客券金额不能都为0',
    });
    expect((await save(operator, { windowMonths: 0 })).body).toMatchObject({ code: 0, msg: '[返利月数]不能小于1' });
    expect((await save(operator, { rateBp: 9000 })).body).toMatchObject({ code: 0, msg: '[返利比例]不能大于5000' });
    expect((await callApi(t, 'adminInviteSettings', { token: finance })).body.data).toEqual(DEFAULTS);
    expect((await callApi(t, 'inviteTerms', {})).body.data).toEqual(DEFAULTS);
    // The console's coupon room shows the programme's template but may not stop it.
    const tpl = (await t.db.select().from(couponTemplate).where(eq(couponTemplate.origin, 'invite')))[0]!;
    const listed = (await callApi(t, 'adminCouponTemplateList', { token: operator })).body.data;
    expect(listed.find((x) => x.id === tpl.id)).toMatchObject({ origin: 'invite', active: true });
    const stop = await callApi(t, 'adminCouponTemplateActive', { token: operator, body: { id: tpl.id, active: false } });
    expect(stop.status).toBe(409);
    expect(stop.body.msg).toBe('[优惠券]由「邀请有礼」的设置管理，请在其设置中修改');
  });

  it('a change of the settings changes both the words the shop renders and what the server gives', async () => {
    const before = (await callApi(t, 'inviteTerms', {})).body.data;
    expect(inviteRuleLines(before, 10_000).join('')).toContain('实付金额（不含优惠券和积分抵扣）的8%');
    expect(invitedWelcome(before)).toBe('好友邀请您加入研测，注册即得¥200新客券（无门槛减¥200，30天内有效），首笔订单即可使用');

    const changed = { rateBp: 1250, windowMonths: 6, holdDays: 10, couponFen: 30_000, couponThresholdFen: 100_000, couponDays: 60 };
    const saved = await save(finance, changed);
    expect(saved.body.data).toEqual({ ...DEFAULTS, ...changed });
    const terms = (await callApi(t, 'inviteTerms', {})).body.data;
    const words = inviteRuleLines(terms, 10_000).join('');
    expect(words).toContain('¥300新客券一张（满¥1000减¥300，注册后60天内有效）');
    expect(words).toContain('好友注册后6个月内');
    expect(words).toContain('的12.5%返利');
    expect(words).toContain('订单完成10天后');
    expect(inviteSummary(terms)).toBe(
      '好友注册即得¥300新客券；好友注册后6个月内每笔订单实付金额的12.5%返到您的返利钱包，订单完成10天后可提现。',
    );

    // The same settings, applied: the new invitee's coupon, the rebate's rate and hold, the window.
    const inviter = await orderingCustomer(t);
    const friend = await invitee(t, await codeOf(t, inviter));
    expect(await coupons(friend)).toEqual([expect.objectContaining({ name: '¥300新客券', ruleText: '满¥1000减¥300' })]);
    const templates = await t.db.select().from(couponTemplate).where(eq(couponTemplate.origin, 'invite'));
    expect(templates.map((x) => [x.amountFen, x.active])).toEqual([
      [20_000, false],
      [30_000, true],
    ]);
    await t.db.execute(sql`update user_account set created_at = now() - interval '5 months' where id = ${friend.id}`);
    const o = await unpaidOrder(t, friend);
    await topUpOnline(t, friend, 1_000_000);
    const paid = await pay(t, friend, o.id);
    const [r] = await t.db.select().from(rebate).where(eq(rebate.orderId, o.id));
    expect(r).toMatchObject({ rateBp: 1250, holdDays: 10, amountFen: Math.floor((paid.body.data.paidFen * 1250) / 10_000) });
    expect((await callApi(t, 'inviteInfo', { token: inviter.tokens.token })).body.data.settings).toMatchObject(changed);

    // Off: nothing for the next invitee, and a first payment then records 未奖励 with the reason.
    await save(operator, { ...changed, enabled: false });
    const late = await invitee(t, await codeOf(t, inviter));
    expect(await coupons(late)).toEqual([]);
    const o2 = await unpaidOrder(t, late);
    await topUpOnline(t, late, 1_000_000);
    await pay(t, late, o2.id);
    const list = (await callApi(t, 'inviteList', { token: inviter.tokens.token, body: { page: 1, pageSize: 20 } })).body.data.list;
    expect(list.find((x) => x.phone.endsWith(late.phone.slice(7)))).toMatchObject({
      status: 'unrewarded',
      reason: '首单付款时邀请有礼未开启',
    });
    expect(invitedWelcome((await callApi(t, 'inviteTerms', {})).body.data)).toBe(
      '好友邀请您加入研测，注册后即可享受先测试后付费与专属客户经理服务',
    );
    await save(operator, {});
    await reconcileOk();
  });

  it('an approved promoter’s invitee earns one rebate a payment: the invitation’s while it is higher, else the promoter’s', async () => {
    const promo = await orderingCustomer(t);
    await callApi(t, 'promotionApply', { token: promo.tokens.token, body: { name: '王推广', channel: '课题组' } });
    const promoId = await idOf(t, promo);
    const entry = (await callApi(t, 'adminPromoterList', { token: operator, query: { state: 'applied' } })).body.data.list.find(
      (p) => p.userId === promoId,
    )!;
    expect((await callApi(t, 'adminPromoterApprove', { token: operator, body: { id: entry.id } })).body.code).toBe(1);
    const friend = await invitee(t, await codeOf(t, promo));
    await topUpOnline(t, friend, 1_000_000);
    const o = await unpaidOrder(t, friend);
    await pay(t, friend, o.id);
    // Promotion's 5% < the invitation's 8%: the invitation's.
    expect((await t.db.select().from(rebate).where(eq(rebate.orderId, o.id))).map((r) => [r.kind, r.rateBp])).toEqual([['invite', 800]]);
    await callApi(t, 'adminPromotionSettingsSave', { token: operator, body: { rateBp: 1000, pendingDays: 7, minWithdrawFen: 10_000 } });
    const o2 = await unpaidOrder(t, friend);
    await pay(t, friend, o2.id);
    expect((await t.db.select().from(rebate).where(eq(rebate.orderId, o2.id))).map((r) => [r.kind, r.rateBp, r.holdDays])).toEqual([
      ['promoter', 1000, 7],
    ]);
    await callApi(t, 'adminPromotionSettingsSave', { token: operator, body: { rateBp: 500, pendingDays: 7, minWithdrawFen: 10_000 } });
    await reconcileOk();
  });
});
