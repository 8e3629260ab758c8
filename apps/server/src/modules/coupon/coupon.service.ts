// Coupons and points (优惠券、积分, issue 10, ADR 0053). A coupon moves only by
// COUPON_TRANSITIONS (moveCoupon: row lock, compare-and-set, audit); an order
// holds its deductions in order_discount, and the payment module posts their
// fen to the coupon and points expense accounts when the order is paid or
// billed. Points keep their own balance row, moved by one conditional UPDATE.
import {
  COUPON_TRANSITIONS,
  POINTS_REASON_NAMES,
  couponRuleText,
  couponSaving,
  pointsCap,
  pointsEarned,
  pointsFen,
  type CouponAction,
  type CouponRule,
  type CouponTab,
  type PointsReason,
  type PointsRule,
  type SavingLine,
} from '@yance/contracts/coupon-states';
import {
  DEFAULT_POINTS_SETTINGS,
  pointsSettings,
  type CouponTemplate,
  type CouponTemplateForm,
  type CouponUsableResponse,
  type MyCoupon,
  type OrderDeduction,
} from '@yance/contracts/coupon';
import type { Fen } from '@yance/contracts/money';
import { chinaToday } from '@yance/contracts/sampling-rules';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { changesOf, recordAudit, recordStateMove, SYSTEM, type Actor } from '../audit/audit.service.ts';
import type { JobHandlers } from '../job/job.service.ts';
import { planLinesPriced } from '../plan/plan.service.ts';
import { getSettingValue } from '../setting/setting.service.ts';
import { saveAuditedSetting } from '../setting/setting-admin.service.ts';
import { findUserByPhone } from '../user/user.service.ts';
import * as repo from './coupon.repository.ts';
import type { CouponRow, TemplateRow } from './coupon.repository.ts';

export const POINTS_SETTING_KEY = 'points';
const DAY = 86_400_000;
const staffActor = (c: StaffCaller): Actor => ({ kind: 'staff', id: c.id, name: c.name });

/** The points settings finance saved, else the defaults (1 point per ¥1; 100 points = ¥1; at most 10%; 12 months). */
export async function getPointsSettings(ctx: AppContext): Promise<PointsRule> {
  const parsed = pointsSettings.safeParse(await getSettingValue(ctx, POINTS_SETTING_KEY));
  return parsed.success ? parsed.data : DEFAULT_POINTS_SETTINGS;
}

export async function savePointsSettings(ctx: AppContext, caller: StaffCaller, value: PointsRule, ip: string): Promise<PointsRule> {
  const parsed = pointsSettings.parse(value);
  await saveAuditedSetting(ctx, caller, POINTS_SETTING_KEY, parsed, ip);
  return getPointsSettings(ctx);
}

// ---- templates ------------------------------------------------------------------------------

const ruleOf = (t: TemplateRow): CouponRule => ({
  kind: t.kind,
  amountFen: t.amountFen,
  thresholdFen: t.thresholdFen,
  ratePercent: t.ratePercent,
  maxOffFen: t.maxOffFen,
  typeIds: t.typeIds,
  deviceIds: t.deviceIds,
});

const toTemplate = (t: TemplateRow, issued: number, used: number): CouponTemplate => ({
  id: t.id,
  name: t.name,
  kind: t.kind,
  amountFen: t.amountFen as Fen,
  thresholdFen: t.thresholdFen as Fen,
  ratePercent: t.ratePercent,
  maxOffFen: t.maxOffFen as Fen,
  validity: t.validDays !== null ? 'days' : 'fixed',
  validFrom: t.validFrom,
  validTo: t.validTo,
  validDays: t.validDays,
  typeIds: t.typeIds,
  deviceIds: t.deviceIds,
  perUserLimit: t.perUserLimit,
  onSignup: t.onSignup,
  active: t.active,
  ruleText: couponRuleText(ruleOf(t)),
  issued,
  used,
  createdAt: t.createdAt.toISOString(),
});

