import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { JobKind } from '@yance/contracts/job';
import type { AppContext, JobWaker } from '../../context.ts';
import { addSeconds } from '../../lib/clock.ts';
import { isConnectionError } from '../../db/connection-errors.ts';
import { backoffSeconds, errorText } from './job-backoff.ts';
import { JOB_RETRY, scheduleKey, type JobHandler, type JobHandlers, type Schedule } from './job-kinds.ts';
import { claimDue, failAbandoned, insertJob, markDone, markTryFailed, type JobRow } from './job.repository.ts';

/** The worker of one process (ADR 0034). */
export interface JobRunner extends JobWaker {
  /** Claims what is due now (up to JOB_CONCURRENCY jobs), runs it, and answers how many ran. */
  runDue(): Promise<number>;
  /** runDue until nothing is due (tests: "the worker has caught up"). */
  drain(): Promise<number>;
  /** Queues each schedule's next run unless one is pending already (in any process). */
  ensureSchedules(): Promise<void>;
  /** Starts the polling loop (server.ts; tests drive runDue/drain instead). */
  start(): void;
  /** Stops polling and waits for the jobs being run; the database is closed after this. */
  stop(): Promise<void>;
}

const ABANDONED = '处理进程中断，重试次数已用完';
const TIMED_OUT = '处理超时';
const SCHEDULE_CHECK_MS = 60_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(TIMED_OUT)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function createJobRunner(ctx: AppContext, handlers: JobHandlers, schedules: Schedule[]): JobRunner {
  const { JOB_POLL_MS, JOB_CONCURRENCY, JOB_LEASE_SECONDS } = ctx.config;
  const worker = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const everyOf = new Map(schedules.map((s) => [scheduleKey(s.kind), s]));
  let loop: Promise<void> | undefined;
  let stopping = false;
  let woken = false;
  let wakeUp: (() => void) | undefined;
  /** Runs this process has under way: drain waits for them too, so a drain beside another one is never early. */
  const running = new Set<Promise<void>>();

  async function finish(row: JobRow): Promise<void> {
    const schedule = row.dedupeKey ? everyOf.get(row.dedupeKey) : undefined;
    await ctx.tx(async (t) => {
      const now = t.clock();
      // Done first: the row leaves the pending set, so the next run may take its dedupe key.
      if (!(await markDone(t.db, row.id, row.attempts, now)) || !schedule) return;
      await queueRun(t, schedule, addSeconds(now, schedule.everySeconds));
    });
  }

  async function runOne(row: JobRow): Promise<void> {
    const handler = handlers[row.kind] as JobHandler<JobKind> | undefined;
    const job = { id: row.id, attempts: row.attempts, maxAttempts: row.maxAttempts };
    try {
      if (!handler) throw new Error(`no handler for job kind ${row.kind}`);
      await withTimeout(handler(ctx, row.payload as never, job), JOB_LEASE_SECONDS * 1000);
      await finish(row);
    } catch (err) {
      const error = errorText(err, ctx.config);
      const last = row.attempts >= row.maxAttempts;
      const now = ctx.clock();
      const retry = JOB_RETRY[row.kind]?.retrySeconds ?? 60;
      const runAt = last ? null : addSeconds(now, backoffSeconds(retry, row.attempts));
      const where = { job: { ...job, kind: row.kind }, error };
      ctx.metrics.jobFailed(row.kind, last);
      if (last) ctx.log.error(where, 'job failed, no try left');
      else ctx.log.warn({ ...where, retryAt: runAt }, 'job try failed');
      await markTryFailed(ctx.db, row.id, row.attempts, now, error, runAt).catch((e: unknown) =>
        ctx.log.error({ err: e, job }, 'job: could not record the failed try (it runs again after its lease)'),
      );
    }
  }

  async function runDue(): Promise<number> {
    const now = ctx.clock();
    for (const kind of await failAbandoned(ctx.db, now, ABANDONED)) ctx.metrics.jobFailed(kind, true);
    // One short statement: nothing is held while the handlers run (PGlite has a single connection).
    const claimed = await claimDue(ctx.db, { now, leaseUntil: addSeconds(now, JOB_LEASE_SECONDS), worker, n: JOB_CONCURRENCY });
    await Promise.all(
      claimed.map((row) => {
        const run = runOne(row).finally(() => running.delete(run));
        running.add(run);
        return run;
      }),
    );
    return claimed.length;
  }

  async function drain(): Promise<number> {
    let total = 0;
    // Bounded, so a handler that queues work for "now" forever cannot hang a test.
    for (let round = 0; round < 100; round++) {
      const n = await runDue();
      if (n === 0 && running.size === 0) break;
      // Another caller's claim may hold what was due: wait for it, then look again.
      if (n === 0) await Promise.all(running);
      total += n;
    }
    return total;
  }

  async function ensureSchedules(): Promise<void> {
    for (const s of schedules) await queueRun(ctx, s, ctx.clock());
  }

  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      wakeUp = undefined;
    });

  async function poll(): Promise<void> {
    let nextScheduleCheck = 0;
    while (!stopping) {
      woken = false;
      let ran = 0;
      try {
        if (Date.now() >= nextScheduleCheck) {
          await ensureSchedules();
          nextScheduleCheck = Date.now() + SCHEDULE_CHECK_MS;
        }
        ran = await runDue();
      } catch (err) {
        // The database restarting is an outage to wait out (one line per poll), not a fault with a stack.
        if (isConnectionError(err)) ctx.log.warn({ reason: (err as Error).message }, 'job worker: database unavailable, polling again');
        else ctx.log.error({ err }, 'job worker: could not claim jobs');
      }
      // Busy while there is work or a wake came in meanwhile; otherwise sleep until the next poll or a wake.
      if (!stopping && ran === 0 && !woken) await idle(JOB_POLL_MS);
    }
  }

  return {
    runDue,
    drain,
    ensureSchedules,
    wake() {
      woken = true;
      wakeUp?.();
    },
    start() {
      if (loop) return;
      stopping = false;
      loop = poll();
    },
    async stop() {
      stopping = true;
      wakeUp?.();
      await loop;
      loop = undefined;
    },
  };
}

/** Queues a schedule's run at runAt unless one is pending (the dedupe key makes that true across processes). */
async function queueRun(ctx: AppContext, s: Schedule, runAt: Date): Promise<void> {
  const now = ctx.clock();
  await insertJob(ctx.db, {
    kind: s.kind,
    payload: {},
    maxAttempts: JOB_RETRY[s.kind].maxAttempts,
    runAt,
    dedupeKey: scheduleKey(s.kind),
    createdAt: now,
    updatedAt: now,
  });
}
