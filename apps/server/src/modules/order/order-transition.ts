// The one place an order's state changes (ADR 0039): every customer call,
// console call and job goes through moveOrder with an action of the
// contracts' ORDER_TRANSITIONS.
import { seesAllOrders } from '@yance/contracts/order';
import {
  canLeave,
  nextOrderState,
  ORDER_STATE_NAMES,
  ORDER_TRANSITIONS,
  type OrderAction,
  type OrderActor,
  type OrderState,
  type OrderTransition,
} from '@yance/contracts/order-states';
import { can, PERMISSIONS, STAFF_ROLE_NAMES, type Permission } from '@yance/contracts/staff';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStateMove, SYSTEM, type Actor } from '../audit/audit.service.ts';
import { afterOrderMove } from '../lab/sample.service.ts';
import { notifyOrder } from '../notify/notify.service.ts';
import { afterOrderMoveMoney } from '../payment/order-money.service.ts';
import * as repo from './order.repository.ts';
import type { OrderRow } from './order.repository.ts';

/** Who moves an order: its customer, a staff member in the console, or the system (jobs, other modules). */
export type Mover =
  | { kind: 'customer'; userId: number; name: string; ip?: string }
  | { kind: 'staff'; caller: StaffCaller; ip?: string }
  | { kind: 'system' };

export const NO_ORDER = '订单不存在';

/** The words the timeline keeps for a customer: their name, else their phone masked as the audit log writes it. */
export const customerName = (u: { name: string; phone: string }) =>
  u.name || (u.phone.length === 11 ? `${u.phone.slice(0, 3)}****${u.phone.slice(7)}` : u.phone);

/**
 * Whether the mover may see and touch the order at all: the customer their
 * own; staff every order when a role reaches all (admin, lab, finance), a
 * manager only their customers'. Anything else answers as a missing order.
 */
export async function reachable(ctx: AppContext, mover: Mover, order: OrderRow | undefined): Promise<OrderRow> {
  if (!order) throw new AppError('NOT_FOUND', NO_ORDER);
  if (mover.kind === 'customer' && order.userId !== mover.userId) throw new AppError('NOT_FOUND', NO_ORDER);
  if (mover.kind === 'staff') {
    if (order.state === 'draft') throw new AppError('NOT_FOUND', NO_ORDER);
    if (!seesAllOrders(mover.caller.roles)) {
      const customer = await repo.findOrderCustomer(ctx.db, order.userId);
      if (customer?.managerId !== mover.caller.id) throw new AppError('NOT_FOUND', NO_ORDER);
    }
  }
  return order;
}

/** The permission entries of an action's `by` list. */
const permissionsOf = (action: OrderAction): Permission[] =>
  (ORDER_TRANSITIONS[action].by as readonly OrderActor[]).flatMap((a) => ('permission' in a ? [a.permission] : []));

/** Whether the table lets this mover take the action at all (the state aside). */
export function mayTake(mover: Mover, action: OrderAction): boolean {
  const by = ORDER_TRANSITIONS[action].by as readonly OrderActor[];
  if (mover.kind === 'customer') return by.some((a) => 'customer' in a);
  if (mover.kind === 'system') return by.some((a) => 'system' in a);
  return permissionsOf(action).some((p) => can(mover.caller.roles, p));
}

/** The actions the mover may take on an order in this state now (the detail page's buttons). */
export function actionsFor(mover: Mover, state: OrderState): OrderAction[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderAction[]).filter((a) => canLeave(a, state) && mayTake(mover, a));
}

/** 客户经理 王经理: the role under which a staff member acted (holding one of `permissions`), and their name, as the timeline shows it. */
function staffTitle(caller: StaffCaller, permissions: readonly Permission[]): string {
  const holders = permissions.flatMap((p) => PERMISSIONS[p] as readonly string[]);
  const role = caller.roles.find((r) => holders.includes(r)) ?? caller.roles[0];
  return role ? `${STAFF_ROLE_NAMES[role]} ${caller.name}` : caller.name;
}

/** The audit log's and the timeline's actor for a mover acting under one of `permissions` (also for samples and files, ADR 0041). */
export function moverActor(mover: Mover, permissions: readonly Permission[]): Actor {
  if (mover.kind === 'customer') return { kind: 'customer', id: mover.userId, name: mover.name };
  if (mover.kind === 'staff') return { kind: 'staff', id: mover.caller.id, name: staffTitle(mover.caller, permissions) };
  return SYSTEM;
}

