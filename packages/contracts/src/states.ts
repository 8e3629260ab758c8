// State lists of stored objects (zod-free). The database's CHECK constraints are
// generated from these same lists (apps/server/src/db/checks.ts), so a status
// the contracts do not know can never be stored.

/** WeChat QR login ticket: waiting → scanned → confirmed → consumed (ADR 0008). */
export const WX_TICKET_ROW_STATES = ['waiting', 'scanned', 'confirmed', 'consumed'] as const;
export type WxTicketRowState = (typeof WX_TICKET_ROW_STATES)[number];

export const WX_PROVIDERS = ['local', 'official'] as const;
export type WxProvider = (typeof WX_PROVIDERS)[number];

/** What became of an SMS handed to the gateway. */
export const SMS_DELIVERY_STATES = ['sent', 'failed'] as const;
export type SmsDeliveryState = (typeof SMS_DELIVERY_STATES)[number];

/**
 * A queued job (ADR 0034): queued → running → done, or back to queued with a
 * later run_at after a failed try, and failed once its tries are used up.
 */
export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * Review of a customer's attestation (profile form, ADR 0035): none until the
 * form is filled, pending after each submission, approved or rejected (with a
 * reason the customer sees) by a manager or admin.
 */
export const ATTESTATION_STATES = ['none', 'pending', 'approved', 'rejected'] as const;
export type AttestationState = (typeof ATTESTATION_STATES)[number];
export const ATTESTATION_STATE_NAMES: Record<AttestationState, string> = {
  none: '未提交',
  pending: '待审核',
  approved: '已通过',
  rejected: '未通过',
};

/** How a customer's login (a new token family) began: the login_event table (ADR 0035). */
export const LOGIN_METHODS = ['password', 'sms', 'wechat', 'register'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];
