import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { job } from '../src/db/schema.ts';
import { addSeconds } from '../src/lib/clock.ts';
import { backoffSeconds } from '../src/modules/job/job-backoff.ts';
import { claimDue, markDone } from '../src/modules/job/job.repository.ts';
import { countFailedJobs, enqueue } from '../src/modules/job/job.service.ts';
import { createTestApp, createTwinApps, type TestApp } from './create-test-app.ts';
import { testClock } from './factories.ts';
import { testRunner } from './job-helpers.ts';

const notice = (phone: string) => ({ phone, notice: { kind: 'phoneChanged' as const, param: phone.slice(-4), text: `通知 ${phone}` } });
const rowOf = async (t: TestApp, id: number) => (await t.db.select().from(job).where(eq(job.id, id)))[0]!;

describe('the job queue (ADR 0034)', () => {
  const clock = testClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now });
  });
  afterAll(async () => t.close());

  it('enqueue, claim, complete: a job runs once and is done', async () => {
    const seen: string[] = [];
    const { ctx, runner } = testRunner(t, clock.now, { 'sms.notice': async (_ctx, p) => void seen.push(p.phone) });
    const id = (await enqueue(ctx, 'sms.notice', notice('13800000001')))!;
    expect(await rowOf(t, id)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(seen).toEqual(['13800000001']);
    expect(await rowOf(t, id)).toMatchObject({ state: 'done', attempts: 1, lockedUntil: null, finishedAt: clock.now() });
  });

  it('a job queued for later waits for its time', async () => {
    const { ctx, runner } = testRunner(t, clock.now, { 'sms.notice': async () => {} });
    const id = (await enqueue(ctx, 'sms.notice', notice('13800000002'), { runAt: addSeconds(clock.now(), 60) }))!;
    expect(await runner.drain()).toBe(0);
    clock.advance(60);
    expect(await runner.drain()).toBe(1);
    expect((await rowOf(t, id)).state).toBe('done');
  });

  it('a dedupe key is queued once while pending, and free again once done', async () => {
    const { ctx, runner } = testRunner(t, clock.now, { 'sms.notice': async () => {} });
    const first = await enqueue(ctx, 'sms.notice', notice('13800000003'), { dedupeKey: 'notice:3' });
    expect(first).toBeTypeOf('number');
    expect(await enqueue(ctx, 'sms.notice', notice('13800000003'), { dedupeKey: 'notice:3' })).toBeNull();
    await runner.drain();
    expect(await enqueue(ctx, 'sms.notice', notice('13800000003'), { dedupeKey: 'notice:3' })).toBeGreaterThan(first!);
    await runner.drain();
  });

  it('retries with growing, jittered delays, then fails with the secret masked', async () => {
    const { ctx, runner } = testRunner(t, clock.now, {
      'sms.notice': async () => {
        throw new Error('gateway down: https://gw.example/send?access_token=abc123&x=1');
      },
    });
    const failedBefore = await countFailedJobs(ctx);
    const id = (await enqueue(ctx, 'sms.notice', notice('13800000004')))!;
    // sms.notice: 6 tries, the first retry after 30 s, doubling (equal jitter: between half and all of it).
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await runner.runDue()).toBe(1);
      const row = await rowOf(t, id);
      const wait = (row.runAt.getTime() - clock.now().getTime()) / 1000;
      const full = 30 * 2 ** (attempt - 1);
      expect(row).toMatchObject({ state: 'queued', attempts: attempt });
      expect(wait).toBeGreaterThanOrEqual(full / 2);
      expect(wait).toBeLessThanOrEqual(full);
      expect(await runner.runDue()).toBe(0);
      clock.advance(full);
    }
    expect(await runner.runDue()).toBe(1);
    const row = await rowOf(t, id);
    expect(row).toMatchObject({ state: 'failed', attempts: 6 });
    expect(row.lastError).toBe('Error: gateway down: https://gw.example/send?access_token=******&x=1');
    expect(await countFailedJobs(ctx)).toBe(failedBefore + 1);
  });

  it('back-off doubles up to an hour, with jitter between half and all of it', () => {
    expect(backoffSeconds(5, 1, () => 0)).toBe(2.5);
    expect(backoffSeconds(5, 3, () => 1)).toBe(20);
    expect(backoffSeconds(60, 20, () => 1)).toBe(3600);
  });

  it('a crashed worker’s job is claimed again after its lease, and the late worker cannot finish it', async () => {
    const ran: number[] = [];
    const { ctx, runner } = testRunner(t, clock.now, { 'sms.notice': async (_c, _p, j) => void ran.push(j.attempts) });
    const id = (await enqueue(ctx, 'sms.notice', notice('13800000005')))!;
    // A worker claims it (120 s lease, the default JOB_LEASE_SECONDS) and dies.
    const [claimed] = await claimDue(t.db, { now: clock.now(), leaseUntil: addSeconds(clock.now(), 120), worker: 'dead', n: 1 });
    expect(claimed).toMatchObject({ id, state: 'running', attempts: 1 });
    expect(await runner.runDue()).toBe(0);
    clock.advance(121);
    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual([2]);
    expect(await markDone(t.db, id, 1, clock.now())).toBe(false);
    expect(await rowOf(t, id)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('a recurring job is pending once however often it is scheduled, and queues its next run when done', async () => {
    let runs = 0;
    const schedules = [{ kind: 'purge.expired' as const, everySeconds: 600 }];
    const one = testRunner(t, clock.now, { 'purge.expired': async () => void runs++ }, { schedules });
    const two = testRunner(t, clock.now, { 'purge.expired': async () => void runs++ }, { schedules });
    const pending = async () =>
      (await t.db.select().from(job).where(eq(job.kind, 'purge.expired'))).filter((r) => r.state === 'queued' || r.state === 'running');
    await Promise.all([one.runner.ensureSchedules(), two.runner.ensureSchedules(), one.runner.ensureSchedules()]);
    expect(await pending()).toHaveLength(1);
    expect(await one.runner.drain()).toBe(1);
    const [next] = await pending();
    expect(next!.runAt).toEqual(addSeconds(clock.now(), 600));
    await two.runner.ensureSchedules();
    expect(await pending()).toHaveLength(1);
    expect(await two.runner.drain()).toBe(0);
    clock.advance(600);
    expect(await two.runner.drain()).toBe(1);
    expect(runs).toBe(2);
  });
});

describe('two app instances on one database share the queue', () => {
  it('each of many jobs runs exactly once while both workers claim at the same time', async () => {
    const clock = testClock();
    const twins = await createTwinApps({ clock: clock.now });
    try {
      const runs = new Map<string, number>();
      const by = { a: 0, b: 0 };
      const handler = (who: 'a' | 'b') => async (_ctx: unknown, p: { phone: string }) => {
        runs.set(p.phone, (runs.get(p.phone) ?? 0) + 1);
        by[who]++;
        // Give the other worker a chance to claim meanwhile.
        await new Promise((r) => setImmediate(r));
      };
      const a = testRunner(twins.a, clock.now, { 'sms.notice': handler('a') }, { env: { JOB_CONCURRENCY: '5' } });
      const b = testRunner(twins.b, clock.now, { 'sms.notice': handler('b') }, { env: { JOB_CONCURRENCY: '5' } });
      const n = 200;
      for (let i = 0; i < n; i++) await enqueue(i % 2 ? a.ctx : b.ctx, 'sms.notice', notice(`1390000${String(i).padStart(4, '0')}`));
      await Promise.all([a.runner.drain(), b.runner.drain(), a.runner.drain(), b.runner.drain()]);
      expect(runs.size).toBe(n);
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      expect(by.a).toBeGreaterThan(0);
      expect(by.b).toBeGreaterThan(0);
      const states = await twins.a.db.select({ state: job.state }).from(job);
      expect(states.filter((s) => s.state === 'done')).toHaveLength(n);
    } finally {
      await twins.close();
    }
  }, 90_000); // 200 jobs through two workers on one database: slow on a loaded 2-core machine, never stuck
});
