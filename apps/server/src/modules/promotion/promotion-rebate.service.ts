// Rebates (返利, ADR 0055, ADR 0069): one per payment entry of an invited
// customer's order, into the earner's wallet — a promoter's at the promotion
// settings, or an inviter's at the invitation programme's (the invite module
// asks with earnRebate) — released N days after the order completed (the
// hourly promotion.release job), reversed when the order is refunded. Every
// movement of a wallet takes the wallet's row lock first.
import { formatFen } from '@yance/contracts/money';
import { REBATE_KIND_NAMES, REBATE_STATE_NAMES, REBATE_TRANSITIONS, rebateOf, rebateRefusal } from '@yance/contracts/promotion-states';
import type { RebateAction, RebateKind, RebateState } from '@yance/contracts/promotion-states';
import type { LedgerEntryKind } from '@yance/contracts/ledger';
import type { OrderAction, OrderState } from '@yance/contracts/order-states';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { defineMachine, SYSTEM_MOVER, type Mover } from '../../lib/state-machine.ts';
import * as ledger from '../ledger/index.ts';
import { inviterOf } from '../user/index.ts';
import type { JobHandlers } from '../job/index.ts';
import * as repo from './promotion.repository.ts';
import type { RebateRow, WalletRow } from './promotion.repository.ts';
import { getPromotionSettings, tell } from './promotion.service.ts';

/** The rebate's machine: every move the system's; a release only for a 已完成 order (the table's gate). */
export const rebateMachine = defineMachine<AppContext, RebateRow, RebateState, typeof REBATE_TRANSITIONS>({
  objectType: 'rebate',
  table: REBATE_TRANSITIONS,
  names: REBATE_STATE_NAMES,
  noun: '返利',
  missing: '返利不存在',
  lock: (t, id) => repo.lockRebate(t.db, id),
  write: (t, row, from, to, _at, set) => repo.moveRebate(t.db, row.id, from, { ...set, state: to }),
  parent: {
    state: async (t, row) => (await repo.orderStateOf(t.db, row.orderId))!,
    refused: (state, action) => rebateRefusal(action as RebateAction, state as OrderState) ?? '',
  },
});

/** What every rebate move's audit row carries besides the state. */
const rebateChanges = (r: RebateRow): Record<string, [unknown, unknown]> => ({
  amountFen: [null, r.amountFen],
  orderId: [null, r.orderId],
});

/** The entries of an order that are its customer's payments: each earns one rebate. */
export const PAYMENT_KINDS: readonly LedgerEntryKind[] = ['orderPay', 'settle', 'bankReceipt', 'adjustPay'];
/** The order's moves after which it may hold a payment not yet rebated (a 补差价 paid before 确认数据 included). */
export const PAID_ACTIONS: readonly OrderAction[] = ['pay', 'settle', 'markPaid', 'confirmData'];

/** A payment's rebate, as its earner's programme sets it. */
export interface RebateTerms {
  kind: RebateKind;
  /** Who earns: the promoter, or the inviter. */
  earnerId: number;
  rateBp: number;
  holdDays: number;
}

/**
 * Earns one payment entry's rebate (the entry's own money less its coupon
 * and points, at the terms' rate, rounded down to the fen) into the earner's
 * walletPending: the rebate row on the machine (`earn`), the ledger entry in
 * the same transaction. Once per entry — the unique entry makes a repeat a
 * no-op (false). The earner's wallet row is made with the first.
 */
