// The account manager's call after the lab received an order's samples
// (product.md: 已收样 — the manager calls within 2 h; ADR 0046). The call is a
// timeline event, not a transition: the order's state stays.
import { CALL_WITHIN_HOURS, type CallTask } from '@yance/contracts/call-task';
import { seesAllOrders } from '@yance/contracts/order';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { customerName, reachable } from './order-transition.ts';
import { findCallTasks, type CallTaskRow } from './order-call.repository.ts';
import * as repo from './order.repository.ts';

const HOUR_MS = 3_600_000;

const taskOf = (r: CallTaskRow): CallTask => {
  const at = new Date(r.receivedAt);
  return {
    orderId: r.orderId,
    orderNo: r.orderNo,
    customerName: customerName(r),
    customerPhone: r.phone,
    company: r.company,
    receivedAt: at.toISOString(),
    dueAt: new Date(at.getTime() + CALL_WITHIN_HOURS * HOUR_MS).toISOString(),
  };
};

/** order/callTasks: the caller's customers' orders waiting for the call (admin: everyone's). */
export async function listCallTasks(ctx: AppContext, caller: StaffCaller): Promise<{ list: CallTask[] }> {
  const own = seesAllOrders(caller.roles) ? undefined : caller.id;
  return { list: (await findCallTasks(ctx.db, own)).map(taskOf) };
}

/**
 * order/called: records the call on the order's timeline (state unchanged)
 * and in the audit log, in one transaction under the order's lock. Another
 * manager's customer answers as a missing order; an order not waiting for a
 * call (not received, or called already) answers 409.
 */
export async function recordCall(ctx: AppContext, caller: StaffCaller, orderId: number, note: string, ip: string): Promise<CallTask> {
  return ctx.tx(async (t) => {
    const order = await reachable(t, { kind: 'staff', caller }, await repo.lockOrder(t.db, orderId));
    const [task] = await findCallTasks(t.db, undefined, order.id);
    if (!task) throw new AppError('CONFLICT', '该订单不在待致电列表中（未收样或已记录致电），请刷新后重试');
    const at = t.clock();
    const actorName = `客户经理 ${caller.name}`;
    await repo.insertEvent(t.db, {
      orderId: order.id,
      at,
      actorKind: 'staff',
      actorId: caller.id,
      actorName,
      action: 'called',
      fromState: order.state,
      toState: order.state,
      note: note.trim(),
    });
    await recordAudit(t, {
      actor: { kind: 'staff', id: caller.id, name: actorName },
      action: 'order.called',
      objectType: 'order',
      objectId: order.id,
      changes: { called: [null, at.toISOString()], ...(note.trim() ? { note: [null, note.trim()] } : {}) },
      ip,
    });
    return taskOf(task);
  });
}
