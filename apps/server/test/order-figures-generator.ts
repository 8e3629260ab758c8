// The generator of order-figures.test.ts: 1 000 orders with their money, written as the services would
// have left them, and what each one's figures must be (computed here, independently of the server's function).
import { eq } from 'drizzle-orm';
import type { OrderFigures } from '@yance/contracts/order-figures';
import type { OrderState } from '@yance/contracts/order-states';
import type { AppContext } from '../src/context.ts';
import { orderAdjustment, orderDiscount, orderLine, orders, refund } from '../src/db/schema.ts';
import * as ledger from '../src/modules/ledger/index.ts';
import { XRD } from './order-factories.ts';

/** mulberry32: the same orders every run. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
  };
}

/** What the generator knows of an order: the figures it expects, computed here. */
export interface Built {
  id: number;
  userId: number;
  kind: 'institution' | 'enterprise';
  state: OrderState;
  names: string[];
  expected: OrderFigures;
}

export const NAMES = ['X射线衍射', 'X射线光电子能谱', '傅里叶变换红外光谱', '扫描电镜', 'BET比表面', '拉曼光谱', '热重分析', 'DFT计算'];
export const PREPAID: OrderState[] = ['awaitingSample', 'received', 'testing', 'delivered', 'completed'];

/** Generates and writes one order with its money, as the services would have left it. */
export async function buildOrder(
  ctx: AppContext,
  built: Built[],
  r: ReturnType<typeof random>,
  i: number,
  user: { id: number; kind: 'institution' | 'enterprise' },
  groupId: number,
  deviceId: number,
) {
  const lineCount = r.int(1, 3);
  const lines = Array.from({ length: lineCount }, (_, k) => {
    const unit = r.int(5, 500) * 100 + r.pick([0, 0, 50, 5]);
    const count = r.int(1, 4);
    // Every third order's lines carry a 新客9折 (without a draw, so the random sequence stays as it was).
    const promo = i % 3 === 0 ? Math.floor((unit * count) / 10) : 0;
    return { name: NAMES[(i + k * 3) % NAMES.length]!, unit, count, amount: unit * count - promo, promo };
  });
  const total = lines.reduce((n, l) => n + l.amount, 0);
  const coupon = r.next() < 0.4 ? Math.min(total, r.pick([3000, 20000, 5000, Math.floor(total / 10)])) : 0;
  const pointsFen = r.next() < 0.3 ? r.int(1, Math.max(1, Math.floor((total - coupon) / 5))) : 0;
  const points = pointsFen; // 100 points a yuan: one point a fen
  const at = new Date(Date.UTC(2026, 10, 1) + i * 60_000);
  const [o] = await ctx.db
    .insert(orders)
    .values({
      no: `YC20991231-${String(i).padStart(4, '0')}`,
      userId: user.id,
      state: 'draft',
      kind: user.kind,
      delivery: 0,
      totalFen: total as never,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const id = o!.id;
  await ctx.db.insert(orderLine).values(
    lines.map((l, k) => ({
      orderId: id,
      deviceId,
      rid: XRD,
      name: l.name,
      typeId: 1,
      unit: 'sample' as const,
      choices: {},
      unitFen: l.unit as never,
      count: l.count,
      amountFen: l.amount as never,
      promoFen: l.promo,
      promoLabel: l.promo ? '新客9折' : '',
      turnaroundDays: 5,
      promisedDays: 5,
      sort: k,
    })),
  );
  if (coupon || pointsFen)
    await ctx.db
      .insert(orderDiscount)
      .values({ orderId: id, couponName: coupon ? '满减券' : '', couponFen: coupon, points, pointsFen, createdAt: at });

  // The model: the money as the generator moves it.
  let final = total;
  let adjust = 0;
  let revenue = 0;
  let couponPosted = 0;
  let pointsPosted = 0;
  let owed = 0;
  let customer = 0; // the customer's money the order holds
  let refunded = 0;
  const post = (kind: ledger.Posting['kind'], lines: ledger.Posting['lines']) =>
    ledger.postEntry(ctx, { kind, memo: `订单 ${i}`, userId: user.id, orderId: id, lines });
  /** Bills `bill` (revenue all of it): the coupon and points not yet posted first, the rest from `source`. */
  const billFrom = async (kind: 'orderPay' | 'orderBill' | 'adjustPay', source: ledger.AccountRef, bill: number) => {
    const c = Math.min(bill, coupon - couponPosted);
    const p = Math.min(bill - c, pointsFen - pointsPosted);
    const pay = bill - c - p;
    if (bill > 0)
      await post(kind, [
        { account: source, amountFen: -pay },
        { account: { kind: 'coupon' }, amountFen: -c },
        { account: { kind: 'points' }, amountFen: -p },
        { account: { kind: 'revenue' }, amountFen: bill },
      ]);
    revenue += bill;
    couponPosted += c;
    pointsPosted += p;
    return pay;
  };
  // The adjustments, written once the order's story is told (order_adjustment: each amount and the final after it).
  const adjustments: number[] = [];
  const adjustTo = (delta: number) => {
    const next = Math.max(0, final + delta);
    if (next === final) return false;
    adjustments.push(next - final);
    adjust += next - final;
    final = next;
    return true;
  };

  let state: OrderState;
  if (user.kind === 'enterprise') {
    const roll = r.next();
    if (roll < 0.1) state = 'contracting';
    else if (roll < 0.25) state = 'unpaid';
    else if (roll < 0.85) {
      state = r.pick(PREPAID);
      customer += await billFrom('orderPay', ledger.prestoreOf(user.id), final);
      for (let k = r.int(0, 2); k > 0; k--) {
        if (!adjustTo(r.int(-Math.floor(final / 2), Math.floor(final / 2)))) continue;
        if (final < revenue) {
          // 退差价: never more than the customer's own money in it.
          const back = Math.min(revenue - final, revenue - couponPosted - pointsPosted);
          if (back > 0) {
            await post('adjustRefund', [
              { account: { kind: 'revenue' }, amountFen: -back },
              { account: ledger.prestoreOf(user.id), amountFen: back },
            ]);
            revenue -= back;
            customer -= back;
            refunded += back;
          }
        } else if (final > revenue && r.next() < 0.5) customer += await billFrom('adjustPay', ledger.prestoreOf(user.id), final - revenue);
      }
    } else {
      state = 'cancelled';
      if (r.next() < 0.6) {
        customer += await billFrom('orderPay', ledger.prestoreOf(user.id), final);
        const own = revenue - couponPosted - pointsPosted;
        await post('refundDue', [
          { account: { kind: 'revenue' }, amountFen: -revenue },
          { account: { kind: 'coupon' }, amountFen: couponPosted },
          { account: { kind: 'points' }, amountFen: pointsPosted },
          { account: { kind: 'refunds' }, amountFen: own },
        ]);
        revenue = 0;
        couponPosted = 0;
        pointsPosted = 0;
        const approved = r.next() < 0.5;
        await ctx.db
          .insert(refund)
          .values({ orderId: id, userId: user.id, amountFen: own as never, state: approved ? 'refunded' : 'pending', createdAt: at });
        if (approved && own > 0) {
          await post('refund', [
            { account: { kind: 'refunds' }, amountFen: -own },
            { account: ledger.prestoreOf(user.id), amountFen: own },
          ]);
          customer -= own;
          refunded += own;
        }
      }
    }
  } else {
    const roll = r.next();
    for (let k = r.int(0, 2); k > 0; k--) adjustTo(r.int(-Math.floor(final / 3), Math.floor(final / 3)));
    if (roll < 0.25) state = r.pick(['awaitingSample', 'testing', 'delivered'] as const);
    else if (roll < 0.3) state = 'cancelled';
    else {
      owed = await billFrom('orderBill', { kind: 'receivable' }, final);
      state = r.next() < 0.5 ? 'unsettled' : 'overdue';
      if (roll >= 0.6) {
        // Settled from the personal balance or a research group's (the member's quota).
        const source = r.next() < 0.5 ? ledger.groupAccountOf(groupId) : ledger.prestoreOf(user.id);
        if (owed > 0)
          await post('settle', [
            { account: source, amountFen: -owed },
            { account: { kind: 'receivable' }, amountFen: owed },
          ]);
        customer += owed;
        owed = 0;
        state = 'completed';
      }
    }
  }
  let running = total;
  for (const a of adjustments) {
    running += a;
    await ctx.db
      .insert(orderAdjustment)
      .values({ orderId: id, amountFen: a, finalFen: running as never, reason: a > 0 ? '补差价' : '退差价', createdAt: at });
  }
  await ctx.db.update(orders).set({ state }).where(eq(orders.id, id));

  // The expected figures, from the model alone.
  const couponFen = Math.min(final, coupon);
  const pointsApplied = Math.min(final - couponFen, pointsFen);
  let due = 0;
  const billNow = () => {
    const bill = Math.max(0, final - revenue);
    const c = Math.min(bill, Math.max(0, coupon - couponPosted));
    const p = Math.min(bill - c, Math.max(0, pointsFen - pointsPosted));
    return bill - c - p;
  };
  if (state === 'unpaid') due = billNow();
  else if (user.kind === 'enterprise' && PREPAID.includes(state)) due = billNow();
  else if (state === 'unsettled' || state === 'overdue') due = owed;
  built.push({
    id,
    userId: user.id,
    kind: user.kind,
    state,
    names: lines.map((l) => l.name),
    expected: {
      totalFen: total as never,
      promoFen: lines.reduce((n, l) => n + l.promo, 0) as never,
      adjustFen: adjust,
      finalFen: final as never,
      couponName: coupon || pointsFen ? (coupon ? '满减券' : '') : '',
      couponFen: couponFen as never,
      points,
      pointsFen: pointsApplied as never,
      payableFen: (final - couponFen - pointsApplied) as never,
      paidFen: customer,
      refundedFen: refunded as never,
      dueFen: due as never,
    },
  });
}