export async function earnRebate(
  t: AppContext,
  order: { id: number; no: string; userId: number },
  entry: { id: number; amountFen: number },
  terms: RebateTerms,
): Promise<boolean> {
  const amount = rebateOf(entry.amountFen, terms.rateBp);
  if (amount <= 0 || terms.earnerId === order.userId) return false;
  const row = await repo.insertRebate(t.db, {
    promoterId: terms.earnerId,
    customerId: order.userId,
    orderId: order.id,
    paymentEntryId: entry.id,
    kind: terms.kind,
    baseFen: entry.amountFen as RebateRow['baseFen'],
    rateBp: terms.rateBp,
    holdDays: terms.holdDays,
    amountFen: amount as RebateRow['amountFen'],
    state: REBATE_TRANSITIONS.earn.to,
    createdAt: t.clock(),
  });
  if (!row) return false;
  await repo.ensureWallet(t.db, terms.earnerId, t.clock());
  await ledger.postEntry(t, {
    kind: 'rebateEarn',
    memo: `订单 ${order.no} ${REBATE_KIND_NAMES[terms.kind]}（${(terms.rateBp / 100).toFixed(2)}%，待入账）`,
    userId: terms.earnerId,
    orderId: order.id,
    lines: [
      { account: { kind: 'rebate' }, amountFen: -amount },
      { account: ledger.walletPendingOf(terms.earnerId), amountFen: amount },
    ],
  });
  await rebateMachine.created(t, SYSTEM_MOVER, row, 'earn', { changes: { ...rebateChanges(row), kind: [null, row.kind] } });
  return true;
}

/** The rate an approved promoter earns now (null: the customer is not one) — the invitation compares its own with it. */
export async function approvedPromoterRate(t: AppContext, userId: number): Promise<number | null> {
  const p = await repo.findPromoterByUser(t.db, userId);
  return p?.state === 'approved' ? (await getPromotionSettings(t)).rateBp : null;
}

/** The order completed now: its pending rebates become due their own hold days later. */
export const startRebateClock = (t: AppContext, orderId: number) => repo.setReleaseAt(t.db, orderId, t.clock());

/** What a kind of rebate earned (one earner's or anyone's) from each customer (reversed ones excluded), with the first one's time. */
export const rebatesByCustomer = (ctx: AppContext, f: { earnerId?: number; kind: RebateKind; customerIds?: readonly number[] }) =>
  repo.rebatesByCustomer(ctx.db, f);

/**
 * Runs inside the order's move (payment's afterOrderMoveMoney, under the
 * order's lock, ADR 0055). A payment of a promoter's invited customer earns
 * the promoter's rebate once per payment entry — unless the invitation
 * programme (ADR 0069, subscribed before this) has earned it already; an
 * order that completed starts its rebates' hold; a cancelled order's rebates
 * are reversed.
 */
export async function afterOrderMovePromotion(
  t: AppContext,
  order: { id: number; no: string; userId: number; state: string },
  action: OrderAction,
): Promise<void> {
  if (action === 'cancel') return reverseRebatesOfOrder(t, order);
  if (!PAID_ACTIONS.includes(action)) return;
  // A customer invited by nobody has no promoter: known without a statement after their first payment (ADR 0066).
  if ((await inviterOf(t, order.userId)) === null) return;
  const promoterId = await repo.activePromoterOf(t.db, order.userId);
  if (promoterId !== undefined && promoterId !== order.userId) {
    const s = await getPromotionSettings(t);
    const done = await repo.rebatedEntries(t.db, order.id);
    for (const e of await ledger.orderEntries(t, order.id, PAYMENT_KINDS)) {
      if (done.has(e.id)) continue;
      await earnRebate(t, order, e, { kind: 'promoter', earnerId: promoterId, rateBp: s.rateBp, holdDays: s.pendingDays });
    }
  }
  if (order.state === 'completed') await startRebateClock(t, order.id);
}

/** Takes a reversed rebate's money back: what is owed beyond the wallet is recorded on the wallet (locked by the caller). */
async function takeBack(t: AppContext, r: RebateRow, w: WalletRow, order: { id: number; no: string }, owed: number): Promise<void> {
  const memo = `订单 ${order.no} 退款，返利冲回`;
  const take = r.amountFen - owed;
  const from = r.state === 'pending' ? ledger.walletPendingOf(r.promoterId) : ledger.walletOf(r.promoterId);
  if (take > 0)
    await ledger.postEntry(t, {
      kind: 'rebateReverse',
      memo: `${memo}${owed ? `（另有 ${formatFen(owed)} 从后续返利中扣回）` : ''}`,
      userId: r.promoterId,
      orderId: order.id,
      lines: [
        { account: from, amountFen: -take },
        { account: { kind: 'rebate' }, amountFen: take },
      ],
    });
  if (owed) await repo.setOwed(t.db, w.userId, w.owedFen + owed);
}

