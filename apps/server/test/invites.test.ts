// Invitations (邀请有礼, ADR 0054, ADR 0069): the inviter's rebate on the
// invitee's payments in their first months — computed by the server from the
// settings, through the ledger, once per payment — withdrawable the hold's days
// after the order completes (a clock the test moves); the abuse checks and the
// console's review; rows of before ADR 0069 keep their one-time reward.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, inviteReward, loginEvent, rebate } from '../src/db/schema.ts';
import { releaseDueRebates } from '../src/modules/promotion/promotion-rebate.service.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, newIp, staffTokens, type TestUser } from './factories.ts';
import { codeOf, ctxAt, DAY, DEFAULTS, device, idOf, invitee, inviteesOf, pay, raw, unpaidOrder } from './invite-factories.ts';
import { orderingCustomer, reviewedFile } from './order-factories.ts';
import { LOCAL_PAY_SECRET, newKey, topUpOnline } from './money-factories.ts';

const rebatesOf = (t: TestApp, customerId: number) => t.db.select().from(rebate).where(eq(rebate.customerId, customerId));
const rewardOf = (t: TestApp, inviteeId: number) => t.db.select().from(inviteReward).where(eq(inviteReward.inviteeId, inviteeId));
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

describe('invitations: the inviter’s rebate (ADR 0054, ADR 0069)', () => {
  let t: TestApp;
  let finance = '';
  let operator = '';
  let lab = '';
  const info = async (u: TestUser) => (await callApi(t, 'inviteInfo', { token: u.tokens.token })).body.data;
  const reconcileOk = async () => expect((await callApi(t, 'adminLedgerReconcile', { token: finance })).body.data.ok).toBe(true);

  beforeAll(async () => {
    t = await createTestApp({ env: { PAYMENT_LOCAL_SECRET: LOCAL_PAY_SECRET } });
    finance = (await staffTokens(t, 'finance')).token;
    operator = (await staffTokens(t, 'operator')).token;
    lab = (await staffTokens(t, 'lab')).token;
  });
  afterAll(async () => t.close());

  it('8% of what the invitee paid waits in the inviter’s wallet; 15 days after the order completes it is withdrawable', async () => {
    const inviter = await orderingCustomer(t);
    const before = await info(inviter);
    expect(before).toMatchObject({ settings: DEFAULTS, invitees: 0, earnedFen: 0, availableFen: 0, pendingFen: 0, minWithdrawFen: 10_000 });
    const friend = await invitee(t, before.code);
    expect((await inviteesOf(t, inviter)).list).toEqual([
      expect.objectContaining({ phone: masked(friend.phone), status: 'registered', rewardFen: 0, windowLastDay: expect.any(String) }),
    ]);
    const o = await unpaidOrder(t, friend);
    await topUpOnline(t, friend, 1_000_000);
    const paid = await pay(t, friend, o.id);
    expect(paid.body.code, paid.body.msg).toBe(1);
    const earned = Math.floor((paid.body.data.paidFen * 800) / 10_000);
    expect(earned).toBeGreaterThan(0);

    const [r] = await rebatesOf(t, friend.id);
    expect(r).toMatchObject({ kind: 'invite', rateBp: 800, holdDays: 15, amountFen: earned, state: 'pending', releaseAt: null });
    expect(await info(inviter)).toMatchObject({ invitees: 1, rewarded: 1, earnedFen: earned, pendingFen: earned, availableFen: 0 });
    const row = (await inviteesOf(t, inviter)).list[0]!;
    expect(row).toMatchObject({ status: 'rewarded', rewardFen: earned });
    expect(row.reason).toBe(`返利期至 ${row.windowLastDay}`);
    // The inviter hears of it with the terms; the wallet's lists open to them (they are no promoter).
    const told = (await callApi(t, 'messageList', { token: inviter.tokens.token, body: { page: 1, pageSize: 10 } })).body.data;
    expect(told.list[0]).toMatchObject({ kind: 'invite', title: '邀请返利已生效' });
    expect(told.list[0]!.content).toContain('8%');
    expect(told.list[0]!.content).toContain('订单完成 15 天后可提现');
    const mine = (await callApi(t, 'promotionRebates', { token: inviter.tokens.token, body: {} })).body.data.list;
    expect(mine).toEqual([expect.objectContaining({ kind: 'invite', amountFen: earned, state: 'pending' })]);
    expect((await callApi(t, 'promotionInfo', { token: inviter.tokens.token })).body.data).toMatchObject({ promoter: null, wallet: true });
    // Not withdrawable yet.
    const early = await callApi(t, 'promotionWithdraw', {
      token: inviter.tokens.token,
      body: { amountFen: earned, holder: '张邀请', bank: '中国银行北京分行', account: '6217000012345678', idempotencyKey: newKey() },
    });
    expect(early.body.code).toBe(0);

    // A second payment earns its own rebate; a replay of the order's move earns nothing more.
    const second = await unpaidOrder(t, friend);
    const paid2 = await pay(t, friend, second.id);
    expect(await rebatesOf(t, friend.id)).toHaveLength(2);
    expect((await info(inviter)).pendingFen).toBe(earned + Math.floor((paid2.body.data.paidFen * 800) / 10_000));
    expect(await rewardOf(t, friend.id)).toHaveLength(1);

    // The first order completes: due 15 days later, not before (the job run on a clock the test moves).
    await callApi(t, 'adminOrderReceive', { token: lab, body: { id: o.id, expect: 'awaitingSample' } });
    await callApi(t, 'adminOrderStartTesting', { token: lab, body: { id: o.id, expect: 'received' } });
    await reviewedFile(t, lab, o.id);
    await callApi(t, 'adminOrderDeliver', { token: lab, body: { id: o.id, expect: 'testing' } });
    expect((await callApi(t, 'orderConfirm', { token: friend.tokens.token, body: { id: o.id } })).body.data.state).toBe('completed');
    const [due] = await t.db.select().from(rebate).where(eq(rebate.orderId, o.id));
    expect(due!.releaseAt!.getTime()).toBeGreaterThan(Date.now() + 14 * DAY);
    expect(due!.releaseAt!.getTime()).toBeLessThan(Date.now() + 15 * DAY + 60_000);
    expect(await releaseDueRebates(ctxAt(t, 14 * DAY))).toBe(0);
    expect(await releaseDueRebates(ctxAt(t, 15 * DAY + 120_000))).toBe(1);
    expect(await info(inviter)).toMatchObject({ availableFen: earned });
    // The second order never completed: it still waits.
    expect((await rebatesOf(t, friend.id)).map((x) => x.state).sort()).toEqual(['available', 'pending']);
    await reconcileOk();
  });

  it('payments after the invitee’s window earn nothing; the window is the registration day plus the months', async () => {
    const inviter = await orderingCustomer(t);
    const late = await invitee(t, await codeOf(t, inviter));
    // Registered 3 months and 2 days ago: the window ended yesterday.
    await t.db.execute(sql`update user_account set created_at = now() - interval '3 months 2 days' where id = ${late.id}`);
    const o = await unpaidOrder(t, late);
    await topUpOnline(t, late, 1_000_000);
    expect((await pay(t, late, o.id)).body.code).toBe(1);
    expect(await rebatesOf(t, late.id)).toEqual([]);
    // Registered 3 months less 2 days ago: still in it.
    const inTime = await invitee(t, await codeOf(t, inviter));
    await t.db.execute(sql`update user_account set created_at = now() - interval '3 months' + interval '2 days' where id = ${inTime.id}`);
    const o2 = await unpaidOrder(t, inTime);
    await topUpOnline(t, inTime, 1_000_000);
    expect((await pay(t, inTime, o2.id)).body.code).toBe(1);
    expect(await rebatesOf(t, inTime.id)).toHaveLength(1);
    const list = (await inviteesOf(t, inviter)).list;
    expect(list.find((r) => r.phone === masked(inTime.phone))!.status).toBe('rewarded');
    expect(list.find((r) => r.phone === masked(late.phone))).toMatchObject({ status: 'ordered', rewardFen: 0 });
  });

  it('two first payments racing write one invitation; each payment earns once', async () => {
    const inviter = await orderingCustomer(t);
    const friend = await invitee(t, await codeOf(t, inviter));
    const [a, b] = [await unpaidOrder(t, friend), await unpaidOrder(t, friend)];
    await topUpOnline(t, friend, 1_000_000);
    const paid = await Promise.all([pay(t, friend, a.id), pay(t, friend, b.id)]);
    expect(paid.map((p) => p.body.code)).toEqual([1, 1]);
    expect(await rewardOf(t, friend.id)).toHaveLength(1);
    expect(await rebatesOf(t, friend.id)).toHaveLength(2);
    await reconcileOk();
  });

  it('withholds when invitee and inviter share a device; the review grants it and the earlier payments earn then (audited, once)', async () => {
    const inviter = await orderingCustomer(t);
    const shared = device();
    expect((await raw(t, 'login', { account: inviter.phone, password: inviter.password }, newIp(), shared)).code).toBe(1);
    const friend = await invitee(t, await codeOf(t, inviter), newIp(), shared);
    const [ev] = await t.db.select().from(loginEvent).where(eq(loginEvent.userId, friend.id));
    expect(ev!.deviceId).toBe(shared);
    const o = await unpaidOrder(t, friend);
    await topUpOnline(t, friend, 1_000_000);
    const paid = await pay(t, friend, o.id);
    expect(await rebatesOf(t, friend.id)).toEqual([]);
    expect((await inviteesOf(t, inviter)).list[0]).toMatchObject({ status: 'unrewarded', reason: '奖励审核中', rewardFen: 0 });
    const rows = (await callApi(t, 'adminInviteList', { token: operator, query: { state: 'withheld', keyword: friend.phone } })).body.data;
    expect(rows.list[0]).toMatchObject({ state: 'withheld', scheme: 'rebate', suspects: ['sameDevice'], rebateFen: 0 });
    expect(rows.list[0]!.inviteePhone).not.toContain(friend.phone.slice(3, 7));

    const lab2 = (await staffTokens(t, 'lab')).token;
    expect(
      (await callApi(t, 'adminInviteGrant', { token: lab2, body: { id: rows.list[0]!.rewardId!, idempotencyKey: newKey() } })).status,
    ).toBe(403);
    const k = newKey();
    const body = { id: rows.list[0]!.rewardId!, note: '同一家庭电脑，核实无误', idempotencyKey: k };
    const granted = await callApi(t, 'adminInviteGrant', { token: operator, body });
    const earned = Math.floor((paid.body.data.paidFen * 800) / 10_000);
    expect(granted.body).toMatchObject({ code: 1, data: { state: 'granted', rebateFen: earned, decidedBy: expect.any(String) } });
    expect((await callApi(t, 'adminInviteGrant', { token: operator, body })).body.data).toEqual(granted.body.data);
    expect((await callApi(t, 'adminInviteGrant', { token: operator, body: { ...body, idempotencyKey: newKey() } })).status).toBe(409);
    expect(await rebatesOf(t, friend.id)).toHaveLength(1);
    expect((await inviteesOf(t, inviter)).list[0]).toMatchObject({ status: 'rewarded', rewardFen: earned });
    const told = (await callApi(t, 'messageList', { token: inviter.tokens.token, body: { page: 1, pageSize: 10 } })).body.data;
    expect(told.list.filter((m) => m.kind === 'invite').map((m) => m.content)).toEqual([expect.stringContaining('经审核')]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'inviteReward.grant'));
    expect(audit.map((a) => a.objectId)).toContain(String(rows.list[0]!.rewardId));
    await reconcileOk();
  });

  it('withholds on the same sign-up IP within a day; finance refuses with a reason; nothing is earned, later either', async () => {
    const ip = newIp();
    const inviter = await orderingCustomer(t);
    await raw(t, 'login', { account: inviter.phone, password: inviter.password }, ip, device());
    const friend = await invitee(t, await codeOf(t, inviter), ip);
    const o = await unpaidOrder(t, friend);
    await topUpOnline(t, friend, 1_000_000);
    await pay(t, friend, o.id);
    const [row] = await rewardOf(t, friend.id);
    expect(row).toMatchObject({ state: 'withheld', scheme: 'rebate', suspects: ['sameIp'] });
    const [made] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'inviteReward'), eq(auditLog.objectId, String(row!.id))));
    expect(made).toMatchObject({ action: 'inviteReward.withhold', actorKind: 'system' });
    const noReason = await callApi(t, 'adminInviteRefuse', { token: finance, body: { id: row!.id, idempotencyKey: newKey() } });
    expect(noReason.body).toMatchObject({ code: 0, msg: '[原因]不能为空' });
    const refused = await callApi(t, 'adminInviteRefuse', {
      token: finance,
      body: { id: row!.id, note: '刷单嫌疑', idempotencyKey: newKey() },
    });
    expect(refused.body.data).toMatchObject({ state: 'refused', note: '刷单嫌疑' });
    await pay(t, friend, (await unpaidOrder(t, friend)).id);
    expect(await rebatesOf(t, friend.id)).toEqual([]);
    expect((await inviteesOf(t, inviter)).list[0]).toMatchObject({
      status: 'unrewarded',
      reason: expect.stringContaining('经审核不予奖励'),
    });
    expect((await callApi(t, 'adminInviteGrant', { token: finance, body: { id: row!.id, idempotencyKey: newKey() } })).status).toBe(409);
  });

  it('an invitation of before ADR 0069 keeps its one-time reward: granted by review, ¥50 into the prestore balance', async () => {
    const inviter = await orderingCustomer(t);
    const friend = await invitee(t, await codeOf(t, inviter));
    // As migration invite-rebates leaves such a row: scheme flat, its amounts fixed when it was written.
    const [row] = await t.db
      .insert(inviteReward)
      .values({
        inviteeId: friend.id,
        inviterId: await idOf(t, inviter),
        state: 'withheld',
        scheme: 'flat',
        inviterFen: 5_000,
        inviteeFen: 0,
        suspects: ['sameDevice'],
        createdAt: new Date(),
      })
      .returning();
    const granted = await callApi(t, 'adminInviteGrant', { token: operator, body: { id: row!.id, idempotencyKey: newKey() } });
    expect(granted.body.data).toMatchObject({ state: 'granted', scheme: 'flat', inviterFen: 5_000, rebateFen: 0 });
    expect((await callApi(t, 'prestoreInfo', { token: inviter.tokens.token })).body.data.balanceFen).toBe(5_000);
    // Its invitee's payments earn no rebate on top.
    await topUpOnline(t, friend, 1_000_000);
    await pay(t, friend, (await unpaidOrder(t, friend)).id);
    expect(await rebatesOf(t, friend.id)).toEqual([]);
    expect(await info(inviter)).toMatchObject({ rewarded: 1, earnedFen: 5_000 });
    expect((await inviteesOf(t, inviter)).list[0]).toMatchObject({ status: 'rewarded', rewardFen: 5_000, windowLastDay: null });
    await reconcileOk();
  });
});
