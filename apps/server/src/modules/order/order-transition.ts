// The one place an order's state changes (ADR 0039, ADR 0058): every customer
// call, console call and job goes through moveOrder with an action of the
// contracts' ORDER_TRANSITIONS, on the one state-machine engine. What follows
// a move — the samples, the money, the notices — subscribes to
// orderMachine.moved (subscribers.ts) and runs in the same transaction.
import { sampleWords } from '@yance/contracts/line-kinds';
import { seesAllOrders } from '@yance/contracts/order';
import { ORDER_STATE_NAMES, ORDER_TRANSITIONS, type OrderAction, type OrderFacts, type OrderState } from '@yance/contracts/order-states';
import type { Permission } from '@yance/contracts/staff';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { actorOf, defineMachine, type Actor, type Mover } from '../../lib/state-machine.ts';
import * as repo from './order.repository.ts';
import type { OrderRow } from './order.repository.ts';

export type { Mover };

export const NO_ORDER = '订单不存在';

/** The words the timeline keeps for a customer: their name, else their phone masked as the audit log writes it. */
export const customerName = (u: { name: string; phone: string }) =>
  u.name || (u.phone.length === 11 ? `${u.phone.slice(0, 3)}****${u.phone.slice(7)}` : u.phone);

/** The customer their own order; staff every sent order when a role reaches all (admin, lab, finance), a manager only their customers'. */
async function reaches(ctx: AppContext, mover: Mover, order: OrderRow): Promise<boolean> {
  if (mover.kind === 'customer') return order.userId === mover.userId;
  if (mover.kind === 'staff') {
    if (order.state === 'draft') return false;
    if (!seesAllOrders(mover.caller.roles)) return (await repo.findOrderCustomer(ctx.db, order.userId))?.managerId === mover.caller.id;
  }
  return true;
}

/** Whether the mover may see and touch the order at all: anything out of reach answers as a missing order. */
export async function reachable(ctx: AppContext, mover: Mover, order: OrderRow | undefined): Promise<OrderRow> {
  if (!order || !(await reaches(ctx, mover, order))) throw new AppError('NOT_FOUND', NO_ORDER);
  return order;
}

/** Every line of the order has its amount: nothing waits for a quote. */
async function allPriced(t: AppContext, orderId: number): Promise<boolean> {
  return (await repo.listLines(t.db, orderId)).every((l) => l.amountFen !== null);
}

/** The order's machine: its table, lock, reach, compare-and-set and timeline (order_event). */
export const orderMachine = defineMachine<AppContext, OrderRow, OrderState, typeof ORDER_TRANSITIONS, OrderFacts>({
  objectType: 'order',
  table: ORDER_TRANSITIONS,
  names: ORDER_STATE_NAMES,
  noun: '订单',
  missing: NO_ORDER,
  lock: (t, id) => repo.lockOrder(t.db, id),
  reach: reaches,
  write: (t, row, from, to, at) => repo.moveState(t.db, row.id, from, to, at),
  // The lines are read only for an action whose next state depends on them (submit): one whose next state is the same
  // whether or not every line is priced (pay's depends on the delivery alone) does not read them.
  facts: async (t, row, action) => {
    const to = ORDER_TRANSITIONS[action].to;
    const known = { kind: row.kind, delivery: row.delivery };
    const dependsOnLines = typeof to === 'function' && to({ ...known, priced: true }) !== to({ ...known, priced: false });
    return { ...known, priced: dependsOnLines && (await allPriced(t, row.id)) };
  },
  // An order with nothing to send (数据分析 only) is told its work starts, not to post samples (ADR 0070).
  audience: (_t, row) => ({ userId: row.userId, orderId: row.id, vars: { no: row.no, ...sampleWords(row.delivery !== null) } }),
  noteMissing: (action) => (action === 'cancel' ? '[取消原因]不能为空' : '[备注]不能为空'),
  timeline: (t, m) =>
    repo.insertEvent(t.db, {
      orderId: m.objectId,
      at: m.at,
      actorKind: m.actor.kind,
      actorId: m.actor.id,
      actorName: m.actor.name,
      action: m.action,
      fromState: m.from ?? m.to,
      toState: m.to,
      note: m.note,
    }),
});

/** Whether the table lets this mover take the action at all (the state aside). */
export const mayTake = (mover: Mover, action: OrderAction): boolean => orderMachine.mayTake(mover, action);

/** The actions the mover may take on an order in this state now (the detail page's buttons). */
export const actionsFor = (mover: Mover, state: OrderState): OrderAction[] => orderMachine.actionsFor(mover, state);

/** The audit log's and the timeline's actor for a mover acting under one of `permissions` (samples and files too, ADR 0041). */
export const moverActor = (mover: Mover, permissions: readonly Permission[]): Actor => actorOf(mover, permissions);

export const staleMessage = (state: OrderState) => orderMachine.stale(state);

export interface MoveOptions {
  /** The state the actor saw (the console sends it): another state answers 409 even if the action could leave it. */
  expect?: OrderState;
  note?: string;
  /** Changes made with the move, under the order's lock and before the next state is computed (a quote prices the lines). */
  apply?: (t: AppContext, order: OrderRow) => Promise<Record<string, [unknown, unknown]>>;
  /** apply sends every statement before its first await: the compare-and-set goes in the same round trip (ADR 0082). */
  pipelined?: boolean;
  /** The order as the caller locked and reached it for this mover in the same transaction (not locked and read again). */
  locked?: OrderRow;
}

/**
 * Moves an order by one action of the transition table, inside the caller's
 * transaction (or its own), through the engine: lock, reach (404), who may
 * (403), the state (409), the next state from the order's facts, a
 * compare-and-set, the timeline, the audit log and the subscribers' reactions
 * (samples, money, notices), all in one transaction.
 */
export async function moveOrder(
  ctx: AppContext,
  mover: Mover,
  orderId: number,
  action: OrderAction,
  opts: MoveOptions = {},
): Promise<OrderRow> {
  // A job a subscriber queued (a notice by SMS or mail) wakes the worker once the move commits (enqueue).
  return orderMachine.move(ctx, mover, orderId, action, opts);
}
