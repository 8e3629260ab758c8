// The generator of order-figures.test.ts: orders with their money as the services would have left them, and what
// each one's figures must be (computed here, independently of the server's function). Planning is pure (the same
// orders every run); writing takes a few statements per batch of orders, the ledger's postings one by one through
// the real ledger, and a research group's settlements through the real settlement call.
import type { OrderFigures } from '@yance/contracts/order-figures';
import type { OrderState } from '@yance/contracts/order-states';
import type { AppContext } from '../src/context.ts';
import { orderAdjustment, orderDiscount, orderLine, orders, refund } from '../src/db/schema.ts';
import * as ledger from '../src/modules/ledger/index.ts';
import { settleOrders } from '../src/modules/payment/order-payment.service.ts';
import { newKey } from './money-factories.ts';
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
  no: string;
  userId: number;
  kind: 'institution' | 'enterprise';
  state: OrderState;
  names: string[];
  /** Settled from the research group's balance within the member's limit (settlement/add with a group). */
  fromGroup: boolean;
  expected: OrderFigures;
}

/** A customer of the generated orders; a member of the research group may settle from its balance. */
export interface Customer {
  id: number;
  kind: 'institution' | 'enterprise';
  groupMember: boolean;
}

export const NAMES = ['X射线衍射', 'X射线光电子能谱', '傅里叶变换红外光谱', '扫描电镜', 'BET比表面', '拉曼光谱', '热重分析', 'DFT计算'];
export const PREPAID: OrderState[] = ['awaitingSample', 'received', 'testing', 'delivered', 'completed'];

type PostingLines = ledger.Posting['lines'];

/** One order planned: its rows, its postings (written with its id once it has one) and its expected figures. */
export interface Planned {
  i: number;
  no: string;
  user: Customer;
  at: Date;
  lines: { name: string; unit: number; count: number; amount: number; promo: number }[];
  total: number;
  discount: { couponFen: number; points: number; pointsFen: number } | null;
  /** The state written; a group settlement then moves it to 已完成 through the settlement call. */
  written: OrderState;
  adjustments: number[];
  postings: { kind: ledger.Posting['kind']; lines: PostingLines }[];
  refund: { amountFen: number; state: 'pending' | 'refunded' } | null;
  fromGroup: boolean;
  built: Omit<Built, 'id'>;
}

