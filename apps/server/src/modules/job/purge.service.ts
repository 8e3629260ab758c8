import type { AppContext } from '../../context.ts';
import { purgeIdempotencyKeys } from '../ledger/ledger.service.ts';
import { purgeCounters } from '../rate-limit/rate-limit.service.ts';
import { purgeExpiredSessions } from '../session/session.service.ts';
import { purgeExpiredSms } from '../sms/sms.service.ts';
import { purgeExpiredTickets } from '../wechat/wechat.service.ts';
import { purgeFinishedJobs, type JobHandlers } from './job.service.ts';

/**
 * The recurring purge (every JOB_PURGE_MINUTES, ADR 0034): rows that no rule
 * reads any more. Each owner module decides what "expired" means for its rows;
 * every delete is its own short statement, and running it twice is harmless.
 */
async function purgeExpired(ctx: AppContext): Promise<void> {
  const now = ctx.clock();
  const removed = {
    sessions: await purgeExpiredSessions(ctx, now),
    ...(await purgeExpiredSms(ctx, now)),
    wxTickets: await purgeExpiredTickets(ctx, now),
    rateCounters: await purgeCounters(ctx.db, now),
    jobs: await purgeFinishedJobs(ctx, now),
    idempotencyKeys: await purgeIdempotencyKeys(ctx),
  };
  ctx.log.info({ purge: removed }, 'expired rows purged');
}

export const purgeJobs = { 'purge.expired': purgeExpired } satisfies JobHandlers;
