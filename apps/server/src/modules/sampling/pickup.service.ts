// The console's pick-up calendar (取样日历, issue 9 "Operator rooms", ADR 0049):
// the 上门取样 requests by day and slot, and which lab member collects each.
// Choosing a collector is not an order transition (the order stays 待取样)
// but a move of the request on the sampling machine (active → active, gated
// by the order's state): its audit row, the order's timeline entry and the
// customer's in-site message are written in one transaction under the
// request's and the order's locks.
import { seesAllOrders } from '@yance/contracts/order';
import {
  addDays,
  daysBetween,
  mondayOf,
  PICKUP_RANGE_DAYS_MAX,
  type PickupAssignBody,
  type PickupItem,
  type PickupListQuery,
  type PickupListResponse,
  type PickupStaffResponse,
} from '@yance/contracts/pickup';
import { chinaToday, slotsOf } from '@yance/contracts/sampling-rules';
import { samplingRefusal } from '@yance/contracts/sampling-states';
import { can, type Permission } from '@yance/contracts/staff';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { customerName, lockReachableOrder, recordOrderEvent, type Mover, type OrderRow } from '../order/index.ts';
import { getSettings } from '../setting/index.ts';
import { staffHolding, staffMember } from '../staff/index.ts';
import * as repo from './pickup.repository.ts';
import type { PickupRow } from './pickup.repository.ts';
import { NO_REQUEST, samplingMachine } from './sampling.service.ts';
import type { SamplingRow } from './sampling.repository.ts';

/** Who may be sent to pick up samples: the lab (order.lab) or whoever runs the calendar (pickup.manage); admin holds both. */
export const COLLECTOR_PERMISSIONS: readonly Permission[] = ['order.lab', 'pickup.manage'];
export const NOT_COLLECTOR = '只能安排实验室人员上门取样';
export const NO_STAFF = '取样员不存在或已停用';

type Samples = Awaited<ReturnType<typeof repo.samplesOf>>;

const itemOf = (r: PickupRow, samples: Samples): PickupItem => {
  const q = r.request;
  const own = samples.filter((s) => s.orderId === q.orderId).map(({ no, name, count }) => ({ no, name, count }));
  return {
    id: q.id,
    orderId: q.orderId,
    orderNo: r.orderNo,
    orderState: r.orderState,
    state: q.state,
    date: q.date,
    time: q.time,
    customerName: customerName(r.customer),
    company: r.customer.company,
    name: q.name,
    phone: q.phone,
    province: q.province,
    city: q.city,
    area: q.area,
    address: q.address,
    message: q.message,
    samples: own,
    sampleCount: own.reduce((n, s) => n + s.count, 0),
    assignee: q.assigneeId === null ? null : { id: q.assigneeId, name: r.assigneeName || r.assigneeAccount || '' },
    assignedAt: q.assignedAt?.toISOString() ?? null,
    assignable: samplingMachine.canLeave('assign', q.state) && !samplingRefusal('assign', r.orderState),
  };
};

/** Staff who do not see every order see only their customers' pick-ups (the order list's reach, ADR 0039). */
const reachOf = (caller: StaffCaller) => (seesAllOrders(caller.roles) ? undefined : caller.id);

async function itemsOf(ctx: AppContext, filter: repo.PickupFilter): Promise<PickupItem[]> {
  const rows = await repo.findPickups(ctx.db, filter);
  const samples = await repo.samplesOf(ctx.db, [...new Set(rows.map((r) => r.request.orderId))]);
  return rows.map((r) => itemOf(r, samples));
}

/** The range asked for: this week (Monday to Sunday, China time) unless given. */
function rangeOf(ctx: AppContext, q: PickupListQuery): { from: string; to: string } {
  const from = q.from ?? (q.to ? addDays(q.to, -6) : mondayOf(chinaToday(ctx.clock())));
  const to = q.to ?? addDays(from, 6);
  const days = daysBetween(from, to);
  if (days < 0) throw new AppError('INVALID', '[结束日期]不能早于开始日期');
  if (days >= PICKUP_RANGE_DAYS_MAX) throw new AppError('INVALID', `[日期范围]不能超过${PICKUP_RANGE_DAYS_MAX}天`);
  return { from, to };
}

/** pickup/list: the range's pick-ups grouped by day and slot; the rows are the configured slots, then any other slot a request names. */
export async function listPickups(ctx: AppContext, caller: StaffCaller, q: PickupListQuery): Promise<PickupListResponse> {
  const { from, to } = rangeOf(ctx, q);
  const items = await itemsOf(ctx, { from, to, assigneeId: q.mine ? caller.id : undefined, managerId: reachOf(caller) });
  const { samplingSetting } = await getSettings(ctx, ['samplingSetting']);
  const configured = slotsOf(samplingSetting!);
  const others = [...new Set(items.map((i) => i.time))].filter((t) => !configured.includes(t)).sort();
  const slots = [...configured, ...others];
  const days = Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i)).map((date) => ({
    date,
    slots: slots.map((time) => ({ time, list: items.filter((i) => i.date === date && i.time === time) })),
  }));
  return { from, to, slots, days };
}

