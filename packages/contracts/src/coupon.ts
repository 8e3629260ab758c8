// Coupons and points (优惠券、积分, issue 10, ADR 0053): the customer's
// /member/coupon and /member/integral, the order page's picker, and the
// console's templates, issuing and points settings. Kinds, states, the
// transition table and the saving rules are zod-free in coupon-states.ts.
import { z } from 'zod';
import {
  COUPON_KINDS,
  COUPON_ORIGINS,
  COUPON_SOURCES,
  COUPON_STATES,
  COUPON_TABS,
  POINTS_REASONS,
  type PointsRule,
} from './coupon-states.ts';
import { phone } from './account.ts';
import { FEN_MAX } from './money.ts';
import { fenData, id, integer } from './numbers.ts';
import { pagingQuery } from './paging.ts';
import { text } from './text.ts';
import { createKey } from './idempotency.ts';

/** Most type or item ids a template may name. */
export const COUPON_SCOPE_MAX = 50;
/** The furthest a coupon's window may reach: 3650 days. */
export const COUPON_DAYS_MAX = 3650;
/** Points a customer may hold at most (far above anything an order earns). */
export const POINTS_MAX = 1_000_000_000;

const day = (label: string) => z.string({ error: `[${label}]不能为空` }).regex(/^\d{4}-\d{2}-\d{2}$/, `[${label}]格式应为YYYY-MM-DD`);

// ---- console: templates ----------------------------------------------------

const couponTemplateShape = {
  name: text('优惠券名称', { max: 40 }),
  kind: z.enum(COUPON_KINDS, { error: '[优惠类型]不正确' }),
  amountFen: integer('减免金额', 0, FEN_MAX).default(0),
  thresholdFen: integer('使用门槛', 0, FEN_MAX).default(0),
  /** 折扣: the percent paid, 1 … 99 (85 = 8.5折). */
  ratePercent: integer('折扣', 1, 99).default(90),
  maxOffFen: integer('最多减免', 0, FEN_MAX).default(0),
  /** Fixed dates (China days, both included) or a number of days after issue. */
  validity: z.enum(['fixed', 'days'], { error: '[有效期类型]不正确' }),
  validFrom: day('开始日期').optional(),
  validTo: day('结束日期').optional(),
  validDays: integer('有效天数', 1, COUPON_DAYS_MAX).optional(),
  typeIds: z.array(id('适用类型')).max(COUPON_SCOPE_MAX, `[适用类型]最多${COUPON_SCOPE_MAX}个`).default([]),
  deviceIds: z.array(id('适用项目')).max(COUPON_SCOPE_MAX, `[适用项目]最多${COUPON_SCOPE_MAX}个`).default([]),
  perUserLimit: integer('每人限领', 1, 100).default(1),
  /** 注册即送: issued to every new customer at sign-up. */
  onSignup: z.boolean().default(false),
};
const couponTemplateObject = z.object(couponTemplateShape);
const couponTemplateRules = (v: z.output<typeof couponTemplateObject>, c: z.RefinementCtx) => {
  const issue = (message: string) => c.addIssue({ code: 'custom', message });
  if (v.kind === 'amount' && v.amountFen <= 0) issue('[减免金额]必须大于0');
  if (v.kind === 'amount' && v.thresholdFen > 0 && v.amountFen > v.thresholdFen) issue('[减免金额]不能大于使用门槛');
  if (v.validity === 'fixed') {
    if (!v.validFrom || !v.validTo) issue('[有效期]请选择开始与结束日期');
    else if (v.validFrom > v.validTo) issue('[结束日期]不能早于开始日期');
  }
  if (v.validity === 'days' && v.validDays === undefined) issue('[有效天数]不能为空');
};
export const couponTemplateForm = couponTemplateObject.superRefine(couponTemplateRules);
/** template/add: the form and the create call's key (ADR 0061). */
export const couponTemplateAddBody = z.object({ ...couponTemplateShape, idempotencyKey: createKey }).superRefine(couponTemplateRules);
export type CouponTemplateForm = z.output<typeof couponTemplateForm>;

export const couponTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(COUPON_KINDS),
  amountFen: fenData,
  thresholdFen: fenData,
  ratePercent: z.number().int(),
  maxOffFen: fenData,
  validity: z.enum(['fixed', 'days']),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  validDays: z.number().int().nullable(),
  typeIds: z.array(z.number().int()),
  deviceIds: z.array(z.number().int()),
  perUserLimit: z.number().int(),
  onSignup: z.boolean(),
  active: z.boolean(),
  /** A programme's own template (its settings make and replace it), null for the console's. */
  origin: z.enum(COUPON_ORIGINS).nullable(),
  /** 满¥300减¥30 … */
  ruleText: z.string(),
  issued: z.number().int(),
  used: z.number().int(),
  createdAt: z.string(),
});
export type CouponTemplate = z.infer<typeof couponTemplate>;

