import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { job } from '../src/db/schema.ts';
import { enqueue } from '../src/modules/job/job.service.ts';
import { createTestApp, json, type TestApp } from './create-test-app.ts';
import { createUser, testClock } from './factories.ts';
import { testRunner } from './job-helpers.ts';

/** What the app logged, one parsed line each. */
function capture() {
  const lines: string[] = [];
  return {
    stream: { write: (line: string) => void lines.push(line) },
    text: () => lines.join(''),
    entries: () => lines.map((l) => JSON.parse(l) as Record<string, unknown> & { msg?: string }),
    clear: () => void lines.splice(0),
  };
}

type Logged = { type: string; message: string; stack: string; code?: string; [k: string]: unknown };

describe('logs never carry SQL parameters (ADR 0056)', () => {
  const clock = testClock();
  const log = capture();
  let t: TestApp;
  let taken = '';
  let other = '';
  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now, env: { LOG_LEVEL: 'warn' }, logStream: log.stream });
    // Routes of the test's own that run a failing statement, as a bug in a service would.
    t.app.post('/test/cast', async () => t.db.execute(sql`select ${'SECRET-PARAM-123'}::int`));
    t.app.post('/test/unique', async () => t.db.execute(sql`update user_account set phone = ${taken} where phone = ${other}`));
    taken = (await createUser(t, clock)).phone;
    other = (await createUser(t, clock)).phone;
  });
  afterAll(async () => t.close());

  it('a failed cast: the request’s error line keeps the statement and SQLSTATE, not the value', async () => {
    log.clear();
    const res = await t.app.inject({ method: 'POST', url: '/test/cast' });
    expect(res.statusCode).toBe(500);
    expect(json(res)).toMatchObject({ code: 500, data: null });
    expect(log.text()).not.toContain('SECRET-PARAM-123');

    const line = log.entries().find((e) => e.msg === 'request failed');
    const err = line?.err as Logged;
    expect(err.type).toBe('DrizzleQueryError');
    expect(err.message).toBe('Failed query: select $1::int');
    expect(err.stack.split('\n')[0]).toBe('DrizzleQueryError: Failed query: select $1::int');
    expect(err.stack).toMatch(/\n\s+at /);
    expect(err).not.toHaveProperty('params');
    expect(err).not.toHaveProperty('query');
    const cause = err.cause as Logged;
    expect(cause).toMatchObject({ code: '22P02', message: 'invalid input syntax for type integer: "…"' });
    // errors.ts logs the cause beside err too: the same serializer.
    expect(line?.cause).toEqual(cause);
  });

  it('a unique violation: code, constraint and table stay; the phones (params and detail) go', async () => {
    log.clear();
    const res = await t.app.inject({ method: 'POST', url: '/test/unique' });
    expect(res.statusCode).toBe(500);
    const text = log.text();
    expect(text).not.toContain(taken);
    expect(text).not.toContain(other);
    expect(text).not.toContain('already exists');

    const err = log.entries().find((e) => e.msg === 'request failed')?.err as Logged;
    expect(err.message).toBe('Failed query: update user_account set phone = $1 where phone = $2');
    const cause = err.cause as Logged;
    expect(cause).toMatchObject({ code: '23505', constraint: 'user_account_phone_unique', table: 'user_account' });
    expect(cause.message).toBe('duplicate key value violates unique constraint "user_account_phone_unique"');
    for (const key of ['detail', 'where', 'params', 'query', 'hint']) expect(cause).not.toHaveProperty(key);
  });

  it('an error logged on its own, with no message, gets the safe message (pino would take the raw one)', async () => {
    log.clear();
    const err = await t.db.execute(sql`select ${'SECRET-PARAM-123'}::int`).catch((e: unknown) => e);
    t.app.log.error(err);
    t.app.log.error({ err });
    const lines = log.entries();
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.msg).toBe('Failed query: select $1::int');
    expect(log.text()).not.toContain('SECRET-PARAM-123');
  });

  it('a failing job: its log lines and its last_error keep the SQLSTATE, not the value', async () => {
    const { ctx, runner } = testRunner(t, clock.now, {
      'sms.notice': async (c) => {
        await c.db.execute(sql`select ${'SECRET-PARAM-456'}::int`);
      },
    });
    log.clear();
    const id = await enqueue(ctx, 'sms.notice', { phone: '13900000000', notice: { kind: 'phoneChanged', param: '0000', text: '' } });
    await runner.drain();
    const [row] = await t.db.select().from(job).where(eq(job.id, id!));
    expect(row).toMatchObject({ state: 'queued', attempts: 1 });
    expect(row!.lastError).toBe('Error: Failed query: select $1::int (22P02: invalid input syntax for type integer: "…")');

    expect(log.text()).not.toContain('SECRET-PARAM-456');
    const failed = log.entries().find((e) => e.msg === 'job try failed');
    expect(failed).toMatchObject({ job: { id, kind: 'sms.notice' }, error: row!.lastError });
  });
});
