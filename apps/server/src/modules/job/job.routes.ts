import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { listJobs, retryJob } from './job.service.ts';

/** The job queue in the console (ADR 0034); declared in @yance/contracts/api/job. */
export const jobRoutes = (ctx: AppContext) =>
  ({
    jobList: ({ query }) => listJobs(ctx, query),
    jobRetry: ({ staff, body, ip }) => retryJob(ctx, staff, body.id, ip),
  }) satisfies Handlers;
