// What other modules use of orders (sampling, lab, payment, invoice, contract,
// evaluation, demand, reservation; the demo seed): the customer as a mover, an
// order found or locked for a mover who may reach it (404 otherwise), timeline
// entries that leave the state as it is, the customer's card and the order
// rules of order-transition.ts (moveOrder is the only way a state changes,
// ADR 0039). The customer's own order calls are order.service.ts.
import type { OrderKind, OrderState } from '@yance/contracts/order-states';
import type { SamplingEventAction } from '@yance/contracts/sampling';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../audit/index.ts';
import * as repo from './order.repository.ts';
import type { OrderRow } from './order.repository.ts';
import { customerName, NO_ORDER, reachable, type Mover } from './order-transition.ts';

export type { OrderRow } from './order.repository.ts';
/** The order's rules for modules that act on an order (the lab's samples and files, ADR 0041); customerName also for bookings. */
export { customerName, moveOrder, moverActor, type Mover } from './order-transition.ts';

/** The spec's words when the attestation form is not complete. */
export const ATTESTATION_NEEDED = '未完善基本信息无法正常下单';

export type CustomerMover = Extract<Mover, { kind: 'customer' }>;

/** The customer as a mover (the name the timeline keeps). */
export async function customerMover(ctx: AppContext, userId: number, ip = ''): Promise<CustomerMover> {
  const user = await repo.findOrderCustomer(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', '登录已过期，请重新登录');
  return { kind: 'customer', userId, name: customerName(user), ip };
}

/** The order, if the mover reaches it (404 otherwise). */
export async function findReachableOrder(ctx: AppContext, mover: Mover, id: number): Promise<OrderRow> {
  return reachable(ctx, mover, await repo.findOrder(ctx.db, id));
}

/** The order locked until the caller's transaction ends, if the mover reaches it (404 otherwise). */
export async function lockReachableOrder(t: AppContext, mover: Mover, id: number): Promise<OrderRow> {
  return reachable(t, mover, await repo.lockOrder(t.db, id));
}

/** One of the customer's orders; another customer's or a missing one is 404 (also for other modules: sampling). */
export async function findCustomerOrder(ctx: AppContext, mover: CustomerMover, id: number): Promise<OrderRow> {
  return findReachableOrder(ctx, mover, id);
}

/** Like findCustomerOrder, the order locked until the caller's transaction ends (writes that depend on its state). */
export async function lockCustomerOrder(t: AppContext, mover: CustomerMover, id: number): Promise<OrderRow> {
  return lockReachableOrder(t, mover, id);
}

/**
 * The customer as a mover and their order locked until the caller's transaction ends, read in one statement (the
 * payment's hot path, ADR 0066): what customerMover and then lockCustomerOrder answer; another customer's or a
 * missing order is 404.
 */
export async function lockOrderForCustomer(
  t: AppContext,
  userId: number,
  id: number,
  ip = '',
): Promise<{ mover: CustomerMover; order: OrderRow }> {
  const row = await repo.lockOrderWithCustomer(t.db, id, userId);
  if (!row) throw new AppError('NOT_FOUND', NO_ORDER);
  const mover: CustomerMover = { kind: 'customer', userId, name: customerName(row.customer), ip };
  return { mover, order: await reachable(t, mover, row.order) };
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

/** The customer's timeline entry that leaves the order's state as it is (a sampling request sent or cancelled), in the caller's transaction. */
export async function recordOrderNote(
  t: AppContext,
  mover: CustomerMover,
  order: OrderRow,
  action: SamplingEventAction,
  note: string,
): Promise<void> {
  await recordOrderEvent(t, { kind: 'customer', id: mover.userId, name: mover.name }, order, action, note);
}

/** When the order was last delivered (its 交付数据 entry), if it was. */
export async function deliveredAt(ctx: AppContext, orderId: number): Promise<Date | null> {
  return (await repo.listEvents(ctx.db, orderId)).filter((e) => e.action === 'deliver').at(-1)?.at ?? null;
}

/** The customer's name, phone, company and current manager (the console's columns; the demand and contract modules). */
export const customerCard = (ctx: AppContext, userId: number) => repo.findOrderCustomer(ctx.db, userId);

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

/** An order's state, read in the caller's transaction under its lock (the gate of its sampling requests and contract, ADR 0058). */
export const orderStateOf = async (t: AppContext, id: number) => (await repo.findOrder(t.db, id))?.state;

/** An order's number and customer (a notice's audience). */
export const orderBriefOf = async (t: AppContext, id: number) => {
  const o = await repo.findOrder(t.db, id);
  return o && { no: o.no, userId: o.userId };
};

/** An order's number (a notice's words). */
export const orderNoOf = async (t: AppContext, id: number) => (await orderBriefOf(t, id))?.no;

/** Whether the customer's next order is their first (the promotion rules' 新客户首单, issue 21): none sent and not cancelled. */
export const isFirstOrderOf = (ctx: AppContext, userId: number): Promise<boolean> => repo.isFirstOrder(ctx.db, userId);
