import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@yance/contracts/staff';
import { job } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens, testClock } from './factories.ts';

describe('failed jobs in the console: job/list and job/retry (ADR 0034)', () => {
  const clock = testClock();
  let t: TestApp;
  let admin: string;
  let failedId: number;
  let doneId: number;
  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now });
    admin = (await staffTokens(t, 'admin')).token;
    const now = clock.now();
    const row = { maxAttempts: 6, runAt: now, createdAt: now, updatedAt: now };
    const [failed, done] = await t.db
      .insert(job)
      .values([
        {
          ...row,
          kind: 'sms.notice',
          payload: { phone: '13800138000', notice: { kind: 'phoneChanged', param: '0000', text: '【研测】通知' } },
          state: 'failed',
          attempts: 6,
          lastError: 'Error: gateway down',
          finishedAt: now,
        },
        { ...row, kind: 'purge.expired', state: 'done', attempts: 1, finishedAt: now },
      ])
      .returning({ id: job.id });
    failedId = failed!.id;
    doneId = done!.id;
  });
  afterAll(async () => t.close());

  it('lists jobs newest first, filtered by state and kind, paged on the server', async () => {
    const all = await callApi(t, 'jobList', { token: admin, query: { pageSize: 1 } });
    expect(all.body.data).toMatchObject({ total: 2, page: 1, pageSize: 1, list: [{ id: doneId, kind: 'purge.expired', state: 'done' }] });
    const failed = await callApi(t, 'jobList', { token: admin, query: { state: 'failed' } });
    expect(failed.body.data.list).toEqual([
      expect.objectContaining({ id: failedId, kind: 'sms.notice', attempts: 6, maxAttempts: 6, lastError: 'Error: gateway down' }),
    ]);
    expect((await callApi(t, 'jobList', { token: admin, query: { kind: 'purge.expired', state: 'failed' } })).body.data.total).toBe(0);
    const wrong = await callApi(t, 'jobList', { token: admin, query: { state: 'lost' as never } });
    expect(wrong).toMatchObject({ status: 400, body: { msg: '[状态]不存在' } });
  });

  it('a role without job.manage gets 403, a customer token or none 401', async () => {
    const operator = (await staffTokens(t, 'operator')).token;
    expect(await callApi(t, 'jobList', { token: operator })).toMatchObject({ status: 403, body: { msg: '无权限' } });
    expect(await callApi(t, 'jobRetry', { token: operator, body: { id: failedId } })).toMatchObject({ status: 403 });
    expect((await callApi(t, 'jobRetry', { body: { id: failedId } })).status).toBe(401);
    expect((await t.db.select().from(job).where(eq(job.id, failedId)))[0]!.state).toBe('failed');
  });

  it('retries a failed job: queued now with its tries reset, logged in the audit log; then the worker runs it', async () => {
    clock.advance(30);
    const res = await callApi(t, 'jobRetry', { token: admin, body: { id: failedId }, ip: '203.0.113.7' });
    expect(res.body).toMatchObject({ code: 1, msg: '已重新排队', data: { id: failedId, state: 'queued', attempts: 0, finishedAt: null } });
    expect(res.body.data.runAt).toBe(clock.now().toISOString());
    const log = (await callApi(t, 'auditList', { token: admin, query: { objectType: 'job', objectId: String(failedId) } })).body.data
      .list as AuditEntry[];
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      actorKind: 'staff',
      action: 'job.retry',
      ip: '203.0.113.7',
      changes: { state: ['failed', 'queued'], attempts: [6, 0] },
    });
    expect(await t.jobs.drain()).toBe(1);
    expect((await t.db.select().from(job).where(eq(job.id, failedId)))[0]).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('refuses a job that is not failed, or does not exist, and changes nothing', async () => {
    expect(await callApi(t, 'jobRetry', { token: admin, body: { id: doneId } })).toMatchObject({
      status: 409,
      body: { msg: '只有失败的任务可以重试' },
    });
    expect(await callApi(t, 'jobRetry', { token: admin, body: { id: 999_999 } })).toMatchObject({
      status: 404,
      body: { msg: '任务不存在' },
    });
    expect((await callApi(t, 'jobRetry', { token: admin, body: { id: 0 } as never })).body.msg).toBe('[任务]不能小于1');
  });

  it('refuses to retry a failed run of a recurring job whose next run is already queued', async () => {
    const now = clock.now();
    const [old] = await t.db
      .insert(job)
      .values({
        kind: 'purge.expired',
        state: 'failed',
        attempts: 3,
        maxAttempts: 3,
        dedupeKey: 'schedule:purge.expired',
        runAt: now,
        createdAt: now,
        updatedAt: now,
        finishedAt: now,
      })
      .returning({ id: job.id });
    await t.jobs.ensureSchedules();
    expect(await callApi(t, 'jobRetry', { token: admin, body: { id: old!.id } })).toMatchObject({
      status: 409,
      body: { msg: '同一任务已在队列中，无需重试' },
    });
    expect((await t.db.select().from(job).where(eq(job.id, old!.id)))[0]!.state).toBe('failed');
  });
});
