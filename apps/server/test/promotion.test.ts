// Promotion (推广, ADR 0055): promoter applications, rebates on invited
// customers' payments, release after N days, reversal on refund, withdrawals
// with finance's answers — every rule, and the ledger reconciled after.
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, rebate, userAccount, wallet } from '../src/db/schema.ts';
import { afterOrderMovePromotion, releaseDueRebates } from '../src/modules/promotion/promotion-rebate.service.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, createUser, staffTokens, type TestUser } from './factories.ts';
import { attest, orderBody, placeOrder, planLine, reviewedFile } from './order-factories.ts';
import { testRunner } from './job-helpers.ts';
import { LOCAL_PAY_SECRET, newKey, topUpOnline } from './money-factories.ts';

const DAY = 86_400_000;
const ctxAt = (t: TestApp, offsetMs = 0) => testRunner(t, () => new Date(Date.now() + offsetMs), {}).ctx;
const BANK = { holder: '王推广', bank: '中国建设银行北京海淀支行', account: '6217 0000 1234 5678 901' };

const idOf = async (t: TestApp, u: TestUser) =>
  (await t.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.phone, u.phone)))[0]!.id;

describe('promotion: promoters, rebates, wallet and withdrawals (ADR 0055)', () => {
  let t: TestApp;
  let finance = '';
  let operator = '';
  let lab = '';
  let manager = '';
  let promo: TestUser & { id: number };
  let inviteCode = '';

  const info = async (u: TestUser = promo) => (await callApi(t, 'promotionInfo', { token: u.tokens.token })).body.data;
  const reconcileOk = async () => {
    const r = await callApi(t, 'adminLedgerReconcile', { token: finance });
    expect(r.body.data).toMatchObject({ ok: true, sumFen: 0, unbalanced: [], mismatched: [], negative: [] });
  };
  /** A customer invited by the promoter, attested; enterprise (2) or institution (0). */
  async function invited(organization: 0 | 2) {
    const u = await createUser(t, undefined, { inviterCode: inviteCode });
    await attest(t, u, organization);
    return { ...u, id: await idOf(t, u) };
  }
  /** An enterprise order set to 待付款 at `fen` and paid from the balance. */
  async function paidEnterpriseOrder(u: TestUser, fen: number) {
    const o = await placeOrder(t, u);
    await t.db.execute(sql`update orders set state = 'unpaid', total_fen = ${fen} where id = ${o.id}`);
    await topUpOnline(t, u, 100_000);
    const paid = await callApi(t, 'payOrder', { token: u.tokens.token, body: { orderId: o.id, idempotencyKey: newKey() } });
    expect(paid.body.code, paid.body.msg).toBe(1);
    return o;
  }
  /** An institution order taken to 待结算 at ¥900 and settled from the balance: 已完成. */
  async function settledInstitutionOrder(u: TestUser) {
    const o = await placeOrder(t, u);
    await callApi(t, 'adminOrderReceive', { token: lab, body: { id: o.id, expect: 'awaitingSample' } });
    await callApi(t, 'adminOrderStartTesting', { token: lab, body: { id: o.id, expect: 'received' } });
    await callApi(t, 'adminOrderAdjust', { token: lab, body: { id: o.id, final_fen: 90_000, reason: '按实际样品数计费' } });
    await reviewedFile(t, lab, o.id);
    await callApi(t, 'adminOrderDeliver', { token: lab, body: { id: o.id, expect: 'testing' } });
    expect((await callApi(t, 'orderConfirm', { token: u.tokens.token, body: { id: o.id } })).body.data.state).toBe('unsettled');
    await topUpOnline(t, u, 100_000);
    const settled = await callApi(t, 'settlementAdd', { token: u.tokens.token, body: { orderIds: [o.id], idempotencyKey: newKey() } });
    expect(settled.body.code, settled.body.msg).toBe(1);
    return o;
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { PAYMENT_LOCAL_SECRET: LOCAL_PAY_SECRET } });
    finance = (await staffTokens(t, 'finance')).token;
    operator = (await staffTokens(t, 'operator')).token;
    lab = (await staffTokens(t, 'lab')).token;
    manager = (await staffTokens(t, 'manager')).token;
    const u = await createUser(t);
    promo = { ...u, id: await idOf(t, u) };
    inviteCode = (await callApi(t, 'userInfo', { token: promo.tokens.token })).body.data.userInfo.inviteCode;
    // The promoter's own rules only: the invitation programme (8% in the first months, ADR 0069) is off here —
    // how the two meet is invites.test's.
    const off = await callApi(t, 'adminInviteSettingsSave', {
      token: operator,
      body: { enabled: false, rateBp: 800, windowMonths: 3, holdDays: 15, couponFen: 20_000, couponThresholdFen: 0, couponDays: 30 },
    });
    expect(off.body.code, off.body.msg).toBe(1);
  });
  afterAll(async () => t.close());

  it('a customer applies; the console rejects with a reason, the customer applies again, the console approves', async () => {
    expect(await info()).toMatchObject({ promoter: null, wallet: false, rateBp: 500, pendingDays: 7, minWithdrawFen: 10_000 });
    // Not a promoter yet: the promoter's lists and withdrawing are 404.
    expect((await callApi(t, 'promotionRebates', { token: promo.tokens.token, body: {} })).status).toBe(404);
    const bad = await callApi(t, 'promotionApply', { token: promo.tokens.token, body: { name: '', channel: '朋友圈' } });
    expect(bad.body.msg).toBe('[姓名]不能为空');
    const applied = await callApi(t, 'promotionApply', {
      token: promo.tokens.token,
      body: { name: '王推广', channel: '高校课题组', reason: '认识很多做材料表征的老师' },
    });
    expect(applied.body.data).toMatchObject({ state: 'applied', name: '王推广' });
    expect((await callApi(t, 'promotionApply', { token: promo.tokens.token, body: { name: '王推广', channel: 'x' } })).status).toBe(409);

    const list = (await callApi(t, 'adminPromoterList', { token: operator, query: { state: 'applied' } })).body.data.list;
    const row = list.find((p) => p.userId === promo.id)!;
    expect(row).toMatchObject({ state: 'applied', channel: '高校课题组', customers: 0 });
    // Only promoter.manage (operator, finance; admin): a lab member may not.
    expect((await callApi(t, 'adminPromoterApprove', { token: lab, body: { id: row.id } })).status).toBe(403);
    expect((await callApi(t, 'adminPromoterReject', { token: operator, body: { id: row.id, note: '' } })).body.msg).toBe('[原因]不能为空');
    const rejected = await callApi(t, 'adminPromoterReject', { token: operator, body: { id: row.id, note: '请补充推广渠道' } });
    expect(rejected.body.data).toMatchObject({ state: 'rejected', note: '请补充推广渠道' });
    expect((await callApi(t, 'adminPromoterApprove', { token: operator, body: { id: row.id } })).status).toBe(409);
    expect((await info()).promoter).toMatchObject({ state: 'rejected', note: '请补充推广渠道' });

    const again = await callApi(t, 'promotionApply', {
      token: promo.tokens.token,
      body: { name: '王推广', channel: '高校课题组、行业展会', reason: '' },
    });
    expect(again.body.data).toMatchObject({ state: 'applied', channel: '高校课题组、行业展会', note: '' });
    const approved = await callApi(t, 'adminPromoterApprove', { token: finance, body: { id: row.id } });
    expect(approved.body.data.state).toBe('approved');
    expect((await info()).promoter?.state).toBe('approved');
    const moves = await t.db.select().from(auditLog).where(eq(auditLog.objectType, 'promoter')).orderBy(asc(auditLog.id));
    expect(moves.map((m) => m.action)).toEqual(['promoter.apply', 'promoter.reject', 'promoter.reapply', 'promoter.approve']);
    // The customer heard of each answer once, in the NOTICES table's words.
    const told = (await callApi(t, 'messageList', { token: promo.tokens.token, body: { page: 1, pageSize: 10 } })).body.data.list;
    expect(told.filter((m) => m.kind === 'promotion').map((m) => m.content)).toEqual([
      '您的推广员申请已通过，邀请的客户付款后即可获得返利。',
      '您的推广员申请未通过：请补充推广渠道',
    ]);
  });

  it('an invited enterprise pays: the rebate waits, then is available N days after completion; a repeat of the job moves nothing', async () => {
    const firm = await invited(2);
    const o = await paidEnterpriseOrder(firm, 40_000);
    const rebates = (await callApi(t, 'promotionRebates', { token: promo.tokens.token, body: {} })).body.data.list;
    expect(rebates).toHaveLength(1);
    expect(rebates[0]).toMatchObject({ baseFen: 40_000, rateBp: 500, amountFen: 2_000, state: 'pending', releaseAt: null });
    expect(rebates[0]!.customer).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(await info()).toMatchObject({ pendingFen: 2_000, availableFen: 0, customers: 1 });
    const customers = (await callApi(t, 'promotionCustomers', { token: promo.tokens.token, body: {} })).body.data.list;
    expect(customers).toEqual([
      expect.objectContaining({ phone: `${firm.phone.slice(0, 3)}****${firm.phone.slice(7)}`, rebateFen: 2_000 }),
    ]);

    // Not completed yet: the job leaves it.
    expect(await releaseDueRebates(ctxAt(t, 30 * DAY))).toBe(0);
    // The order completes (the lab's steps, the customer confirms the data): N = 7 days from now.
    await callApi(t, 'adminOrderReceive', { token: lab, body: { id: o.id, expect: 'awaitingSample' } });
    await callApi(t, 'adminOrderStartTesting', { token: lab, body: { id: o.id, expect: 'received' } });
    await reviewedFile(t, lab, o.id);
    await callApi(t, 'adminOrderDeliver', { token: lab, body: { id: o.id, expect: 'testing' } });
    expect((await callApi(t, 'orderConfirm', { token: firm.tokens.token, body: { id: o.id } })).body.data.state).toBe('completed');
    const [r] = await t.db.select().from(rebate).where(eq(rebate.orderId, o.id));
    expect(r!.releaseAt!.getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
    expect(await releaseDueRebates(ctxAt(t, 6 * DAY))).toBe(0);
    expect(await releaseDueRebates(ctxAt(t, 8 * DAY))).toBe(1);
    expect(await releaseDueRebates(ctxAt(t, 8 * DAY))).toBe(0);
    expect(await info()).toMatchObject({ pendingFen: 0, availableFen: 2_000 });
    // The member center shows the wallet; a customer who never applied has none.
    expect((await callApi(t, 'assets', { token: promo.tokens.token })).body.data.wallet).toEqual({ availableFen: 2_000, pendingFen: 0 });
    expect((await callApi(t, 'assets', { token: firm.tokens.token })).body.data.wallet).toBeNull();
    const statement = (await callApi(t, 'promotionStatement', { token: promo.tokens.token, body: {} })).body.data.list;
    expect(statement[0]).toMatchObject({ kind: 'rebateRelease', amountFen: 2_000, balanceAfterFen: 2_000 });
    await reconcileOk();
  });

  it('a coupon’s part of a payment earns nothing: the base is what the customer paid', async () => {
    const tpl = await callApi(t, 'adminCouponTemplateAdd', {
      token: operator,
      body: { name: '推广测试券', kind: 'amount', amountFen: 5_000, thresholdFen: 10_000, validity: 'days', validDays: 30 },
    });
    expect(tpl.body.code, tpl.body.msg).toBe(1);
    // A promoter of its own, so the first promoter's figures in the other cases stay as they are.
    const other = await createUser(t);
    const otherId = await idOf(t, other);
    await callApi(t, 'promotionApply', { token: other.tokens.token, body: { name: '李推广', channel: '展会' } });
    const entry = (await callApi(t, 'adminPromoterList', { token: operator, query: { state: 'applied' } })).body.data.list.find(
      (p) => p.userId === otherId,
    )!;
    expect((await callApi(t, 'adminPromoterApprove', { token: operator, body: { id: entry.id } })).body.code).toBe(1);
    const code = (await callApi(t, 'userInfo', { token: other.tokens.token })).body.data.userInfo.inviteCode;
    const firm = await createUser(t, undefined, { inviterCode: code });
    await attest(t, firm, 2);
    const coupon = await callApi(t, 'adminCouponIssue', { token: operator, body: { templateId: tpl.body.data.id, phone: firm.phone } });
    expect(coupon.body.code, coupon.body.msg).toBe(1);
    const line = await planLine(t, firm);
    const placed = await callApi(t, 'orderAdd', { token: firm.tokens.token, body: orderBody([line], { couponId: coupon.body.data.id }) });
    expect(placed.body.code, placed.body.msg).toBe(1);
    const o = placed.body.data;
    await t.db.execute(sql`update orders set state = 'unpaid' where id = ${o.id}`);
    await topUpOnline(t, firm, 1_000_000);
    const paid = await callApi(t, 'payOrder', { token: firm.tokens.token, body: { orderId: o.id, idempotencyKey: newKey() } });
    expect(paid.body.code, paid.body.msg).toBe(1);
    const [r] = await t.db.select().from(rebate).where(eq(rebate.orderId, o.id));
    expect(r!.baseFen).toBe(paid.body.data.paidFen);
    expect(r!.amountFen).toBe(Math.floor((paid.body.data.paidFen * 500) / 10_000));
    await reconcileOk();
  });

  it('an institution’s settlement earns at once with its completion; the console’s 到期入账 releases it when N is 0', async () => {
    const saved = await callApi(t, 'adminPromotionSettingsSave', {
      token: operator,
      body: { rateBp: 1000, pendingDays: 0, minWithdrawFen: 10_000 },
    });
    expect(saved.body.data).toMatchObject({ rateBp: 1000, pendingDays: 0 });
    const bad = await callApi(t, 'adminPromotionSettingsSave', {
      token: operator,
      body: { rateBp: 9000, pendingDays: 0, minWithdrawFen: 1 },
    });
    expect(bad.status).toBe(400);
    const lab1 = await invited(0);
    await settledInstitutionOrder(lab1);
    expect(await info()).toMatchObject({ pendingFen: 9_000, availableFen: 2_000 });
    expect((await callApi(t, 'adminPromotionRelease', { token: lab })).status).toBe(403);
    const released = await callApi(t, 'adminPromotionRelease', { token: operator });
    expect(released.body.data.released).toBe(1);
    expect(await info()).toMatchObject({ pendingFen: 0, availableFen: 11_000 });
    const figures = (await callApi(t, 'adminPromoterList', { token: finance, query: { kw: promo.phone } })).body.data.list[0]!;
    expect(figures).toMatchObject({ customers: 2, availableFen: 11_000, pendingFen: 0, earnedFen: 11_000, withdrawnFen: 0 });
    await reconcileOk();
  });

  it('a refund reverses a pending rebate; one not invited by a promoter earns nothing', async () => {
    const firm = await invited(2);
    const o = await paidEnterpriseOrder(firm, 30_000);
    expect((await info()).pendingFen).toBe(3_000);
    const cancelled = await callApi(t, 'orderCancel', { token: firm.tokens.token, body: { id: o.id, reason: '项目取消' } });
    expect(cancelled.body.code, cancelled.body.msg).toBe(1);
    expect((await info()).pendingFen).toBe(0);
    const [r] = await t.db.select().from(rebate).where(eq(rebate.orderId, o.id));
    expect(r!.state).toBe('reversed');

    const plain = await createUser(t);
    await attest(t, plain, 2);
    await paidEnterpriseOrder(plain, 30_000);
    expect(
      (
        await t.db
          .select()
          .from(rebate)
          .where(eq(rebate.customerId, await idOf(t, plain)))
      ).length,
    ).toBe(0);
    await reconcileOk();
  });

  it('withdrawals: bounds and bank account checked; another’s refused; two at once never exceed the wallet', async () => {
    const ask = (u: TestUser, amountFen: number, extra: Partial<typeof BANK> = {}, k = newKey()) =>
      callApi(t, 'promotionWithdraw', { token: u.tokens.token, body: { amountFen, ...BANK, ...extra, idempotencyKey: k } });
    expect((await ask(promo, 5_000)).body.msg).toBe('[提现金额]不能低于¥100.00');
    expect((await ask(promo, 20_000)).body.msg).toBe('钱包可提现余额不足');
    expect((await ask(promo, 10_000, { account: '1234' })).body.msg).toBe('[银行账号]应为8至30位数字');
    expect((await ask(promo, 10_000, { holder: '' })).body.msg).toBe('[开户人]不能为空');
    // A customer who is not a promoter cannot withdraw.
    const stranger = await createUser(t);
    expect((await ask(stranger, 10_000)).status).toBe(404);

    // Two requests at once for 10 000 of the 11 000: one passes, the other is refused.
    const both = await Promise.all([ask(promo, 10_000), ask(promo, 10_000)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await info()).toMatchObject({ availableFen: 1_000, withdrawingFen: 10_000 });
    const mine = (await callApi(t, 'promotionWithdrawals', { token: promo.tokens.token, body: {} })).body.data.list;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ state: 'applied', amountFen: 10_000, account: '**** 8901' });
    // The same key again answers the first result and moves nothing.
    const k = newKey();
    const first = await ask(promo, 10_000, {}, k);
    expect(first.status).toBe(409);
    // Another customer does not see them.
    expect((await callApi(t, 'promotionWithdrawals', { token: stranger.tokens.token, body: {} })).status).toBe(404);
    await reconcileOk();
  });

  it('finance rejects (back to the wallet), approves and records the payment; each move once; others may not', async () => {
    const list = (await callApi(t, 'adminWithdrawList', { token: finance, query: { state: 'applied' } })).body.data.list;
    const w = list.find((x) => x.userId === promo.id)!;
    expect(w).toMatchObject({ amountFen: 10_000, account: '6217000012345678901', promoterName: '王推广' });
    expect((await callApi(t, 'adminWithdrawApprove', { token: operator, body: { id: w.id, idempotencyKey: newKey() } })).status).toBe(403);
    expect(
      (await callApi(t, 'adminWithdrawPay', { token: finance, body: { id: w.id, reference: 'HX2026112500001', idempotencyKey: newKey() } }))
        .status,
    ).toBe(409);
    const noReason = await callApi(t, 'adminWithdrawReject', { token: finance, body: { id: w.id, note: '', idempotencyKey: newKey() } });
    expect(noReason.body.msg).toBe('[驳回原因]不能为空');
    const rejected = await callApi(t, 'adminWithdrawReject', {
      token: finance,
      body: { id: w.id, note: '开户人与推广员姓名不符', idempotencyKey: newKey() },
    });
    expect(rejected.body.data).toMatchObject({ state: 'rejected', note: '开户人与推广员姓名不符' });
    expect(await info()).toMatchObject({ availableFen: 11_000, withdrawingFen: 0 });

    const again = await callApi(t, 'promotionWithdraw', {
      token: promo.tokens.token,
      body: { amountFen: 11_000, ...BANK, idempotencyKey: newKey() },
    });
    expect(again.body.data.state).toBe('applied');
    const id = again.body.data.id;
    const k = newKey();
    const approved = await callApi(t, 'adminWithdrawApprove', { token: finance, body: { id, idempotencyKey: k } });
    expect(approved.body.data.state).toBe('approved');
    expect((await callApi(t, 'adminWithdrawApprove', { token: finance, body: { id, idempotencyKey: k } })).body.data).toEqual(
      approved.body.data,
    );
    expect((await callApi(t, 'adminWithdrawApprove', { token: finance, body: { id, idempotencyKey: newKey() } })).status).toBe(409);
    const paid = await callApi(t, 'adminWithdrawPay', {
      token: finance,
      body: { id, reference: 'HX2026112500001', idempotencyKey: newKey() },
    });
    expect(paid.body.data).toMatchObject({ state: 'paid', reference: 'HX2026112500001', staffName: expect.any(String) });
    const mine = (await callApi(t, 'promotionWithdrawals', { token: promo.tokens.token, body: {} })).body.data.list;
    expect(mine.map((m) => m.state)).toEqual(['paid', 'rejected']);
    expect(await info()).toMatchObject({ availableFen: 0, withdrawingFen: 0 });
    const moves = await t.db.select().from(auditLog).where(eq(auditLog.objectType, 'withdrawal')).orderBy(asc(auditLog.id));
    expect(moves.map((m) => m.action)).toEqual([
      'withdrawal.request',
      'withdrawal.reject',
      'withdrawal.request',
      'withdrawal.approve',
      'withdrawal.pay',
    ]);
    const told = (await callApi(t, 'messageList', { token: promo.tokens.token, body: { page: 1, pageSize: 10 } })).body.data.list;
    expect(told.filter((m) => m.title.startsWith('提现')).map((m) => m.content)).toEqual([
      `提现 ${paid.body.data.no}（¥110.00）已打款至 ${BANK.bank} **** 8901。`,
      `提现 ${paid.body.data.no}（¥110.00）已批准，等待打款。`,
      `提现 ${w.no}（¥100.00）被驳回：开户人与推广员姓名不符。金额已退回可提现余额。`,
    ]);
    await reconcileOk();
  });

  it('a refund after the rebate was withdrawn never makes the wallet negative: what is owed comes from the next rebates', async () => {
    const lab2 = await invited(0);
    const o = await settledInstitutionOrder(lab2);
    await releaseDueRebates(ctxAt(t));
    expect(await info()).toMatchObject({ availableFen: 9_000, pendingFen: 0 });
    await callApi(t, 'promotionWithdraw', {
      token: promo.tokens.token,
      body: { amountFen: 8_000 + 2_000, ...BANK, idempotencyKey: newKey() },
    }).then((r) => expect(r.status).toBe(409));
    const w = await callApi(t, 'promotionWithdraw', {
      token: promo.tokens.token,
      body: { amountFen: 9_000 - 0, ...BANK, idempotencyKey: newKey() },
    });
    expect(w.body.msg).toBe('[提现金额]不能低于¥100.00');
    // Lower the minimum, withdraw 6 000, leaving 3 000; then the order is refunded (a reversal the shop decides on).
    await callApi(t, 'adminPromotionSettingsSave', { token: finance, body: { rateBp: 1000, pendingDays: 0, minWithdrawFen: 1_000 } });
    expect(
      (await callApi(t, 'promotionWithdraw', { token: promo.tokens.token, body: { amountFen: 6_000, ...BANK, idempotencyKey: newKey() } }))
        .status,
    ).toBe(200);
    const ctx = ctxAt(t);
    await ctx.tx((tx) => afterOrderMovePromotion(tx, { id: o.id, no: o.no, userId: lab2.id, state: 'cancelled' }, 'cancel'));
    expect(await info()).toMatchObject({ availableFen: 0, owedFen: 6_000 });
    // The next rebate (¥900 × 10% = 9 000) pays the 6 000 off first.
    await settledInstitutionOrder(lab2);
    await releaseDueRebates(ctxAt(t));
    expect(await info()).toMatchObject({ availableFen: 3_000, owedFen: 0 });
    const [held] = await t.db.select().from(wallet).where(eq(wallet.userId, promo.id));
    expect(held!.owedFen).toBe(0);
    await reconcileOk();
  });

  it('a stopped promoter earns nothing new but may still withdraw; manager has no access', async () => {
    const row = (await callApi(t, 'adminPromoterList', { token: finance, query: { kw: promo.phone } })).body.data.list[0]!;
    expect((await callApi(t, 'adminPromoterList', { token: manager })).status).toBe(403);
    const stopped = await callApi(t, 'adminPromoterDisable', { token: operator, body: { id: row.id, note: '违规推广' } });
    expect(stopped.body.data.state).toBe('disabled');
    const lab3 = await invited(0);
    await settledInstitutionOrder(lab3);
    expect((await info()).pendingFen).toBe(0);
    expect(
      (await callApi(t, 'promotionWithdraw', { token: promo.tokens.token, body: { amountFen: 3_000, ...BANK, idempotencyKey: newKey() } }))
        .status,
    ).toBe(200);
    expect((await callApi(t, 'adminPromoterEnable', { token: operator, body: { id: row.id } })).body.data.state).toBe('approved');
    await reconcileOk();
  });
});
