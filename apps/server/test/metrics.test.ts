import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents } from '../src/subscribers.ts';
import { modulePorts } from '../src/ports.ts';
import { createContext } from '../src/context.ts';
import type { SmsProvider } from '../src/lib/sms-provider.ts';
import { createTestApp, json, type TestApp } from './create-test-app.ts';
import { callApi, newPhone, powFor, testClock } from './factories.ts';
import { LOCAL_PAY_SECRET, newKey, topUpOnline } from './money-factories.ts';
import { orderingCustomer, placeOrder } from './order-factories.ts';

const TOKEN = 'metrics-test-token-0123456789';

/** GET /metrics with these headers; from 127.0.0.1 (inject's address) unless told. */
const scrape = (t: TestApp, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers, ...(remoteAddress ? { remoteAddress } : {}) });

/** The value of one series in the text format, or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** A console-named provider (the outbox keeps its codes, so sign-up works) that refuses while `refusals` lasts. */
function steeredSms() {
  const g = {
    refusals: 0,
    provider: {
      name: 'console',
      async send() {
        if (g.refusals > 0) {
          g.refusals--;
          throw new Error('gateway busy');
        }
      },
      async notify() {},
    } satisfies SmsProvider,
  };
  return g;
}

describe('GET /metrics with METRICS_TOKEN (ADR 0056)', () => {
  const clock = testClock();
  const sms = steeredSms();
  let t: TestApp;
  const metrics = async () => {
    const res = await scrape(t, { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.9' });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now, sms: sms.provider, env: { METRICS_TOKEN: TOKEN, PAYMENT_LOCAL_SECRET: LOCAL_PAY_SECRET } });
  });
  afterAll(async () => t.close());

  it('is refused in the envelope without the token, with another one, and even from this machine', async () => {
    const refused = { code: 401, msg: '需要监控令牌', data: null };
    for (const res of [
      await scrape(t, { 'x-forwarded-for': '203.0.113.9' }),
      await scrape(t, { 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}x` }),
      await scrape(t, { 'x-forwarded-for': '203.0.113.9', authorization: TOKEN }),
      await scrape(t),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual(refused);
      expect(res.body).not.toContain('yance_');
    }
    const ok = await scrape(t, { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.9' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(ok.headers['cache-control']).toBe('no-store');
    // The process's own metrics, with the prefix.
    expect(ok.body).toMatch(/^yance_process_cpu_user_seconds_total \d/m);
    expect(ok.body).toMatch(/^yance_nodejs_heap_size_used_bytes \d/m);
  });

  it('times each request under its route pattern, never its URL; what no route answers is "unmatched"', async () => {
    expect((await callApi(t, 'ping')).status).toBe(200);
    // The open scope's catch-all answers an unknown call: its pattern, not the path.
    const unknownCall = await t.app.inject({ method: 'GET', url: '/api/open/no-such-call/secret-12345' });
    expect(unknownCall.statusCode).toBe(404);
    // A picture that is not there: the media route hands it to the not-found handler.
    const img = await t.app.inject({ method: 'GET', url: '/media/640/secret-folder/nothing-here.png' });
    expect(img.statusCode).toBe(404);
    const none = await t.app.inject({ method: 'DELETE', url: '/no/such/thing/42' });
    expect(none.statusCode).toBe(404);
    const text = await metrics();
    const count = (labels: string) => sample(text, `yance_http_request_duration_seconds_count{${labels}}`);
    expect(count('method="GET",route="/api/open/ping",status_code="200"')).toBe(1);
    expect(count('method="GET",route="/api/open/*",status_code="404"')).toBe(1);
    expect(count('method="GET",route="unmatched",status_code="404"')).toBe(1);
    expect(count('method="DELETE",route="unmatched",status_code="404"')).toBe(1);
    expect(text).toContain('yance_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/open/ping",status_code="200"}');
    for (const raw of ['secret', '/no/such', 'nothing-here']) expect(text).not.toContain(raw);
  });

  it('shows the due queue by kind, a failed job try and the SMS it could not send, then the retry that sent it', async () => {
    sms.refusals = 1;
    const phone = newPhone();
    const res = await callApi(t, 'code4sms', { body: { phone, useFor: 0, altcha: await powFor(t) } });
    expect(res.body.code).toBe(1);
    // Queued and due; the worker (not started in tests) has not run it.
    let text = await metrics();
    expect(sample(text, 'yance_job_queue_depth{kind="sms.send"}')).toBe(1);
    expect(sample(text, 'yance_job_queue_depth{kind="money.sweep"}')).toBe(0);

    await t.jobs.drain();
    text = await metrics();
    expect(sample(text, 'yance_job_failures_total{kind="sms.send",outcome="retry"}')).toBe(1);
    expect(sample(text, 'yance_job_failures_total{kind="sms.send",outcome="final"}')).toBeUndefined();
    expect(sample(text, 'yance_sms_sent_total{provider="console",outcome="failed"}')).toBe(1);
    expect(sample(text, 'yance_sms_sent_total{provider="console",outcome="sent"}')).toBeUndefined();
    // Its retry waits for the back-off: nothing due now.
    expect(sample(text, 'yance_job_queue_depth{kind="sms.send"}')).toBe(0);

    clock.advance(120);
    await t.jobs.drain();
    text = await metrics();
    expect(sample(text, 'yance_sms_sent_total{provider="console",outcome="sent"}')).toBe(1);
    expect(sample(text, 'yance_job_failures_total{kind="sms.send",outcome="retry"}')).toBe(1);
  });

  it('counts money once it moved: a credited top-up, a paid order; not a repeat, not a refusal', async () => {
    const before = await metrics();
    const count = (text: string, kind: string) => sample(text, `yance_payments_total{kind="${kind}"}`);
    expect(count(before, 'order')).toBe(0);
    expect(count(before, 'topup_transfer')).toBe(0);

    const firm = await orderingCustomer(t, clock, 2);
    const o = await placeOrder(t, firm);
    await t.db.execute(sql`update orders set state = 'unpaid' where id = ${o.id}`);
    const short = await callApi(t, 'payOrder', { token: firm.tokens.token, body: { orderId: o.id, idempotencyKey: newKey() } });
    expect(short.status).toBe(409);
    expect(count(await metrics(), 'order')).toBe(0);

    await topUpOnline(t, firm, 1_000_000);
    const key = newKey();
    const paid = await callApi(t, 'payOrder', { token: firm.tokens.token, body: { orderId: o.id, idempotencyKey: key } });
    expect(paid.body.code, paid.body.msg).toBe(1);
    const again = await callApi(t, 'payOrder', { token: firm.tokens.token, body: { orderId: o.id, idempotencyKey: key } });
    expect(again.body.data).toEqual(paid.body.data);

    const after = await metrics();
    expect(count(after, 'topup_online')).toBe(1);
    expect(count(after, 'order')).toBe(1);
    expect(count(after, 'settlement')).toBe(0);
  });

  it('ctx.afterCommit runs at once outside a transaction; inside one after the outermost commit, never after a rollback', async () => {
    // Only db, tx and afterCommit are used here.
    const ctx = createContext(t.db, { events: domainEvents(), ports: modulePorts(), log: { error: () => {} } } as unknown as Parameters<
      typeof createContext
    >[1]);
    const ran: string[] = [];
    ctx.afterCommit(() => ran.push('now'));
    expect(ran).toEqual(['now']);
    await ctx.tx(async (tx) => {
      tx.afterCommit(() => ran.push('outer'));
      await tx.tx(async (inner) => inner.afterCommit(() => ran.push('nested')));
      expect(ran).toEqual(['now']);
    });
    expect(ran).toEqual(['now', 'outer', 'nested']);
    await expect(
      ctx.tx(async (tx) => {
        tx.afterCommit(() => ran.push('rolled back'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(ran).toEqual(['now', 'outer', 'nested']);
  });

  it('reports the ledger’s reconciliation, read at most once a minute', async () => {
    let text = await metrics();
    expect(sample(text, 'yance_ledger_reconciled_ok')).toBe(1);
    expect(sample(text, 'yance_ledger_unbalanced_entries')).toBe(0);
    expect(sample(text, 'yance_ledger_balance_mismatches')).toBe(0);

    // A stored balance that no longer equals its lines (the database allows a positive one).
    await t.db.execute(
      sql`update ledger_account set balance_fen = balance_fen + 1
          where id = (select id from ledger_account where kind = 'prestore' and balance_fen > 0 order by id limit 1)`,
    );
    text = await metrics();
    expect(sample(text, 'yance_ledger_reconciled_ok')).toBe(1);

    clock.advance(61);
    text = await metrics();
    expect(sample(text, 'yance_ledger_balance_mismatches')).toBe(1);
    expect(sample(text, 'yance_ledger_unbalanced_entries')).toBe(0);
    expect(sample(text, 'yance_ledger_reconciled_ok')).toBe(0);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers a direct request from this machine only; a forwarded or outside one gets 404', async () => {
    const direct = await scrape(t);
    expect(direct.statusCode).toBe(200);
    expect(direct.body).toContain('# TYPE yance_payments_total counter');
    const notFound = { code: 404, msg: '接口不存在', data: null };
    for (const res of [
      await scrape(t, { 'x-forwarded-for': '203.0.113.9' }),
      // A header with no usable address (client-ip drops it from request.headers) still marks a proxied request.
      await scrape(t, { 'x-forwarded-for': 'garbage' }),
      await scrape(t, { 'x-real-ip': '203.0.113.9' }),
      await scrape(t, { forwarded: 'for=203.0.113.9' }),
      await scrape(t, {}, '198.51.100.4'),
      await scrape(t, { authorization: `Bearer ${TOKEN}` }, '198.51.100.4'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual(notFound);
    }
    expect((await scrape(t, {}, '::1')).statusCode).toBe(200);
  });

  it('has counters of its own: another app’s requests and payments are not in them', async () => {
    const text = (await scrape(t)).body;
    expect(text).not.toContain('route="/api/open/ping"');
    expect(sample(text, 'yance_payments_total{kind="topup_online"}')).toBe(0);
  });
});
