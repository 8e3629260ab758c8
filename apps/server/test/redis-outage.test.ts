import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAVAILABLE_MESSAGE } from '../src/lib/app-error.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, newPhone, powFor, testClock } from './factories.ts';

/** A loopback port nothing listens on: Redis "down". */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// ADR 0057: with Redis unreachable, what Redis holds answers 503 at once; everything kept in the database goes on.
describe('Redis down', () => {
  const clock = testClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now, env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` } });
  });
  afterAll(async () => t.close());

  it('code4sms answers 503 in Chinese within a second (its 60 s limit lives in Redis), sends nothing', async () => {
    const phone = newPhone();
    const altcha = await powFor(t);
    const started = Date.now();
    const res = await callApi(t, 'code4sms', { body: { phone, useFor: 0, altcha } });
    // Fails fast: no offline queue to wait in (a queued command would wait for Redis, far beyond this bound).
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res).toEqual({ status: 503, body: { code: 503, msg: UNAVAILABLE_MESSAGE, data: null } });
    await t.jobs.drain();
    expect((await callApi(t, 'code4sms', { body: { phone, useFor: 0, altcha: await powFor(t) } })).status).toBe(503);
  });

  it('sign-in goes on, and its lockout holds: login counters are in the database', async () => {
    const ghost = newPhone();
    for (let i = 0; i < 4; i++) expect((await callApi(t, 'login', { body: { account: ghost, password: 'wrong' } })).status).toBe(400);
    expect((await callApi(t, 'login', { body: { account: ghost, password: 'wrong' } })).body.msg).toBe('登录失败次数过多，请15分钟后再试');
  });
});