export async function listTemplates(ctx: AppContext): Promise<CouponTemplate[]> {
  return (await repo.listTemplates(ctx.db)).map((r) => toTemplate(r.row, r.issued, r.used));
}

export async function addTemplate(ctx: AppContext, caller: StaffCaller, body: CouponTemplateForm, ip: string): Promise<CouponTemplate> {
  const scope = await repo.scopeNames(ctx.db, body.typeIds, body.deviceIds);
  if (body.typeIds.some((id) => !scope.types.has(id))) throw new AppError('INVALID', '[适用类型]不存在');
  if (body.deviceIds.some((id) => !scope.devices.has(id))) throw new AppError('INVALID', '[适用项目]不存在');
  return ctx.tx(async (t) => {
    const row = await repo.insertTemplate(t.db, {
      name: body.name,
      kind: body.kind,
      amountFen: body.kind === 'amount' ? body.amountFen : 0,
      thresholdFen: body.thresholdFen,
      ratePercent: body.kind === 'rate' ? body.ratePercent : 100,
      maxOffFen: body.kind === 'rate' ? body.maxOffFen : 0,
      validFrom: body.validity === 'fixed' ? (body.validFrom ?? null) : null,
      validTo: body.validity === 'fixed' ? (body.validTo ?? null) : null,
      validDays: body.validity === 'days' ? (body.validDays ?? null) : null,
      typeIds: [...new Set(body.typeIds)],
      deviceIds: [...new Set(body.deviceIds)],
      perUserLimit: body.perUserLimit,
      onSignup: body.onSignup,
      active: true,
      staffId: caller.id,
      createdAt: t.clock(),
    });
    await recordAudit(t, {
      actor: staffActor(caller),
      action: 'coupon.template.add',
      objectType: 'coupon_template',
      objectId: row.id,
      changes: changesOf(null, { name: row.name, rule: couponRuleText(ruleOf(row)), onSignup: row.onSignup }),
      ip,
    });
    return toTemplate(row, 0, 0);
  });
}

export async function setTemplateActive(
  ctx: AppContext,
  caller: StaffCaller,
  body: { id: number; active: boolean },
  ip: string,
): Promise<CouponTemplate> {
  return ctx.tx(async (t) => {
    const before = await repo.lockTemplate(t.db, body.id);
    if (!before) throw new AppError('NOT_FOUND', '[优惠券]不存在');
    const row = (await repo.setTemplateActive(t.db, body.id, body.active))!;
    await recordAudit(t, {
      actor: staffActor(caller),
      action: body.active ? 'coupon.template.enable' : 'coupon.template.disable',
      objectType: 'coupon_template',
      objectId: row.id,
      changes: changesOf({ active: before.active }, { active: row.active }),
      ip,
    });
    const counted = (await repo.listTemplates(t.db)).find((r) => r.row.id === row.id);
    return toTemplate(row, counted?.issued ?? 0, counted?.used ?? 0);
  });
}

/** The window a coupon of this template gets when issued now (China days, both included). */
function windowOf(t: TemplateRow, now: Date): { validFrom: string; validTo: string } {
  if (t.validDays !== null) {
    const from = chinaToday(now);
    return { validFrom: from, validTo: chinaToday(new Date(now.getTime() + (t.validDays - 1) * DAY)) };
  }
  return { validFrom: t.validFrom!, validTo: t.validTo! };
}

/** Issues one coupon of the template to the customer, within the template's per-customer limit (under the template's lock). */
async function issue(t: AppContext, template: TemplateRow, userId: number, source: CouponRow['source'], staffId: number | null) {
  if (!template.active) throw new AppError('CONFLICT', '[优惠券]已停用，不能发放');
  const now = t.clock();
  const window = windowOf(template, now);
  if (window.validTo < chinaToday(now)) throw new AppError('CONFLICT', '[优惠券]已过有效期，不能发放');
  if ((await repo.countUserCoupons(t.db, template.id, userId)) >= template.perUserLimit)
    throw new AppError('CONFLICT', `[优惠券]该客户已领取${template.perUserLimit}张，达到每人限领数量`);
  return repo.insertCoupon(t.db, { templateId: template.id, userId, state: 'usable', source, ...window, staffId, issuedAt: now });
}

