// The customer's orders (spec §7 order/*, ADR 0039): order/add from their own
// plan lines (or a saved draft), the list, the detail, cancel, confirm and
// 再来一单. What other modules use of orders is order-api.service.ts; an order
// as its readers see it, order-detail.service.ts.
import {
  CUSTOM_TYPE_ID,
  PLAN_LINES_MAX,
  type OrderAddBody,
  type OrderAgainResponse,
  type OrderDetail,
  type OrderListBody,
  type OrderListResponse,
  type DraftSampleInput,
} from '@yance/contracts/order';
import { ORDER_TABS, ORDER_TAB_NAMES, orderKindOf, type DeliveryMethod } from '@yance/contracts/order-states';
import { priceDiscounts } from '@yance/contracts/price-rules';
import type { Fen, PriceUnit } from '@yance/contracts/money';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { buildSearchText } from '../../lib/search-grams.ts';
import { changesOf, recordAudit } from '../audit/index.ts';
import { getPriceRules } from '../catalog/index.ts';
import { holdDiscount } from '../coupon/index.ts';
import {
  fullChoices,
  linePrice,
  planCount,
  putIntoPlan,
  putQuoteLinesIntoPlan,
  quotePrice,
  takeFromPlan,
  type PlanEntry,
} from '../plan/index.ts';
import { estimatesOf } from '../turnaround/index.ts';
import {
  ATTESTATION_NEEDED,
  customerMover,
  findCustomerOrder,
  lockCustomerOrder,
  lockOrderingCustomer,
  type CustomerMover,
} from './order-api.service.ts';
import { detailOf, summariesOf } from './order-detail.service.ts';
import { agreementFor, deliveryFor, returnAddressFor } from './order-needs.ts';
import * as repo from './order.repository.ts';
import { ORDER_SENDING } from './order-events.ts';
import type { LineRow, OrderRow } from './order.repository.ts';
import { customerName, moveOrder } from './order-transition.ts';

/** YYYYMMDD of the day in China (UTC+8, no daylight saving): order numbers count per Chinese calendar day. */
export const chinaDay = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');

/** YC20261124-0042: the prefix, the day and the day's sequence (four digits, more after 9999). */
export const orderNo = (day: string, seq: number) => `YC${day}-${String(seq).padStart(4, '0')}`;

/** Sample numbers: the order number and the sample's place in the order, -01, -02 … */
const sampleNo = (order: string, i: number) => `${order}-${String(i + 1).padStart(2, '0')}`;

const sumOf = (amounts: (Fen | null)[]): Fen | null =>
  amounts.some((a) => a === null) ? null : (amounts.reduce<number>((s, a) => s + (a ?? 0), 0) as Fen);

/** A 定制项目 as the order snapshots it: the accepted quote's line (ADR 0044), priced by the quote only. */
interface Custom {
  quoteLineId: number;
  rid: string;
  name: string;
  unit: PriceUnit;
  unitFen: Fen;
  turnaroundDays: number;
}

/** A line of the order being written: the item and choices (or the quote line) to snapshot, and the samples the customer declared. */
interface Wanted {
  item?: PlanEntry;
  custom?: Custom;
  count: number;
  /** A draft's may be partial (the form not chosen yet: ''); a sent order's are checked complete by the contract. */
  samples: DraftSampleInput[];
}

/**
 * Snapshots the wanted lines into the order (name, price by the one rule,
 * turnaround) with their numbered samples; answers the order's total, null
 * while a line waits for its quote. Items off the shelf are refused.
 */