/** pickup/staff: who may be sent to pick up. */
export async function listCollectors(ctx: AppContext): Promise<PickupStaffResponse> {
  return { list: (await staffHolding(ctx, COLLECTOR_PERMISSIONS)).map(({ id, name, roles }) => ({ id, name, roles })) };
}

/** The request and its order locked, if the caller reaches the order (a stranger's request answers as missing). */
async function lockPickupAndOrder(t: AppContext, mover: Mover & { kind: 'staff' }, id: number) {
  const row = await repo.lockPickup(t.db, id);
  if (!row) throw new AppError('NOT_FOUND', NO_REQUEST);
  const order = await lockReachableOrder(t, mover, row.orderId).catch((err: unknown) => {
    throw err instanceof AppError && err.kind === 'NOT_FOUND' ? new AppError('NOT_FOUND', NO_REQUEST) : err;
  });
  if (!samplingMachine.canLeave('assign', row.state)) throw new AppError('CONFLICT', '该取样申请已取消，不能安排取样员');
  // The table's gate before the collector is read (the machine checks it again with the move).
  const refused = samplingRefusal('assign', order.state);
  if (refused) throw new AppError('CONFLICT', refused);
  return { row, order };
}

interface Change {
  row: SamplingRow;
  order: OrderRow;
  before: string | null;
  after: string | null;
}

/**
 * A collector chosen, changed or taken off: the request's move on the sampling
 * machine (who may, the order's state, the audit row) and the order's
 * timeline entry, in the caller's transaction.
 */
async function moveAssignee(t: AppContext, mover: Mover & { kind: 'staff' }, c: Change, assigneeId: number | null) {
  const action = c.after ? 'assign' : 'unassign';
  await samplingMachine.move(t, mover, c.row, action, {
    locked: c.row,
    apply: async () => {
      await repo.setAssignee(t.db, c.row.id, assigneeId, assigneeId === null ? null : t.clock());
      return { order: [c.order.no, c.order.no], assignee: [c.before, c.after] };
    },
  });
  const when = `${c.row.date} ${c.row.time}`;
  const note = c.after
    ? `取样员 ${c.after} · ${when}${c.before ? `（原取样员 ${c.before}）` : ''}`
    : `取样员 ${c.before ?? ''} 不再负责 ${when} 的上门取样`;
  await recordOrderEvent(t, samplingMachine.actorFor(mover, action), c.order, c.after ? 'pickupAssign' : 'pickupUnassign', note);
}

const nameOf = async (t: AppContext, id: number | null) => (id === null ? null : ((await staffMember(t, id))?.name ?? null));

/**
 * pickup/assign: sends a lab member to collect the samples (or another one
 * instead). The collector must be enabled staff holding order.lab or
 * pickup.manage; the customer gets 取样员 X 将于 <date> <slot> 上门取样.
 */
export async function assignPickup(ctx: AppContext, caller: StaffCaller, body: PickupAssignBody, ip: string): Promise<PickupItem> {
  const mover = { kind: 'staff' as const, caller, ip };
  await ctx.tx(async (t) => {
    const { row, order } = await lockPickupAndOrder(t, mover, body.id);
    const member = await staffMember(t, body.staffId);
    if (!member || member.disabled) throw new AppError('INVALID', NO_STAFF);
    if (!COLLECTOR_PERMISSIONS.some((p) => can(member.roles, p))) throw new AppError('INVALID', `${member.name}：${NOT_COLLECTOR}`);
    if (row.assigneeId === member.id) throw new AppError('CONFLICT', `该上门取样已安排给 ${member.name}`);
    const before = await nameOf(t, row.assigneeId);
    await moveAssignee(t, mover, { row, order, before, after: member.name }, member.id);
  });
  return (await itemsOf(ctx, { from: '', to: '', id: body.id }))[0]!;
}

/** pickup/unassign: takes the collector off a pick-up that can still be arranged (no message: the customer waits for the next one). */
export async function unassignPickup(ctx: AppContext, caller: StaffCaller, id: number, ip: string): Promise<PickupItem> {
  const mover = { kind: 'staff' as const, caller, ip };
  await ctx.tx(async (t) => {
    const { row, order } = await lockPickupAndOrder(t, mover, id);
    if (row.assigneeId === null) throw new AppError('CONFLICT', '该上门取样尚未安排取样员');
    const before = await nameOf(t, row.assigneeId);
    await moveAssignee(t, mover, { row, order, before, after: null }, null);
  });
  return (await itemsOf(ctx, { from: '', to: '', id }))[0]!;
}
