import type { JobKind } from '@yance/contracts/job';
import type { AppContext } from '../../context.ts';
import type { Config } from '../../config/env.ts';
import type { SmsNotice } from '../../lib/sms-provider.ts';

/** What each kind of job carries (plain JSON: it is stored in job.payload). */
export interface JobPayloads {
  /** A verification code to send; the code itself only sealed (ADR 0034), and not sent after it expired. */
  'sms.send': { phone: string; purpose: number; sealed: string; expiresAt: string };
  'sms.notice': { phone: string; notice: SmsNotice };
  'purge.expired': Record<string, never>;
  /** Kept samples: the notice a week before, then destroyed (ADR 0041). */
  'sample.keep': Record<string, never>;
  /** An order notice by SMS or e-mail; key (order:<id>:<action>:<channel>) is claimed once (ADR 0046). */
  'notice.send': {
    key: string;
    channel: 'sms' | 'mail';
    userId: number;
    orderId: number | null;
    to: string;
    subject: string;
    text: string;
  };
  /** Quotes past their validity become 报价已过期 (ADR 0044). */
  'demand.expire': Record<string, never>;
  /** 待结算 past the due days become 欠款中 (with the SMS notice); unpaid online trades past their validity close (ADR 0050). */
  'money.sweep': Record<string, never>;
  /** What is left of points past their expiry leaves the balance, with a history line (ADR 0053). */
  'points.expire': Record<string, never>;
  /** Rebates whose order completed N days ago become available in the promoter's wallet (ADR 0055). */
  'promotion.release': Record<string, never>;
  /** A top-up credited with 申请开票 ticked: its application with the default title (ADR 0052 addendum). */
  'invoice.topup': { topupId: number };
  /** An issued e-invoice: its PDF e-mailed to the application's address, once per application (ADR 0052). */
  'invoice.mail': { applicationId: number };
  /** The paid orders waiting in paid_order_item folded into the items' 已下单 counters (ADR 0066). */
  'catalog.paidOrders': Record<string, never>;
}

// A kind in contracts without a payload here (or the reverse) fails the build.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const kindsMatch: Exactly<keyof JobPayloads, JobKind> = true;
void kindsMatch;

/** The try being made, for handlers that act differently on the last one. */
export interface JobTry {
  id: number;
  attempts: number;
  maxAttempts: number;
}

/** Does the job's work; throws to have it retried. Runs at least once, so it must be idempotent. */
export type JobHandler<K extends JobKind> = (ctx: AppContext, payload: JobPayloads[K], job: JobTry) => Promise<void>;
export type JobHandlers = { [K in JobKind]?: JobHandler<K> };

/**
 * Tries per kind and the first retry's delay; each retry waits twice as long
 * as the one before (with jitter). An SMS code lives 10 minutes, so its tries
 * come quickly.
 */
export const JOB_RETRY: Record<JobKind, { maxAttempts: number; retrySeconds: number }> = {
  'sms.send': { maxAttempts: 4, retrySeconds: 5 },
  'sms.notice': { maxAttempts: 6, retrySeconds: 30 },
  'purge.expired': { maxAttempts: 3, retrySeconds: 60 },
  'sample.keep': { maxAttempts: 3, retrySeconds: 300 },
  // 6 tries: the last starts at most 60+120+240+480+960 s ≈ 31 min after the first, inside the 2 hours promised (ADR 0046).
  'notice.send': { maxAttempts: 6, retrySeconds: 60 },
  'demand.expire': { maxAttempts: 3, retrySeconds: 300 },
  'money.sweep': { maxAttempts: 3, retrySeconds: 300 },
  'points.expire': { maxAttempts: 3, retrySeconds: 300 },
  'promotion.release': { maxAttempts: 3, retrySeconds: 300 },
  'invoice.topup': { maxAttempts: 5, retrySeconds: 60 },
  // As notice.send: a mail server down for half an hour still delivers; after that 失败任务 shows it, with retry.
  'invoice.mail': { maxAttempts: 6, retrySeconds: 60 },
  'catalog.paidOrders': { maxAttempts: 3, retrySeconds: 60 },
};

/** A job that runs every everySeconds; its dedupe key keeps one instance pending across all processes. */
export interface Schedule {
  kind: JobKind;
  everySeconds: number;
}

export const scheduleKey = (kind: JobKind) => `schedule:${kind}`;

export const jobSchedules = (config: Config): Schedule[] => [
  { kind: 'purge.expired', everySeconds: config.JOB_PURGE_MINUTES * 60 },
  // Kept samples are counted in days: hourly is on time to the hour.
  { kind: 'sample.keep', everySeconds: 3600 },
  // A quote is valid to the end of its day (China time): hourly marks it within the hour after.
  { kind: 'demand.expire', everySeconds: 3600 },
  // Due days are whole days: hourly marks an order 欠款中 within the hour; trades close within the hour after expiry.
  { kind: 'money.sweep', everySeconds: 3600 },
  // Points expire at an instant: hourly takes them within the hour after.
  { kind: 'points.expire', everySeconds: 3600 },
  // Pending days are whole days: hourly releases a rebate within the hour after it is due.
  { kind: 'promotion.release', everySeconds: 3600 },
  // Pages count the waiting rows themselves (shownOrders); the fold keeps the table small and the search's rank fresh.
  { kind: 'catalog.paidOrders', everySeconds: 60 },
];
