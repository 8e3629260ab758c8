import { Agent } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { routes, urlOf } from '@yance/contracts/routes';
import { banner } from '../src/db/schema.ts';
import { acceptsGzip } from '../src/lib/memory-answers.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { testClock } from './factories.ts';
import { answerHeaders, overSocket } from './socket-helpers.ts';

// ADR 0080: the home call's fresh answer is written before Fastify's lifecycle, and a client cannot tell.
const HOME = urlOf(routes.home);

/** A GET over a real socket. */
const send = (port: number, path: string, agent: Agent, headers: Record<string, string> = {}) => overSocket(port, agent, { path, headers });

const clock = testClock();
let t: TestApp;
let port = 0;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const answered = () => t.app.memoryAnswers.answered;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  t.app.lifecycle.markServing();
});
afterAll(async () => {
  agent.destroy();
  await t.close();
});

it('answers the held home call from memory with the same status, headers and bytes as its route', async () => {
  for (const accept of [{ 'accept-encoding': 'gzip, deflate, br' }, {}] as Record<string, string>[]) {
    clock.advance(11); // the held answer has expired: the route builds it again
    const before = answered();
    const built = await send(port, HOME, agent, accept);
    expect(answered()).toBe(before);
    const held = await send(port, HOME, agent, accept);
    expect(answered()).toBe(before + 1);

    expect(held.status).toBe(200);
    expect(held.body.equals(built.body)).toBe(true);
    expect(answerHeaders(held)).toEqual(answerHeaders(built));
    // Every answer has its own request id and the security headers.
    expect(held.headers['x-request-id']).toMatch(/^[0-9a-f]{12}$/);
    expect(held.headers['x-request-id']).not.toBe(built.headers['x-request-id']);
    expect(held.headers['content-security-policy']).toContain("default-src 'self'");
    // The next one too: its id is written into the same header lines, nothing else changes.
    const again = await send(port, HOME, agent, accept);
    expect(again.headers['x-request-id']).toMatch(/^[0-9a-f]{12}$/);
    expect(again.headers['x-request-id']).not.toBe(held.headers['x-request-id']);
    expect(answerHeaders(again)).toEqual(answerHeaders(held));
    expect(again.body.equals(held.body)).toBe(true);
  }
});

it('takes gzip from Accept-Encoding only as a token of its own (x-gzip counts, gzipped and GZIP do not)', () => {
  const headers: (string | string[] | undefined)[] = [
    'gzip, deflate, br',
    'gzip, deflate, br',
    'br',
    'br',
    'x-gzip',
    'identity',
    undefined,
    ['gzip'],
    'GZIP;q=1',
    'gzipped',
    'gzip',
  ];
  expect(headers.map(acceptsGzip)).toEqual([true, true, false, false, true, false, false, false, false, false, true]);
});

it('leaves to the route what it must build or encode itself: an expired answer, another spelling, brotli only', async () => {
  await send(port, HOME, agent, { 'accept-encoding': 'gzip' });
  const before = answered();

  expect((await send(port, `${HOME}?x=1`, agent)).status).toBe(200);
  expect((await send(port, HOME.toUpperCase(), agent)).status).toBe(200);
  const br = await send(port, HOME, agent, { 'accept-encoding': 'br' });
  expect(br.headers['content-encoding']).toBe('br');
  expect(answered()).toBe(before);

  // An edit the clock makes visible: the held answer is not used past its 10 s.
  await t.db.update(banner).set({ enabled: false });
  clock.advance(11);
  const rebuilt = await send(port, HOME, agent);
  expect(answered()).toBe(before);
  expect(JSON.parse(rebuilt.body.toString('utf8')).data.bannerArr).toEqual([]);
});

it('counts what it answers in the metrics, under the route, as the route would', async () => {
  const count = async () => {
    const text = (await send(port, '/metrics', agent)).body.toString('utf8');
    const line = text.split('\n').find((l) => l.includes('http_request_duration_seconds_count{') && l.includes(`route="${HOME}"`));
    return Number(line?.split(' ').pop() ?? 0);
  };
  const before = await count();
  await send(port, HOME, agent);
  await send(port, HOME, agent);
  expect(await count()).toBe(before + 2);
});

it('refreshes the held answer before it expires: under steady requests none waits for the rebuild', async () => {
  const banners = (body: Buffer) => (JSON.parse(body.toString('utf8')) as { data: { bannerArr: unknown[] } }).data.bannerArr.length;
  await t.db.update(banner).set({ enabled: false });
  clock.advance(11);
  expect(banners((await send(port, HOME, agent)).body)).toBe(0); // built by the route
  const before = answered();
  await t.db.update(banner).set({ enabled: true });

  clock.advance(8.5); // past the refresh time, within the 10 s
  expect(banners((await send(port, HOME, agent)).body)).toBe(0); // held, and the rebuild starts
  let sent = 1;
  let shown = 0;
  while (shown === 0 && sent < 300) {
    await new Promise((r) => setTimeout(r, 10));
    shown = banners((await send(port, HOME, agent)).body);
    sent++;
  }
  expect(shown).toBeGreaterThan(0);
  // Every one of them answered from memory: none fell to the route to wait for the queries.
  expect(answered()).toBe(before + sent);
  // Past the first answer's 10 s, the refreshed one is still held.
  clock.advance(2);
  expect(banners((await send(port, HOME, agent)).body)).toBe(shown);
  expect(answered()).toBe(before + sent + 1);
});

it('answers nothing from memory once the process drains: the route closes the connection', async () => {
  await send(port, HOME, agent);
  const before = answered();
  const drained = t.app.lifecycle.drain({ graceMs: 2000, quietMs: 100 });
  const last = await send(port, HOME, agent);
  expect(last.status).toBe(200);
  expect(last.headers.connection).toBe('close');
  expect(answered()).toBe(before);
  await drained;
});
