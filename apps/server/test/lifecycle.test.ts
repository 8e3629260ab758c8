import { request as httpRequest, Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOPPING_MESSAGE } from '../src/plugins/lifecycle.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';

/** A GET over a real socket (keep-alive through `agent`): status, headers and the parsed body. */
function get(
  port: number,
  path: string,
  agent: Agent,
): Promise<{ status: number; headers: Record<string, unknown>; body: { code: number; msg: string } }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) as { code: number; msg: string } }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** A listening app (real sockets) and a keep-alive agent of one connection, for one describe block. */
function useListeningApp() {
  const fixture = { t: undefined as unknown as TestApp, port: 0, agent: new Agent({ keepAlive: true, maxSockets: 1 }) };
  beforeAll(async () => {
    fixture.t = await createTestApp();
    await fixture.t.app.listen({ port: 0, host: '127.0.0.1' });
    fixture.port = (fixture.t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    fixture.agent.destroy();
    await fixture.t.close();
  });
  return fixture;
}

// ADR 0057: what a proxy and a supervisor see of one process — alive, ready, draining, closing.
describe('healthz, readyz and the drain', () => {
  const a = useListeningApp();

  it('is alive at once, ready only once serving, and says so in the envelope, never cached', async () => {
    expect(await get(a.port, '/healthz', a.agent)).toMatchObject({ status: 200, body: { code: 1, data: { status: 'alive' } } });
    const starting = await get(a.port, '/readyz', a.agent);
    expect(starting).toMatchObject({ status: 503, body: { code: 503, msg: '服务正在启动，请稍后再试' } });
    a.t.app.lifecycle.markServing();
    const ready = await get(a.port, '/readyz', a.agent);
    expect(ready).toMatchObject({ status: 200, body: { code: 1, data: { status: 'ready', database: 'ok', counters: 'ok' } } });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('draining: not ready, no new connection, the open one answers with Connection: close; then late requests get the 503 envelope', async () => {
    // A kept-alive connection is open before the drain starts.
    expect((await get(a.port, '/healthz', a.agent)).status).toBe(200);
    const drained = a.t.app.lifecycle.drain({ graceMs: 5000, quietMs: 300 });
    expect(a.t.app.lifecycle.state).toBe('draining');
    const onOpen = await get(a.port, '/readyz', a.agent);
    expect(onOpen).toMatchObject({ status: 503, body: { msg: STOPPING_MESSAGE } });
    expect(onOpen.headers.connection).toBe('close');
    // The listener is closed: a new connection is refused, so a proxy goes to the next process.
    await expect(get(a.port, '/healthz', new Agent({ keepAlive: false }))).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await drained;
    expect(a.t.app.lifecycle.state).toBe('closing');
    const late = await a.t.app.inject({ method: 'POST', url: '/api/open/web/index' });
    expect(late.statusCode).toBe(503);
    expect(late.json()).toEqual({ code: 503, msg: STOPPING_MESSAGE, data: null });
  });
});

// ADR 0076: an idle keep-alive connection is the proxy's to close while the process drains. Closing it ourselves could
// cross a request the proxy is sending on it (a reset, and a 502 nginx never retries for a POST).
describe('the drain leaves idle connections to their peer', () => {
  const a = useListeningApp();
  beforeAll(() => a.t.app.lifecycle.markServing());

  it('a connection idle since before the signal still answers a request within quietMs, with Connection: close; then the drain ends', async () => {
    expect((await get(a.port, '/healthz', a.agent)).status).toBe(200);
    const drained = a.t.app.lifecycle.drain({ graceMs: 10_000, quietMs: 2_000 });
    // Idle past the half second after which the drain used to close it.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(a.t.app.lifecycle.state).toBe('draining');
    const late = await get(a.port, '/healthz', a.agent);
    expect(late.status).toBe(200);
    expect(late.headers.connection).toBe('close');
    // The answer closed the last connection: nothing is left to wait for.
    await drained;
    expect(a.t.app.lifecycle.state).toBe('closing');
  });
});
