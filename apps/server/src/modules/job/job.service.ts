import { JOB_KINDS, type JobEntry, type JobKind } from '@yance/contracts/job';
import type { jobQuery } from '@yance/contracts/job';
import type { z } from 'zod';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { changesOf, recordAudit } from '../audit/index.ts';
import { JOB_RETRY, type JobPayloads } from './job-kinds.ts';

// The module's face to app.ts and other modules (they use a module through its service).
export { createJobRunner, type JobRunner } from './job-runner.ts';
export { jobSchedules, type JobHandlers, type JobPayloads, type JobTry } from './job-kinds.ts';
import { countDueByKind, countInState, deleteFinished, insertJob, lockJob, pageJobs, updateJob, type JobRow } from './job.repository.ts';

export interface EnqueueOptions {
  /** When it may run first (default: now). */
  runAt?: Date;
  /** One logical job: while a job with this key is queued or running, the new one is not added. */
  dedupeKey?: string;
}

/**
 * Queues a job on ctx.db, so inside ctx.tx it commits (or not) with the change
 * it belongs to, and wakes this process's worker once it has committed (at
 * once outside a transaction): a job due now runs at once, not at the next
 * poll. Answers the job's id, or null when its dedupe key was pending already.
 */
export async function enqueue<K extends JobKind>(ctx: AppContext, kind: K, payload: JobPayloads[K], opts: EnqueueOptions = {}) {
  const now = ctx.clock();
  const id = await insertJob(ctx.db, {
    kind,
    payload,
    maxAttempts: JOB_RETRY[kind].maxAttempts,
    runAt: opts.runAt ?? now,
    dedupeKey: opts.dedupeKey ?? null,
    createdAt: now,
    updatedAt: now,
  });
  if (id !== null) ctx.afterCommit(() => ctx.jobs.wake());
  return id;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const entryOf = (r: JobRow): JobEntry => ({
  id: r.id,
  kind: r.kind,
  state: r.state,
  attempts: r.attempts,
  maxAttempts: r.maxAttempts,
  runAt: r.runAt.toISOString(),
  lastError: r.lastError,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  finishedAt: iso(r.finishedAt),
});

/** job/list: newest first, by state and kind. */
export async function listJobs(ctx: AppContext, q: z.output<typeof jobQuery>) {
  const { rows, total } = await pageJobs(ctx.db, { state: q.state, kind: q.kind }, q.page, q.pageSize);
  return { list: rows.map(entryOf), total, page: q.page, pageSize: q.pageSize };
}

/** How many jobs have failed for good (the console's dashboard). */
export const countFailedJobs = (ctx: AppContext): Promise<number> => countInState(ctx.db, 'failed');

/** Queued jobs due now by kind, every kind listed (zeros too): the metrics' queue depth (ADR 0056). */
export async function dueJobCounts(ctx: AppContext): Promise<{ kind: JobKind; count: number }[]> {
  const due = new Map((await countDueByKind(ctx.db, ctx.clock())).map((r) => [r.kind, r.count]));
  return JOB_KINDS.map((kind) => ({ kind, count: due.get(kind) ?? 0 }));
}

/**
 * job/retry: a failed job back to queued, due now, with its tries reset; the
 * audit log records who did it in the same transaction.
 */
export async function retryJob(ctx: AppContext, caller: StaffCaller, id: number, ip: string): Promise<JobEntry> {
  const entry = await ctx
    .tx(async (t) => {
      const row = await lockJob(t.db, id);
      if (!row) throw new AppError('NOT_FOUND', '任务不存在');
      if (row.state !== 'failed') throw new AppError('CONFLICT', '只有失败的任务可以重试');
      const now = t.clock();
      const next = await updateJob(t.db, row.id, { state: 'queued', attempts: 0, runAt: now, updatedAt: now, finishedAt: null });
      const pick = (r: JobRow) => ({ state: r.state, attempts: r.attempts, runAt: r.runAt.toISOString(), lastError: r.lastError });
      await recordAudit(t, {
        actor: { kind: 'staff', id: caller.id, name: caller.name },
        action: 'job.retry',
        objectType: 'job',
        objectId: row.id,
        changes: changesOf(pick(row), pick(next)),
        ip,
      });
      return entryOf(next);
    })
    .catch((err: unknown) => {
      // A failed run of a recurring job whose next run is already queued: its key is taken.
      throw isUniqueViolation(err) ? new AppError('CONFLICT', '同一任务已在队列中，无需重试') : err;
    });
  ctx.jobs.wake();
  return entry;
}

/** Forgets jobs done more than a week ago and failed ones after 30 days (the purge job calls it). */
export async function purgeFinishedJobs(ctx: AppContext, now: Date): Promise<number> {
  const day = 86_400_000;
  return deleteFinished(ctx.db, new Date(now.getTime() - 7 * day), new Date(now.getTime() - 30 * day));
}
