// Invitations (邀请有礼): the schemas of issue 10's invite calls and the
// console's room (ADR 0054). Amounts are integer fen.
import { z } from 'zod';
import { INVITE_REWARD_STATES, INVITE_SUSPECTS, INVITEE_STATUSES } from './invite-states.ts';
import { fen, fenData, id } from './numbers.ts';
import { pagingQuery } from './paging.ts';
import { idempotencyKey } from './prestore.ts';
import { optionalText } from './text.ts';

/** The reward finance or an operator sets (their own setting key `invite`). */
export const inviteSettings = z
  .object({
    enabled: z.boolean({ error: '[开启邀请奖励]格式不正确' }),
    /** Credited to the inviter's prestore balance after the invitee's first paid order. */
    inviterRewardFen: fen('邀请人奖励'),
    /** Credited to the invitee's own balance at the same moment (0: none). */
    inviteeRewardFen: fen('被邀请人奖励'),
  })
  .refine((s) => !s.enabled || s.inviterRewardFen > 0 || s.inviteeRewardFen > 0, {
    message: '[邀请人奖励]开启邀请奖励时，奖励金额不能都为0',
    path: ['inviterRewardFen'],
  });
export type InviteSettings = z.infer<typeof inviteSettings>;
export const inviteSettingsData = z.object({ enabled: z.boolean(), inviterRewardFen: fenData, inviteeRewardFen: fenData });

/** Until one is saved: ¥50 to the inviter, nothing to the invitee (ADR 0054). */
export const DEFAULT_INVITE_SETTINGS = { enabled: true, inviterRewardFen: 5000, inviteeRewardFen: 0 } as InviteSettings;

// ---- customer calls ----------------------------------------------------------------------

/** invite/info: the caller's code, the reward on offer and what they earned. */
export const inviteInfo = z.object({
  code: z.string(),
  /** The path of the invitation link (the page adds its origin). */
  path: z.string(),
  shopName: z.string(),
  settings: inviteSettingsData,
  invitees: z.number().int(),
  rewarded: z.number().int(),
  earnedFen: z.number().int(),
});
export type InviteInfo = z.infer<typeof inviteInfo>;

export const inviteListBody = pagingQuery;
export const invitee = z.object({
  /** The invitee's masked phone (138****0000). */
  phone: z.string(),
  registeredAt: z.string(),
  status: z.enum(INVITEE_STATUSES),
  reason: z.string(),
  rewardFen: z.number().int(),
  rewardedAt: z.string().nullable(),
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
  inviterFen: z.number().int(),
  inviteeFen: z.number().int(),
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
