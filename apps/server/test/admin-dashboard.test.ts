import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_WAITING_STATES, orderWaitingKey, type DashboardFigure } from '@yance/contracts/dashboard';
import { asFen } from '@yance/contracts/money';
import { demand, inviteReward, job, promoter, refund, staffAccount, topup, userAccount, withdrawal } from '../src/db/schema.ts';
import { chinaDayStart } from '../src/modules/dashboard/dashboard.service.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, createUser, staffTokens, testClock } from './factories.ts';
import { orderingCustomer, placeOrder } from './order-factories.ts';

describe('dashboard: today’s figures (issue 8)', () => {
  // 2026-11-22 08:00 UTC = 16:00 in Beijing; the Beijing day began at 2026-11-21 16:00 UTC.
  const clock = testClock(new Date('2026-11-22T08:00:00Z'));
  let t: TestApp;
  const figures = async (token: string) => {
    const res = await callApi(t, 'dashboard', { token });
    expect(res.body.code).toBe(1);
    return Object.fromEntries((res.body.data.figures as DashboardFigure[]).map((f) => [f.key, f.value]));
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now });
  });
  afterAll(async () => t.close());

  it('starts the day at midnight in Beijing', () => {
    expect(chinaDayStart(new Date('2026-11-22T08:00:00Z')).toISOString()).toBe('2026-11-21T16:00:00.000Z');
    expect(chinaDayStart(new Date('2026-11-21T15:59:59Z')).toISOString()).toBe('2026-11-20T16:00:00.000Z');
    expect(chinaDayStart(new Date('2026-11-21T16:00:00Z')).toISOString()).toBe('2026-11-21T16:00:00.000Z');
  });

  it('counts new customers and SMS sent today, and attestations waiting for review', async () => {
    const admin = (await staffTokens(t, 'admin')).token;
    const before = await figures(admin);
    expect(Object.keys(before)).toEqual([
      'newCustomers',
      'pendingAttestations',
      'newDemands',
      'smsSent',
      'failedJobs',
      'transfersWaiting',
      'refundsWaiting',
      'invoicesWaiting',
      'withdrawalsWaiting',
      'promotersWaiting',
      'inviteRewardsWithheld',
      ...ORDER_WAITING_STATES.map(orderWaitingKey),
    ]);

    const a = await createUser(t, clock);
    const b = await createUser(t, clock);
    // One customer registered yesterday (Beijing time) is not today's.
    await t.db
      .update(userAccount)
      .set({ createdAt: new Date('2026-11-21T15:00:00Z') })
      .where(eq(userAccount.phone, b.phone));
    await t.db.update(userAccount).set({ attested: true, attestationState: 'pending' }).where(eq(userAccount.phone, a.phone));
    // A form already reviewed waits no more.
    await t.db.update(userAccount).set({ attested: true, attestationState: 'approved' }).where(eq(userAccount.phone, b.phone));

    // A job whose tries are used up waits for someone to look at it.
    const now = clock.now();
    await t.db
      .insert(job)
      .values({ kind: 'sms.send', state: 'failed', attempts: 5, maxAttempts: 5, runAt: now, createdAt: now, updatedAt: now });

    const after = await figures(admin);
    expect(after.failedJobs).toBe(before.failedJobs! + 1);
    expect(after.newCustomers).toBe(before.newCustomers! + 1);
    expect(after.pendingAttestations).toBe(before.pendingAttestations! + 1);
    // Each registration sent one code.
    expect(after.smsSent).toBe(before.smsSent! + 2);
  });

  it('counts the orders waiting by state: every sent order for admin, a manager their customers’ only, none for an operator', async () => {
    const admin = (await staffTokens(t, 'admin')).token;
    const manager = (await staffTokens(t, 'manager')).token;
    const operator = (await staffTokens(t, 'operator')).token;
    const key = orderWaitingKey('awaitingSample');
    const [adminBefore, managerBefore] = [await figures(admin), await figures(manager)];

    const mine = await orderingCustomer(t, clock);
    await placeOrder(t, mine);
    const [demoManager] = await t.db.select({ id: staffAccount.id }).from(staffAccount).where(eq(staffAccount.account, 'manager'));
    await t.db.update(userAccount).set({ managerId: demoManager!.id }).where(eq(userAccount.id, mine.id));
    // A customer without a manager: admin sees the order, the manager does not.
    const nobodys = await orderingCustomer(t, clock);
    await t.db.update(userAccount).set({ managerId: null }).where(eq(userAccount.id, nobodys.id));
    await placeOrder(t, nobodys);

    expect((await figures(admin))[key]).toBe(adminBefore[key]! + 2);
    expect((await figures(manager))[key]).toBe(managerBefore[key]! + 1);
    expect(Object.keys(await figures(operator)).some((k) => k.startsWith('orders.'))).toBe(false);
  });

  it('counts money work waiting for finance — transfers, refunds, invoices — shown only to those who may act on it', async () => {
    const finance = (await staffTokens(t, 'finance')).token;
    const before = await figures(finance);
    const u = await orderingCustomer(t, clock);
    const id = (await t.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.phone, u.phone)))[0]!.id;
    const now = clock.now();
    await t.db.insert(topup).values([
      { no: `TUD${now.getTime()}1`, userId: id, method: 'transfer', amountFen: asFen(100_000), state: 'pending', createdAt: now },
      { no: `TUD${now.getTime()}2`, userId: id, method: 'transfer', amountFen: asFen(100_000), state: 'credited', createdAt: now },
    ]);
    const o = await placeOrder(t, u);
    await t.db.insert(refund).values({ orderId: o.id, userId: id, amountFen: asFen(8_000), state: 'pending', reason: '', createdAt: now });
    const after = await figures(finance);
    expect([after.transfersWaiting, after.refundsWaiting, after.invoicesWaiting]).toEqual([
      before.transfersWaiting! + 1,
      before.refundsWaiting! + 1,
      before.invoicesWaiting,
    ]);
    const operator = await figures((await staffTokens(t, 'operator')).token);
    expect(Object.keys(operator)).not.toContain('transfersWaiting');
    expect(Object.keys(operator)).not.toContain('invoicesWaiting');
  });

  it('counts promotion work — applications, withdrawals, withheld invitation rewards — for the rooms that answer them', async () => {
    const finance = (await staffTokens(t, 'finance')).token;
    const operatorToken = (await staffTokens(t, 'operator')).token;
    const before = await figures(finance);
    const [a, b] = [await orderingCustomer(t, clock), await orderingCustomer(t, clock)];
    const now = clock.now();
    await t.db.insert(promoter).values([
      { userId: a.id, state: 'applied', name: '王推广', channel: '课题组', createdAt: now },
      { userId: b.id, state: 'approved', name: '李推广', channel: '展会', createdAt: now },
    ]);
    await t.db.insert(withdrawal).values([
      {
        userId: b.id,
        amountFen: asFen(10_000),
        holder: '李推广',
        bank: '建设银行',
        account: '6217000012345678',
        state: 'applied',
        createdAt: now,
      },
      {
        userId: b.id,
        amountFen: asFen(10_000),
        holder: '李推广',
        bank: '建设银行',
        account: '6217000012345678',
        state: 'paid',
        createdAt: now,
      },
    ]);
    await t.db
      .insert(inviteReward)
      .values({ inviteeId: a.id, inviterId: b.id, state: 'withheld', scheme: 'rebate', inviterFen: 0, inviteeFen: 0, createdAt: now });
    const after = await figures(finance);
    expect([after.withdrawalsWaiting, after.promotersWaiting, after.inviteRewardsWithheld]).toEqual([
      before.withdrawalsWaiting! + 1,
      before.promotersWaiting! + 1,
      before.inviteRewardsWithheld! + 1,
    ]);
    // The operator answers applications and rewards, not withdrawals (withdraw.manage is finance's).
    const operator = await figures(operatorToken);
    expect(operator.promotersWaiting).toBe(after.promotersWaiting);
    expect(operator.inviteRewardsWithheld).toBe(after.inviteRewardsWithheld);
    expect(Object.keys(operator)).not.toContain('withdrawalsWaiting');
  });

  it('counts for a manager only their own customers and the demands they quote; an operator sees no customer figure', async () => {
    const manager = (await staffTokens(t, 'manager')).token;
    const admin = (await staffTokens(t, 'admin')).token;
    const [managerBefore, adminBefore] = [await figures(manager), await figures(admin)];
    const [demoManager] = await t.db.select({ id: staffAccount.id }).from(staffAccount).where(eq(staffAccount.account, 'manager'));
    // Another manager's customer registers and sends the form; then one of the demo manager's.
    const others = await createUser(t, clock);
    const [other] = await t.db
      .insert(staffAccount)
      .values({ account: `m${Date.now()}`, name: '另一位经理', passwordHash: 'x', roles: ['manager'], createdAt: clock.now() })
      .returning({ id: staffAccount.id });
    await t.db
      .update(userAccount)
      .set({ managerId: other!.id, attested: true, attestationState: 'pending' })
      .where(eq(userAccount.phone, others.phone));
    const mine = await createUser(t, clock);
    await t.db
      .update(userAccount)
      .set({ managerId: demoManager!.id, attested: true, attestationState: 'pending' })
      .where(eq(userAccount.phone, mine.phone));
    // A demand of the other manager's customer waits for a quote: not the demo manager's.
    const [o] = await t.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.phone, others.phone));
    const [m] = await t.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.phone, mine.phone));
    const now = clock.now();
    const demandRow = (userId: number, n: number) => ({
      userId,
      title: `定制测试 ${n}`,
      description: '请测一下',
      contactName: '张老师',
      contactPhone: '13800000000',
      state: 'open' as const,
      createdAt: now,
      updatedAt: now,
    });
    await t.db.insert(demand).values([demandRow(o!.id, 1), demandRow(m!.id, 2)]);

    const [managerAfter, adminAfter] = [await figures(manager), await figures(admin)];
    expect([managerAfter.newCustomers, managerAfter.pendingAttestations, managerAfter.newDemands]).toEqual([
      managerBefore.newCustomers! + 1,
      managerBefore.pendingAttestations! + 1,
      managerBefore.newDemands! + 1,
    ]);
    expect([adminAfter.newCustomers, adminAfter.pendingAttestations, adminAfter.newDemands]).toEqual([
      adminBefore.newCustomers! + 2,
      adminBefore.pendingAttestations! + 2,
      adminBefore.newDemands! + 2,
    ]);
    // Nor does a manager read the shop's jobs or SMS; the operator reads no customer or demand figure.
    expect(Object.keys(managerAfter)).not.toContain('failedJobs');
    expect(Object.keys(managerAfter)).not.toContain('smsSent');
    const operator = Object.keys(await figures((await staffTokens(t, 'operator')).token));
    for (const k of ['newCustomers', 'pendingAttestations', 'newDemands', 'failedJobs']) expect(operator).not.toContain(k);
    expect(operator).toContain('smsSent');
  });

  it('is for staff holding dashboard.read: every role has it; a customer token and no token are refused', async () => {
    for (const role of ['manager', 'lab', 'finance', 'operator'] as const) {
      expect((await callApi(t, 'dashboard', { token: (await staffTokens(t, role)).token })).body.code).toBe(1);
    }
    const customer = await createUser(t, clock);
    expect((await callApi(t, 'dashboard', { token: customer.tokens.token })).status).toBe(401);
    expect((await callApi(t, 'dashboard')).status).toBe(401);
  });
});
