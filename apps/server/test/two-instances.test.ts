import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '@yance/contracts/account';
import { createTwinApps, type TestApp } from './create-test-app.ts';
import { callApi, createUser, newIp, newPhone, requestCode, smsCode, testClock } from './factories.ts';

// Two server processes behind one proxy: every rule must hold whichever instance a request reaches.
const clock = testClock();
let a: TestApp;
let b: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ a, b, close } = await createTwinApps({ clock: clock.now }));
});
afterAll(async () => close());

describe('two app instances on one database', () => {
  it('share the 60 s SMS limit', async () => {
    const phone = newPhone();
    expect((await requestCode(a, phone, 0)).body.code).toBe(1);
    expect((await requestCode(b, phone, 0)).status).toBe(429);
    clock.advance(61);
  });

  it('share codes: sent by one, used (once) on the other', async () => {
    const phone = newPhone();
    const code = await smsCode(a, phone, 0, clock);
    expect((await callApi(b, 'sign', { body: { phone, code, password: 'Tiger-lily 2049', agree: true } })).body.code).toBe(1);
    expect((await callApi(a, 'sign', { body: { phone, code, password: 'Tiger-lily 2049', agree: true } })).body.msg).toBe(
      '验证码错误或已过期',
    );
  });

  it('share the login lockout, alternating instances', async () => {
    const user = await createUser(a, clock);
    for (let i = 0; i < 4; i++)
      expect((await callApi(i % 2 ? a : b, 'login', { body: { account: user.phone, password: 'wrong' }, ip: newIp() })).status).toBe(400);
    expect((await callApi(a, 'login', { body: { account: user.phone, password: 'wrong' } })).status).toBe(429);
    expect((await callApi(b, 'login', { body: { account: user.phone, password: user.password } })).body.msg).toBe(
      '登录失败次数过多，请15分钟后再试',
    );
  });

  it('share sessions: a token from one works on the other; refresh reuse on B (after the grace) revokes what A issued', async () => {
    const user = await createUser(a, clock);
    expect((await callApi(b, 'userInfo', { token: user.tokens.token })).status).toBe(200);
    const rotated = (await callApi(a, 'refresh4token', { body: { token: user.tokens.refreshToken } })).body.data as TokenPair;
    // Within the grace B answers the pair A issued (ADR 0022); after it, the reuse ends the family.
    expect((await callApi(b, 'refresh4token', { body: { token: user.tokens.refreshToken } })).body.data).toMatchObject({
      token: rotated.token,
      refreshToken: rotated.refreshToken,
    });
    clock.advance(31);
    expect((await callApi(b, 'refresh4token', { body: { token: user.tokens.refreshToken } })).status).toBe(401);
    expect((await callApi(a, 'userInfo', { token: rotated.token })).status).toBe(401);
    expect((await callApi(a, 'refresh4token', { body: { token: rotated.refreshToken } })).status).toBe(401);
  });

  it('share logout', async () => {
    const user = await createUser(b, clock);
    await callApi(a, 'logout', { token: user.tokens.token });
    expect((await callApi(b, 'userInfo', { token: user.tokens.token })).status).toBe(401);
  });

  it('share QR tickets: issued by one, confirmed and delivered once across both', async () => {
    const user = await createUser(a, clock);
    const ticket = (JSON.parse((await a.app.inject({ method: 'GET', url: '/api/open/wx/ticket' })).body) as { data: { ticket: string } })
      .data.ticket;
    expect((await callApi(b, 'wxConfirm', { body: { ticket }, token: user.tokens.token })).body.code).toBe(1);
    const polls = await Promise.all([callApi(a, 'wxQrCodeLogin', { body: { ticket } }), callApi(b, 'wxQrCodeLogin', { body: { ticket } })]);
    expect(polls.filter((p) => (p.body.data as { token: unknown }).token !== null)).toHaveLength(1);
  });
});

// The same rules with the counters in Redis (REDIS_URL set), each instance with its own Redis connection.
const redisUrl = process.env.REDIS_URL;
describe.skipIf(!redisUrl)('two app instances with Redis counters', () => {
  let ra: TestApp;
  let rb: TestApp;
  let rclose: () => Promise<void>;
  beforeAll(async () => {
    // A fresh key namespace: user ids repeat between runs on fresh databases.
    ({
      a: ra,
      b: rb,
      close: rclose,
    } = await createTwinApps({ env: { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: `yance-test:${Date.now()}:` } }));
  });
  afterAll(async () => rclose());

  it('share the SMS and login limits', async () => {
    const phone = newPhone();
    expect((await requestCode(ra, phone, 0)).body.code).toBe(1);
    expect((await requestCode(rb, phone, 0)).status).toBe(429);
    const account = newPhone();
    for (let i = 0; i < 4; i++)
      expect((await callApi(i % 2 ? ra : rb, 'login', { body: { account, password: 'wrong' } })).status).toBe(400);
    expect((await callApi(ra, 'login', { body: { account, password: 'wrong' } })).status).toBe(429);
    expect((await callApi(rb, 'login', { body: { account, password: 'wrong' } })).body.msg).toBe('登录失败次数过多，请15分钟后再试');
  });
});