/**
 * A refunded (cancelled) order takes its rebates back: a pending one from
 * walletPending; an available one from the wallet as far as it reaches, the
 * rest recorded as owed (wallet.owed_fen) and taken from the next releases —
 * the wallet never goes below zero. Under the wallet's lock.
 */
async function reverseRebatesOfOrder(t: AppContext, order: { id: number; no: string }): Promise<void> {
  for (const r of await repo.lockLiveRebatesOfOrder(t.db, order.id)) {
    const w = await repo.lockWallet(t.db, r.promoterId);
    if (!w) continue;
    // Read under the wallet's lock: every mover of this wallet holds it, so the balance cannot change meanwhile.
    const owed = r.state === 'pending' ? 0 : r.amountFen - Math.min(await ledger.balanceOf(t, ledger.walletOf(r.promoterId)), r.amountFen);
    await rebateMachine.move(t, SYSTEM_MOVER, r, 'reverse', {
      locked: r,
      note: owed ? `待扣回 ${formatFen(owed)}` : '',
      apply: async () => {
        await takeBack(t, r, w, order, owed);
        return rebateChanges(r);
      },
      set: { reversedAt: t.clock() },
    });
    await tell(
      t,
      r.promoterId,
      `rebate:${r.id}:reverse`,
      `${REBATE_KIND_NAMES[r.kind]}已冲回`,
      `订单 ${order.no} 已退款，返利 ${formatFen(r.amountFen)} 已冲回${owed ? `，其中 ${formatFen(owed)} 将从后续返利中扣回` : ''}。`,
    );
  }
}

const RELEASE_BATCH = 200;

/**
 * The promotion.release job (hourly; also the console's 到期入账): rebates
 * whose order completed their hold days ago move by the table's `release`
 * (pending, a 已完成 order) from walletPending to the wallet, one transaction
 * per earner under their wallet's lock; what the earner owes from reversed
 * rebates is taken first. A rebate the machine refuses stays where it is; the
 * others go.
 */
export async function releaseDueRebates(ctx: AppContext, mover: Mover = SYSTEM_MOVER): Promise<number> {
  const now = ctx.clock();
  let released = 0;
  for (const earnerId of await repo.promotersWithDueRebates(ctx.db, now, RELEASE_BATCH)) {
    released += await ctx.tx(async (t) => {
      const w = await repo.lockWallet(t.db, earnerId);
      if (!w) return 0;
      const rows: RebateRow[] = [];
      for (const r of await repo.lockDueRebates(t.db, earnerId, now)) {
        try {
          rows.push(
            await rebateMachine.move(t, mover, r, 'release', {
              locked: r,
              apply: async () => rebateChanges(r),
              set: { releasedAt: t.clock() },
            }),
          );
        } catch (err) {
          // Refused before anything was written (its state or its order's): left for a person to look at.
          if (!(err instanceof AppError && err.kind === 'CONFLICT')) throw err;
          t.log.warn({ rebateId: r.id, why: err.message }, 'rebate not released');
        }
      }
      if (!rows.length) return 0;
      const total = rows.reduce((n, r) => n + r.amountFen, 0);
      const offset = Math.min(w.owedFen, total);
      await ledger.postEntry(t, {
        kind: 'rebateRelease',
        memo: `${rows.length} 笔返利入账${offset ? `（扣回冲回欠款 ${formatFen(offset)}）` : ''}`,
        userId: earnerId,
        lines: [
          { account: ledger.walletPendingOf(earnerId), amountFen: -total },
          { account: ledger.walletOf(earnerId), amountFen: total - offset },
          { account: { kind: 'rebate' }, amountFen: offset },
        ],
      });
      if (offset) await repo.setOwed(t.db, earnerId, w.owedFen - offset);
      await tell(
        t,
        earnerId,
        `release:${rows[0]!.id}`,
        '返利已入账',
        `${rows.length} 笔返利共 ${formatFen(total - offset)} 已转入可提现余额。`,
      );
      return rows.length;
    });
  }
  if (released) ctx.log.info({ released }, 'promotion release');
  return released;
}

export const promotionJobs = {
  'promotion.release': async (ctx) => {
    await releaseDueRebates(ctx);
  },
} satisfies JobHandlers;
