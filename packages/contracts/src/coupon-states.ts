// Coupons and points (优惠券、积分, issue 10, ADR 0053): kinds, states, the
// coupon's one transition table and the saving rules. zod-free: the database's
// CHECK constraints are generated from these lists, and any page may compute a saving.
import { formatFen } from './money.ts';
import { CUSTOMER, staff, SYSTEM, type Transition } from './machine.ts';
import { ORDER_STATE_NAMES, type OrderState } from './order-states.ts';

/** 满减 (an amount off above a threshold) or 折扣 (a rate off the applicable amount). */
export const COUPON_KINDS = ['amount', 'rate'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_KIND_NAMES: Record<CouponKind, string> = { amount: '满减券', rate: '折扣券' };

/** A customer's coupon is usable (whatever its window says) or held by one order. */
export const COUPON_STATES = ['usable', 'used'] as const;
export type CouponState = (typeof COUPON_STATES)[number];
export const COUPON_STATE_NAMES: Record<CouponState, string> = { usable: '可使用', used: '已使用' };

/** How a coupon reached the customer: at sign-up (注册即送), issued by staff, or as an invitee's new-customer coupon (ADR 0069). */
export const COUPON_SOURCES = ['signup', 'staff', 'invite'] as const;
export type CouponSource = (typeof COUPON_SOURCES)[number];

/**
 * A template a programme keeps for itself (ADR 0069): `invite`, the
 * invitation programme's new-customer coupon, made from its settings and
 * replaced when they change. The console's own templates have none.
 */
export const COUPON_ORIGINS = ['invite'] as const;
export type CouponOrigin = (typeof COUPON_ORIGINS)[number];
export const COUPON_ORIGIN_NAMES: Record<CouponOrigin, string> = { invite: '邀请有礼' };

/** The customer page's tabs: 可使用 / 已使用 / 已过期. */
export const COUPON_TABS = ['usable', 'used', 'expired'] as const;
export type CouponTab = (typeof COUPON_TABS)[number];
export const COUPON_TAB_NAMES: Record<CouponTab, string> = { usable: '可使用', used: '已使用', expired: '已过期' };

export type CouponTransition = Transition<CouponState> & { to: CouponState };

/**
 * The coupon's one transition table (ADR 0053, ADR 0058), moved by the
 * server's coupon machine: the customer's order takes it (order/add, the
 * customer placing the order), and the system gives it back when that order
 * is cancelled — only then (`parentIn`: the holding order's state).
 */
export const COUPON_TRANSITIONS = {
  // Made by staff (the console's 发放), at sign-up (注册即送) or by a programme (the invitee's coupon): the system.
  issue: { label: '发放', from: [], to: 'usable', by: [staff('coupon.manage'), SYSTEM] },
  use: { label: '下单使用', from: ['usable'], to: 'used', by: [CUSTOMER] },
  giveBack: { label: '订单取消退回', from: ['used'], to: 'usable', by: [SYSTEM], parentIn: ['cancelled'] satisfies OrderState[] },
} as const satisfies Record<string, CouponTransition>;
export type CouponAction = keyof typeof COUPON_TRANSITIONS;
export const COUPON_ACTIONS = Object.keys(COUPON_TRANSITIONS) as CouponAction[];

/** Why a coupon cannot take `action` while its order is in `state` (null when the table's gate lets it). */
export function couponRefusal(action: CouponAction, state: OrderState): string | null {
  const gate: readonly string[] | undefined = (COUPON_TRANSITIONS[action] as CouponTransition).parentIn;
  if (!gate || gate.includes(state)) return null;
  return `订单当前为「${ORDER_STATE_NAMES[state]}」，优惠券不能「${COUPON_TRANSITIONS[action].label}」`;
}

/** What a points history line records. */
export const POINTS_REASONS = ['earn', 'spend', 'giveBack', 'takeBack', 'expire'] as const;
export type PointsReason = (typeof POINTS_REASONS)[number];
export const POINTS_REASON_NAMES: Record<PointsReason, string> = {
  earn: '订单付款获得',
  spend: '下单抵扣',
  giveBack: '订单取消退回',
  takeBack: '订单取消扣回',
  expire: '积分过期',
};

/** The rule of a coupon template (fixed at creation, so issued coupons keep their terms). */
export interface CouponRule {
  kind: CouponKind;
  /** 满减: the amount off. */
  amountFen: number;
  /** The applicable amount must reach this (0: no threshold). */
  thresholdFen: number;
  /** 折扣: what is paid, in percent (85 = 8.5折). */
  ratePercent: number;
  /** 折扣: the most it takes off (0: no cap). */
  maxOffFen: number;
  /** Item types it applies to (empty: every type). */
  typeIds: readonly number[];
  /** Items it applies to (empty: every item of the types). */
  deviceIds: readonly number[];
}

export interface SavingLine {
  typeId: number;
  deviceId: number | null;
  amountFen: number | null;
}

/** Whether a line is in the coupon's scope (a 定制项目 without an item only when no items are named). */
export const inScope = (rule: CouponRule, l: SavingLine): boolean =>
  (rule.typeIds.length === 0 || rule.typeIds.includes(l.typeId)) &&
  (rule.deviceIds.length === 0 || (l.deviceId !== null && rule.deviceIds.includes(l.deviceId)));

/**
 * What the coupon takes off these lines, in fen, and why not when it takes
 * nothing: the amount of the lines in scope must be known and reach the
 * threshold; 满减 takes its amount (at most the scoped amount), 折扣 the rate
 * off the scoped amount rounded down to the fen, at most its cap.
 */
export function couponSaving(rule: CouponRule, lines: readonly SavingLine[]): { savingFen: number; why: string } {
  const scoped = lines.filter((l) => inScope(rule, l));
  if (!scoped.length) return { savingFen: 0, why: '订单中没有适用的项目' };
  if (scoped.some((l) => l.amountFen === null)) return { savingFen: 0, why: '适用项目待报价' };
  const base = scoped.reduce((n, l) => n + (l.amountFen ?? 0), 0);
  if (base <= 0) return { savingFen: 0, why: '适用金额为零' };
  if (base < rule.thresholdFen) return { savingFen: 0, why: `适用项目满${formatFen(rule.thresholdFen)}可用` };
  const off =
    rule.kind === 'amount'
      ? Math.min(rule.amountFen, base)
      : Math.min(Math.floor((base * (100 - rule.ratePercent)) / 100), rule.maxOffFen > 0 ? rule.maxOffFen : Infinity);
  return off > 0 ? { savingFen: off, why: '' } : { savingFen: 0, why: '优惠金额为零' };
}

/** 满¥300减¥30 / 满¥100享8.5折 — the coupon's words. */
export function couponRuleText(rule: CouponRule): string {
  const yuan = (f: number) => `¥${(f / 100).toFixed(f % 100 ? 2 : 0)}`;
  const above = rule.thresholdFen > 0 ? `满${yuan(rule.thresholdFen)}` : '无门槛';
  if (rule.kind === 'amount') return `${above}减${yuan(rule.amountFen)}`;
  const rate = `${rule.ratePercent / 10}折`;
  return `${above}享${rate}${rule.maxOffFen > 0 ? `（最多减${yuan(rule.maxOffFen)}）` : ''}`;
}

/** The points settings (积分设置). */
export interface PointsRule {
  /** Points earned per ¥1 paid. */
  earnPerYuan: number;
  /** Points that deduct ¥1 at ordering. */
  pointsPerYuan: number;
  /** The most points may deduct, in percent of the order's amount after its coupon. */
  capPercent: number;
  /** Earned points expire after this many months. */
  expireMonths: number;
}

/** Points earned on a paid amount (whole points, rounded down). */
export const pointsEarned = (rule: PointsRule, paidFen: number): number => Math.floor((paidFen * rule.earnPerYuan) / 100);

/** The fen these points deduct (rounded down). */
export const pointsFen = (rule: PointsRule, points: number): number => Math.floor((points * 100) / rule.pointsPerYuan);

/** The most points an order of this amount (after its coupon) may use with this balance. */
export function pointsCap(rule: PointsRule, amountFen: number, balance: number): number {
  const capFen = Math.floor((Math.max(0, amountFen) * rule.capPercent) / 100);
  return Math.max(0, Math.min(balance, Math.floor((capFen * rule.pointsPerYuan) / 100)));
}
