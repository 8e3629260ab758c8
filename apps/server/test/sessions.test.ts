import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '@yance/contracts/account';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { userSession } from '../src/db/schema.ts';
import { callApi, createUser, testClock } from './factories.ts';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  // Short lifetimes, as the e2e config uses them.
  t = await createTestApp({ clock: clock.now, env: { ACCESS_TOKEN_TTL: '600', REFRESH_TOKEN_TTL: '3600' } });
});
afterAll(async () => t.close());

const info = (token: string) => callApi(t, 'userInfo', { token });
const refresh = (token: string) => callApi(t, 'refresh4token', { body: { token } });

describe('tokens', () => {
  it('reports expires in seconds, from config', async () => {
    const user = await createUser(t, clock);
    expect(user.tokens.expires).toBe(600);
  });

  it('an expired access token is refused with 401', async () => {
    const user = await createUser(t, clock);
    expect((await info(user.tokens.token)).status).toBe(200);
    clock.advance(601);
    expect(await info(user.tokens.token)).toEqual({ status: 401, body: { code: 401, msg: '登录已过期，请重新登录', data: null } });
  });

  it('no token and a forged one are refused', async () => {
    expect((await callApi(t, 'userInfo')).body).toEqual({ code: 401, msg: '请先登录', data: null });
    expect((await info('forged-token')).status).toBe(401);
  });

  it('refresh rotates both tokens; the old access token only lives a short grace', async () => {
    const user = await createUser(t, clock);
    const res = await refresh(user.tokens.refreshToken);
    expect(res.status).toBe(200);
    const next = res.body.data as TokenPair;
    expect(next.token).not.toBe(user.tokens.token);
    expect(next.refreshToken).not.toBe(user.tokens.refreshToken);
    expect(next.expires).toBe(600);
    expect((await info(next.token)).status).toBe(200);
    expect((await info(user.tokens.token)).status).toBe(200);
    clock.advance(31);
    expect((await info(user.tokens.token)).status).toBe(401);
    expect((await info(next.token)).status).toBe(200);
  });

  it('refresh works after the access token expired, not after the refresh token did', async () => {
    const user = await createUser(t, clock);
    clock.advance(601);
    const next = (await refresh(user.tokens.refreshToken)).body.data as TokenPair;
    expect((await info(next.token)).status).toBe(200);
    clock.advance(3601);
    expect((await refresh(next.refreshToken)).status).toBe(401);
  });

  it('reusing a rotated refresh token revokes the whole family, not other logins', async () => {
    const user = await createUser(t, clock);
    const otherLogin = (await callApi(t, 'login', { body: { account: user.phone, password: user.password } })).body.data as TokenPair;
    const second = (await refresh(user.tokens.refreshToken)).body.data as TokenPair;
    const third = (await refresh(second.refreshToken)).body.data as TokenPair;
    // The thief replays the first refresh token.
    expect(await refresh(user.tokens.refreshToken)).toMatchObject({ status: 401, body: { code: 401 } });
    expect((await info(third.token)).status).toBe(401);
    expect((await refresh(third.refreshToken)).status).toBe(401);
    expect((await info(otherLogin.token)).status).toBe(200);
  });

  it('two tabs refreshing one token at once both get the same new pair, and the login lives on (ADR 0022)', async () => {
    const user = await createUser(t, clock);
    const results = await Promise.all([refresh(user.tokens.refreshToken), refresh(user.tokens.refreshToken)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const [a, b] = results.map((r) => r.body.data as TokenPair);
    expect(a!.token).toBe(b!.token);
    expect(a!.refreshToken).toBe(b!.refreshToken);
    expect((await info(a!.token)).status).toBe(200);
    expect((await refresh(a!.refreshToken)).status).toBe(200);
  });

  it('a second use within the grace answers the same pair (with the time left); after the grace it revokes the family', async () => {
    const user = await createUser(t, clock);
    const first = (await refresh(user.tokens.refreshToken)).body.data as TokenPair;
    clock.advance(20);
    const again = await refresh(user.tokens.refreshToken);
    expect(again.body.data).toEqual({ token: first.token, refreshToken: first.refreshToken, expires: 580 });
    clock.advance(11);
    expect((await refresh(user.tokens.refreshToken)).status).toBe(401);
    expect((await info(first.token)).status).toBe(401);
    expect((await refresh(first.refreshToken)).status).toBe(401);
  });

  it('the grace answers only while the new pair is the head of the chain', async () => {
    const user = await createUser(t, clock);
    const second = (await refresh(user.tokens.refreshToken)).body.data as TokenPair;
    const third = (await refresh(second.refreshToken)).body.data as TokenPair;
    // The first token comes back after its successor was itself rotated: theft, not a second tab.
    expect((await refresh(user.tokens.refreshToken)).status).toBe(401);
    expect((await info(third.token)).status).toBe(401);
  });

  it('the successor is stored sealed, never as the token itself', async () => {
    const user = await createUser(t, clock);
    const next = (await refresh(user.tokens.refreshToken)).body.data as TokenPair;
    const rows = await t.db.select().from(userSession);
    const sealed = rows.map((r) => r.successorSealed ?? '').join(' ');
    expect(sealed.length).toBeGreaterThan(0);
    expect(sealed).not.toContain(next.token);
    expect(sealed).not.toContain(next.refreshToken);
  });

  it('an access token is not a refresh token', async () => {
    const user = await createUser(t, clock);
    expect((await refresh(user.tokens.token)).status).toBe(401);
  });

  it('logout revokes the session on the server; other logins stay', async () => {
    const user = await createUser(t, clock);
    const other = (await callApi(t, 'login', { body: { account: user.phone, password: user.password } })).body.data as TokenPair;
    expect((await callApi(t, 'logout', { token: user.tokens.token })).body).toMatchObject({ code: 1 });
    expect((await info(user.tokens.token)).status).toBe(401);
    expect((await refresh(user.tokens.refreshToken)).status).toBe(401);
    expect((await info(other.token)).status).toBe(200);
  });

  it('logout ends the whole refresh chain of that login, whichever of its tokens it was sent with', async () => {
    const user = await createUser(t, clock);
    const next = (await refresh(user.tokens.refreshToken)).body.data as TokenPair;
    // A request still in flight with the old access token (inside the rotation grace) logs out.
    expect((await callApi(t, 'logout', { token: user.tokens.token })).body).toMatchObject({ code: 1 });
    expect((await info(next.token)).status).toBe(401);
    expect((await refresh(next.refreshToken)).status).toBe(401);
    expect((await refresh(user.tokens.refreshToken)).status).toBe(401);
  });

  it('a new login issues new tokens', async () => {
    const user = await createUser(t, clock);
    const a = (await callApi(t, 'login', { body: { account: user.phone, password: user.password } })).body.data as TokenPair;
    const b = (await callApi(t, 'login', { body: { account: user.phone, password: user.password } })).body.data as TokenPair;
    expect(new Set([user.tokens.token, a.token, b.token]).size).toBe(3);
    expect(new Set([user.tokens.refreshToken, a.refreshToken, b.refreshToken]).size).toBe(3);
  });
});

describe('REFRESH_GRACE_SECONDS', () => {
  it('sets the grace: a reuse after 5 s of a 5 s grace ends the family', async () => {
    const short = await createTestApp({ clock: clock.now, env: { REFRESH_GRACE_SECONDS: '5' } });
    try {
      const user = await createUser(short, clock);
      const use = (token: string) => callApi(short, 'refresh4token', { body: { token } });
      const next = (await use(user.tokens.refreshToken)).body.data;
      expect((await use(user.tokens.refreshToken)).body.data).toMatchObject({ token: next.token });
      clock.advance(6);
      expect((await use(user.tokens.refreshToken)).status).toBe(401);
      expect((await use(next.refreshToken)).status).toBe(401);
    } finally {
      await short.close();
    }
  });
});
