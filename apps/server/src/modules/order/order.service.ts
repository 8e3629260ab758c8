import {
  CUSTOM_TYPE_ID,
  PLAN_LINES_MAX,
  type OrderAddBody,
  type OrderAgainResponse,
  type OrderDetail,
  type OrderEvent,
  type OrderListBody,
  type OrderListResponse,
  type OrderSummary,
  type SampleInput,
} from '@yance/contracts/order';
import {
  ORDER_TABS,
  ORDER_TAB_NAMES,
  ORDER_TRANSITIONS,
  type OrderAction,
  type OrderKind,
  type OrderState,
} from '@yance/contracts/order-states';
import { ORGANIZATIONS } from '@yance/contracts/user';
import { SAMPLING_EVENT_LABELS, type SamplingEventAction } from '@yance/contracts/sampling';
import { CALL_EVENT_LABELS, type CallEventAction } from '@yance/contracts/call-task';
import { MONEY_EVENT_LABELS, type MoneyEventAction } from '@yance/contracts/ledger';
import { refuseOverCredit } from '../payment/payment.service.ts';
import { deductionOf, holdDiscount } from '../coupon/coupon.service.ts';
import { PICKUP_EVENT_LABELS, type PickupEventAction } from '@yance/contracts/pickup';
import { CONTRACT_EVENT_LABELS, type ContractEventAction } from '@yance/contracts/order-contract';
import type { Fen, PriceUnit } from '@yance/contracts/money';
import { DEFAULT_LAB_CALENDAR } from '@yance/contracts/turnaround';
import { LAB_EVENT_LABELS, type LabEventAction } from '@yance/contracts/sample-states';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { buildSearchText } from '../../lib/search-grams.ts';
import { changesOf, recordAudit, type Actor } from '../audit/audit.service.ts';
import { labDetailOf, trackingOf } from '../lab/lab.service.ts';
import { customerFiles } from '../lab/result-file.service.ts';
import {
  fullChoices,
  linePrice,
  planCount,
  putIntoPlan,
  putQuoteLinesIntoPlan,
  quotePrice,
  takeFromPlan,
  type PlanEntry,
} from '../plan/plan.service.ts';
import { dueDate, estimatesOf, labCalendarOf } from '../turnaround/turnaround.service.ts';
import * as repo from './order.repository.ts';
import type { LineRow, OrderRow } from './order.repository.ts';
import { actionsFor, customerName, moveOrder, reachable, type Mover } from './order-transition.ts';

/** The timeline's name for a customer (also for bookings). */
export { customerName };
/** The spec's words when the attestation form is not complete. */
export const ATTESTATION_NEEDED = '未完善基本信息无法正常下单';

/** YYYYMMDD of the day in China (UTC+8, no daylight saving): order numbers count per Chinese calendar day. */
export const chinaDay = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');

/** YC20261124-0042: the prefix, the day and the day's sequence (four digits, more after 9999). */
export const orderNo = (day: string, seq: number) => `YC${day}-${String(seq).padStart(4, '0')}`;

/** Sample numbers: the order number and the sample's place in the order, -01, -02 … */
const sampleNo = (order: string, i: number) => `${order}-${String(i + 1).padStart(2, '0')}`;

/** An enterprise prepays (contract first); students, teachers and individuals pay after testing (product.md). */
const kindOf = (organization: number | null): OrderKind => (organization === ORGANIZATIONS.enterprise ? 'enterprise' : 'institution');

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
  samples: SampleInput[];
}

/**
 * Snapshots the wanted lines into the order (name, price by the one rule,
 * turnaround) with their numbered samples; answers the order's total, null
 * while a line waits for its quote. Items off the shelf are refused.
 */
