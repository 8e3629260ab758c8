import { z } from 'zod';

/** The job queue (ADR 0034): how often an idle worker looks, how much it runs at once, how long a claim lasts. */
export const jobEnv = {
  /** Milliseconds an idle worker waits before looking for due jobs again (a job queued in this process wakes it at once). */
  JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** Jobs one process runs at the same time. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  /** Seconds a claimed job is leased: a try that runs longer fails, and a crashed worker's job runs again after it. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /** Minutes between two runs of the purge of expired sessions, codes, tickets, challenges and counters. */
  JOB_PURGE_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
};
