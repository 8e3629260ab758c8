// The invitation programme's rules (邀请有礼, ADR 0069) as one set of terms and
// the words every page says about them. zod-free: the server applies these
// terms (the rebate's rate, window and hold, the invitee's coupon) and the
// shop, the /invited popup, the member centre and the console's preview all
// render their text from the same terms — a label the shop shows is a rule
// it applies.
import { couponRuleText } from './coupon-states.ts';
import { addMonths, chinaToday } from './sampling-rules.ts';

/** The settings the console edits (setting key `invite`), as the rules read them. */
export interface InviteTerms {
  enabled: boolean;
  /** The inviter's rebate on each of the invitee's payments, in basis points of what the invitee paid (800 = 8%). */
  rateBp: number;
  /** The invitee's payments earn for this many months after their registration. */
  windowMonths: number;
  /** A rebate becomes withdrawable this many days after its order completes. */
  holdDays: number;
  /** The invitee's new-customer coupon at registration (0: none). */
  couponFen: number;
  /** The coupon's threshold (0: 无门槛). */
  couponThresholdFen: number;
  /** The coupon is valid for this many days from registration. */
  couponDays: number;
}

const DAY = 86_400_000;

/** 8% / 7.5% — a rate in basis points as people read it. */
export const percentText = (bp: number): string => `${Number((bp / 100).toFixed(2))}%`;

/** ¥200 / ¥0.50 — whole yuan without decimals, as the coupons write amounts. */
export const yuanShort = (fen: number): string => `¥${(fen / 100).toFixed(fen % 100 ? 2 : 0)}`;

/** The coupon's words: 无门槛减¥200 / 满¥1000减¥200. */
export const inviteCouponRule = (s: InviteTerms): string =>
  couponRuleText({
    kind: 'amount',
    amountFen: s.couponFen,
    thresholdFen: s.couponThresholdFen,
    ratePercent: 100,
    maxOffFen: 0,
    typeIds: [],
    deviceIds: [],
  });

/** The coupon's name as issued (the template's name): ¥200新客券. */
export const inviteCouponName = (s: InviteTerms): string => `${yuanShort(s.couponFen)}新客券`;

/** Whether the programme gives the invitee a coupon / the inviter a rebate now. */
export const offersCoupon = (s: InviteTerms): boolean => s.enabled && s.couponFen > 0;
export const offersRebate = (s: InviteTerms): boolean => s.enabled && s.rateBp > 0;

/**
 * The last China day whose payments earn the inviter a rebate: the
 * invitee's registration day plus the window's months, less one day (so a
 * three-month window from 2026-11-25 ends on 2027-02-24).
 */
export function inviteWindowLastDay(registeredAt: Date, months: number): string {
  const end = addMonths(chinaToday(registeredAt), months);
  return new Date(Date.parse(`${end}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
}

/** Whether a payment made at `paidAt` falls in the invitee's window. */
export const inWindow = (registeredAt: Date, months: number, paidAt: Date): boolean =>
  chinaToday(paidAt) <= inviteWindowLastDay(registeredAt, months);

/** The coupon's terms: 无门槛减¥200，注册后30天内有效. */
export const inviteCouponTerms = (s: InviteTerms): string => `${inviteCouponRule(s)}，注册后${s.couponDays}天内有效`;

/** The invitee's offer in a few words (the poster, the member centre): 注册即得¥200新客券. */
export const inviteeHeadline = (s: InviteTerms): string => (offersCoupon(s) ? `注册即得${inviteCouponName(s)}` : '');

/** What the invitee receives, in one line (the popup, the register form, the poster): 注册即得¥200新客券（无门槛减¥200，30天内有效）. */
export const inviteeOffer = (s: InviteTerms): string =>
  offersCoupon(s) ? `注册即得${inviteCouponName(s)}（${inviteCouponRule(s)}，${s.couponDays}天内有效）` : '';

/** What the inviter earns, in one line: 好友注册后3个月内每笔订单实付金额的8%返到您的返利钱包，订单完成15天后可提现. */
export const inviterOffer = (s: InviteTerms): string =>
  offersRebate(s)
    ? `好友注册后${s.windowMonths}个月内每笔订单实付金额的${percentText(s.rateBp)}返到您的返利钱包，订单完成${s.holdDays}天后可提现`
    : '';

/** The /invited popup's words for a visitor who came through an invitation (null: the terms could not be read). */
export const invitedWelcome = (s: InviteTerms | null): string =>
  s && offersCoupon(s)
    ? `好友邀请您加入研测，${inviteeOffer(s)}，首笔订单即可使用`
    : '好友邀请您加入研测，注册后即可享受先测试后付费与专属客户经理服务';

/** The member centre's one line beside the invite link. */
export const inviteSummary = (s: InviteTerms): string => {
  const said = [offersCoupon(s) ? `好友${inviteeHeadline(s)}` : '', inviterOffer(s)].filter(Boolean);
  return said.length ? `${said.join('；')}。` : '邀请有礼活动暂未开启，您仍可邀请好友注册。';
};

/**
 * The programme's rules, numbered on the invitation page: what each side
 * gets, how the rebate is counted and when it can be withdrawn, refunds,
 * and the review of suspicious invitations. `minWithdrawFen` is the wallet's
 * smallest withdrawal (the promotion settings).
 */
export function inviteRuleLines(s: InviteTerms, minWithdrawFen: number): string[] {
  if (!s.enabled) return ['邀请有礼活动暂未开启，您仍可邀请好友注册；活动开启后，新注册的好友按届时的规则计算奖励。'];
  const lines: string[] = [];
  if (offersCoupon(s))
    lines.push(
      `好友通过您的邀请链接或邀请码注册，即得${inviteCouponName(s)}一张（${inviteCouponRule(s)}，注册后${s.couponDays}天内有效），下单时可直接使用。`,
    );
  if (offersRebate(s)) {
    lines.push(
      `好友注册后${s.windowMonths}个月内，每笔订单付款按实付金额（不含优惠券和积分抵扣）的${percentText(s.rateBp)}返利到您的返利钱包，待入账。`,
    );
    lines.push(`订单完成${s.holdDays}天后返利转为可提现，满${yuanShort(minWithdrawFen)}可在「推广中心」申请提现到银行卡，财务审核后打款。`);
    lines.push('订单取消退款的，对应返利冲回。');
  }
  lines.push('被邀请人与邀请人使用过同一设备，或在同一网络注册的，奖励需人工审核。');
  return lines;
}
