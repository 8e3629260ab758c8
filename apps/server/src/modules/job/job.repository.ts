import { and, count, desc, eq, inArray, isNotNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { job } from '../../db/schema.ts';

export type JobRow = typeof job.$inferSelect;
export type NewJobRow = typeof job.$inferInsert;

/** Adds a job; null when its dedupe key is already pending (the same logical job is queued once). */
export async function insertJob(db: Executor, row: NewJobRow): Promise<number | null> {
  // No conflict target: the only unique index a new row can meet is the partial one on pending dedupe keys.
  const [added] = await db.insert(job).values(row).onConflictDoNothing().returning({ id: job.id });
  return added?.id ?? null;
}

/** Running jobs whose lease ended with no try left: a worker died on each, so they fail rather than loop. Answers their kinds. */
export async function failAbandoned(db: Executor, now: Date, error: string): Promise<JobRow['kind'][]> {
  const rows = await db
    .update(job)
    .set({ state: 'failed', lockedUntil: null, lockedBy: null, lastError: error, updatedAt: now, finishedAt: now })
    .where(and(eq(job.state, 'running'), lte(job.lockedUntil, now), sql`${job.attempts} >= ${job.maxAttempts}`))
    .returning({ kind: job.kind });
  return rows.map((r) => r.kind);
}

/** Queued jobs due at now (what waits for a worker), by kind; one count over the partial index job_due_idx. */
export async function countDueByKind(db: Executor, now: Date): Promise<{ kind: JobRow['kind']; count: number }[]> {
  return db
    .select({ kind: job.kind, count: sql<number>`count(*)::int` })
    .from(job)
    .where(and(eq(job.state, 'queued'), lte(job.runAt, now)))
    .groupBy(job.kind);
}

/**
 * Claims up to n due jobs in one statement (its own short transaction): due
 * queued rows and running rows whose lease ended, locked FOR UPDATE SKIP
 * LOCKED so concurrent workers never take the same row, marked running with a
 * lease, attempts + 1.
 */
export async function claimDue(db: Executor, opts: { now: Date; leaseUntil: Date; worker: string; n: number }): Promise<JobRow[]> {
  const { now } = opts;
  const due = or(and(eq(job.state, 'queued'), lte(job.runAt, now)), and(eq(job.state, 'running'), lte(job.lockedUntil, now)));
  const next = db
    .$with('next')
    .as(db.select({ id: job.id }).from(job).where(due).orderBy(job.runAt, job.id).limit(opts.n).for('update', { skipLocked: true }));
  return db
    .with(next)
    .update(job)
    .set({
      state: 'running',
      attempts: sql`${job.attempts} + 1`,
      lockedUntil: opts.leaseUntil,
      lockedBy: opts.worker,
      updatedAt: now,
    })
    .where(inArray(job.id, db.select({ id: next.id }).from(next)))
    .returning();
}

/** The row is still ours: running under the claim (attempts) we made. A worker whose lease was taken over changes nothing. */
const ours = (id: number, attempts: number) => and(eq(job.id, id), eq(job.state, 'running'), eq(job.attempts, attempts));

export async function markDone(db: Executor, id: number, attempts: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(job)
    .set({ state: 'done', lockedUntil: null, lockedBy: null, updatedAt: now, finishedAt: now })
    .where(ours(id, attempts))
    .returning({ id: job.id });
  return rows.length === 1;
}

/** A failed try: queued again at runAt, or failed for good when runAt is null. */
export async function markTryFailed(db: Executor, id: number, attempts: number, now: Date, error: string, runAt: Date | null) {
  const rows = await db
    .update(job)
    .set({
      state: runAt ? 'queued' : 'failed',
      runAt: runAt ?? sql`${job.runAt}`,
      lockedUntil: null,
      lockedBy: null,
      lastError: error,
      updatedAt: now,
      finishedAt: runAt ? null : now,
    })
    .where(ours(id, attempts))
    .returning({ id: job.id });
  return rows.length === 1;
}

export async function lockJob(db: Executor, id: number): Promise<JobRow | undefined> {
  const [row] = await db.select().from(job).where(eq(job.id, id)).for('update');
  return row;
}

export async function updateJob(db: Executor, id: number, set: Partial<NewJobRow>): Promise<JobRow> {
  const [row] = await db.update(job).set(set).where(eq(job.id, id)).returning();
  return row!;
}

export interface JobFilter {
  state?: JobRow['state'];
  kind?: JobRow['kind'];
}

/** One page of jobs, newest first, and how many match. */
export async function pageJobs(db: Executor, f: JobFilter, page: number, pageSize: number): Promise<{ rows: JobRow[]; total: number }> {
  const where: (SQL | undefined)[] = [f.state ? eq(job.state, f.state) : undefined, f.kind ? eq(job.kind, f.kind) : undefined];
  const rows = await db
    .select()
    .from(job)
    .where(and(...where))
    .orderBy(desc(job.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ total }] = (await db
    .select({ total: count() })
    .from(job)
    .where(and(...where))) as [{ total: number }];
  return { rows, total };
}

export async function countInState(db: Executor, state: JobRow['state']): Promise<number> {
  const [{ n }] = (await db.select({ n: count() }).from(job).where(eq(job.state, state))) as [{ n: number }];
  return n;
}

/** Forgets finished jobs: done ones finished before doneBefore, failed ones before failedBefore. */
export async function deleteFinished(db: Executor, doneBefore: Date, failedBefore: Date): Promise<number> {
  const rows = await db
    .delete(job)
    .where(
      and(
        isNotNull(job.finishedAt),
        or(and(eq(job.state, 'done'), lt(job.finishedAt, doneBefore)), and(eq(job.state, 'failed'), lt(job.finishedAt, failedBefore))),
      ),
    )
    .returning({ id: job.id });
  return rows.length;
}
