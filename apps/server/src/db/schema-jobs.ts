import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { JobKind } from '@yance/contracts/job';
import { JOB_STATES, type JobState } from '@yance/contracts/states';
import { oneOf } from './checks.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The job queue every server process shares (ADR 0034). A worker claims due
 * rows with FOR UPDATE SKIP LOCKED and marks them running with a lease
 * (locked_until); a crashed worker's job is claimable again once its lease
 * ends. attempts counts claims, so it also fences a late finish by a worker
 * whose lease was taken over.
 */
export const job = pgTable(
  'job',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<JobKind>().notNull(),
    payload: jsonb('payload')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    state: text('state').$type<JobState>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: at('run_at').notNull(),
    lockedUntil: at('locked_until'),
    /** Which process holds the lease (for reading; the fence is attempts). */
    lockedBy: text('locked_by'),
    /** Why the last try failed, secrets masked. */
    lastError: text('last_error'),
    /** One logical job, queued once: unique among the pending (queued or running) rows. */
    dedupeKey: text('dedupe_key'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    // What a claim reads: due queued rows, and running rows whose lease ended.
    index('job_due_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.state} = 'queued'`),
    index('job_lease_idx')
      .on(t.lockedUntil)
      .where(sql`${t.state} = 'running'`),
    index('job_state_idx').on(t.state, t.kind, t.id),
    uniqueIndex('job_dedupe_pending_idx')
      .on(t.dedupeKey)
      .where(sql`${t.state} in ('queued', 'running') and ${t.dedupeKey} is not null`),
    oneOf('job_state_check', t.state, JOB_STATES),
    check('job_attempts_check', sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
  ],
);
