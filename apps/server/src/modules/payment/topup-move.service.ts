// A top-up's state (ADR 0050): the one writer of its moves, the customer's
// prestore/close and finance's answer to a bank transfer.
import { TOPUP_TRANSITIONS, type TopupAction, type TopupTransition } from '@yance/contracts/ledger';
import type { TopupEntry } from '@yance/contracts/prestore';
import { can, type Permission } from '@yance/contracts/staff';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStateMove, SYSTEM, type Actor } from '../audit/audit.service.ts';
import { enqueue } from '../job/job.service.ts';
import * as ledger from '../ledger/ledger.service.ts';
import { customerMover, lockCustomerOrder } from '../order/order.service.ts';
import { customerActor } from './customer-actor.ts';
import { payFromTrade } from './order-payment.service.ts';
import * as repo from './topup.repository.ts';
import type { TopupRow } from './topup.repository.ts';
import { toTopupEntry } from './topup.service.ts';

type TopupMover =
  { kind: 'customer'; userId: number; ip: string } | { kind: 'staff'; caller: StaffCaller; ip: string } | { kind: 'system' };

const mayMoveTopup = (mover: TopupMover, t: TopupTransition) =>
  t.by.some((who) =>
    'customer' in who
      ? mover.kind === 'customer'
      : 'system' in who
        ? mover.kind === 'system'
        : mover.kind === 'staff' && can(mover.caller.roles, who.permission as Permission),
  );

/**
 * The one writer of a top-up's state (ADR 0050): the table's from, method and
 * actor, a compare-and-set, the audit row — and on pay/confirm the credit
 * (and the tier's bonus as its own line) — all in t's transaction. The row must be locked by the caller.
 */
export async function moveTopup(
  t: AppContext,
  mover: TopupMover,
  row: TopupRow,
  action: TopupAction,
  extra: { note?: string; gatewayTradeNo?: string; callback?: unknown } = {},
): Promise<TopupRow> {
  const tr: TopupTransition = TOPUP_TRANSITIONS[action];
  if (!mayMoveTopup(mover, tr)) throw new AppError('FORBIDDEN', '您没有权限执行此操作');
  if (!tr.methods.includes(row.method) || !tr.from.includes(row.state))
    throw new AppError(
      'CONFLICT',
      `该充值单当前为「${row.state === 'credited' ? '已到账' : row.state === 'rejected' ? '已驳回' : row.state === 'closed' ? '已关闭' : '待到账'}」，不能${tr.label}`,
    );
  const note = extra.note?.trim() ?? '';
  if (tr.note === 'required' && !note) throw new AppError('INVALID', '[驳回原因]不能为空');
  const at = t.clock();
  const credited = tr.to === 'credited';
  const moved = await repo.moveTopup(t.db, row.id, row.state, {
    state: tr.to,
    note: note || row.note,
    staffId: mover.kind === 'staff' ? mover.caller.id : row.staffId,
    creditedAt: credited ? at : row.creditedAt,
    gatewayTradeNo: extra.gatewayTradeNo ?? row.gatewayTradeNo,
    callback: (extra.callback as TopupRow['callback']) ?? row.callback,
  });
  if (!moved) throw new AppError('CONFLICT', '充值单已被处理，请刷新后重试');
  // The orders a trade pays are locked before the balance, as pay/order locks them (one lock order, no deadlock).
  if (credited && row.payOrderIds.length) {
    const owner = await customerMover(t, row.userId);
    for (const orderId of row.payOrderIds) await lockCustomerOrder(t, owner, orderId);
  }
  // 申请开票 ticked: the application follows in its own transaction (the invoice.topup job), with the customer's lock.
  if (credited && row.wantInvoice && row.payOrderIds.length === 0)
    await enqueue(t, 'invoice.topup', { topupId: row.id }, { dedupeKey: `invoice.topup:${row.id}` });
  if (credited) {
    const source: ledger.AccountRef = row.method === 'online' ? { kind: 'gateway', name: row.gateway ?? 'local' } : { kind: 'bank' };
    const staffId = mover.kind === 'staff' ? mover.caller.id : null;
    await ledger.postEntry(t, {
      kind: 'topup',
      memo: `${row.method === 'online' ? '在线充值' : '对公转账充值'} ${row.no}`,
      userId: row.userId,
      topupId: row.id,
      staffId,
      lines: [
        { account: source, amountFen: -row.amountFen },
        { account: ledger.prestoreOf(row.userId), amountFen: row.amountFen },
      ],
    });
    if (row.bonusFen > 0)
      await ledger.postEntry(t, {
        kind: 'topupBonus',
        memo: `充值赠送 ${row.no}`,
        userId: row.userId,
        topupId: row.id,
        staffId,
        lines: [
          { account: { kind: 'bonus' }, amountFen: -row.bonusFen },
          { account: ledger.prestoreOf(row.userId), amountFen: row.bonusFen },
        ],
      });
  }
  if (credited) t.afterCommit(() => t.metrics.paymentMade(row.method === 'online' ? 'topup_online' : 'topup_transfer'));
  if (credited) for (const orderId of row.payOrderIds) await payFromTrade(t, row, orderId);
  const actor: Actor =
    mover.kind === 'system'
      ? SYSTEM
      : mover.kind === 'staff'
        ? { kind: 'staff', id: mover.caller.id, name: mover.caller.name }
        : await customerActor(t, mover.userId);
  await recordStateMove(t, {
    actor,
    objectType: 'topup',
    objectId: row.id,
    action,
    from: row.state,
    to: tr.to,
    note,
    ip: mover.kind === 'system' ? '' : mover.ip,
  });
  return moved;
}

/** prestore/close: the customer closes a pending top-up (an online trade they will not pay, a transfer sent by mistake). */
export async function closeTopup(ctx: AppContext, userId: number, id: number, ip: string): Promise<TopupEntry> {
  return ctx.tx(async (t) => {
    const row = await repo.lockTopup(t.db, id);
    if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', '充值单不存在');
    return toTopupEntry(await moveTopup(t, { kind: 'customer', userId, ip }, row, 'close'));
  });
}

// ---- console: transfers --------------------------------------------------------------------

export async function answerTransfer(
  ctx: AppContext,
  caller: StaffCaller,
  action: 'confirm' | 'reject',
  body: { id: number; note?: string | undefined; idempotencyKey: string },
  ip: string,
): Promise<TopupEntry> {
  const { idempotencyKey, ...rest } = body;
  return ledger.once(ctx, { staffId: caller.id }, idempotencyKey, `topup/${action}`, rest, async (t) => {
    const row = await repo.lockTopup(t.db, body.id);
    if (!row) throw new AppError('NOT_FOUND', '充值单不存在');
    return toTopupEntry(await moveTopup(t, { kind: 'staff', caller, ip }, row, action, { note: body.note ?? '' }));
  });
}