async function writeLines(t: AppContext, order: OrderRow, wanted: Wanted[]): Promise<{ totalFen: Fen | null; searchText: string }> {
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
  const lines = await repo.insertLines(t.db, rows);
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
    const user = await repo.lockOrderCustomer(t.db, userId);
    if (!user) throw new AppError('UNAUTHENTICATED', '登录已过期，请重新登录');
    if (!user.attested) throw new AppError('FORBIDDEN', ATTESTATION_NEEDED);
    const mover: Mover = { kind: 'customer', userId, name: customerName(user), ip };
    const draft = body.draftId === undefined ? undefined : await reachable(t, mover, await repo.lockOrder(t.db, body.draftId));
    if (draft && draft.state !== 'draft') throw new AppError('CONFLICT', '该订单已提交，不能再修改');
    // An institution over its credit limit settles first (ADR 0050): a draft may still be saved.
    if (!body.draft && kindOf(user.organization) === 'institution') await refuseOverCredit(t, userId, user.creditLimitFen);
    const wanted = await gatherLines(t, userId, body, draft);
    const now = t.clock();
    const fields = {
      kind: kindOf(user.organization),
      delivery: body.delivery,
      remark: body.remark ?? '',
      attachments: body.attachments,
      updatedAt: now,
    };
    let order = draft;
    if (order) await repo.deleteLines(t.db, order.id);
    else {
      const no = orderNo(chinaDay(now), await repo.nextOrderSeq(t.db, chinaDay(now)));
      order = await repo.insertOrder(t.db, { ...fields, no, userId, state: 'draft', createdAt: now });
    }
    const { totalFen, searchText } = await writeLines(t, order, wanted);
    await repo.updateOrder(t.db, order.id, { ...fields, totalFen, searchText });
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
async function recordDraft(
  t: AppContext,
  mover: Extract<Mover, { kind: 'customer' }>,
  order: OrderRow,
  first: boolean,
  totalFen: Fen | null,
) {
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

const summaryOf = (o: OrderRow, items: string[], sampleCount: number): OrderSummary => ({
  id: o.id,
  no: o.no,
  state: o.state,
  kind: o.kind,
  delivery: o.delivery,
  items,
  sampleCount,
  total_fen: o.totalFen,
  createdAt: o.createdAt.toISOString(),
});

/** Summaries of a page of orders, with their item names and sample counts. */
export async function summariesOf<R extends OrderRow>(ctx: AppContext, rows: R[]): Promise<(OrderSummary & { row: R })[]> {
  const { items, samples } = await repo.pageExtras(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...summaryOf(r, items.get(r.id) ?? [], samples.get(r.id) ?? 0), row: r }));
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

/** A timeline entry's words: a transition's label, or one of the events that leave the state (draft, sampling). */
const eventLabel = (action: string): string =>
  action === 'saveDraft'
    ? '保存草稿'
    : action in SAMPLING_EVENT_LABELS
      ? SAMPLING_EVENT_LABELS[action as SamplingEventAction]
      : action in LAB_EVENT_LABELS
        ? LAB_EVENT_LABELS[action as LabEventAction]
        : action in CALL_EVENT_LABELS
          ? CALL_EVENT_LABELS[action as CallEventAction]
          : action in CONTRACT_EVENT_LABELS
            ? CONTRACT_EVENT_LABELS[action as ContractEventAction]
            : action in PICKUP_EVENT_LABELS
              ? PICKUP_EVENT_LABELS[action as PickupEventAction]
              : action in MONEY_EVENT_LABELS
                ? MONEY_EVENT_LABELS[action as MoneyEventAction]
                : ORDER_TRANSITIONS[action as OrderAction].label;

/** The timeline as its reader sees it: the customer reads their own steps as 您. */
function timelineOf(events: repo.EventRow[], reader: Mover): OrderEvent[] {
  return events.map((e) => ({
    at: e.at.toISOString(),
    actor: e.actorKind === 'customer' ? (reader.kind === 'customer' ? '您' : `客户 ${e.actorName}`) : e.actorName || '系统',
    action: e.action,
    label: eventLabel(e.action),
    from: e.fromState,
    to: e.toState,
    note: e.note,
  }));
}

/** An order's detail for a reader who may see it: lines, samples, timeline and what the reader may do now. */
export async function detailOf(ctx: AppContext, order: OrderRow, reader: Mover): Promise<OrderDetail> {
  const lines = await repo.listLines(ctx.db, order.id);
  const samples = await repo.listSamples(ctx.db, order.id);
  const events = await repo.listEvents(ctx.db, order.id);
  // A draft is finished through order/add (draftId), not a transition the detail offers.
  const actions = order.state === 'draft' ? [] : actionsFor(reader, order.state);
  // The promise runs from the samples' receipt (the last 确认收样), counted on the lab's calendar.
  const receivedAt = events.findLast((e) => e.action === 'receive')?.at;
  const calendar = receivedAt ? await labCalendarOf(ctx) : DEFAULT_LAB_CALENDAR;
  return {
    ...summaryOf(
      order,
      lines.map((l) => l.name),
      samples.reduce((n, s) => n + s.count, 0),
    ),
    remark: order.remark,
    attachments: order.attachments,
    lines: lines.map((l) => ({
      id: l.id,
      rid: l.rid,
      name: l.name,
      type_id: l.typeId,
      unit: l.unit,
      choices: l.choices,
      unit_fen: l.unitFen,
      count: l.count,
      amount_fen: l.amountFen,
      turnaround_days: l.turnaroundDays,
      promised_days: l.promisedDays,
      due_date: dueDate(receivedAt, l.promisedDays, calendar),
    })),
    samples: samples.map((s) => ({
      id: s.id,
      no: s.no,
      lineId: s.lineId,
      name: s.name,
      count: s.count,
      form: s.form,
      hazards: s.hazards,
      requirement: s.requirement,
      returnSample: s.returnSample,
      tracking: trackingOf(s),
    })),
    timeline: timelineOf(events, reader),
    ...(await labDetailOf(ctx, order, reader)),
    files: await customerFiles(ctx, order.id),
    deduction: await deductionOf(ctx, order.id),
    actions,
  };
}

/** The customer as a mover (the name the timeline keeps). */
export async function customerMover(ctx: AppContext, userId: number, ip = ''): Promise<CustomerMover> {
  const user = await repo.findOrderCustomer(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', '登录已过期，请重新登录');
  return { kind: 'customer', userId, name: customerName(user), ip };
}

export type { OrderRow, SampleRow } from './order.repository.ts';
/** The order's rules for modules that act on an order (the lab's samples and files, ADR 0041). */
export { moveOrder, moverActor, reachable, type Mover } from './order-transition.ts';

/** The order locked until the caller's transaction ends, if the mover reaches it (404 otherwise). */
export async function lockReachableOrder(t: AppContext, mover: Mover, id: number): Promise<OrderRow> {
  return reachable(t, mover, await repo.lockOrder(t.db, id));
}

/** The order, if the mover reaches it (404 otherwise). */
export async function findReachableOrder(ctx: AppContext, mover: Mover, id: number): Promise<OrderRow> {
  return reachable(ctx, mover, await repo.findOrder(ctx.db, id));
}

/** A timeline entry that leaves the order's state as it is (samples, files, records …), in the caller's transaction. */
export async function recordOrderEvent(t: AppContext, actor: Actor, order: OrderRow, action: string, note: string): Promise<void> {
  await repo.insertEvent(t.db, {
    orderId: order.id,
    at: t.clock(),
    actorKind: actor.kind,
    actorId: actor.id,
    actorName: actor.name,
    action,
    fromState: order.state,
    toState: order.state,
    note,
  });
}

/** When the order was last delivered (its 交付数据 entry), if it was. */
export async function deliveredAt(ctx: AppContext, orderId: number): Promise<Date | null> {
  return (await repo.listEvents(ctx.db, orderId)).filter((e) => e.action === 'deliver').at(-1)?.at ?? null;
}

export type CustomerMover = Extract<Mover, { kind: 'customer' }>;

/** One of the customer's orders; another customer's or a missing one is 404 (also for other modules: sampling). */
export async function findCustomerOrder(ctx: AppContext, mover: CustomerMover, id: number): Promise<OrderRow> {
  return reachable(ctx, mover, await repo.findOrder(ctx.db, id));
}

/** Like findCustomerOrder, the order locked until the caller's transaction ends (writes that depend on its state). */
export async function lockCustomerOrder(t: AppContext, mover: CustomerMover, id: number): Promise<OrderRow> {
  return reachable(t, mover, await repo.lockOrder(t.db, id));
}

/** A timeline entry that leaves the order's state as it is (a sampling request sent or cancelled), in the caller's transaction. */
export async function recordOrderNote(t: AppContext, mover: CustomerMover, order: OrderRow, action: SamplingEventAction, note: string) {
  await repo.insertEvent(t.db, {
    orderId: order.id,
    at: t.clock(),
    actorKind: 'customer',
    actorId: mover.userId,
    actorName: mover.name,
    action,
    fromState: order.state,
    toState: order.state,
    note,
  });
}

/** order/detail: one of the caller's orders; another customer's is as unknown as a missing one. */
export async function orderDetail(ctx: AppContext, userId: number, id: number): Promise<OrderDetail> {
  const mover = (await customerMover(ctx, userId)) as CustomerMover;
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
    const order = await reachable(t, mover, await repo.findOrder(t.db, id));
    const lines = await repo.listLines(t.db, order.id);
    const entries = lines.flatMap((l) => (l.deviceId === null ? [] : [{ deviceId: l.deviceId, choices: l.choices, count: l.count }]));
    const gone = lines.filter((l) => l.deviceId === null).map((l) => l.name);
    const { added, skipped } = await putIntoPlan(t, userId, entries);
    if (added === 0) throw new AppError('INVALID', `订单中的项目均已下架或已变更，无法再来一单：${[...gone, ...skipped].join('、')}`);
    return { cartNum: await planCount(t, userId), added, skipped: [...gone, ...skipped] };
  });
}

/** The customer's name, phone, company and current manager (the console's columns; the demand and contract modules). */
export const customerCard = (ctx: AppContext, userId: number) => repo.findOrderCustomer(ctx.db, userId);

/** An order's state, read in the caller's transaction under its lock (the gate of its sampling requests and contract, ADR 0058). */
export const orderStateOf = async (t: AppContext, id: number) => (await repo.findOrder(t.db, id))?.state;

/** The customer's account locked for the caller's transaction, with what ordering checks (attestation, organization, manager). */
export const lockOrderingCustomer = (t: AppContext, userId: number) => repo.lockOrderCustomer(t.db, userId);

/** The customer's orders in one of the states listed for their kind, newest first (the invoiceable orders, ADR 0052). */
export const customerOrdersIn = (
  ctx: AppContext,
  userId: number,
  statesByKind: Readonly<Partial<Record<OrderKind, readonly OrderState[]>>>,
  limit: number,
) => repo.listCustomerOrdersIn(ctx.db, userId, statesByKind, limit);

/** An order's lines as snapshotted (the contract PDF). */
export const orderLines = (ctx: AppContext, orderId: number) => repo.listLines(ctx.db, orderId);