async function writeLines(
  t: AppContext,
  order: OrderRow,
  wanted: Wanted[],
  body: Pick<OrderAddBody, 'draft' | 'delivery'>,
): Promise<{ totalFen: Fen | null; searchText: string; delivery: DeliveryMethod | null }> {
  const items = new Map(
    (
      await repo.findDevicesForLines(
        t.db,
        wanted.flatMap((w) => (w.item ? [w.item.deviceId] : [])),
      )
    ).map((d) => [d.id, d]),
  );
  // The promise made now, from the lab's queue (ADR 0047): this order's own lines are not in it yet. A quoted
  // 定制项目 promises the turnaround its quote gave.
  const catalogue = wanted.flatMap((w, i) => (w.item ? [{ i, deviceId: w.item.deviceId, count: w.count }] : []));
  const estimates = await estimatesOf(t, catalogue);
  const promised = new Map(catalogue.map((c, k) => [c.i, estimates[k]!.days]));
  const rows = wanted.map((w, sort) => {
    const c = w.custom;
    if (c) {
      const price = quotePrice(c.unitFen, w.count);
      return {
        orderId: order.id,
        deviceId: null,
        quoteLineId: c.quoteLineId,
        rid: c.rid,
        name: c.name,
        typeId: CUSTOM_TYPE_ID,
        unit: c.unit,
        choices: {},
        unitFen: price.unitFen,
        count: w.count,
        amountFen: price.amountFen,
        turnaroundDays: c.turnaroundDays,
        promisedDays: c.turnaroundDays,
        sort,
      };
    }
    const e = w.item!;
    const item = items.get(e.deviceId);
    if (!item?.onShelf) throw new AppError('INVALID', `「${item?.name ?? '项目'}」已下架，无法下单`);
    const priced = { price_fen: item.priceFen, options: item.options };
    const price = linePrice(priced, e.choices, w.count);
    return {
      orderId: order.id,
      deviceId: item.id,
      quoteLineId: null,
      rid: item.rid,
      name: item.name,
      typeId: item.typeId,
      unit: item.unit,
      choices: fullChoices(priced, e.choices),
      unitFen: price.unitFen,
      count: w.count,
      amountFen: price.amountFen,
      turnaroundDays: item.turnaroundDays,
      promisedDays: promised.get(sort) ?? item.turnaroundDays,
      sort,
    };
  });
  // What each line's kind needs (ADR 0070), checked before anything is written.
  const delivery = deliveryFor(
    rows.map((r, i) => ({ name: r.name, typeId: r.typeId, samples: wanted[i]!.samples.length })),
    body,
  );
  // The promotion rules (优惠活动, issue 21) price the new order: the very rules the shop's labels come from.
  const discounts = priceDiscounts((await getPriceRules(t)).rules, rows, {
    firstOrder: await repo.isFirstOrder(t.db, order.userId, order.id),
  });
  const lines = await repo.insertLines(
    t.db,
    rows.map((r, i) => {
      const d = discounts[i]!;
      return d.fen > 0 ? { ...r, amountFen: ((r.amountFen ?? 0) - d.fen) as Fen, promoFen: d.fen, promoLabel: d.label } : r;
    }),
  );
  const samples = wanted.flatMap((w, i) => w.samples.map((s) => ({ lineId: lines[i]!.id, s })));
  await repo.insertSamples(
    t.db,
    samples.map(({ lineId, s }, i) => ({
      no: sampleNo(order.no, i),
      orderId: order.id,
      lineId,
      name: s.name,
      count: s.count,
      form: s.form,
      hazards: s.hazards,
      requirement: s.requirement ?? '',
      returnSample: s.returnSample,
    })),
  );
  const sampleNames = samples.flatMap(({ s }, i) => [s.name, sampleNo(order.no, i)]);
  return {
    totalFen: sumOf(lines.map((l) => l.amountFen)),
    searchText: buildSearchText([order.no, ...rows.map((r) => r.name), ...sampleNames]),
    delivery,
  };
}

/** A draft's 定制项目 line as it was snapshotted. */
const customOf = (l: LineRow, quoteLineId: number): Custom => ({
  quoteLineId,
  rid: l.rid,
  name: l.name,
  unit: l.unit,
  unitFen: l.unitFen,
  turnaroundDays: l.turnaroundDays,
});

/** Each plan line and each draft line named at most once. */
function refuseRepeats(body: OrderAddBody): void {
  const keys = body.lines.map((l) => (l.planId !== undefined ? `p${l.planId}` : `l${l.lineId}`));
  if (new Set(keys).size !== keys.length) throw new AppError('INVALID', '同一项目不能重复下单');
  if (body.lines.length > PLAN_LINES_MAX) throw new AppError('INVALID', `一个订单最多${PLAN_LINES_MAX}个项目`);
}

/**
 * The lines the order will hold: plan lines leave the plan; a draft's lines
 * named by lineId stay; the draft's other lines go back to the plan.
 */
