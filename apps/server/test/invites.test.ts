import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '@yance/contracts/account';
import { endpoints } from '@yance/contracts/endpoints';
import { urlOf } from '@yance/contracts/routes';
import { auditLog, inviteReward, loginEvent, userAccount } from '../src/db/schema.ts';
import { createTestApp, json, type TestApp } from './create-test-app.ts';
import { callApi, GOOD_PASSWORD, newIp, newPhone, smsCode, staffTokens, type TestUser } from './factories.ts';
import { attest, orderingCustomer, placeOrder } from './order-factories.ts';
import { LOCAL_PAY_SECRET, newKey, topUpOnline } from './money-factories.ts';

const device = () => `dev-${randomUUID()}`;

/** A call with the browser's headers: the client IP and its device id (sign-up and login record both). */
async function raw(t: TestApp, name: 'sign' | 'login', body: object, ip: string, deviceId: string) {
  const ep = endpoints[name];
  const res = await t.app.inject({
    method: 'POST',
    url: urlOf(ep),
    headers: { 'x-forwarded-for': ip, 'x-device-id': deviceId },
    payload: body,
  });
  return json(res) as { code: number; msg: string; data: TokenPair };
}

/** An enterprise customer who signed up with the inviter's code from this IP and device. */
async function invitee(t: TestApp, code: string, ip = newIp(), deviceId = device()): Promise<TestUser & { id: number }> {
  const phone = newPhone();
  const sms = await smsCode(t, phone, 0);
  const res = await raw(
    t,
    'sign',
    { phone, password: GOOD_PASSWORD, code: sms, inviterCode: code.toLowerCase(), agree: true },
    ip,
    deviceId,
  );
  expect(res.code, res.msg).toBe(1);
  const user = { phone, password: GOOD_PASSWORD, tokens: res.data };
  await attest(t, user, 2);
  const [row] = await t.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.phone, phone));
  return { ...user, id: row!.id };
}

/** A 待付款 enterprise order (the contract steps are contract.test's). */
async function unpaidOrder(t: TestApp, u: TestUser) {
  const o = await placeOrder(t, u);
  await t.db.execute(sql`update orders set state = 'unpaid' where id = ${o.id}`);
  return o;
}

const pay = (t: TestApp, u: TestUser, orderId: number) =>
  callApi(t, 'payOrder', { token: u.tokens.token, body: { orderId, idempotencyKey: newKey() } });
const balance = async (t: TestApp, u: TestUser) => (await callApi(t, 'prestoreInfo', { token: u.tokens.token })).body.data.balanceFen;
const codeOf = async (t: TestApp, u: TestUser) => (await callApi(t, 'inviteInfo', { token: u.tokens.token })).body.data.code;
const invitees = async (t: TestApp, u: TestUser) =>
  (await callApi(t, 'inviteList', { token: u.tokens.token, body: { page: 1, pageSize: 20 } })).body.data;
const rewardOf = async (t: TestApp, inviteeId: number) => t.db.select().from(inviteReward).where(eq(inviteReward.inviteeId, inviteeId));

