// Invitations (邀请有礼): the schemas of issue 10's invite calls and the
// console's room (ADR 0054). Amounts are integer fen.
import { z } from 'zod';
import {
  INVITE_COUPON_DAYS_MAX,
  INVITE_REWARD_STATES,
  INVITE_SCHEMES,
  INVITE_SUSPECTS,
  INVITE_WINDOW_MONTHS_MAX,
  INVITEE_STATUSES,
} from './invite-states.ts';
import { fen, fenData, id, integer } from './numbers.ts';
import { REBATE_PENDING_DAYS_MAX, REBATE_RATE_BP_MAX } from './promotion-states.ts';
import { pagingQuery } from './paging.ts';
import { idempotencyKey } from './prestore.ts';
import { optionalText } from './text.ts';

/**
 * The invitation programme's settings (setting key `invite`, ADR 0069),
 * edited in the console's 邀请有礼 room behind invite.manage: the inviter's
 * rebate (rate, the invitee's months that earn, the days a rebate waits after
 * its order completes) and the invitee's coupon at registration.
 */
export const inviteSettings = z
  .object({
    enabled: z.boolean({ error: '[开启邀请有礼]格式不正确' }),
    rateBp: integer('返利比例', 0, REBATE_RATE_BP_MAX),
    windowMonths: integer('返利月数', 1, INVITE_WINDOW_MONTHS_MAX),
    holdDays: integer('可提现天数', 0, REBATE_PENDING_DAYS_MAX),
    couponFen: fen('新客券金额'),
    couponThresholdFen: fen('新客券门槛'),
    couponDays: integer('新客券有效天数', 1, INVITE_COUPON_DAYS_MAX),
  })
  .refine((s) => !s.enabled || s.rateBp > 0 || s.couponFen > 0, {
    message: '[返利比例]开启邀请有礼时，返利比例和新客券金额不能都为0',
    path: ['rateBp'],
  });
export type InviteSettings = z.infer<typeof inviteSettings>;
export const inviteSettingsData = z.object({
  enabled: z.boolean(),
  rateBp: z.number().int(),
  windowMonths: z.number().int(),
  holdDays: z.number().int(),
  couponFen: fenData,
  couponThresholdFen: fenData,
  couponDays: z.number().int(),
});

/** Until one is saved: product.md's defaults — 8% for 3 months, withdrawable 15 days after completion, a ¥200 coupon (ADR 0069). */
export const DEFAULT_INVITE_SETTINGS = {
  enabled: true,
  rateBp: 800,
  windowMonths: 3,
  holdDays: 15,
  couponFen: 20_000,
  couponThresholdFen: 0,
  couponDays: 30,
} as InviteSettings;

// ---- customer calls ----------------------------------------------------------------------

/** invite/info: the caller's code, the programme's terms, what they earned and their rebate wallet. */
export const inviteInfo = z.object({
  code: z.string(),
  /** The path of the invitation link (the page adds its origin). */
  path: z.string(),
  shopName: z.string(),
  settings: inviteSettingsData,
  /** The wallet's smallest withdrawal (the promotion settings), for the rules' words. */
  minWithdrawFen: fenData,
  invitees: z.number().int(),
  /** Invitees who earned the caller something. */
  rewarded: z.number().int(),
  /** What the invitations earned: invitation rebates not reversed, and the one-time rewards of before ADR 0069. */
  earnedFen: z.number().int(),
  /** The rebate wallet: withdrawable now, and waiting for its orders' completion plus the hold. */
  availableFen: z.number().int(),
  pendingFen: z.number().int(),
});
export type InviteInfo = z.infer<typeof inviteInfo>;

export const inviteListBody = pagingQuery;
export const invitee = z.object({
  /** The invitee's masked phone (138****0000). */
  phone: z.string(),
  registeredAt: z.string(),
  status: z.enum(INVITEE_STATUSES),
  reason: z.string(),
  /** What this invitee earned the caller (rebates not reversed; a one-time reward before ADR 0069). */
  rewardFen: z.number().int(),
  rewardedAt: z.string().nullable(),
  /** The last China day whose payments earn a rebate (null: the programme gives none). */
  windowLastDay: z.string().nullable(),
});
export type Invitee = z.infer<typeof invitee>;

// ---- console -------------------------------------------------------------------------------

export const adminInviteQuery = pagingQuery.extend({
  /** A reward state, or `none` for invitees without a paid order yet. */
  state: z.enum([...INVITE_REWARD_STATES, 'none']).optional(),
  /** The inviter's or invitee's phone (start). */
  keyword: optionalText('关键词', { max: 40 }),
});
export const adminInvite = z.object({
  inviteeId: z.number().int(),
  inviteePhone: z.string(),
  inviterId: z.number().int(),
  inviter: z.string(),
  registeredAt: z.string(),
  rewardId: z.number().int().nullable(),
  state: z.enum(INVITE_REWARD_STATES).nullable(),
  suspects: z.array(z.enum(INVITE_SUSPECTS)),
  orderNo: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** flat: the one-time reward of before ADR 0069 (inviterFen / inviteeFen); rebate: the rebates below. */
  scheme: z.enum(INVITE_SCHEMES).nullable(),
  inviterFen: z.number().int(),
  inviteeFen: z.number().int(),
  /** The invitation rebates earned on the invitee's payments (not reversed). */
  rebateFen: z.number().int(),
  windowLastDay: z.string().nullable(),
  note: z.string(),
  decidedBy: z.string(),
  decidedAt: z.string().nullable(),
});
export type AdminInvite = z.infer<typeof adminInvite>;

export const adminInviteMoveBody = z.object({
  id: id('邀请奖励'),
  note: optionalText('备注', { max: 200 }),
  idempotencyKey,
});