async function gatherLines(t: AppContext, userId: number, body: OrderAddBody, draft: OrderRow | undefined): Promise<Wanted[]> {
  const planIds = body.lines.flatMap((l) => (l.planId !== undefined ? [l.planId] : []));
  const fromPlan = new Map((await takeFromPlan(t, userId, planIds)).map((r) => [r.id, r]));
  const draftLines = new Map((draft ? await repo.listLines(t.db, draft.id) : []).map((l) => [l.id, l]));
  const wanted = body.lines.map((l): Wanted => {
    if (l.planId !== undefined) {
      const r = fromPlan.get(l.planId)!;
      if (r.quoteLineId !== null) {
        const custom = {
          quoteLineId: r.quoteLineId,
          rid: r.rid,
          name: r.name,
          unit: r.unit,
          unitFen: r.priceFen,
          turnaroundDays: r.turnaroundDays,
        };
        return { custom, count: r.count, samples: l.samples };
      }
      return { item: { deviceId: r.deviceId!, choices: r.choices, count: r.count }, count: r.count, samples: l.samples };
    }
    const line = draftLines.get(l.lineId!);
    if (!line || (line.deviceId === null && line.quoteLineId === null)) throw new AppError('NOT_FOUND', '订单项目不存在');
    draftLines.delete(line.id);
    if (line.quoteLineId !== null) return { custom: customOf(line, line.quoteLineId), count: line.count, samples: l.samples };
    return { item: { deviceId: line.deviceId!, choices: line.choices, count: line.count }, count: line.count, samples: l.samples };
  });
  const left = [...draftLines.values()];
  const dropped = left.flatMap((l: LineRow) => (l.deviceId === null ? [] : [{ deviceId: l.deviceId, choices: l.choices, count: l.count }]));
  if (dropped.length) await putIntoPlan(t, userId, dropped);
  const droppedCustom = left.flatMap((l) => (l.quoteLineId === null ? [] : [{ id: l.quoteLineId, count: l.count }]));
  if (droppedCustom.length) await putQuoteLinesIntoPlan(t, userId, droppedCustom);
  return wanted;
}

/**
 * order/add: a new order (or a saved draft finished or rewritten) from the
 * caller's own plan lines, in one transaction: the lines leave the plan, the
 * order gets its number, and unless it is kept as a draft it is sent through
 * the transition table (submit). Needs a completed attestation.
 */
export async function addOrder(ctx: AppContext, userId: number, body: OrderAddBody, ip = '') {
  refuseRepeats(body);
  return ctx.tx(async (t) => {
    const user = await lockOrderingCustomer(t, userId);
    if (!user) throw new AppError('UNAUTHENTICATED', '登录已过期，请重新登录');
    if (!user.attested) throw new AppError('FORBIDDEN', ATTESTATION_NEEDED);
    const mover: CustomerMover = { kind: 'customer', userId, name: customerName(user), ip };
    const draft = body.draftId === undefined ? undefined : await lockCustomerOrder(t, mover, body.draftId);
    if (draft && draft.state !== 'draft') throw new AppError('CONFLICT', '该订单已提交，不能再修改');
    const kind = orderKindOf(user.organization);
    // An institution over its credit limit settles first (ADR 0050): a draft may still be saved.
    if (!body.draft && kind === 'institution') await t.emit(ORDER_SENDING, { userId, creditLimitFen: user.creditLimitFen });
    // The agreement next: an institution that did not tick it is told so before anything else is checked.
    const agreement = await agreementFor(t, kind, body);
    const wanted = await gatherLines(t, userId, body, draft);
    const now = t.clock();
    const fields = {
      kind,
      returnAddress: await returnAddressFor(t, userId, body),
      ...agreement,
      remark: body.remark ?? '',
      attachments: body.attachments,
      updatedAt: now,
    };
    let order = draft;
    if (order) await repo.deleteLines(t.db, order.id);
    else {
      const no = orderNo(chinaDay(now), await repo.nextOrderSeq(t.db, chinaDay(now)));
      order = await repo.insertOrder(t.db, { ...fields, delivery: null, no, userId, state: 'draft', createdAt: now });
    }
    const { totalFen, searchText, delivery } = await writeLines(t, order, wanted, body);
    await repo.updateOrder(t.db, order.id, { ...fields, delivery, totalFen, searchText });
    if (body.draft) await recordDraft(t, mover, order, draft === undefined, totalFen);
    // The coupon and points are held only by a sent order (ADR 0053): checked against its own lines.
    else
      await holdDiscount(
        t,
        { kind: 'customer', id: userId, name: mover.name },
        { id: order.id, no: order.no, totalFen },
        (await repo.listLines(t.db, order.id)).map((l) => ({ typeId: l.typeId, deviceId: l.deviceId, amountFen: l.amountFen })),
        { couponId: body.couponId, points: body.points ?? 0 },
      );
    const state = body.draft ? 'draft' : (await moveOrder(t, mover, order.id, 'submit', { expect: 'draft' })).state;
    return { id: order.id, no: order.no, state, cartNum: await planCount(t, userId) };
  });
}

