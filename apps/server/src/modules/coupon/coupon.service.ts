// Coupons (优惠券, issue 10, ADR 0053, ADR 0058): the customer's coupons and
// the order page's picker; a coupon moves only on the one engine
// (couponMachine, by the contracts' COUPON_TRANSITIONS: row lock,
// compare-and-set, the audit row by the machine's event) — taken by the
// customer's order at order/add, given back by the system when that order is
// cancelled (the table's gate). An order holds its deductions in
// order_discount; the payment module posts their fen to the coupon and points
// expense accounts when the order is paid or billed. Templates and issuing:
// coupon-template.service.ts; points: coupon-points.service.ts.
import { couponSaving, pointsCap, pointsFen, type CouponTab, type SavingLine } from '@yance/contracts/coupon-states';
import type { CouponUsableResponse, OrderDeduction } from '@yance/contracts/coupon';
import type { Fen } from '@yance/contracts/money';
import { chinaToday } from '@yance/contracts/sampling-rules';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { SYSTEM_MOVER, type Mover } from '../../lib/state-machine.ts';
import type { Actor } from '../audit/index.ts';
import { discountsFor } from '../catalog/index.ts';
import { planLinesPriced } from '../plan/index.ts';
import { getPointsSettings, givePointsBack, spendPoints } from './coupon-points.service.ts';
import { couponMachine, NO_COUPON } from './coupon-machine.ts';
import { ruleOf } from './coupon-rule.ts';
import { toMyCoupons } from './coupon-template.service.ts';
import * as repo from './coupon.repository.ts';

// The payment module credits points on what a customer pays.
export { earnPoints, getPointsSettings } from './coupon-points.service.ts';

// ---- the customer's coupons -----------------------------------------------------------------

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
  const planIds = [...new Set(body.planIds)];
  const chosen = await planLinesPriced(ctx, userId, planIds);
  if (chosen.some((l) => !l)) throw new AppError('NOT_FOUND', '[方案条目]不存在');
  // The promotion rules come first, as in order/add: the coupon's threshold and saving read what is left.
  const promos = await discountsFor(ctx, userId, chosen as SavingLine[]);
  const lines = (chosen as SavingLine[]).map((l, i) => (l.amountFen === null ? l : { ...l, amountFen: l.amountFen - promos[i]!.fen }));
  const totalFen = lines.some((l) => l.amountFen === null) ? null : lines.reduce((n, l) => n + (l.amountFen ?? 0), 0);
  const s = await getPointsSettings(ctx);
  return {
    totalFen: totalFen as Fen | null,
    promos: planIds.map((planId, i) => ({ planId, promoFen: promos[i]!.fen as Fen, promoLabel: promos[i]!.label })),
    ...(await savingsFor(ctx, userId, lines)),
    points: { balance: await repo.pointsBalance(ctx.db, userId), pointsPerYuan: s.pointsPerYuan, capPercent: s.capPercent },
  };
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
    if (!row || row.c.userId !== userId) throw new AppError('NOT_FOUND', NO_COUPON);
    const today = chinaToday(t.clock());
    if (!couponMachine.canLeave('use', row.c.state)) throw new AppError('CONFLICT', '[优惠券]已被使用');
    if (row.c.validFrom > today) throw new AppError('CONFLICT', `[优惠券]${row.c.validFrom}起可用`);
    if (row.c.validTo < today) throw new AppError('CONFLICT', '[优惠券]已过期');
    const s = couponSaving(ruleOf(row.t), lines);
    if (s.savingFen <= 0) throw new AppError('CONFLICT', `[优惠券]不适用于本订单：${s.why}`);
    const mover: Mover = { kind: 'customer', userId, name: actor.name };
    await couponMachine.move(t, mover, row.c, 'use', { locked: row.c, note: order.no, set: { orderId: order.id, usedAt: t.clock() } });
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
 * A cancelled order (in its move's transaction): its coupon is given back by
 * the system (the table's gate: the holding order is cancelled) if still in
 * its window (else it stays used: an expired coupon is not revived), its
 * points come back as a new line that expires like earned points, and what it
 * earned (what is left of it) is taken back. Once per order. `_by` is who
 * cancelled; the table gives the coupon back as the system.
 */
export async function giveBackDiscount(t: AppContext, _by: Actor, order: { id: number; no: string; userId: number }): Promise<void> {
  const d = await repo.markReturned(t.db, order.id, t.clock());
  if (d?.userCouponId) {
    const row = await repo.lockCoupon(t.db, d.userCouponId);
    if (row && couponMachine.canLeave('giveBack', row.c.state) && row.c.orderId === order.id && row.c.validTo >= chinaToday(t.clock()))
      await couponMachine.move(t, SYSTEM_MOVER, row.c, 'giveBack', {
        locked: row.c,
        note: order.no,
        set: { orderId: null, usedAt: null },
      });
  }
  await givePointsBack(t, order, d?.points ?? 0);
}

/** The member center's share of coupons and points: how many coupons are usable today, the points balance. */
export async function couponAssets(ctx: AppContext, userId: number): Promise<{ usableCoupons: number; points: number }> {
  const counts = await repo.countTabs(ctx.db, userId, chinaToday(ctx.clock()));
  return { usableCoupons: counts.usable, points: await repo.pointsBalance(ctx.db, userId) };
}
