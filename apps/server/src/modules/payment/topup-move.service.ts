// A top-up's state (ADR 0050): the one writer of its moves, the customer's
// prestore/close and finance's answer to a bank transfer.
import { TOPUP_METHOD_NAMES, TOPUP_STATE_NAMES, TOPUP_TRANSITIONS, type TopupAction, type TopupState } from '@yance/contracts/ledger';
import type { TopupEntry } from '@yance/contracts/topup';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { actorOf, defineMachine, type Mover } from '../../lib/state-machine.ts';
import { enqueue } from '../job/index.ts';
import * as ledger from '../ledger/index.ts';
import { customerMover, lockCustomerOrder } from '../order/index.ts';
import { customerActor } from './customer-actor.ts';
import { orderMoney } from './order-facts.ts';
import { payFromTrade } from './order-payment.service.ts';
import * as repo from './topup.repository.ts';
import type { TopupRow } from './topup.repository.ts';
import { toTopupEntry } from './topup-entry.ts';

type TopupMover = Mover;

/** The top-up's machine (ADR 0050, ADR 0058): its table, its row's compare-and-set, the method each action takes. */
export const topupMachine = defineMachine<AppContext, TopupRow, TopupState, typeof TOPUP_TRANSITIONS>({
  objectType: 'topup',
  table: TOPUP_TRANSITIONS,
  names: TOPUP_STATE_NAMES,
  noun: '充值单',
  missing: '充值单不存在',
  lock: (t, id) => repo.lockTopup(t.db, id),
  reach: (_t, mover, row) => mover.kind !== 'customer' || row.userId === mover.userId,
  write: (t, row, from, to, at, set) =>
    repo.moveTopup(t.db, row.id, from, {
      state: to,
      note: (set.note as string) || row.note,
      staffId: (set.staffId as number | null | undefined) ?? row.staffId,
      creditedAt: to === 'credited' ? at : row.creditedAt,
      gatewayTradeNo: (set.gatewayTradeNo as string | undefined) ?? row.gatewayTradeNo,
      callback: (set.callback as TopupRow['callback'] | undefined) ?? row.callback,
    }),
  // A transfer is answered by finance, an online trade by its gateway: the action must suit the method.
  check: async (_t, _mover, row, action) => {
    if (!(TOPUP_TRANSITIONS[action].methods as readonly string[]).includes(row.method))
      throw new AppError('CONFLICT', `该充值单为${TOPUP_METHOD_NAMES[row.method]}，不能${TOPUP_TRANSITIONS[action].label}`);
  },
  noteMissing: () => '[驳回原因]不能为空',
  audience: async (t, row, action) => {
    if (!row.payOrderIds.length) return { userId: row.userId, orderId: null, vars: { no: row.no, what: '充值单' } };
    // A trade that pays 待付款 orders is an order payment, not a top-up: the order's own notice (订单已支付) tells of it,
    // in the same transaction. Only when no order is waiting for it any more is the customer told the money stayed.
    const waiting = (await orderMoney(t.db, row.payOrderIds)).some((m) => m.state === 'unpaid');
    return action === 'pay' && waiting ? null : { userId: row.userId, orderId: null, vars: { no: row.no, what: '订单支付单' } };
  },
  actor: async (t, mover, row, permissions) => (mover.kind === 'customer' ? customerActor(t, row.userId) : actorOf(mover, permissions)),
});

/**
 * The one writer of a top-up's state (ADR 0050): the machine's move (the
 * table's from and actor, the method, a compare-and-set, the audit row) — and
 * on pay/confirm the credit (and the tier's bonus as its own line) — all in
 * t's transaction. The row must be locked by the caller.
 */
export async function moveTopup(
  t: AppContext,
  mover: TopupMover,
  row: TopupRow,
  action: TopupAction,
  extra: { note?: string; gatewayTradeNo?: string; callback?: unknown } = {},
): Promise<TopupRow> {
  const note = extra.note?.trim() ?? '';
  const moved = await topupMachine.move(t, mover, row, action, {
    locked: row,
    note,
    set: {
      ...(note ? { note } : {}),
      ...(mover.kind === 'staff' ? { staffId: mover.caller.id } : {}),
      ...(extra.gatewayTradeNo !== undefined ? { gatewayTradeNo: extra.gatewayTradeNo } : {}),
      ...(extra.callback !== undefined ? { callback: extra.callback } : {}),
    },
  });
  const credited = moved.state === 'credited';
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
      // An order's online payment reads as one in the statement too (issue 21), not as a 充值.
      memo: `${row.payOrderIds.length ? '订单在线支付' : row.method === 'online' ? '在线充值' : '对公转账充值'} ${row.no}`,
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
  return moved;
}

/** prestore/close: the customer closes a pending top-up (an online trade they will not pay, a transfer sent by mistake). */
export async function closeTopup(ctx: AppContext, userId: number, id: number, ip: string): Promise<TopupEntry> {
  return ctx.tx(async (t) => {
    const row = await repo.lockTopup(t.db, id);
    if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', '充值单不存在');
    return toTopupEntry(await moveTopup(t, { kind: 'customer', userId, name: '', ip }, row, 'close'));
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
