import { Agent } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { routes, urlOf } from '@yance/contracts/routes';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, createUser, testClock, type TestUser } from './factories.ts';
import { answerHeaders, overSocket } from './socket-helpers.ts';

// ADR 0083: a signed-in customer's user/info, kept by the process with their session, is written before Fastify's
// lifecycle — and neither the customer nor anyone else can tell it from the route's answer.
const INFO = urlOf(routes.userInfo);

/** A POST of user/info over a real socket, its body `{}` unless given (in pieces: a split body arrives in several packets). */
function post(port: number, agent: Agent, headers: Record<string, string>, body: string[] = ['{}']) {
  const length = String(Buffer.byteLength(body.join('')));
  return overSocket(port, agent, {
    path: INFO,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': length, ...headers },
    body,
  });
}

const clock = testClock();
let t: TestApp;
let port = 0;
let user: TestUser;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const answered = () => t.app.memoryAnswers.answered;
const as = (u: TestUser) => ({ token: u.tokens.token });

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  t.app.lifecycle.markServing();
  user = await createUser(t, clock);
});
afterAll(async () => {
  agent.destroy();
  await t.close();
});

it('answers a kept user/info from memory with the same status, headers and bytes as its route', async () => {
  const before = answered();
  // The first call of this process reads the answer (the route) and keeps it; the next is written from memory.
  const built = await post(port, agent, as(user));
  expect(answered()).toBe(before);
  const kept = await post(port, agent, as(user));
  expect(answered()).toBe(before + 1);

  expect(kept.status).toBe(200);
  expect(kept.body.equals(built.body)).toBe(true);
  expect(answerHeaders(kept)).toEqual(answerHeaders(built));
  expect(kept.headers['cache-control']).toBe('no-store');
  expect(kept.headers['content-security-policy']).toContain("default-src 'self'");
  expect(kept.headers['x-request-id']).toMatch(/^[0-9a-f]{12}$/);
  expect(JSON.parse(kept.body.toString('utf8')).data.userInfo.phone).toBe(user.phone);

  // Without a body, as the route takes it ({}), and with the body in two packets (the route reads it).
  expect((await post(port, agent, { ...as(user), 'content-length': '0' }, [])).body.equals(built.body)).toBe(true);
  expect(answered()).toBe(before + 2);
  const split = await post(port, agent, as(user), ['{', '}']);
  expect(split.body.equals(built.body)).toBe(true);
  expect(answered()).toBe(before + 2);
});

it('leaves to the route every call it must judge: no token, an unknown one, another body, another type', async () => {
  await post(port, agent, as(user));
  const before = answered();
  expect((await post(port, agent, {})).status).toBe(401);
  expect((await post(port, agent, { token: 'x'.repeat(64) })).status).toBe(401);
  // Two bytes that are not {}: given back to the request, unread, and the route's parser answers them.
  const array = await post(port, agent, as(user), ['[]']);
  const viaRoute = await callApi(t, 'userInfo', { ...as(user), body: [] as never });
  expect(array.status).toBe(viaRoute.status);
  expect(JSON.parse(array.body.toString('utf8'))).toEqual(viaRoute.body);
  // Another type: the route's parsers decide (user/info reads no input, so it answers).
  const text = await post(port, agent, { ...as(user), 'content-type': 'text/plain' });
  expect(text.status).toBe(200);
  // The connection is still in step after the route read a given-back body.
  expect((await post(port, agent, as(user))).status).toBe(200);
  expect(answered()).toBe(before + 1);
});

it("shows the customer's own change at once, and refuses a signed-out token", async () => {
  await post(port, agent, as(user));
  const renamed = await callApi(t, 'updateInfo', { ...as(user), body: { username: 'kept_lane_user' } });
  expect(renamed.body.code, renamed.body.msg).toBe(1);
  const after = await post(port, agent, as(user));
  expect(JSON.parse(after.body.toString('utf8')).data.userInfo.username).toBe('kept_lane_user');

  const out = await callApi(t, 'logout', as(user));
  expect(out.status).toBe(200);
  const before = answered();
  expect((await post(port, agent, as(user))).status).toBe(401);
  expect(answered()).toBe(before);
});

it('answers nothing from memory once the process drains', async () => {
  const other = await createUser(t, clock);
  await post(port, agent, as(other));
  const before = answered();
  const drained = t.app.lifecycle.drain({ graceMs: 2000, quietMs: 100 });
  const last = await post(port, agent, as(other));
  expect(last.status).toBe(200);
  expect(last.headers.connection).toBe('close');
  expect(answered()).toBe(before);
  await drained;
});
