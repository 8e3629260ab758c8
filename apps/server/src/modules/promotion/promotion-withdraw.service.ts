// Withdrawals (提现, ADR 0055, ADR 0058, ADR 0069): a wallet's holder (a
// promoter, or an inviter who earned) asks — the amount leaves the wallet for
// the shop's payout account at once — and finance
// (withdraw.manage) approves, rejects (back to the wallet) or records the bank
// transfer. Every change of a withdrawal's state is withdrawalMachine.move (or
// .created for the request), the money of the move under the row's lock, with
// the audit row; the promoter's in-site message subscribes to its moves.
import { formatFen } from '@yance/contracts/money';
import {
  WITHDRAW_STATE_NAMES,
  WITHDRAW_TRANSITIONS,
  withdrawNo,
  type WithdrawAction,
  type WithdrawState,
} from '@yance/contracts/promotion-states';
import type { WithdrawEntry } from '@yance/contracts/promotion';
import type { Page } from '@yance/contracts/paging';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { defineMachine } from '../../lib/state-machine.ts';
import * as ledger from '../ledger/index.ts';
import * as repo from './promotion.repository.ts';
import type { WithdrawalRow } from './promotion.repository.ts';
import { customerActor, getPromotionSettings, walletReader } from './promotion.service.ts';

export const NO_WITHDRAWAL = '提现申请不存在';
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The withdrawal's machine: a customer reaches only their own; finance moves it. */
export const withdrawalMachine = defineMachine<AppContext, WithdrawalRow, WithdrawState, typeof WITHDRAW_TRANSITIONS>({
  objectType: 'withdrawal',
  table: WITHDRAW_TRANSITIONS,
  names: WITHDRAW_STATE_NAMES,
  noun: '提现申请',
  missing: NO_WITHDRAWAL,
  lock: (t, id) => repo.lockWithdrawal(t.db, id),
  reach: (_t, mover, row) => mover.kind !== 'customer' || row.userId === mover.userId,
  write: (t, row, from, to, _at, set) => repo.moveWithdrawal(t.db, row.id, from, { ...set, state: to }),
  noteMissing: () => '[驳回原因]不能为空',
  // The customer hears of finance's move: the NOTICES table's words.
  audience: (_t, w) => ({
    userId: w.userId,
    orderId: null,
    vars: { no: withdrawNo(w.id), amount: formatFen(w.amountFen), to: `${w.bank} ${maskAccount(w.account)}` },
  }),
});

const maskAccount = (a: string) => (a.length > 4 ? `**** ${a.slice(-4)}` : a);

export const toWithdrawEntry = (w: WithdrawalRow, fullAccount = false): WithdrawEntry => ({
  id: w.id,
  no: withdrawNo(w.id),
  amountFen: w.amountFen,
  holder: w.holder,
  bank: w.bank,
  account: fullAccount ? w.account : maskAccount(w.account),
  state: w.state,
  note: w.note,
  reference: w.reference,
  createdAt: w.createdAt.toISOString(),
  decidedAt: iso(w.decidedAt),
  paidAt: iso(w.paidAt),
});

