import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAccount } from '../src/db/schema.ts';
import { rowsOf } from '../src/db/client.ts';
import { createSessionCache, SESSION_CHANNEL } from '../src/lib/session-cache.ts';
import { createTwinApps, type TestApp } from './create-test-app.ts';
import { callApi, createUser, smsCode, staffTokens, testClock, type TestUser } from './factories.ts';

// ADR 0073: each process keeps the sessions it read; a revocation on any process reaches every other one through
// PostgreSQL's NOTIFY (PGlite's on the embedded database). Two app instances on one database, as two processes.
// The app's clock moves past the SMS resend window; the revocation's delay is measured in real time.
const clock = testClock();
let a: TestApp;
let b: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ a, b, close } = await createTwinApps({ clock: clock.now }));
});
afterAll(async () => close());

const status = async (t: TestApp, token: string) => (await callApi(t, 'userInfo', { token })).status;

/** B answered this token from its cache: a second call is a hit, not a read. */
async function cachedOn(t: TestApp, user: TestUser) {
  expect(await status(t, user.tokens.token)).toBe(200);
  const hits = t.app.sessionCache.stats().hits;
  expect(await status(t, user.tokens.token)).toBe(200);
  expect(t.app.sessionCache.stats().hits).toBe(hits + 1);
}

/**
 * The call refused on t; answers how long after `since` t first refused it. The other process hears of the revocation
 * when PostgreSQL delivers the NOTIFY of the committed change (on this machine well under a few milliseconds);
 * a second is allowed only so a loaded test machine does not turn this red.
 */
async function refusedWithin(t: TestApp, token: string, since: number): Promise<number> {
  for (;;) {
    if ((await status(t, token)) === 401) return Date.now() - since;
    if (Date.now() - since > 1000) throw new Error('the revocation did not reach the other instance within 1 s');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('the session cache across two instances on one database', () => {
  it('listens once ready', async () => {
    await Promise.all([a.app.ready(), b.app.ready()]);
    expect(a.app.sessionCache.stats().listening).toBe(true);
    expect(b.app.sessionCache.stats().listening).toBe(true);
  });

  it('a logout on A ends the token B kept, and A’s own copy at once', async () => {
    const user = await createUser(a, clock);
    await cachedOn(b, user);
    await cachedOn(a, user);
    const since = Date.now();
    expect((await callApi(a, 'logout', { token: user.tokens.token })).status).toBe(200);
    expect(await status(a, user.tokens.token)).toBe(401);
    expect(await refusedWithin(b, user.tokens.token, since)).toBeLessThan(1000);
  });

  it('a ban (the console disables the customer) on A ends every session B kept', async () => {
    const user = await createUser(a, clock);
    const second = await callApi(a, 'login', { body: { account: user.phone, password: user.password } });
    await cachedOn(b, user);
    await cachedOn(b, { ...user, tokens: second.body.data });
    const [row] = await a.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.phone, user.phone));
    const admin = (await staffTokens(a)).token;
    const since = Date.now();
    expect((await callApi(a, 'customerDisable', { token: admin, body: { id: row!.id } })).status).toBe(200);
    await refusedWithin(b, user.tokens.token, since);
    await refusedWithin(b, second.body.data.token, since);
  });

  it('a password reset on B ends the sessions A kept', async () => {
    const user = await createUser(a, clock);
    await cachedOn(a, user);
    const code = await smsCode(b, user.phone, 1, clock);
    const since = Date.now();
    const reset = await callApi(b, 'reset', { body: { account: user.phone, code, password: 'a brand new secret' } });
    expect(reset.status).toBe(200);
    await refusedWithin(a, user.tokens.token, since);
  });

  it('a refresh on A shortens the old token’s life on B to the grace', async () => {
    const user = await createUser(a, clock);
    await cachedOn(b, user);
    const size = b.app.sessionCache.stats().size;
    expect((await callApi(a, 'refresh4token', { body: { token: user.tokens.refreshToken } })).status).toBe(200);
    // B forgets its copy (it would outlive the grace) and reads the row again: still live within the grace.
    for (let i = 0; i < 200 && b.app.sessionCache.stats().size >= size; i++) await new Promise((r) => setTimeout(r, 5));
    expect(b.app.sessionCache.stats().size).toBe(size - 1);
    expect(await status(b, user.tokens.token)).toBe(200);
  });
});

describe.runIf(process.env.DATABASE_URL)('when the listening connection is lost (PostgreSQL)', () => {
  it('the cache is unused until the process listens again, then serves and hears revocations again', async () => {
    const user = await createUser(a, clock);
    await cachedOn(b, user);
    const ended = rowsOf<{ ended: boolean }>(
      await a.db.execute(
        sql`select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and query like ${`LISTEN ${SESSION_CHANNEL};%`}`,
      ),
    );
    expect(ended.length).toBe(2);
    for (let i = 0; i < 200 && b.app.sessionCache.stats().listening; i++) await new Promise((r) => setTimeout(r, 5));
    expect(b.app.sessionCache.stats()).toMatchObject({ listening: false, size: 0 });
    // Nothing kept while down: each call reads the database.
    expect(await status(b, user.tokens.token)).toBe(200);
    expect(b.app.sessionCache.stats().size).toBe(0);
    for (let i = 0; i < 400 && !b.app.sessionCache.stats().listening; i++) await new Promise((r) => setTimeout(r, 10));
    expect(b.app.sessionCache.stats().listening).toBe(true);
    await cachedOn(b, user);
    const since = Date.now();
    await callApi(a, 'logout', { token: user.tokens.token });
    await refusedWithin(b, user.tokens.token, since);
  });
});

describe('the cache itself', () => {
  const session = { id: 7, principalId: 3 };
  it('answers nothing and keeps nothing until it listens', () => {
    const cache = createSessionCache();
    cache.put('k', cache.ticket(), session, 0, 10_000);
    expect(cache.get('k', 1)).toBeUndefined();
    cache.up();
    cache.put('k', cache.ticket(), session, 0, 10_000);
    expect(cache.get('k', 1)).toEqual(expect.objectContaining(session));
    cache.down();
    expect(cache.get('k', 1)).toBeUndefined();
  });

  it('keeps nothing a read found when a revocation arrived while it read', () => {
    const cache = createSessionCache();
    cache.up();
    const ticket = cache.ticket();
    cache.receive('99');
    cache.put('k', ticket, session, 0, 10_000);
    expect(cache.get('k', 1)).toBeUndefined();
  });

  it('forgets by session id, all on "*", and at the token’s expiry or after a minute at most', () => {
    const cache = createSessionCache();
    cache.up();
    cache.put('k', cache.ticket(), session, 0, 10_000);
    cache.receive('1,7');
    expect(cache.get('k', 1)).toBeUndefined();
    cache.put('k', cache.ticket(), session, 0, 10_000);
    cache.receive('*');
    expect(cache.get('k', 1)).toBeUndefined();
    cache.put('k', cache.ticket(), session, 0, 10_000);
    expect(cache.get('k', 9_999)).toBeDefined();
    expect(cache.get('k', 10_000)).toBeUndefined();
    cache.put('k', cache.ticket(), session, 0, 3_600_000);
    expect(cache.get('k', 59_999)).toBeDefined();
    expect(cache.get('k', 60_000)).toBeUndefined();
  });
});
