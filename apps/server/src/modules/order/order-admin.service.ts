import {
  seesAllOrders,
  type AdminOrderDetail,
  type AdminOrderListQuery,
  type AdminOrderListResponse,
  type OrderMoveBody,
  type OrderQuoteBody,
} from '@yance/contracts/order';
import type { OrderAction } from '@yance/contracts/order-states';
import type { Fen } from '@yance/contracts/money';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { detailOf, summariesOf } from './order-detail.service.ts';
import { ORDER_DETAIL_PARTS } from './order-detail-parts.ts';
import * as repo from './order.repository.ts';
import type { OrderRow } from './order.repository.ts';
import { moveOrder, reachable, type MoveOptions, type Mover } from './order-transition.ts';

export const staffMover = (caller: StaffCaller, ip = ''): Mover => ({ kind: 'staff', caller, ip });

/** The customer columns the console adds to an order. */
async function customerColumns(ctx: AppContext, userId: number) {
  const c = await repo.findOrderCustomer(ctx.db, userId);
  return {
    customerId: userId,
    customerName: c?.name ?? '',
    customerPhone: c?.phone ?? '',
    company: c?.company ?? '',
    managerName: c?.managerName ?? '',
  };
}

/** order/list in the console: every sent order, or a manager's customers' only; by state, customer and keyword, newest first. */
export async function adminOrderList(ctx: AppContext, caller: StaffCaller, q: AdminOrderListQuery): Promise<AdminOrderListResponse> {
  const filter: repo.OrderFilter = {
    userId: q.customerId,
    states: q.state ? [q.state] : undefined,
    managerId: seesAllOrders(caller.roles) ? undefined : caller.id,
    noDrafts: true,
    kw: q.kw || undefined,
    kwCustomer: true,
  };
  const { rows, total, more } = await repo.pageOrders(ctx.db, filter, q.page, q.pageSize);
  const list = (await summariesOf(ctx, rows)).map(({ row, ...s }) => ({
    ...s,
    customerId: row.userId,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    company: row.company,
    managerName: row.managerName ?? '',
  }));
  return { list, total, more, page: q.page, pageSize: q.pageSize };
}

async function adminDetailOf(ctx: AppContext, caller: StaffCaller, order: OrderRow): Promise<AdminOrderDetail> {
  return {
    ...(await detailOf(ctx, order, staffMover(caller))),
    files: await ctx.ports.get(ORDER_DETAIL_PARTS).adminFiles(ctx, order.id),
    ...(await customerColumns(ctx, order.userId)),
  };
}

/** order/detail in the console, with the actions this staff member may take now; an order out of reach is a 404. */
export async function adminOrderDetail(ctx: AppContext, caller: StaffCaller, id: number): Promise<AdminOrderDetail> {
  const order = await reachable(ctx, staffMover(caller), await repo.findOrder(ctx.db, id));
  return adminDetailOf(ctx, caller, order);
}

/** One console transition (confirmContract, markPaid, receive, startTesting, deliver, confirmData, cancel), then the detail as it now stands. */
export async function adminMove(
  ctx: AppContext,
  caller: StaffCaller,
  action: OrderAction,
  body: OrderMoveBody,
  ip: string,
  apply?: MoveOptions['apply'],
): Promise<AdminOrderDetail> {
  const order = await moveOrder(ctx, staffMover(caller, ip), body.id, action, { expect: body.expect, note: body.note, apply });
  return adminDetailOf(ctx, caller, order);
}

/** An order this staff member reaches (404 otherwise), locked until the caller's transaction ends when `lock` (the contract module). */
export async function staffOrder(ctx: AppContext, caller: StaffCaller, id: number, lock = false): Promise<OrderRow> {
  return reachable(ctx, staffMover(caller), await (lock ? repo.lockOrder(ctx.db, id) : repo.findOrder(ctx.db, id)));
}

/** The console's order detail as it now stands (after a change another module made). */
export const staffOrderDetail = (ctx: AppContext, caller: StaffCaller, order: OrderRow) => adminDetailOf(ctx, caller, order);

/**
 * order/quote: the manager prices the lines (every line waiting for a quote
 * must get one; priced lines may be corrected), the total is recomputed, and
 * the order moves on by the table — all under the order's lock.
 */
export async function adminQuote(ctx: AppContext, caller: StaffCaller, body: OrderQuoteBody, ip: string): Promise<AdminOrderDetail> {
  const order = await moveOrder(ctx, staffMover(caller, ip), body.id, 'quote', {
    expect: body.expect,
    note: body.note,
    apply: async (t, o) => {
      const lines = await repo.listLines(t.db, o.id);
      const known = new Set(lines.map((l) => l.id));
      const priced = new Map(body.lines.map((l) => [l.lineId, l.amount_fen]));
      if (priced.size !== body.lines.length) throw new AppError('INVALID', '同一项目不能重复报价');
      if ([...priced.keys()].some((id) => !known.has(id))) throw new AppError('INVALID', '报价的项目不属于该订单');
      const missing = lines.filter((l) => l.amountFen === null && !priced.has(l.id));
      if (missing.length) throw new AppError('INVALID', `请为待报价项目报价：${missing.map((l) => l.name).join('、')}`);
      for (const [lineId, amount] of priced) await repo.setLineAmount(t.db, o.id, lineId, amount);
      const amounts = lines.map((l) => (priced.get(l.id) ?? l.amountFen) as number);
      const total = amounts.reduce((s, a) => s + a, 0);
      if (total > 1_000_000_000) throw new AppError('INVALID', '订单金额超出上限');
      await repo.updateOrder(t.db, o.id, { totalFen: total as Fen, updatedAt: t.clock() });
      return { totalFen: [o.totalFen, total] };
    },
  });
  return adminDetailOf(ctx, caller, order);
}