export const couponTemplateActiveBody = z.object({ id: id('优惠券'), active: z.boolean({ error: '[启用]不正确' }) });
export const couponIssueBody = z.object({ templateId: id('优惠券'), phone: phone('手机号'), idempotencyKey: createKey });

export const adminCouponIssuedQuery = pagingQuery.extend({ templateId: id('优惠券') });
export const adminIssuedCoupon = z.object({
  id: z.number().int(),
  phone: z.string(),
  name: z.string(),
  state: z.enum(COUPON_STATES),
  source: z.enum(COUPON_SOURCES),
  validFrom: z.string(),
  validTo: z.string(),
  orderNo: z.string().nullable(),
  issuedAt: z.string(),
});

// ---- the customer's coupons ------------------------------------------------

export const couponListBody = pagingQuery.extend({
  tab: z.enum(COUPON_TABS, { error: '[优惠券状态]不正确' }).default('usable'),
});

export const myCoupon = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(COUPON_KINDS),
  ruleText: z.string(),
  amountFen: fenData,
  thresholdFen: fenData,
  ratePercent: z.number().int(),
  /** Where it applies: 全部项目, or the type and item names. */
  scopeText: z.string(),
  typeIds: z.array(z.number().int()),
  deviceIds: z.array(z.number().int()),
  /** The window, China days, both included. */
  validFrom: z.string(),
  validTo: z.string(),
  state: z.enum(COUPON_STATES),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
});
export type MyCoupon = z.infer<typeof myCoupon>;

export const couponListResponse = z.object({
  list: z.array(myCoupon),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: z.object({ usable: z.number().int(), used: z.number().int(), expired: z.number().int() }),
});

/** coupon/usable: the order page asks, for the plan lines it is about to order, which coupons fit and how many points it may use. */
export const couponUsableBody = z.object({
  planIds: z.array(id('方案条目')).min(1, '[项目]请选择要下单的项目').max(50),
});
export const couponUsableResponse = z.object({
  /** The lines' amount after the promotion rules (null while a line waits for its quote). */
  totalFen: fenData.nullable(),
  /**
   * What the promotion rules (优惠活动, issue 21) take off each plan line if the order is sent now ('' and 0 for none);
   * totalFen and the coupons' savings are after it. order/add decides again when the order is sent.
   */
  promos: z.array(z.object({ planId: z.number().int(), promoFen: fenData, promoLabel: z.string() })),
  coupons: z.array(myCoupon.extend({ savingFen: fenData, usable: z.boolean(), why: z.string() })),
  /** The usable coupon that saves most (ties: the one that ends first). */
  bestId: z.number().int().nullable(),
  points: z.object({
    balance: z.number().int(),
    pointsPerYuan: z.number().int(),
    capPercent: z.number().int(),
  }),
});
export type CouponUsableResponse = z.infer<typeof couponUsableResponse>;

// ---- points ----------------------------------------------------------------

export const pointsSettings = z.object({
  earnPerYuan: integer('每消费¥1获得积分', 0, 100),
  pointsPerYuan: integer('抵扣¥1所需积分', 1, 10_000),
  capPercent: integer('抵扣上限（订单金额%）', 0, 100),
  expireMonths: integer('积分有效期（月）', 1, 120),
}) satisfies z.ZodType<PointsRule, unknown>;
export const pointsSettingsData = z.object({
  earnPerYuan: z.number().int(),
  pointsPerYuan: z.number().int(),
  capPercent: z.number().int(),
  expireMonths: z.number().int(),
});
export const DEFAULT_POINTS_SETTINGS: PointsRule = { earnPerYuan: 1, pointsPerYuan: 100, capPercent: 10, expireMonths: 12 };

export const integralInfo = z.object({
  balance: z.number().int(),
  /** Points that expire within 30 days, and the first day they do. */
  expiringSoon: z.number().int(),
  expiringOn: z.string().nullable(),
  settings: pointsSettingsData,
});
export const integralListBody = pagingQuery;
export const integralLine = z.object({
  id: z.number().int(),
  reason: z.enum(POINTS_REASONS),
  reasonText: z.string(),
  points: z.number().int(),
  balanceAfter: z.number().int(),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  /** An earned line: when what is left of it expires. */
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});

/** An order's deductions, shown with its amount. */
export const orderDeduction = z.object({
  couponId: z.number().int().nullable(),
  couponName: z.string(),
  couponFen: fenData,
  points: z.number().int(),
  pointsFen: fenData,
});
export type OrderDeduction = z.infer<typeof orderDeduction>;