describe('invitations (ADR 0054)', () => {
  let t: TestApp;
  let finance = '';
  let operator = '';
  beforeAll(async () => {
    t = await createTestApp({ env: { PAYMENT_LOCAL_SECRET: LOCAL_PAY_SECRET } });
    finance = (await staffTokens(t, 'finance')).token;
    operator = (await staffTokens(t, 'operator')).token;
  });
  afterAll(async () => t.close());

  it('rewards the inviter once after the invitee’s first paid order, into the prestore statement, with a message; the ledger reconciles', async () => {
    const inviter = await orderingCustomer(t);
    const info = (await callApi(t, 'inviteInfo', { token: inviter.tokens.token })).body.data;
    expect(info).toMatchObject({ path: `/invited/${info.code}`, invitees: 0, settings: { enabled: true, inviterRewardFen: 5000 } });
    const friend = await invitee(t, info.code);
    expect((await invitees(t, inviter)).list).toEqual([
      expect.objectContaining({ phone: `${friend.phone.slice(0, 3)}****${friend.phone.slice(7)}`, status: 'registered', rewardFen: 0 }),
    ]);
    const o = await unpaidOrder(t, friend);
    expect((await invitees(t, inviter)).list[0]!.status).toBe('ordered');
    await topUpOnline(t, friend, 1_000_000);
    expect((await pay(t, friend, o.id)).body.code).toBe(1);

    const list = (await invitees(t, inviter)).list;
    expect(list[0]).toMatchObject({ status: 'rewarded', rewardFen: 5000, reason: '' });
    expect(list[0]!.rewardedAt).not.toBeNull();
    expect(await balance(t, inviter)).toBe(5000);
    const statement = (await callApi(t, 'prestoreList', { token: inviter.tokens.token, body: { page: 1, pageSize: 10 } })).body.data;
    expect(statement.list.map((l) => [l.kind, l.amountFen, l.balanceAfterFen])).toEqual([['inviteReward', 5000, 5000]]);
    const messages = (await callApi(t, 'messageList', { token: inviter.tokens.token, body: { page: 1, pageSize: 10 } })).body.data;
    expect(messages.list[0]).toMatchObject({
      kind: 'invite',
      title: '邀请奖励已到账',
      content: `您邀请的好友 ${friend.phone.slice(0, 3)}****${friend.phone.slice(7)} 已完成首单，奖励 ¥50.00 已存入您的预存余额。`,
      orderId: null,
    });
    expect((await callApi(t, 'inviteInfo', { token: inviter.tokens.token })).body.data).toMatchObject({
      invitees: 1,
      rewarded: 1,
      earnedFen: 5000,
    });

    // A second paid order rewards nothing more.
    const second = await unpaidOrder(t, friend);
    expect((await pay(t, friend, second.id)).body.code).toBe(1);
    expect(await balance(t, inviter)).toBe(5000);
    expect(await rewardOf(t, friend.id)).toHaveLength(1);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.objectType, 'inviteReward'));
    expect(audit.some((a) => a.action === 'inviteReward.credit')).toBe(true);
    const r = (await callApi(t, 'adminLedgerReconcile', { token: finance })).body.data;
    expect(r.ok).toBe(true);
  });

  it('two first payments racing reward once', async () => {
    const inviter = await orderingCustomer(t);
    const friend = await invitee(t, await codeOf(t, inviter));
    const [a, b] = [await unpaidOrder(t, friend), await unpaidOrder(t, friend)];
    await topUpOnline(t, friend, 1_000_000);
    const paid = await Promise.all([pay(t, friend, a.id), pay(t, friend, b.id)]);
    expect(paid.map((p) => p.body.code)).toEqual([1, 1]);
    expect(await rewardOf(t, friend.id)).toHaveLength(1);
    expect(await balance(t, inviter)).toBe(5000);
  });

  it('withholds the reward when invitee and inviter share a device; an operator grants it by hand (audited, once)', async () => {
    const inviter = await orderingCustomer(t);
    const shared = device();
    const login = await raw(t, 'login', { account: inviter.phone, password: inviter.password }, newIp(), shared);
    expect(login.code).toBe(1);
    const friend = await invitee(t, await codeOf(t, inviter), newIp(), shared);
    const [ev] = await t.db.select().from(loginEvent).where(eq(loginEvent.userId, friend.id));
    expect(ev!.deviceId).toBe(shared);
    const o = await unpaidOrder(t, friend);
    await topUpOnline(t, friend, 1_000_000);
    await pay(t, friend, o.id);

    expect(await balance(t, inviter)).toBe(0);
    expect((await invitees(t, inviter)).list[0]).toMatchObject({ status: 'unrewarded', reason: '奖励审核中', rewardFen: 0 });
    const rows = (await callApi(t, 'adminInviteList', { token: operator, query: { state: 'withheld', keyword: friend.phone } })).body.data;
    expect(rows.list).toHaveLength(1);
    expect(rows.list[0]).toMatchObject({ state: 'withheld', suspects: ['sameDevice'], inviterFen: 5000 });
    expect(rows.list[0]!.inviteePhone).not.toContain(friend.phone.slice(3, 7));

    const lab = (await staffTokens(t, 'lab')).token;
    const refused = await callApi(t, 'adminInviteGrant', { token: lab, body: { id: rows.list[0]!.rewardId!, idempotencyKey: newKey() } });
    expect(refused.status).toBe(403);
    const k = newKey();
    const granted = await callApi(t, 'adminInviteGrant', {
      token: operator,
      body: { id: rows.list[0]!.rewardId!, note: '同一家庭电脑，核实无误', idempotencyKey: k },
    });
    expect(granted.body).toMatchObject({ code: 1, data: { state: 'granted', decidedBy: expect.any(String) } });
    const again = await callApi(t, 'adminInviteGrant', {
      token: operator,
      body: { id: rows.list[0]!.rewardId!, note: '同一家庭电脑，核实无误', idempotencyKey: k },
    });
    expect(again.body.data).toEqual(granted.body.data);
    const twice = await callApi(t, 'adminInviteGrant', {
      token: operator,
      body: { id: rows.list[0]!.rewardId!, idempotencyKey: newKey() },
    });
    expect(twice.status).toBe(409);
    expect(await balance(t, inviter)).toBe(5000);
    expect((await invitees(t, inviter)).list[0]).toMatchObject({ status: 'rewarded', rewardFen: 5000 });
    // The grant's notice (notices.ts: inviteReward.grant) reaches the inviter once, with the amount.
    const told = (await callApi(t, 'messageList', { token: inviter.tokens.token, body: { page: 1, pageSize: 10 } })).body.data;
    expect(told.list.filter((m) => m.kind === 'invite').map((m) => m.content)).toEqual([expect.stringContaining('奖励 ¥50.00 已存入')]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'inviteReward.grant'));
    expect(audit.map((a) => a.objectId)).toContain(String(rows.list[0]!.rewardId));
    expect((await callApi(t, 'adminLedgerReconcile', { token: finance })).body.data.ok).toBe(true);
  });

  it('withholds on the same sign-up IP within a day; finance confirms the withholding with a reason; nothing is credited', async () => {
    const ip = newIp();
    const inviter = await orderingCustomer(t);
    await raw(t, 'login', { account: inviter.phone, password: inviter.password }, ip, device());
    const friend = await invitee(t, await codeOf(t, inviter), ip);
    const o = await unpaidOrder(t, friend);
    await topUpOnline(t, friend, 1_000_000);
    await pay(t, friend, o.id);
    const [row] = await rewardOf(t, friend.id);
    expect(row).toMatchObject({ state: 'withheld', suspects: ['sameIp'] });
    // Written on the machine (withhold, from: []): the audit row says it was made in 待审核, by the system.
    const [made] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'inviteReward'), eq(auditLog.objectId, String(row!.id))));
    expect(made).toMatchObject({ action: 'inviteReward.withhold', actorKind: 'system' });
    expect(made!.changes).toMatchObject({ state: [null, 'withheld'], suspects: [null, ['sameIp']] });
    const noReason = await callApi(t, 'adminInviteRefuse', { token: finance, body: { id: row!.id, idempotencyKey: newKey() } });
    expect(noReason.body).toMatchObject({ code: 0, msg: '[原因]不能为空' });
    const refused = await callApi(t, 'adminInviteRefuse', {
      token: finance,
      body: { id: row!.id, note: '刷单嫌疑', idempotencyKey: newKey() },
    });
    expect(refused.body.data).toMatchObject({ state: 'refused', note: '刷单嫌疑' });
    expect(await balance(t, inviter)).toBe(0);
    expect((await invitees(t, inviter)).list[0]).toMatchObject({ status: 'unrewarded', reason: expect.stringContaining('经审核不予奖励') });
    const grant = await callApi(t, 'adminInviteGrant', { token: finance, body: { id: row!.id, idempotencyKey: newKey() } });
    expect(grant.status).toBe(409);
  });

  it('shows a customer only their own invitees', async () => {
    const inviter = await orderingCustomer(t);
    await invitee(t, await codeOf(t, inviter));
    const stranger = await orderingCustomer(t);
    expect((await invitees(t, stranger)).total).toBe(0);
    expect((await invitees(t, inviter)).total).toBe(1);
    const anon = await callApi(t, 'inviteList', { body: { page: 1, pageSize: 20 } });
    expect(anon.status).toBe(401);
  });

  it('settings: refused when on with no amount; off records 未奖励 with the reason; the invitee’s own reward when set', async () => {
    const bad = await callApi(t, 'adminInviteSettingsSave', {
      token: operator,
      body: { enabled: true, inviterRewardFen: 0, inviteeRewardFen: 0 },
    });
    expect(bad.body).toMatchObject({ code: 0, msg: '[邀请人奖励]开启邀请奖励时，奖励金额不能都为0' });
    const manager = (await staffTokens(t, 'manager')).token;
    expect((await callApi(t, 'adminInviteSettings', { token: manager })).status).toBe(403);

    await callApi(t, 'adminInviteSettingsSave', { token: operator, body: { enabled: false, inviterRewardFen: 5000, inviteeRewardFen: 0 } });
    const inviter = await orderingCustomer(t);
    const friend = await invitee(t, await codeOf(t, inviter));
    const o = await unpaidOrder(t, friend);
    await topUpOnline(t, friend, 1_000_000);
    await pay(t, friend, o.id);
    expect((await invitees(t, inviter)).list[0]).toMatchObject({ status: 'unrewarded', reason: '首单支付时邀请奖励未开启' });

    const saved = await callApi(t, 'adminInviteSettingsSave', {
      token: finance,
      body: { enabled: true, inviterRewardFen: 3000, inviteeRewardFen: 1000 },
    });
    expect(saved.body.data).toEqual({ enabled: true, inviterRewardFen: 3000, inviteeRewardFen: 1000 });
    const inviter2 = await orderingCustomer(t);
    const friend2 = await invitee(t, await codeOf(t, inviter2));
    const o2 = await unpaidOrder(t, friend2);
    await topUpOnline(t, friend2, 1_000_000);
    const before = await balance(t, friend2);
    const paid = await pay(t, friend2, o2.id);
    expect(await balance(t, inviter2)).toBe(3000);
    expect(await balance(t, friend2)).toBe(before - paid.body.data.paidFen + 1000);
    expect((await callApi(t, 'adminLedgerReconcile', { token: finance })).body.data.ok).toBe(true);
    await callApi(t, 'adminInviteSettingsSave', { token: operator, body: { enabled: true, inviterRewardFen: 5000, inviteeRewardFen: 0 } });
  });
});