/**
 * promotion/withdraw: at least the minimum, at most what is available: the
 * amount leaves the wallet for payout in the same transaction (the ledger's
 * conditional UPDATE refuses more than the balance, so two requests at once
 * can never spend it twice). Once per idempotency key.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  userId: number,
  body: { amountFen: number; holder: string; bank: string; account: string; idempotencyKey: string },
  ip: string,
): Promise<WithdrawEntry> {
  const { idempotencyKey, ...rest } = body;
  return ledger.once(ctx, { userId }, idempotencyKey, 'promotion/withdraw', rest, async (t) => {
    // A customer with no wallet (never earned, never a promoter) has nothing to withdraw; then the wallet's lock,
    // which every mover of it takes first (an approved promoter's row is made here if they never earned).
    await walletReader(t, userId);
    await repo.ensureWallet(t.db, userId, t.clock());
    await repo.lockWallet(t.db, userId);
    const s = await getPromotionSettings(t);
    if (body.amountFen < s.minWithdrawFen) throw new AppError('INVALID', `[提现金额]不能低于${formatFen(s.minWithdrawFen)}`);
    const row = await repo.insertWithdrawal(t.db, {
      userId,
      amountFen: body.amountFen as WithdrawalRow['amountFen'],
      holder: body.holder,
      bank: body.bank,
      account: body.account,
      state: WITHDRAW_TRANSITIONS.request.to,
      createdAt: t.clock(),
    });
    await ledger.postEntry(t, {
      kind: 'withdrawRequest',
      memo: `提现申请 ${withdrawNo(row.id)}`,
      userId,
      lines: [
        { account: ledger.walletOf(userId), amountFen: -body.amountFen },
        { account: { kind: 'payout' }, amountFen: body.amountFen },
      ],
    });
    const mover = { kind: 'customer' as const, userId, name: (await customerActor(t, userId)).name, ip };
    await withdrawalMachine.created(t, mover, row, 'request', {
      changes: { amountFen: [null, row.amountFen], bank: [null, row.bank], account: [null, maskAccount(row.account)] },
    });
    return toWithdrawEntry(row);
  });
}

export async function myWithdrawals(ctx: AppContext, userId: number, q: { page: number; pageSize: number }): Promise<Page<WithdrawEntry>> {
  await walletReader(ctx, userId);
  const { rows, total } = await repo.pageWithdrawals(ctx.db, userId, q.pageSize, (q.page - 1) * q.pageSize);
  return { list: rows.map((w) => toWithdrawEntry(w)), total, page: q.page, pageSize: q.pageSize };
}

/** The money of finance's move, under the withdrawal's lock: a rejection returns it to the wallet (under the wallet's lock), a payment leaves for the bank. */
async function moneyOf(
  t: AppContext,
  w: WithdrawalRow,
  action: WithdrawAction,
  staffId: number,
  fields: { note?: string; reference?: string },
) {
  const no = withdrawNo(w.id);
  if (action === 'reject') {
    await repo.lockWallet(t.db, w.userId);
    await ledger.postEntry(t, {
      kind: 'withdrawReturn',
      memo: `提现 ${no} 驳回，退回钱包（${fields.note ?? ''}）`,
      userId: w.userId,
      staffId,
      lines: [
        { account: { kind: 'payout' }, amountFen: -w.amountFen },
        { account: ledger.walletOf(w.userId), amountFen: w.amountFen },
      ],
    });
  }
  if (action === 'pay')
    await ledger.postEntry(t, {
      kind: 'withdrawPaid',
      memo: `提现 ${no} 已打款（流水号 ${fields.reference ?? ''}）`,
      userId: w.userId,
      staffId,
      lines: [
        { account: { kind: 'bank' }, amountFen: -w.amountFen },
        { account: { kind: 'payout' }, amountFen: w.amountFen },
      ],
    });
}

/** Finance's move of a withdrawal (approve, reject with a reason, pay with the transfer's reference), in t's transaction. */
export async function moveWithdrawal(
  t: AppContext,
  caller: StaffCaller,
  id: number,
  action: Exclude<WithdrawAction, 'request'>,
  fields: { note?: string; reference?: string },
  ip: string,
): Promise<WithdrawalRow> {
  const at = t.clock();
  return withdrawalMachine.move(t, { kind: 'staff', caller, ip }, id, action, {
    note: fields.note,
    apply: (t, w) => moneyOf(t, w, action, caller.id, fields),
    set: {
      staffId: caller.id,
      ...(action === 'pay' ? { paidAt: at, reference: fields.reference ?? '' } : { decidedAt: at }),
      ...(action === 'reject' ? { note: fields.note ?? '' } : {}),
    },
  });
}