/** Plans one order and its money, as the services would have left them. */
export function planOrder(r: ReturnType<typeof random>, i: number, user: Customer): Planned {
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

  // The model: the money as the generator moves it.
  let final = total;
  let adjust = 0;
  let revenue = 0;
  let couponPosted = 0;
  let pointsPosted = 0;
  let owed = 0;
  let customer = 0; // the customer's money the order holds
  let refunded = 0;
  let fromGroup = false;
  let written: OrderState | undefined;
  let refundRow: Planned['refund'] = null;
  const postings: Planned['postings'] = [];
  const post = (kind: ledger.Posting['kind'], lines: PostingLines) => postings.push({ kind, lines });
  /** Bills `bill` (revenue all of it): the coupon and points not yet posted first, the rest from `source`. */
  const billFrom = (kind: 'orderPay' | 'orderBill' | 'adjustPay', source: ledger.AccountRef, bill: number) => {
    const c = Math.min(bill, coupon - couponPosted);
    const p = Math.min(bill - c, pointsFen - pointsPosted);
    const pay = bill - c - p;
    if (bill > 0)
      post(kind, [
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
  // The adjustments, written with the order (order_adjustment: each amount and the final after it).
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
      customer += billFrom('orderPay', ledger.prestoreOf(user.id), final);
      for (let k = r.int(0, 2); k > 0; k--) {
        if (!adjustTo(r.int(-Math.floor(final / 2), Math.floor(final / 2)))) continue;
        if (final < revenue) {
          // 退差价 (the shop's only partial refund): never more than the customer's own money in it.
          const back = Math.min(revenue - final, revenue - couponPosted - pointsPosted);
          if (back > 0) {
            post('adjustRefund', [
              { account: { kind: 'revenue' }, amountFen: -back },
              { account: ledger.prestoreOf(user.id), amountFen: back },
            ]);
            revenue -= back;
            customer -= back;
            refunded += back;
          }
        } else if (final > revenue && r.next() < 0.5) customer += billFrom('adjustPay', ledger.prestoreOf(user.id), final - revenue);
      }
    } else {
      state = 'cancelled';
      if (r.next() < 0.6) {
        customer += billFrom('orderPay', ledger.prestoreOf(user.id), final);
        const own = revenue - couponPosted - pointsPosted;
        post('refundDue', [
          { account: { kind: 'revenue' }, amountFen: -revenue },
          { account: { kind: 'coupon' }, amountFen: couponPosted },
          { account: { kind: 'points' }, amountFen: pointsPosted },
          { account: { kind: 'refunds' }, amountFen: own },
        ]);
        revenue = 0;
        couponPosted = 0;
        pointsPosted = 0;
        const approved = r.next() < 0.5;
        refundRow = { amountFen: own, state: approved ? 'refunded' : 'pending' };
        if (approved && own > 0) {
          post('refund', [
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
      owed = billFrom('orderBill', { kind: 'receivable' }, final);
      state = r.next() < 0.5 ? 'unsettled' : 'overdue';
      if (roll >= 0.6) {
        // Settled from the personal balance, or by a member from the research group's within their limit: that
        // one is written owing and settled afterwards through settlement/add (settleFromGroup).
        if (r.next() < 0.5 && user.groupMember && owed > 0) {
          fromGroup = true;
          written = state;
        } else if (owed > 0)
          post('settle', [
            { account: ledger.prestoreOf(user.id), amountFen: -owed },
            { account: { kind: 'receivable' }, amountFen: owed },
          ]);
        customer += owed;
        owed = 0;
        state = 'completed';
      }
    }
  }

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
  const no = `YC20991231-${String(i).padStart(4, '0')}`;
  return {
    i,
    no,
    user,
    at: new Date(Date.UTC(2026, 10, 1) + i * 60_000),
    lines,
    total,
    discount: coupon || pointsFen ? { couponFen: coupon, points, pointsFen } : null,
    written: written ?? state,
    adjustments,
    postings,
    refund: refundRow,
    fromGroup,
    built: {
      no,
      userId: user.id,
      kind: user.kind,
      state,
      names: lines.map((l) => l.name),
      fromGroup,
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
    },
  };
}

/**
 * Writes planned orders in t's transaction: each table's rows in one statement for the batch (the orders in the
 * state their story ends in), then every posting through the real ledger (its balances, its triggers).
 */
export async function writeOrders(t: AppContext, planned: readonly Planned[], deviceId: number): Promise<Built[]> {
  if (!planned.length) return [];
  const made = await t.db
    .insert(orders)
    .values(
      planned.map((p) => ({
        no: p.no,
        userId: p.user.id,
        state: p.written,
        kind: p.user.kind,
        delivery: 0 as const,
        totalFen: p.total as never,
        createdAt: p.at,
        updatedAt: p.at,
      })),
    )
    .returning({ id: orders.id, no: orders.no });
  const idOf = new Map(made.map((o) => [o.no, o.id]));
  const id = (p: Planned) => idOf.get(p.no)!;
  await t.db.insert(orderLine).values(
    planned.flatMap((p) =>
      p.lines.map((l, k) => ({
        orderId: id(p),
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
    ),
  );
  const discounts = planned.filter((p) => p.discount);
  if (discounts.length)
    await t.db.insert(orderDiscount).values(
      discounts.map((p) => ({
        orderId: id(p),
        couponName: p.discount!.couponFen ? '满减券' : '',
        couponFen: p.discount!.couponFen,
        points: p.discount!.points,
        pointsFen: p.discount!.pointsFen,
        createdAt: p.at,
      })),
    );
  const adjustments = planned.flatMap((p) => {
    let running = p.total;
    return p.adjustments.map((a) => {
      running += a;
      return { orderId: id(p), amountFen: a, finalFen: running as never, reason: a > 0 ? '补差价' : '退差价', createdAt: p.at };
    });
  });
  if (adjustments.length) await t.db.insert(orderAdjustment).values(adjustments);
  const refunds = planned.filter((p) => p.refund);
  if (refunds.length)
    await t.db.insert(refund).values(
      refunds.map((p) => ({
        orderId: id(p),
        userId: p.user.id,
        amountFen: p.refund!.amountFen as never,
        state: p.refund!.state,
        createdAt: p.at,
      })),
    );
  for (const p of planned)
    for (const posting of p.postings)
      await ledger.postEntry(t, { kind: posting.kind, memo: `订单 ${p.i}`, userId: p.user.id, orderId: id(p), lines: posting.lines });
  return planned.map((p) => ({ id: id(p), ...p.built }));
}

/**
 * The orders a member settles from the research group's balance: through settlement/add's service with the group
 * (the group locked, each order's 结算 move, the member's spending counted against their limit), a few orders a call.
 */
export async function settleFromGroup(ctx: AppContext, built: readonly Built[], clusterId: number, perCall = 4): Promise<void> {
  const byUser = new Map<number, number[]>();
  for (const b of built.filter((x) => x.fromGroup)) byUser.set(b.userId, [...(byUser.get(b.userId) ?? []), b.id]);
  for (const [userId, ids] of byUser)
    for (let k = 0; k < ids.length; k += perCall)
      await settleOrders(ctx, userId, { orderIds: ids.slice(k, k + perCall), clusterId, idempotencyKey: newKey() }, '');
}
