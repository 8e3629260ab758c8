// Promotion (推广, issue 10, ADR 0055, ADR 0058): a customer applies to be a
// promoter (promotion-promoter.service.ts); an approved promoter earns a
// rebate on each payment of the customers they invited (walletPending),
// released to the wallet N days after the order completed (the hourly
// promotion.release job), reversed when the order is refunded; withdrawals
// (promotion-withdraw.service.ts) leave the wallet for the shop's payout
// account at once. Every state change is a move of the object's machine on
// the one engine (the contracts' tables), with the audit row in the same
// transaction. Every movement of a promoter's wallet takes the promoter's row
// lock first. Here: the settings, the promoter's reads, and the rebates.
import {
  REBATE_STATE_NAMES,
  REBATE_TRANSITIONS,
  rebateOf,
  rebateRefusal,
  type RebateAction,
  type RebateState,
} from '@yance/contracts/promotion-states';
import {
  DEFAULT_PROMOTION_SETTINGS,
  promotionSettings,
  type PromoterEntry,
  type PromotionInfo,
  type PromotionSettings,
  type RebateEntry,
} from '@yance/contracts/promotion';
import { maskPhone } from '@yance/contracts/cluster';
import type { LedgerEntryKind } from '@yance/contracts/ledger';
import type { OrderAction, OrderState } from '@yance/contracts/order-states';
import type { Page } from '@yance/contracts/paging';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { defineMachine, SYSTEM_MOVER, type Mover } from '../../lib/state-machine.ts';
import type { Actor } from '../audit/index.ts';
import * as ledger from '../ledger/index.ts';
import { notifySite } from '../notify/index.ts';
import { getSettingValue } from '../setting/index.ts';
import { getUser, inviterOf } from '../user/index.ts';
import type { JobHandlers } from '../job/index.ts';
import * as repo from './promotion.repository.ts';
import type { PromoterRow, RebateRow } from './promotion.repository.ts';

export const PROMOTION_SETTING_KEY = 'promotion';
export const NO_PROMOTER = '您还不是推广员';
const DAY = 86_400_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const yuan = (fen: number) => (fen / 100).toFixed(2);

export async function getPromotionSettings(ctx: AppContext): Promise<PromotionSettings> {
  const parsed = promotionSettings.safeParse(await getSettingValue(ctx, PROMOTION_SETTING_KEY));
  return parsed.success ? parsed.data : DEFAULT_PROMOTION_SETTINGS;
}

/** A customer as the log and messages name them. */
export async function customerActor(ctx: AppContext, userId: number): Promise<Actor> {
  const u = await getUser(ctx, userId);
  return { kind: 'customer', id: userId, name: u.name || maskPhone(u.phone) };
}

export async function tell(t: AppContext, userId: number, key: string, title: string, text: string) {
  await notifySite(t, { id: null, userId }, { kind: 'promotion', key: `promotion:${key}`, title, text });
}

// ---- the promoter's reads ------------------------------------------------------------------

export const toPromoterEntry = (p: PromoterRow): PromoterEntry => ({
  state: p.state,
  name: p.name,
  channel: p.channel,
  reason: p.reason,
  note: p.note,
  createdAt: p.createdAt.toISOString(),
  decidedAt: iso(p.decidedAt),
});

/** promotion/info: the application and, for a promoter, the wallet. */
export async function promotionInfo(ctx: AppContext, userId: number): Promise<PromotionInfo> {
  const s = await getPromotionSettings(ctx);
  const p = await repo.findPromoterByUser(ctx.db, userId);
  return {
    promoter: p ? toPromoterEntry(p) : null,
    rateBp: s.rateBp,
    pendingDays: s.pendingDays,
    minWithdrawFen: s.minWithdrawFen,
    ...(await walletBalances(ctx, userId)),
    owedFen: p?.owedFen ?? 0,
    withdrawingFen: p ? await repo.withdrawingFen(ctx.db, userId) : 0,
    customers: p ? await repo.countCustomers(ctx.db, userId) : 0,
  };
}

/** The member center's share: a promoter's wallet (available, pending); null for someone who never applied. */
export async function walletAssets(ctx: AppContext, userId: number): Promise<WalletBalances | null> {
  return (await repo.findPromoterByUser(ctx.db, userId)) ? walletBalances(ctx, userId) : null;
}

interface WalletBalances {
  availableFen: number;
  pendingFen: number;
}

