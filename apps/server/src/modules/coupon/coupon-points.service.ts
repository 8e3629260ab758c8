// Points (积分, issue 10, ADR 0053): the settings, the balance row moved by
// one conditional UPDATE, the history lines (earned on a payment, spent and
// given back with an order, expired by the hourly points.expire job).
import { POINTS_REASON_NAMES, pointsEarned, type PointsReason, type PointsRule } from '@yance/contracts/coupon-states';
import { DEFAULT_POINTS_SETTINGS, pointsSettings } from '@yance/contracts/coupon';
import { chinaToday } from '@yance/contracts/sampling-rules';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { JobHandlers } from '../job/index.ts';
import { getSettingValue, saveAuditedSetting } from '../setting/index.ts';
import * as repo from './coupon.repository.ts';

export const POINTS_SETTING_KEY = 'points';
const DAY = 86_400_000;

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

export async function writePoints(
  t: AppContext,
  userId: number,
  delta: number,
  reason: PointsReason,
  orderId: number | null,
  expiresAt?: Date,
) {
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

export async function addPoints(t: AppContext, userId: number, points: number, reason: PointsReason, orderId: number | null) {
  return writePoints(t, userId, points, reason, orderId, expiryOf(t, await getPointsSettings(t)));
}

/** Spends points, the soonest-expiring first (the account row locked by the caller). */
export async function spendPoints(t: AppContext, userId: number, points: number, orderId: number) {
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
export async function earnPoints(t: AppContext, userId: number, orderId: number, paidFen: number, known?: PointsRule): Promise<void> {
  // The payment reads the rule in its round trip with the order's lock (ADR 0072): with it, the earning is sent at once.
  const rule = known ?? (await getPointsSettings(t));
  const points = pointsEarned(rule, paidFen);
  if (points <= 0) return;
  // An earning never goes below zero: one upsert creates the account, takes its row lock and adds, and the line is
  // written in the same statement (the payment's hot path, ADR 0066).
  await repo.earnPointsLine(t.db, { userId, points, orderId, expiresAt: expiryOf(t, rule), at: t.clock() });
}

/** A cancelled order's points (in its move's transaction): those it spent come back, what it earned (what is left of it) is taken back. */
export async function givePointsBack(t: AppContext, order: { id: number; userId: number }, back: number): Promise<void> {
  await repo.ensurePointsAccount(t.db, order.userId);
  await repo.lockPointsAccount(t.db, order.userId);
  const takeBack = await repo.emptyOrderEarnLines(t.db, order.id);
  if (back > 0) await addPoints(t, order.userId, back, 'giveBack', order.id);
  if (takeBack > 0) await writePoints(t, order.userId, -takeBack, 'takeBack', order.id);
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
