// The lab's work on an order (issue 9, ADR 0041): arrivals and check-in, return
// tracking, test records, price adjustments, free retests, the customer's
// sample list and look-up by number.
import {
  NOT_FOUND_BY_NO,
  type ArrivalItem,
  type ArrivalsQuery,
  type OrderAdjustBody,
  type PriceAdjustment,
  type RetestInfo,
  type SampleListBody,
  type SampleListItem,
  type SampleMoveBody,
  type SampleReturnBody,
  type SampleTracking,
  type TestRecord,
  type TestRecordAddBody,
} from '@yance/contracts/lab';
import type { AdminOrderDetail, OrderDetail } from '@yance/contracts/order';
import { ORDER_STATE_NAMES, type OrderState } from '@yance/contracts/order-states';
import { ARRIVING, RETEST_DAYS, SAMPLE_STATE_NAMES } from '@yance/contracts/sample-states';
import { formatFen, type Fen } from '@yance/contracts/money';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import {
  adminOrderDetail,
  staffMover,
  customerMover,
  deliveredAt,
  findCustomerOrder,
  lockCustomerOrder,
  lockReachableOrder,
  moveOrder,
  moverActor,
  recordOrderEvent,
  type Mover,
  type OrderRow,
  detailOf,
} from '../order/index.ts';
import { ORDER_ADJUSTED } from './lab-events.ts';
import * as repo from './lab.repository.ts';
import type { SampleJoinRow, SampleRow } from './lab.repository.ts';
import { moveSamples, NO_SAMPLE } from './sample.service.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;
/** ¥12.50 from fen. */

export const trackingOf = (s: SampleRow): SampleTracking => ({
  state: s.state,
  express_company: s.expressCompany,
  express_no: s.expressNo,
  return_company: s.returnCompany,
  return_no: s.returnNo,
  checkedInAt: iso(s.checkedInAt),
  keptUntil: iso(s.keptUntil),
});

/** A timeline entry by the mover (as lab staff, or as manager) that leaves the order's state as it is. */
async function note(
  t: AppContext,
  mover: Mover,
  order: OrderRow,
  action: string,
  text: string,
  permission: 'order.lab' | 'order.adjust' = 'order.lab',
) {
  const actor = moverActor(mover, [permission]);
  await recordOrderEvent(t, actor, order, action, text);
  return actor;
}

// ---- what the order detail adds ---------------------------------------------------

export async function listTestRecords(ctx: AppContext, orderId: number): Promise<TestRecord[]> {
  return (await repo.listTestRecords(ctx.db, orderId)).map(({ r, no, name }) => ({
    id: r.id,
    sampleId: r.sampleId,
    sampleNo: no,
    sampleName: name,
    instrument: r.instrument,
    conditions: r.conditions,
    operator: r.operator,
    testedAt: r.testedAt.toISOString(),
    note: r.note,
  }));
}

async function listAdjustments(ctx: AppContext, orderId: number): Promise<PriceAdjustment[]> {
  const rows = await repo.listAdjustments(ctx.db, orderId);
  return rows.map((r) => ({
    id: r.id,
    amount_fen: r.amountFen,
    final_fen: r.finalFen,
    reason: r.reason,
    by: r.staffName,
    at: r.createdAt.toISOString(),
  }));
}

const DELIVERED: readonly OrderState[] = ['delivered', 'unsettled', 'overdue', 'completed'];
const retestUntil = (delivered: Date) => new Date(delivered.getTime() + RETEST_DAYS * 86_400_000);

async function retestOf(ctx: AppContext, order: OrderRow, reader: Mover): Promise<RetestInfo> {
  const asked = await repo.findRetest(ctx.db, order.id);
  const at = DELIVERED.includes(order.state) ? await deliveredAt(ctx, order.id) : null;
  const until = at ? retestUntil(at) : null;
  return {
    until: iso(until),
    requestedAt: iso(asked?.createdAt ?? null),
    reason: asked?.reason ?? '',
    canRequest: reader.kind === 'customer' && !asked && until !== null && ctx.clock() <= until,
  };
}

