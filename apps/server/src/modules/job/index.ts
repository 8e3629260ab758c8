// What other modules use (coupon, dashboard, demand, invoice, lab, notify, payment, promotion, sms)
export { countFailedJobs, enqueue, type JobHandlers, type JobPayloads, type JobTry } from './job.service.ts';

// Domain events and the reactions subscribers.ts wires to them
export { PURGE_DUE } from './job-events.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { jobRoutes } from './job.routes.ts';
export { createJobRunner, dueJobCounts, type JobRunner, jobSchedules } from './job.service.ts';
export { purgeJobs } from './purge.service.ts';
