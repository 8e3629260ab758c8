import type { AppContext } from '../../context.ts';
import { PURGE_DUE } from './job-events.ts';
import { purgeFinishedJobs, type JobHandlers } from './job.service.ts';

/**
 * The recurring purge (every JOB_PURGE_MINUTES, ADR 0034): rows that no rule
 * reads any more. Each owner module decides what "expired" means for its rows
 * and subscribes to PURGE_DUE (subscribers.ts); every delete is its own short
 * statement, and running it twice is harmless.
 */
async function purgeExpired(ctx: AppContext): Promise<void> {
  const now = ctx.clock();
  const removed: Record<string, number> = { jobs: await purgeFinishedJobs(ctx, now) };
  await ctx.emit(PURGE_DUE, { now, removed });
  ctx.log.info({ purge: removed }, 'expired rows purged');
}

export const purgeJobs = { 'purge.expired': purgeExpired } satisfies JobHandlers;