/**
 * Each order's final amount: its total after the price adjustments (补差价 /
 * 退差价), as the detail shows it (final_fen); an order without a total has none.
 * Run it in the transaction that holds the orders' locks when the amount decides a write (invoices, ADR 0052).
 */
export async function finalAmountsOf(ctx: AppContext, orders: readonly Pick<OrderRow, 'id' | 'totalFen'>[]): Promise<Map<number, Fen>> {
  const sums = await repo.sumAdjustments(
    ctx.db,
    orders.map((o) => o.id),
  );
  const out = new Map<number, Fen>();
  for (const o of orders) if (o.totalFen !== null) out.set(o.id, (o.totalFen + (sums.get(o.id) ?? 0)) as Fen);
  return out;
}

/** The detail's lab parts: records, adjustments and the final amount, the retest window (files: result-file.service). */
export async function labDetailOf(ctx: AppContext, order: OrderRow, reader: Mover) {
  const adjustments = await listAdjustments(ctx, order.id);
  return {
    testRecords: await listTestRecords(ctx, order.id),
    adjustments,
    final_fen: order.totalFen === null ? null : order.totalFen + adjustments.reduce((s, a) => s + a.amount_fen, 0),
    retest: await retestOf(ctx, order, reader),
  };
}

// ---- console: arrivals, check-in, return -------------------------------------------

const listItemOf = ({ s, o, item }: SampleJoinRow): SampleListItem => ({
  ...trackingOf(s),
  id: s.id,
  no: s.no,
  name: s.name,
  count: s.count,
  returnSample: s.returnSample,
  orderId: o.id,
  orderNo: o.no,
  item: item ?? '',
});

const arrivalOf = (r: SampleJoinRow): ArrivalItem => ({
  ...listItemOf(r),
  orderState: r.o.state,
  delivery: r.o.delivery,
  customerName: r.customerName || r.customerPhone,
  form: r.s.form,
  hazards: r.s.hazards,
});

/** The console's arrivals: samples the lab waits for (待寄送, 运输中) of live orders, or every sample; by keyword. */
export async function adminArrivals(ctx: AppContext, q: ArrivalsQuery) {
  const { rows, total } = await repo.pageArrivals(ctx.db, { states: q.all ? undefined : ARRIVING, kw: q.kw }, q.page, q.pageSize);
  return { list: rows.map(arrivalOf), total, page: q.page, pageSize: q.pageSize };
}