const actorOf = (mover: Mover, action: OrderAction): Actor => moverActor(mover, permissionsOf(action));

export const staleMessage = (state: OrderState) => `订单状态已变化（当前为「${ORDER_STATE_NAMES[state]}」），请刷新后重试`;

export interface MoveOptions {
  /** The state the actor saw (the console sends it): another state answers 409 even if the action could leave it. */
  expect?: OrderState;
  note?: string;
  /** Changes made with the move, under the order's lock and before the next state is computed (a quote prices the lines). */
  apply?: (t: AppContext, order: OrderRow) => Promise<Record<string, [unknown, unknown]>>;
  /** The order as the caller locked and reached it for this mover in the same transaction (not locked and read again). */
  locked?: OrderRow;
}

/** Every line of the order has its amount: nothing waits for a quote. */
async function allPriced(t: AppContext, orderId: number): Promise<boolean> {
  return (await repo.listLines(t.db, orderId)).every((l) => l.amountFen !== null);
}

/**
 * Moves an order by one action of the transition table, inside the caller's
 * transaction (or its own): locks the order, checks reach (404), who may
 * (403) and the state (409), computes the next state from the order's facts,
 * writes it with a compare-and-set on the state it read, and writes the
 * timeline and the audit log in the same transaction.
 */
export async function moveOrder(
  ctx: AppContext,
  mover: Mover,
  orderId: number,
  action: OrderAction,
  opts: MoveOptions = {},
): Promise<OrderRow> {
  const result = await ctx.tx(async (t) => {
    const order = opts.locked?.id === orderId ? opts.locked : await reachable(t, mover, await repo.lockOrder(t.db, orderId));
    if (!mayTake(mover, action)) throw new AppError('FORBIDDEN', '您没有权限执行此操作');
    const from = order.state;
    if ((opts.expect !== undefined && opts.expect !== from) || !canLeave(action, from)) throw new AppError('CONFLICT', staleMessage(from));
    const note = opts.note?.trim() ?? '';
    if ((ORDER_TRANSITIONS[action] as OrderTransition).note === 'required' && !note)
      throw new AppError('INVALID', action === 'cancel' ? '[取消原因]不能为空' : '[备注]不能为空');
    const extra = opts.apply ? await opts.apply(t, order) : {};
    // The order's facts matter only to an action whose next state depends on them (submit); the lines are read for those.
    const decides = typeof ORDER_TRANSITIONS[action].to === 'function';
    const to = nextOrderState(action, { kind: order.kind, delivery: order.delivery, priced: decides && (await allPriced(t, order.id)) });
    const at = t.clock();
    const moved = await repo.moveState(t.db, order.id, from, to, at);
    // The lock makes this unreachable on one database; kept so a change of locking can never move an order twice.
    if (!moved) throw new AppError('CONFLICT', staleMessage(from));
    const actor = actorOf(mover, action);
    await repo.insertEvent(t.db, {
      orderId: order.id,
      at,
      actorKind: actor.kind,
      actorId: actor.id,
      actorName: actor.name,
      action,
      fromState: from,
      toState: to,
      note,
    });
    await recordStateMove(t, {
      actor,
      objectType: 'order',
      objectId: order.id,
      action,
      from,
      to,
      note,
      changes: extra,
      ip: mover.kind === 'system' ? '' : mover.ip,
    });
    // The samples follow (确认收样 signs the ones still out, 开始实验, 交付数据 keeps them), and 交付数据 needs a reviewed file.
    await afterOrderMove(t, mover, moved, action);
    // The money follows (ADR 0050): 确认数据 bills an institution's order, 确认收款 records the bank transfer, 取消 of a prepaid order owes its refund.
    await afterOrderMoveMoney(t, moved, action, mover.kind === 'staff' ? mover.caller.id : null, note);
    // Customer notices of this action (ADR 0046): the in-site message and the queued SMS/e-mail commit with the move.
    await notifyOrder(t, moved, action);
    return moved;
  });
  ctx.jobs.wake();
  return result;
}
