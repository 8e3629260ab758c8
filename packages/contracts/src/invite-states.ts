// Invitations (邀请有礼, issue 10, ADR 0054, ADR 0069): the invitation row's
// states and its one transition table, the abuse checks' reasons and the
// invitee's status as the inviter sees it. zod-free: the database's CHECK constraints are
// generated from these lists, and any page may show the words.
import { staff, SYSTEM, type Transition } from './machine.ts';

/** The stored setting key of the invitation reward (console 邀请有礼 › 奖励设置). */
export const INVITE_SETTING_KEY = 'invite';

/** The settings' bounds (ADR 0069): the months an invitee's payments earn, the days the invitee's coupon is valid. */
export const INVITE_WINDOW_MONTHS_MAX = 36;
export const INVITE_COUPON_DAYS_MAX = 365;

/**
 * What an invitation's row grants: `flat`, the one-time amounts to the
 * prestore balances of before ADR 0069 (rows written then keep their terms);
 * `rebate`, the invitee's payments in their window earning the inviter
 * rebates into the wallet (ADR 0069).
 */
export const INVITE_SCHEMES = ['flat', 'rebate'] as const;
export type InviteScheme = (typeof INVITE_SCHEMES)[number];

/**
 * An invitation's row is written once per invitee, at the invitee's first
 * paid order, with the verdict of the abuse checks: granted (the invitation
 * earns — a flat row was credited), withheld (a check matched; an operator
 * grants or refuses it), refused (the withholding confirmed), off (the
 * programme was off at that moment: nothing is owed).
 */
export const INVITE_REWARD_STATES = ['granted', 'withheld', 'refused', 'off'] as const;
export type InviteRewardState = (typeof INVITE_REWARD_STATES)[number];
export const INVITE_REWARD_STATE_NAMES: Record<InviteRewardState, string> = {
  granted: '已通过',
  withheld: '待审核',
  refused: '不予奖励',
  off: '未开启',
};

/**
 * An invitation row's one transition table (ADR 0054, ADR 0058, ADR 0069):
 * the server's invite-reward machine writes the row at the invitee's first
 * paid order in one of three states (credit, withhold, skip: the system's,
 * from: []) and moves a withheld one by it — granted by hand (its rebates
 * earned then) or its withholding confirmed — under the row's lock, with the
 * audit row.
 */
export const INVITE_REWARD_TRANSITIONS = {
  /** No abuse check matched: the invitation earns at once. */
  credit: { label: '邀请奖励已生效', from: [], to: 'granted', by: [SYSTEM] },
  /** An abuse check matched: withheld for an operator's review. */
  withhold: { label: '邀请奖励待审核', from: [], to: 'withheld', by: [SYSTEM] },
  /** The programme was off at that moment: nothing is owed. */
  skip: { label: '邀请有礼未开启', from: [], to: 'off', by: [SYSTEM] },
  grant: { label: '审核通过', from: ['withheld'], to: 'granted', by: [staff('invite.manage')], note: 'optional' },
  refuse: { label: '确认不发放', from: ['withheld'], to: 'refused', by: [staff('invite.manage')], note: 'required' },
} as const satisfies Record<string, Transition<InviteRewardState> & { to: InviteRewardState }>;
/** The transitions that write a reward row (the system's, at the first paid order). */
export type InviteRewardCreation = 'credit' | 'withhold' | 'skip';
/** The console's moves of a withheld reward. */
export type InviteRewardAction = Exclude<keyof typeof INVITE_REWARD_TRANSITIONS, InviteRewardCreation>;

/** Why a reward was withheld (the abuse checks, ADR 0054), or why none was owed. */
export const INVITE_SUSPECTS = ['samePhone', 'sameDevice', 'sameIp', 'off'] as const;
export type InviteSuspect = (typeof INVITE_SUSPECTS)[number];
export const INVITE_SUSPECT_NAMES: Record<InviteSuspect, string> = {
  samePhone: '被邀请人与邀请人手机号相同',
  sameDevice: '被邀请人与邀请人使用过同一设备',
  sameIp: '被邀请人注册 IP 与邀请人 24 小时内使用的 IP 相同',
  off: '首单付款时邀请有礼未开启',
};

/** The invitee's status on the inviter's page: 已注册 → 已下单 → 已奖励 / 未奖励 (with the reason). */
export const INVITEE_STATUSES = ['registered', 'ordered', 'rewarded', 'unrewarded'] as const;
export type InviteeStatus = (typeof INVITEE_STATUSES)[number];
export const INVITEE_STATUS_NAMES: Record<InviteeStatus, string> = {
  registered: '已注册',
  ordered: '已下单',
  rewarded: '已奖励',
  unrewarded: '未奖励',
};

/** What the inviter reads for a reward row's state. */
export const inviteeStatusOf = (state: InviteRewardState | null, ordered: boolean): InviteeStatus =>
  state === 'granted' ? 'rewarded' : state ? 'unrewarded' : ordered ? 'ordered' : 'registered';

/** The reason the inviter reads: a withheld reward waits for review (the checks' details stay in the console). */
export const inviteeReasonOf = (state: InviteRewardState | null, suspects: readonly InviteSuspect[]): string =>
  state === 'withheld'
    ? '奖励审核中'
    : state === 'refused'
      ? `经审核不予奖励${suspects.length ? `（${suspects.map((s) => INVITE_SUSPECT_NAMES[s]).join('；')}）` : ''}`
      : state === 'off'
        ? INVITE_SUSPECT_NAMES.off
        : '';

/** The device id the web keeps in localStorage and sends with sign-up and login (ADR 0054). */
export const DEVICE_ID_HEADER = 'x-device-id';
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