/** A customer's rebate wallet: what may be withdrawn, what waits for its order's completion plus N days. */
async function walletBalances(ctx: AppContext, userId: number): Promise<WalletBalances> {
  const balances = await ledger.balancesOf(ctx, [ledger.walletOf(userId), ledger.walletPendingOf(userId)]);
  return {
    availableFen: balances.get(ledger.accountKey(ledger.walletOf(userId))) ?? 0,
    pendingFen: balances.get(ledger.accountKey(ledger.walletPendingOf(userId))) ?? 0,
  };
}

/** A promoter's own reads: someone who has never been approved has none (404). */
export async function promoterReader(ctx: AppContext, userId: number): Promise<PromoterRow> {
  const p = await repo.findPromoterByUser(ctx.db, userId);
  if (!p || p.state === 'applied' || p.state === 'rejected') throw new AppError('NOT_FOUND', NO_PROMOTER);
  return p;
}

export async function promotionCustomers(ctx: AppContext, userId: number, q: { page: number; pageSize: number }) {
  await promoterReader(ctx, userId);
  const [rows, total] = await Promise.all([
    repo.pageCustomers(ctx.db, userId, q.pageSize, (q.page - 1) * q.pageSize),
    repo.countCustomers(ctx.db, userId),
  ]);
  return {
    list: rows.map((r) => ({ phone: maskPhone(r.phone), name: r.name, joinedAt: r.createdAt.toISOString(), rebateFen: r.rebateFen })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function promotionRebates(ctx: AppContext, userId: number, q: { page: number; pageSize: number }): Promise<Page<RebateEntry>> {
  await promoterReader(ctx, userId);
  const { rows, total } = await repo.pageRebates(ctx.db, userId, q.pageSize, (q.page - 1) * q.pageSize);
  return {
    list: rows.map(({ r, orderNo, phone }) => ({
      id: r.id,
      orderNo,
      customer: maskPhone(phone),
      baseFen: r.baseFen,
      rateBp: r.rateBp,
      amountFen: r.amountFen,
      state: r.state,
      releaseAt: iso(r.releaseAt),
      createdAt: r.createdAt.toISOString(),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function promotionStatement(ctx: AppContext, userId: number, q: { page: number; pageSize: number; pending: boolean }) {
  await promoterReader(ctx, userId);
  const account = q.pending ? ledger.walletPendingOf(userId) : ledger.walletOf(userId);
  const { rows, total } = await ledger.statementOf(ctx, account, { page: q.page, size: q.pageSize });
  return {
    list: rows.map(ledger.statementLine),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

// ---- rebates --------------------------------------------------------------------------------

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
const PAYMENT_KINDS: readonly LedgerEntryKind[] = ['orderPay', 'settle', 'bankReceipt', 'adjustPay'];
const PAID_ACTIONS: readonly OrderAction[] = ['pay', 'settle', 'markPaid', 'confirmData'];

/**
 * Runs inside the order's move (payment's afterOrderMoveMoney, under the
 * order's lock, ADR 0055). A payment of an invited customer (pay, settle,
 * 确认收款, and a 补差价 paid before 确认数据) earns its promoter's rebate
 * once per payment entry; an order that completed starts its rebates' N days;
 * a cancelled order's rebates are reversed.
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
      const amount = rebateOf(e.amountFen, s.rateBp);
      if (done.has(e.id) || amount <= 0) continue;
      const row = await repo.insertRebate(t.db, {
        promoterId,
        customerId: order.userId,
        orderId: order.id,
        paymentEntryId: e.id,
        baseFen: e.amountFen as RebateRow['baseFen'],
        rateBp: s.rateBp,
        amountFen: amount as RebateRow['amountFen'],
        state: REBATE_TRANSITIONS.earn.to,
        createdAt: t.clock(),
      });
      if (!row) continue;
      await ledger.postEntry(t, {
        kind: 'rebateEarn',
        memo: `订单 ${order.no} 推广返利（${(s.rateBp / 100).toFixed(2)}%，待入账）`,
        userId: promoterId,
        orderId: order.id,
        lines: [
          { account: { kind: 'rebate' }, amountFen: -amount },
          { account: ledger.walletPendingOf(promoterId), amountFen: amount },
        ],
      });
      await rebateMachine.created(t, SYSTEM_MOVER, row, 'earn', { changes: rebateChanges(row) });
    }
  }
  if (order.state === 'completed') {
    const s = await getPromotionSettings(t);
    await repo.setReleaseAt(t.db, order.id, new Date(t.clock().getTime() + s.pendingDays * DAY));
  }
}

/** Takes a reversed rebate's money back: what is owed beyond the wallet is recorded on the promoter (locked by the caller). */
async function takeBack(t: AppContext, r: RebateRow, p: PromoterRow, order: { id: number; no: string }, owed: number): Promise<void> {
  const memo = `订单 ${order.no} 退款，返利冲回`;
  const take = r.amountFen - owed;
  const from = r.state === 'pending' ? ledger.walletPendingOf(r.promoterId) : ledger.walletOf(r.promoterId);
  if (take > 0)
    await ledger.postEntry(t, {
      kind: 'rebateReverse',
      memo: `${memo}${owed ? `（另有 ¥${yuan(owed)} 从后续返利中扣回）` : ''}`,
      userId: r.promoterId,
      orderId: order.id,
      lines: [
        { account: from, amountFen: -take },
        { account: { kind: 'rebate' }, amountFen: take },
      ],
    });
  if (owed) await repo.setOwed(t.db, p.id, p.owedFen + owed);
}

/**
 * A refunded (cancelled) order takes its rebates back: a pending one from
 * walletPending; an available one from the wallet as far as it reaches, the
 * rest recorded as owed (promoter.owed_fen) and taken from the next releases —
 * the wallet never goes below zero. Under the promoter's lock.
 */
async function reverseRebatesOfOrder(t: AppContext, order: { id: number; no: string }): Promise<void> {
  for (const r of await repo.lockLiveRebatesOfOrder(t.db, order.id)) {
    const p = await repo.lockPromoterByUser(t.db, r.promoterId);
    if (!p) continue;
    // Read under the promoter's lock: every mover of this wallet holds it, so the balance cannot change meanwhile.
    const owed = r.state === 'pending' ? 0 : r.amountFen - Math.min(await ledger.balanceOf(t, ledger.walletOf(r.promoterId)), r.amountFen);
    await rebateMachine.move(t, SYSTEM_MOVER, r, 'reverse', {
      locked: r,
      note: owed ? `待扣回 ¥${yuan(owed)}` : '',
      apply: async () => {
        await takeBack(t, r, p, order, owed);
        return rebateChanges(r);
      },
      set: { reversedAt: t.clock() },
    });
    await tell(
      t,
      r.promoterId,
      `rebate:${r.id}:reverse`,
      '推广返利已冲回',
      `订单 ${order.no} 已退款，返利 ¥${yuan(r.amountFen)} 已冲回${owed ? `，其中 ¥${yuan(owed)} 将从后续返利中扣回` : ''}。`,
    );
  }
}

const RELEASE_BATCH = 200;

/**
 * The promotion.release job (hourly; also the console's 到期入账): rebates
 * whose order completed N days ago move by the table's `release` (pending, a
 * 已完成 order) from walletPending to the wallet, one transaction per promoter
 * under their lock; what the promoter owes from reversed rebates is taken
 * first. A rebate the machine refuses stays where it is; the others go.
 */
export async function releaseDueRebates(ctx: AppContext, mover: Mover = SYSTEM_MOVER): Promise<number> {
  const now = ctx.clock();
  let released = 0;
  for (const promoterId of await repo.promotersWithDueRebates(ctx.db, now, RELEASE_BATCH)) {
    released += await ctx.tx(async (t) => {
      const p = await repo.lockPromoterByUser(t.db, promoterId);
      if (!p) return 0;
      const rows: RebateRow[] = [];
      for (const r of await repo.lockDueRebates(t.db, promoterId, now)) {
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
      const offset = Math.min(p.owedFen, total);
      await ledger.postEntry(t, {
        kind: 'rebateRelease',
        memo: `${rows.length} 笔返利入账${offset ? `（扣回冲回欠款 ¥${yuan(offset)}）` : ''}`,
        userId: promoterId,
        lines: [
          { account: ledger.walletPendingOf(promoterId), amountFen: -total },
          { account: ledger.walletOf(promoterId), amountFen: total - offset },
          { account: { kind: 'rebate' }, amountFen: offset },
        ],
      });
      if (offset) await repo.setOwed(t.db, p.id, p.owedFen - offset);
      await tell(
        t,
        promoterId,
        `release:${rows[0]!.id}`,
        '推广返利已入账',
        `${rows.length} 笔返利共 ¥${yuan(total - offset)} 已转入可提现余额。`,
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
