import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '@yance/contracts/account';
import { createTestApp, type TestApp } from './create-test-app.ts';
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

  it('two parallel uses of one refresh token: at most one wins, and the family ends', async () => {
    const user = await createUser(t, clock);
    const results = await Promise.all([refresh(user.tokens.refreshToken), refresh(user.tokens.refreshToken)]);
    const won = results.filter((r) => r.status === 200);
    expect(won.length).toBeLessThanOrEqual(1);
    for (const r of won) expect((await info((r.body.data as TokenPair).token)).status).toBe(401);
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

  it('a new login issues new tokens', async () => {
    const user = await createUser(t, clock);
    const a = (await callApi(t, 'login', { body: { account: user.phone, password: user.password } })).body.data as TokenPair;
    const b = (await callApi(t, 'login', { body: { account: user.phone, password: user.password } })).body.data as TokenPair;
    expect(new Set([user.tokens.token, a.token, b.token]).size).toBe(3);
    expect(new Set([user.tokens.refreshToken, a.refreshToken, b.refreshToken]).size).toBe(3);
  });
});
