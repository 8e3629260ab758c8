import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staffAccount, userAccount } from '../src/db/schema.ts';
import { createHeardCache } from '../src/lib/heard-cache.ts';
import { useTwinApps, type TestApp } from './create-test-app.ts';
import { callApi, createUser, testClock, type TestUser } from './factories.ts';
import { planLine, XRD } from './order-factories.ts';

// ADR 0081: each process keeps the customers' user/info answers it read; the database announces every change of what
// they show (migration 0053's triggers), and every process drops what it hears. A customer's own call drops their
// answer in the process that ran it before that call is answered. Two app instances on one database, as two processes.
const clock = testClock();
const twins = useTwinApps({ clock: clock.now });

type Info = { userInfo: { name: string; manager: { name: string } | null }; address: unknown[]; cartNum: number };
const info = async (t: TestApp, user: TestUser): Promise<Info> => {
  const res = await callApi(t, 'userInfo', { token: user.tokens.token });
  expect(res.status).toBe(200);
  return res.body.data as Info;
};

/** The customer's answer is held by t: a second call is a hit and answers the same. */
async function heldOn(t: TestApp, user: TestUser): Promise<Info> {
  const first = await info(t, user);
  const hits = t.app.userInfoCache.stats().hits;
  expect(await info(t, user)).toEqual(first);
  expect(t.app.userInfoCache.stats().hits).toBe(hits + 1);
  return first;
}

/** t's answer satisfies `ok` within a second (another process hears a change when PostgreSQL delivers its NOTIFY). */
async function seenWithin(t: TestApp, user: TestUser, ok: (i: Info) => boolean): Promise<void> {
  const since = Date.now();
  while (!ok(await info(t, user))) {
    if (Date.now() - since > 1000) throw new Error('the change did not reach the instance within 1 s');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const form = {
  name: '收件人',
  phone: '13800000000',
  province: '北京市',
  city: '北京市',
  area: '海淀区',
  address: '中关村大街1号',
  address_code: '110108',
  default: true,
};

describe('user/info kept per process', () => {
  it('listens once ready', () => {
    expect(twins.a.app.userInfoCache.stats().listening).toBe(true);
    expect(twins.b.app.userInfoCache.stats().listening).toBe(true);
  });

  it('a customer’s own call shows in their next user/info on that process at once, and on the other soon', async () => {
    const user = await createUser(twins.a, clock);
    const before = await heldOn(twins.a, user);
    await heldOn(twins.b, user);

    expect((await callApi(twins.a, 'addressAdd', { token: user.tokens.token, body: form })).status).toBe(200);
    expect((await info(twins.a, user)).address).toHaveLength(before.address.length + 1);
    await seenWithin(twins.b, user, (i) => i.address.length === before.address.length + 1);

    await planLine(twins.b, user, XRD, 1, {});
    expect((await info(twins.b, user)).cartNum).toBe(before.cartNum + 1);
    await seenWithin(twins.a, user, (i) => i.cartNum === before.cartNum + 1);
  });

  it('a change no call of the customer made (staff, a script) reaches both processes', async () => {
    const user = await createUser(twins.a, clock);
    await heldOn(twins.a, user);
    await heldOn(twins.b, user);
    await twins.a.db.update(userAccount).set({ name: '改过的名字' }).where(eq(userAccount.phone, user.phone));
    await seenWithin(twins.a, user, (i) => i.userInfo.name === '改过的名字');
    await seenWithin(twins.b, user, (i) => i.userInfo.name === '改过的名字');
  });

  it('a manager’s card edited shows on every customer’s answer', async () => {
    const user = await createUser(twins.a, clock);
    const held = await heldOn(twins.b, user);
    const [row] = await twins.a.db.select({ managerId: userAccount.managerId }).from(userAccount).where(eq(userAccount.phone, user.phone));
    await twins.a.db
      .update(staffAccount)
      .set({ name: sql`${staffAccount.name} || '（新）'` })
      .where(eq(staffAccount.id, row!.managerId!));
    await seenWithin(twins.b, user, (i) => i.userInfo.manager?.name === `${held.userInfo.manager!.name}（新）`);
  });

  it('a transaction that rolls back announces nothing', async () => {
    const user = await createUser(twins.a, clock);
    await heldOn(twins.b, user);
    await twins.a.db
      .transaction(async (tx) => {
        await tx.update(userAccount).set({ name: '不会留下' }).where(eq(userAccount.phone, user.phone));
        throw new Error('rolled back');
      })
      .catch(() => {});
    await new Promise((r) => setTimeout(r, 50));
    const hits = twins.b.app.userInfoCache.stats().hits;
    expect((await info(twins.b, user)).userInfo.name).not.toBe('不会留下');
    expect(twins.b.app.userInfoCache.stats().hits).toBe(hits + 1);
  });
});

describe('the heard cache itself', () => {
  const cache = () => {
    const c = createHeardCache<string>({ maxAgeMs: 1000, maxEntries: 3 });
    c.up();
    return c;
  };

  it('keeps nothing while not listening, and empties on down and up', () => {
    const c = createHeardCache<string>({ maxAgeMs: 1000, maxEntries: 3 });
    c.put(1, c.ticket(), 'x', 0);
    expect(c.get(1, 0)).toBeUndefined();
    c.up();
    c.put(1, c.ticket(), 'x', 0);
    expect(c.get(1, 0)).toBe('x');
    c.down();
    expect(c.get(1, 0)).toBeUndefined();
    c.up();
    expect(c.get(1, 0)).toBeUndefined();
  });

  it('refuses a value read before its id was dropped, keeps other ids’ reads', () => {
    const c = cache();
    const ticket = c.ticket();
    c.receive('1');
    c.put(1, ticket, 'stale', 0);
    c.put(2, ticket, 'fresh', 0);
    expect(c.get(1, 0)).toBeUndefined();
    expect(c.get(2, 0)).toBe('fresh');
    c.put(1, c.ticket(), 'read after', 0);
    expect(c.get(1, 0)).toBe('read after');
  });

  it('"*" drops everything and refuses every read begun before it', () => {
    const c = cache();
    c.put(1, c.ticket(), 'x', 0);
    const ticket = c.ticket();
    c.receive('*');
    expect(c.get(1, 0)).toBeUndefined();
    c.put(2, ticket, 'y', 0);
    expect(c.get(2, 0)).toBeUndefined();
  });

  it('forgets an entry after its age and the oldest past the size', () => {
    const c = cache();
    for (const id of [1, 2, 3, 4]) c.put(id, c.ticket(), `v${id}`, 0);
    expect(c.get(1, 0)).toBeUndefined();
    expect(c.get(4, 999)).toBe('v4');
    expect(c.get(4, 1000)).toBeUndefined();
  });
});