/** coupon/issue (console): one coupon to the customer with this phone. */
export async function issueToPhone(
  ctx: AppContext,
  caller: StaffCaller,
  body: { templateId: number; phone: string },
  ip: string,
): Promise<MyCoupon> {
  const user = await findUserByPhone(ctx, body.phone);
  if (!user) throw new AppError('NOT_FOUND', '[手机号]没有该客户');
  return ctx.tx(async (t) => {
    const template = await repo.lockTemplate(t.db, body.templateId);
    if (!template) throw new AppError('NOT_FOUND', '[优惠券]不存在');
    const c = await issue(t, template, user.id, 'staff', caller.id);
    await recordAudit(t, {
      actor: staffActor(caller),
      action: 'coupon.issue',
      objectType: 'user_coupon',
      objectId: c.id,
      changes: { userId: [null, user.id], templateId: [null, template.id] },
      ip,
    });
    return (await toMyCoupons(t, [{ c, t: template, orderNo: null }]))[0]!;
  });
}

/** At sign-up (in the new account's transaction): every active 注册即送 template's coupon. */
export async function issueSignupCoupons(t: AppContext, userId: number): Promise<void> {
  const today = chinaToday(t.clock());
  for (const template of await repo.signupTemplates(t.db)) {
    if (windowOf(template, t.clock()).validTo < today) continue;
    const locked = (await repo.lockTemplate(t.db, template.id))!;
    const c = await issue(t, locked, userId, 'signup', null);
    await recordAudit(t, {
      actor: SYSTEM,
      action: 'coupon.issue',
      objectType: 'user_coupon',
      objectId: c.id,
      changes: { userId: [null, userId], templateId: [null, template.id], source: [null, 'signup'] },
    });
  }
}

