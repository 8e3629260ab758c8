import type { JobHandlers } from '../job/job-kinds.ts';
import { deliverCode, deliverNotice } from './sms.service.ts';

/** The SMS module's queued work (ADR 0034): codes and notices go to the gateway from the job worker. */
export const smsJobs = {
  'sms.send': deliverCode,
  'sms.notice': deliverNotice,
} satisfies JobHandlers;
