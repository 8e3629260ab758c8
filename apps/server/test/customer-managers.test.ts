import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '@yance/contracts/account';
import { userAccount } from '../src/db/schema.ts';
import { createTwinApps, type TestApp } from './create-test-app.ts';
import { callApi, createUser, GOOD_PASSWORD, newPhone, smsCode, staffTokens, testClock } from './factories.ts';

// Two app instances on one database, as two processes: registrations on both take turns in one round robin.
const clock = testClock();
let twins: Awaited<ReturnType<typeof createTwinApps>>;
let t: TestApp;
let admin: string;
let managerId: number;
const managerOf = async (phone: string) => (await t.db.select().from(userAccount).where(eq(userAccount.phone, phone)))[0]!.managerId;
const addManager = async (account: string, name: string) =>
  (
    await callApi(t, 'staffAdd', {
      token: admin,
      body: { account, name, phone: '', email: '', roles: ['manager'], password: 'Lab coat 2049!' },
    })
  ).body.data.id;

beforeAll(async () => {
  twins = await createTwinApps({ clock: clock.now });
  t = twins.a;
  admin = (await staffTokens(t, 'admin')).token;
  managerId = (await callApi(t, 'adminMe', { token: (await staffTokens(t, 'manager')).token })).body.data.id;
});
afterAll(async () => twins.close());

describe('account managers (spec §1, ADR 0035)', () => {
  let second: number;
  let disabled: number;

  it('gives every new customer the next active manager in turn, skipping a disabled manager', async () => {
    second = await addManager('manager.li', '李经理');
    disabled = await addManager('manager.off', '停用经理');
    expect((await callApi(t, 'staffDisable', { token: admin, body: { id: disabled } })).status).toBe(200);
    const got: (number | null)[] = [];
    for (let i = 0; i < 4; i++) got.push(await managerOf((await createUser(t, clock)).phone));
    expect(got.filter((m) => m === managerId)).toHaveLength(2);
    expect(got.filter((m) => m === second)).toHaveLength(2);
    expect(got).not.toContain(disabled);
    // Turns alternate: never the same manager twice in a row.
    for (let i = 1; i < got.length; i++) expect(got[i]).not.toBe(got[i - 1]);
  });

  it('spreads concurrent registrations on two servers evenly', async () => {
    const phones = Array.from({ length: 8 }, () => newPhone());
    const codes: string[] = [];
    for (const phone of phones) codes.push(await smsCode(t, phone, 0, clock));
    const signed = await Promise.all(
      phones.map((phone, i) =>
        callApi(i % 2 ? twins.b : twins.a, 'sign', { body: { phone, code: codes[i]!, password: GOOD_PASSWORD, agree: true } }),
      ),
    );
    expect(signed.map((r) => r.status)).toEqual(phones.map(() => 200));
    const rows = await t.db.select({ m: userAccount.managerId }).from(userAccount).where(inArray(userAccount.phone, phones));
    expect(rows.filter((r) => r.m === managerId)).toHaveLength(4);
    expect(rows.filter((r) => r.m === second)).toHaveLength(4);
  });

  it('lets an admin reassign a customer (logged), only to an active manager', async () => {
    const u = await createUser(t, clock);
    const [row] = await t.db.select().from(userAccount).where(eq(userAccount.phone, u.phone));
    const to = row!.managerId === managerId ? second : managerId;
    const res = await callApi(t, 'customerAssign', { token: admin, body: { customerId: row!.id, managerId: to }, ip: '203.0.113.8' });
    expect(res.body).toMatchObject({ msg: '已更换', data: { id: row!.id, managerId: to } });
    const info = (await callApi(t, 'userInfo', { token: u.tokens.token })).body.data;
    expect(info.userInfo.manager?.name).toBe(to === second ? '李经理' : '王经理');
    const [entry] = (await callApi(t, 'auditList', { token: admin, query: { objectType: 'customer', objectId: String(row!.id) } })).body
      .data.list;
    expect(entry).toMatchObject({
      action: 'customer.assign',
      actorKind: 'staff',
      ip: '203.0.113.8',
      changes: { managerId: [row!.managerId, to] },
    });

    for (const bad of [disabled, 999999]) {
      const refused = await callApi(t, 'customerAssign', { token: admin, body: { customerId: row!.id, managerId: bad } });
      expect(refused).toMatchObject({ status: 400, body: { msg: '[客户经理]不存在、已停用或不是客户经理' } });
    }
    const labId = (await callApi(t, 'adminMe', { token: (await staffTokens(t, 'lab')).token })).body.data.id;
    expect((await callApi(t, 'customerAssign', { token: admin, body: { customerId: row!.id, managerId: labId } })).status).toBe(400);
    expect((await callApi(t, 'customerAssign', { token: admin, body: { customerId: 999999, managerId } })).status).toBe(404);
  });

  it('the customer guard refuses a disabled customer’s token even if a session were left', async () => {
    const u = await createUser(t, clock);
    const tokens: TokenPair = u.tokens;
    await t.db.update(userAccount).set({ disabled: true }).where(eq(userAccount.phone, u.phone));
    expect((await callApi(t, 'userInfo', { token: tokens.token })).status).toBe(401);
  });
});