export async function listIssued(ctx: AppContext, q: { templateId: number; page: number; pageSize: number }) {
  const { rows, total } = await repo.listIssued(ctx.db, q.templateId, q.pageSize, (q.page - 1) * q.pageSize);
  return {
    list: rows.map((r) => ({
      id: r.c.id,
      phone: r.phone,
      name: r.name ?? '',
      state: r.c.state,
      source: r.c.source,
      validFrom: r.c.validFrom,
      validTo: r.c.validTo,
      orderNo: r.orderNo,
      issuedAt: r.c.issuedAt.toISOString(),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

// ---- the customer's coupons --------------------------------------------------------------------

async function toMyCoupons(ctx: AppContext, rows: { c: CouponRow; t: TemplateRow; orderNo: string | null }[]): Promise<MyCoupon[]> {
  const names = await repo.scopeNames(
    ctx.db,
    [...new Set(rows.flatMap((r) => r.t.typeIds))],
    [...new Set(rows.flatMap((r) => r.t.deviceIds))],
  );
  return rows.map(({ c, t, orderNo }) => ({
    id: c.id,
    name: t.name,
    kind: t.kind,
    ruleText: couponRuleText(ruleOf(t)),
    amountFen: t.amountFen as Fen,
    thresholdFen: t.thresholdFen as Fen,
    ratePercent: t.ratePercent,
    scopeText:
      t.deviceIds.length > 0
        ? `限${t.deviceIds.map((id) => names.devices.get(id) ?? '').join('、')}`
        : t.typeIds.length > 0
          ? `限${t.typeIds.map((id) => names.types.get(id) ?? '').join('、')}`
          : '全部项目可用',
    typeIds: t.typeIds,
    deviceIds: t.deviceIds,
    validFrom: c.validFrom,
    validTo: c.validTo,
    state: c.state,
    orderId: c.orderId,
    orderNo,
  }));
}

export async function couponList(ctx: AppContext, userId: number, q: { tab: CouponTab; page: number; pageSize: number }) {
  const today = chinaToday(ctx.clock());
  const { rows, total } = await repo.listUserCoupons(ctx.db, userId, q.tab, today, q.pageSize, (q.page - 1) * q.pageSize);
  return {
    list: await toMyCoupons(ctx, rows),
    total,
    page: q.page,
    pageSize: q.pageSize,
    counts: await repo.countTabs(ctx.db, userId, today),
  };
}

/** The usable coupons for these lines, each with its saving, the best first chosen (most saved; ties: ends first). */
async function savingsFor(ctx: AppContext, userId: number, lines: readonly SavingLine[]) {
  const rows = await repo.usableCoupons(ctx.db, userId, chinaToday(ctx.clock()));
  const mine = await toMyCoupons(
    ctx,
    rows.map((r) => ({ ...r, orderNo: null })),
  );
  const coupons = mine.map((c, i) => {
    const s = couponSaving(ruleOf(rows[i]!.t), lines);
    return { ...c, savingFen: s.savingFen as Fen, usable: s.savingFen > 0, why: s.why };
  });
  let best: (typeof coupons)[number] | null = null;
  for (const c of coupons) if (c.usable && (!best || c.savingFen > best.savingFen)) best = c;
  return { coupons, bestId: best?.id ?? null };
}

/** coupon/usable: the order page's picker for the caller's own plan lines. */
export async function couponUsable(ctx: AppContext, userId: number, body: { planIds: number[] }): Promise<CouponUsableResponse> {
  const chosen = await planLinesPriced(ctx, userId, [...new Set(body.planIds)]);
  if (chosen.some((l) => !l)) throw new AppError('NOT_FOUND', '[方案条目]不存在');
  const lines = chosen as SavingLine[];
  const totalFen = lines.some((l) => l.amountFen === null) ? null : lines.reduce((n, l) => n + (l.amountFen ?? 0), 0);
  const s = await getPointsSettings(ctx);
  return {
    totalFen: totalFen as Fen | null,
    ...(await savingsFor(ctx, userId, lines)),
    points: { balance: await repo.pointsBalance(ctx.db, userId), pointsPerYuan: s.pointsPerYuan, capPercent: s.capPercent },
  };
}

/** The one writer of a coupon's state: the table's from, a compare-and-set under the row lock, the audit row. */
async function moveCoupon(t: AppContext, actor: Actor, c: CouponRow, action: CouponAction, orderId: number | null, note = '') {
  const tr = COUPON_TRANSITIONS[action];
  if (!(tr.from as readonly string[]).includes(c.state)) throw new AppError('CONFLICT', '[优惠券]已被使用');
  const moved = await repo.moveCoupon(t.db, c.id, c.state, {
    state: tr.to,
    orderId: tr.to === 'used' ? orderId : null,
    usedAt: tr.to === 'used' ? t.clock() : null,
  });
  if (!moved) throw new AppError('CONFLICT', '[优惠券]已被使用');
  await recordStateMove(t, {
    actor,
    objectType: 'user_coupon',
    objectId: c.id,
    action,
    from: c.state,
    to: tr.to,
    note,
    changes: { orderId: [c.orderId, moved.orderId] },
  });
  return moved;
}

/**
 * In order/add's transaction, for a sent order: the chosen coupon (the
 * caller's, usable, in its window, its threshold and scope met by the order's
 * own lines) is held by the order; the points (within the balance and the
 * cap) leave the balance. Both are written to order_discount; their fen are
 * posted when the order is paid or billed.
 */
export async function holdDiscount(
  t: AppContext,
  actor: Actor & { id: number },
  order: { id: number; no: string; totalFen: number | null },
  lines: readonly SavingLine[],
  want: { couponId?: number | undefined; points: number },
): Promise<void> {
  if (want.couponId === undefined && want.points <= 0) return;
  const userId = actor.id;
  if (order.totalFen === null) throw new AppError('INVALID', '[优惠券]订单含待报价项目，暂不能使用优惠券或积分');
  let couponFen = 0;
  let couponName = '';
  let couponId: number | null = null;
  if (want.couponId !== undefined) {
    const row = await repo.lockCoupon(t.db, want.couponId);
    if (!row || row.c.userId !== userId) throw new AppError('NOT_FOUND', '[优惠券]不存在');
    const today = chinaToday(t.clock());
    if (row.c.state !== 'usable') throw new AppError('CONFLICT', '[优惠券]已被使用');
    if (row.c.validFrom > today) throw new AppError('CONFLICT', `[优惠券]${row.c.validFrom}起可用`);
    if (row.c.validTo < today) throw new AppError('CONFLICT', '[优惠券]已过期');
    const s = couponSaving(ruleOf(row.t), lines);
    if (s.savingFen <= 0) throw new AppError('CONFLICT', `[优惠券]不适用于本订单：${s.why}`);
    await moveCoupon(t, actor, row.c, 'use', order.id, order.no);
    couponFen = s.savingFen;
    couponName = row.t.name;
    couponId = row.c.id;
  }
  let points = 0;
  let fen = 0;
  if (want.points > 0) {
    const rule = await getPointsSettings(t);
    await repo.ensurePointsAccount(t.db, userId);
    const balance = (await repo.lockPointsAccount(t.db, userId)) ?? 0;
    if (want.points > balance) throw new AppError('CONFLICT', `[积分]积分不足，当前可用${balance}积分`);
    const cap = pointsCap(rule, order.totalFen - couponFen, balance);
    if (want.points > cap) throw new AppError('CONFLICT', `[积分]本单最多可使用${cap}积分`);
    fen = pointsFen(rule, want.points);
    if (fen <= 0) throw new AppError('INVALID', `[积分]不足抵扣¥0.01（${rule.pointsPerYuan}积分抵¥1）`);
    points = want.points;
    await spendPoints(t, userId, points, order.id);
  }
  await repo.insertDiscount(t.db, {
    orderId: order.id,
    userCouponId: couponId,
    couponName,
    couponFen,
    points,
    pointsFen: fen,
    createdAt: t.clock(),
  });
}

/** The deductions an order shows with its amount. */
export async function deductionOf(ctx: AppContext, orderId: number): Promise<OrderDeduction> {
  const d = await repo.findDiscount(ctx.db, orderId);
  return {
    couponId: d?.userCouponId ?? null,
    couponName: d?.couponName ?? '',
    couponFen: (d?.couponFen ?? 0) as Fen,
    points: d?.points ?? 0,
    pointsFen: (d?.pointsFen ?? 0) as Fen,
  };
}

/**
 * A cancelled order (in its move's transaction): its coupon comes back if
 * still in its window (else it stays used: an expired coupon is not revived),
 * its points come back as a new line that expires like earned points, and
 * what it earned (what is left of it) is taken back. Once per order.
 */
export async function giveBackDiscount(t: AppContext, actor: Actor, order: { id: number; no: string; userId: number }): Promise<void> {
  const d = await repo.markReturned(t.db, order.id, t.clock());
  if (d?.userCouponId) {
    const row = await repo.lockCoupon(t.db, d.userCouponId);
    if (row && row.c.state === 'used' && row.c.orderId === order.id && row.c.validTo >= chinaToday(t.clock()))
      await moveCoupon(t, actor, row.c, 'giveBack', null, order.no);
  }
  const back = d?.points ?? 0;
  await repo.ensurePointsAccount(t.db, order.userId);
  await repo.lockPointsAccount(t.db, order.userId);
  const takeBack = await repo.emptyOrderEarnLines(t.db, order.id);
  if (back > 0) await addPoints(t, order.userId, back, 'giveBack', order.id);
  if (takeBack > 0) await writePoints(t, order.userId, -takeBack, 'takeBack', order.id);
}

// ---- points ----------------------------------------------------------------------------------

async function writePoints(t: AppContext, userId: number, delta: number, reason: PointsReason, orderId: number | null, expiresAt?: Date) {
  const balance = await repo.movePoints(t.db, userId, delta);
  if (balance === undefined) throw new AppError('CONFLICT', '[积分]积分不足');
  return repo.insertPoints(t.db, {
    userId,
    reason,
    points: delta,
    balanceAfter: balance,
    orderId,
    expiresAt: expiresAt ?? null,
    left: delta > 0 ? delta : 0,
    createdAt: t.clock(),
  });
}

/** When points credited now expire under the rule. */
function expiryOf(t: AppContext, rule: PointsRule): Date {
  const expires = new Date(t.clock());
  expires.setUTCMonth(expires.getUTCMonth() + rule.expireMonths);
  return expires;
}

async function addPoints(t: AppContext, userId: number, points: number, reason: PointsReason, orderId: number | null) {
  return writePoints(t, userId, points, reason, orderId, expiryOf(t, await getPointsSettings(t)));
}

/** Spends points, the soonest-expiring first (the account row locked by the caller). */
async function spendPoints(t: AppContext, userId: number, points: number, orderId: number) {
  let rest = points;
  for (const line of await repo.lockLeftLines(t.db, userId)) {
    if (rest <= 0) break;
    const take = Math.min(rest, line.left);
    await repo.setLeft(t.db, line.id, line.left - take);
    rest -= take;
  }
  await writePoints(t, userId, -points, 'spend', orderId);
}

/** Points earned on an amount the customer paid (pay, 确认收款, settlement), in that payment's transaction. */
export async function earnPoints(t: AppContext, userId: number, orderId: number, paidFen: number): Promise<void> {
  const rule = await getPointsSettings(t);
  const points = pointsEarned(rule, paidFen);
  if (points <= 0) return;
  // An earning never goes below zero: one upsert creates the account, takes its row lock and adds (the payment's hot path).
  const balance = await repo.creditPoints(t.db, userId, points);
  await repo.insertPoints(t.db, {
    userId,
    reason: 'earn',
    points,
    balanceAfter: balance,
    orderId,
    expiresAt: expiryOf(t, rule),
    left: points,
    createdAt: t.clock(),
  });
}

/** The member center's share of coupons and points: how many coupons are usable today, the points balance. */
export async function couponAssets(ctx: AppContext, userId: number): Promise<{ usableCoupons: number; points: number }> {
  const counts = await repo.countTabs(ctx.db, userId, chinaToday(ctx.clock()));
  return { usableCoupons: counts.usable, points: await repo.pointsBalance(ctx.db, userId) };
}

export async function integralInfo(ctx: AppContext, userId: number) {
  const soon = await repo.expiringBefore(ctx.db, userId, new Date(ctx.clock().getTime() + 30 * DAY));
  return {
    balance: await repo.pointsBalance(ctx.db, userId),
    expiringSoon: soon.points,
    expiringOn: soon.first ? chinaToday(soon.first) : null,
    settings: await getPointsSettings(ctx),
  };
}

export async function integralList(ctx: AppContext, userId: number, q: { page: number; pageSize: number }) {
  const { rows, total } = await repo.listPoints(ctx.db, userId, q.pageSize, (q.page - 1) * q.pageSize);
  return {
    list: rows.map(({ p, orderNo }) => ({
      id: p.id,
      reason: p.reason,
      reasonText: POINTS_REASON_NAMES[p.reason],
      points: p.points,
      balanceAfter: p.balanceAfter,
      orderId: p.orderId,
      orderNo,
      expiresAt: p.expiresAt && p.left > 0 ? p.expiresAt.toISOString() : null,
      createdAt: p.createdAt.toISOString(),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** The points.expire job (hourly): what is left of each line past its expiry leaves the balance, with a history line. */
export async function expirePoints(ctx: AppContext): Promise<number> {
  const now = ctx.clock();
  let expired = 0;
  for (const userId of await repo.usersWithExpired(ctx.db, now, 500)) {
    await ctx.tx(async (t) => {
      await repo.lockPointsAccount(t.db, userId);
      const total = await repo.emptyExpiredLines(t.db, userId, now);
      if (total > 0) await writePoints(t, userId, -total, 'expire', null);
      expired += total;
    });
  }
  if (expired) ctx.log.info({ expired }, 'points expired');
  return expired;
}

export const couponJobs = {
  'points.expire': async (ctx) => {
    await expirePoints(ctx);
  },
} satisfies JobHandlers;