/** A draft saved: its first save starts the timeline; every save is in the audit log. */
async function recordDraft(t: AppContext, mover: CustomerMover, order: OrderRow, first: boolean, totalFen: Fen | null) {
  const actor = { kind: 'customer' as const, id: mover.userId, name: mover.name };
  if (first) {
    await repo.insertEvent(t.db, {
      orderId: order.id,
      at: t.clock(),
      actorKind: 'customer',
      actorId: mover.userId,
      actorName: mover.name,
      action: 'saveDraft',
      toState: 'draft',
    });
  }
  await recordAudit(t, {
    actor,
    action: 'order.saveDraft',
    objectType: 'order',
    objectId: order.id,
    changes: changesOf(first ? null : { totalFen: order.totalFen }, { totalFen }),
    ip: mover.ip,
  });
}

/** order/list: the caller's orders of a tab, newest first, searched by number, item or sample name; with every tab's count. */
export async function listOrders(ctx: AppContext, userId: number, q: OrderListBody): Promise<OrderListResponse> {
  const tab = ORDER_TABS[q.tab as keyof typeof ORDER_TABS];
  const { rows, total } = await repo.pageOrders(ctx.db, { userId, states: tab.states, kw: q.kw || undefined }, q.page, q.pageSize);
  const byState = await repo.countByState(ctx.db, userId);
  const counts = Object.fromEntries(
    ORDER_TAB_NAMES.map((name) => [name, ORDER_TABS[name].states.reduce((n, s) => n + (byState.get(s) ?? 0), 0)]),
  );
  const list = (await summariesOf(ctx, rows)).map(({ row: _row, ...s }) => s);
  return { list, total, page: q.page, pageSize: q.pageSize, counts };
}

/** order/detail: one of the caller's orders; another customer's is as unknown as a missing one. */
export async function orderDetail(ctx: AppContext, userId: number, id: number): Promise<OrderDetail> {
  const mover = await customerMover(ctx, userId);
  return detailOf(ctx, await findCustomerOrder(ctx, mover, id), mover);
}

/** order/cancel and order/confirm: the customer's transitions, then the detail as it now stands. */
export async function customerMove(
  ctx: AppContext,
  userId: number,
  id: number,
  action: 'cancel' | 'confirmData',
  note: string | undefined,
  ip: string,
) {
  const mover = await customerMover(ctx, userId, ip);
  const order = await moveOrder(ctx, mover, id, action, { note });
  return detailOf(ctx, order, mover);
}

/** order/again (再来一单): the order's lines go back into the plan with their choices; items off the shelf or changed are named, not added. */
export async function orderAgain(ctx: AppContext, userId: number, id: number): Promise<OrderAgainResponse> {
  return ctx.tx(async (t) => {
    const mover = await customerMover(t, userId);
    const order = await findCustomerOrder(t, mover, id);
    const lines = await repo.listLines(t.db, order.id);
    const entries = lines.flatMap((l) => (l.deviceId === null ? [] : [{ deviceId: l.deviceId, choices: l.choices, count: l.count }]));
    const gone = lines.filter((l) => l.deviceId === null).map((l) => l.name);
    const { added, skipped } = await putIntoPlan(t, userId, entries);
    if (added === 0) throw new AppError('INVALID', `订单中的项目均已下架或已变更，无法再来一单：${[...gone, ...skipped].join('、')}`);
    return { cartNum: await planCount(t, userId), added, skipped: [...gone, ...skipped] };
  });
}