async function arrivalById(ctx: AppContext, id: number): Promise<ArrivalItem> {
  const row = await repo.sampleJoinById(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', NO_SAMPLE);
  return arrivalOf(row);
}

/** A sample and its order, the order locked and in the staff member's reach. */
async function lockSampleOrder(t: AppContext, mover: Mover, sampleId: number): Promise<{ sample: SampleRow; order: OrderRow }> {
  const sample = await repo.findSample(t.db, sampleId);
  if (!sample) throw new AppError('NOT_FOUND', NO_SAMPLE);
  const order = await lockReachableOrder(t, mover, sample.orderId).catch(() => {
    throw new AppError('NOT_FOUND', NO_SAMPLE);
  });
  return { sample, order };
}

/**
 * sample/checkIn: the lab signs for one sample. When it was the last one out,
 * the order moves by its own table (确认收样) in the same transaction.
 */
export async function adminCheckIn(ctx: AppContext, caller: StaffCaller, body: SampleMoveBody, ip: string): Promise<ArrivalItem> {
  const mover = staffMover(caller, ip);
  await ctx.tx(async (t) => {
    const { order } = await lockSampleOrder(t, mover, body.id);
    // The sample table's gate refuses a check-in on an order the lab may not receive (待签约, 待付款 …).
    await moveSamples(t, mover, order, 'checkIn', {
      ids: [body.id],
      expect: body.expect,
      note: body.note,
      set: { checkedInAt: t.clock() },
    });
    const out = await repo.sampleIdsIn(t.db, order.id, ARRIVING);
    if (out.length === 0 && (order.state === 'awaitingSample' || order.state === 'awaitingPickup'))
      await moveOrder(t, mover, order.id, 'receive', { note: '样品已全部签收' });
  });
  return arrivalById(ctx, body.id);
}

export const NOT_ASKED_BACK = '客户未要求退还该样品';

/** sample/return: a sample the customer asked back goes back with a courier and number (已退还). */
export async function adminReturn(ctx: AppContext, caller: StaffCaller, body: SampleReturnBody, ip: string): Promise<ArrivalItem> {
  const mover = staffMover(caller, ip);
  await ctx.tx(async (t) => {
    const { sample, order } = await lockSampleOrder(t, mover, body.id);
    if (!sample.returnSample) throw new AppError('CONFLICT', NOT_ASKED_BACK);
    await moveSamples(t, mover, order, 'giveBack', {
      ids: [body.id],
      expect: body.expect,
      note: `${body.return_company} ${body.return_no}`,
      set: { returnCompany: body.return_company, returnNo: body.return_no },
    });
  });
  return arrivalById(ctx, body.id);
}

// ---- test records -------------------------------------------------------------------

export const NOT_SIGNED = '样品尚未签收，不能记录检测';
/** Order states in which the lab holds signed samples and records tests (partly received orders included). */
const RECORDS_IN: readonly OrderState[] = [
  'awaitingSample',
  'awaitingPickup',
  'received',
  'testing',
  'delivered',
  'unsettled',
  'overdue',
  'completed',
];

/** order/testRecord/add: a record for a signed sample, with the timeline and the audit log. */
export async function addTestRecord(ctx: AppContext, caller: StaffCaller, body: TestRecordAddBody, ip: string): Promise<TestRecord> {
  const mover = staffMover(caller, ip);
  const id = await ctx.tx(async (t) => {
    const { sample, order } = await lockSampleOrder(t, mover, body.sampleId);
    // The order gates its records as it gates its samples: none on an order the lab does not work on (cancelled …).
    if (!RECORDS_IN.includes(order.state)) throw new AppError('CONFLICT', `订单当前为「${ORDER_STATE_NAMES[order.state]}」，不能记录检测`);
    if (!['signed', 'testing', 'kept'].includes(sample.state))
      throw new AppError('CONFLICT', `${NOT_SIGNED}（当前为「${SAMPLE_STATE_NAMES[sample.state]}」）`);
    const testedAt = new Date(body.testedAt);
    const row = await repo.insertTestRecord(t.db, {
      orderId: order.id,
      sampleId: sample.id,
      instrument: body.instrument,
      conditions: body.conditions,
      operator: body.operator,
      testedAt,
      note: body.note,
      staffId: caller.id,
      createdAt: t.clock(),
    });
    const actor = await note(t, mover, order, 'testRecord', `${sample.no} ${body.instrument}`);
    await recordAudit(t, {
      actor,
      action: 'order.testRecord',
      objectType: 'order',
      objectId: order.id,
      changes: {
        sample: [null, sample.no],
        instrument: [null, body.instrument],
        operator: [null, body.operator],
        testedAt: [null, testedAt.toISOString()],
      },
      ip,
    });
    return { id: row.id, orderId: order.id };
  });
  return (await listTestRecords(ctx, id.orderId)).find((r) => r.id === id.id)!;
}

/** order/testRecord: the records of one of the caller's orders. */
export async function customerTestRecords(ctx: AppContext, userId: number, orderId: number): Promise<{ list: TestRecord[] }> {
  const order = await findCustomerOrder(ctx, await customerMover(ctx, userId), orderId);
  return { list: await listTestRecords(ctx, order.id) };
}

// ---- price adjustment ------------------------------------------------------------------

const ADJUSTABLE: readonly OrderState[] = ['received', 'testing'];

/**
 * order/adjust (补差价 / 退差价): the lab or the manager (the route's
 * order.adjust; a manager reaches only their customers' orders) sets the
 * final amount with a reason while the samples are at the lab; a signed row,
 * the timeline and the audit log. The money issue settles it.
 */
export async function adminAdjust(ctx: AppContext, caller: StaffCaller, body: OrderAdjustBody, ip: string): Promise<AdminOrderDetail> {
  const mover = staffMover(caller, ip);
  await ctx.tx(async (t) => {
    const order = await lockReachableOrder(t, mover, body.id);
    if (!ADJUSTABLE.includes(order.state))
      throw new AppError('CONFLICT', `订单当前为「${ORDER_STATE_NAMES[order.state]}」，只有已收样或实验中的订单可以调整金额`);
    if (order.totalFen === null) throw new AppError('CONFLICT', '订单尚未报价，不能调整金额');
    const sum = (await repo.listAdjustments(t.db, order.id)).reduce((n, a) => n + a.amountFen, 0);
    const current = order.totalFen + sum;
    const amount = body.final_fen - current;
    if (amount === 0) throw new AppError('INVALID', '[最终金额]与当前金额相同');
    const words = `${amount > 0 ? '补差价' : '退差价'} ${formatFen(Math.abs(amount))}，最终金额 ${formatFen(body.final_fen)}；${body.reason}`;
    const actor = await note(t, mover, order, 'adjust', words, 'order.adjust');
    await repo.insertAdjustment(t.db, {
      orderId: order.id,
      amountFen: amount,
      finalFen: body.final_fen as Fen,
      reason: body.reason,
      staffId: caller.id,
      staffName: actor.name,
      createdAt: t.clock(),
    });
    await recordAudit(t, {
      actor,
      action: 'order.adjust',
      objectType: 'order',
      objectId: order.id,
      changes: { finalFen: [current, body.final_fen], reason: [null, body.reason] },
      ip,
    });
    // A prepaid order's 退差价 goes back to the balance now; a 补差价 waits in the customer's 待付款 (ADR 0050).
    await t.emit(ORDER_ADJUSTED, { order, reason: body.reason, actor });
  });
  return adminOrderDetail(ctx, caller, body.id);
}

// ---- free retest ------------------------------------------------------------------------

export const RETEST_CLOSED = `已超过交付后${RETEST_DAYS}天，不能申请免费复测`;
export const RETEST_TWICE = '该订单已申请过免费复测';

/** order/retest: within RETEST_DAYS of delivery, once per order; the lab reads it on the timeline and the detail. */
export async function customerRetest(ctx: AppContext, userId: number, id: number, reason: string, ip: string): Promise<OrderDetail> {
  const mover = await customerMover(ctx, userId, ip);
  const order = await ctx.tx(async (t) => {
    const order = await lockCustomerOrder(t, mover, id);
    const at = DELIVERED.includes(order.state) ? await deliveredAt(t, order.id) : null;
    if (!at) throw new AppError('CONFLICT', `订单当前为「${ORDER_STATE_NAMES[order.state]}」，数据交付后才能申请复测`);
    if (t.clock() > retestUntil(at)) throw new AppError('CONFLICT', RETEST_CLOSED);
    if (!(await repo.insertRetest(t.db, order.id, reason, t.clock()))) throw new AppError('CONFLICT', RETEST_TWICE);
    const actor = await note(t, mover, order, 'retest', reason);
    await recordAudit(t, {
      actor,
      action: 'order.retest',
      objectType: 'order',
      objectId: order.id,
      changes: { retest: [null, reason] },
      ip,
    });
    return order;
  });
  return detailOf(ctx, order, mover);
}

// ---- the customer's samples ----------------------------------------------------------------

/** sample/list: every sample of the caller's sent orders, newest first. */
export async function customerSamples(ctx: AppContext, userId: number, q: SampleListBody) {
  const { rows, total } = await repo.pageCustomerSamples(ctx.db, userId, q.state, q.page, q.pageSize);
  return { list: rows.map(listItemOf), total, page: q.page, pageSize: q.pageSize };
}

/** order/query: one of the caller's orders by its number, or by a sample's number; anything else is the same "not found". */
export async function customerQuery(ctx: AppContext, userId: number, no: string) {
  const found = await repo.findOwnByNo(ctx.db, userId, no.trim().toUpperCase());
  if (!found) throw new AppError('NOT_FOUND', NOT_FOUND_BY_NO);
  return found;
}

export type { OrderDetail };
