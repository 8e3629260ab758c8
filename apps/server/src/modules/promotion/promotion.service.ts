// Promotion (推广, issue 10, ADR 0055): a customer applies to be a promoter;
// an approved promoter earns a rebate on each payment of the customers they
// invited (walletPending), released to the wallet N days after the order
// completed (the hourly promotion.release job), reversed when the order is
// refunded; withdrawals leave the wallet for the shop's payout account at
// once and finance approves, rejects (back to the wallet) or records them paid.
// Every state change goes through one move function per object (the
// contracts' tables), under the row's lock with a compare-and-set, with the
// audit row and the customer's in-site message in the same transaction.
// Every movement of a promoter's wallet takes the promoter's row lock first.
import {
  canLeave,
  PROMOTER_TRANSITIONS,
  REBATE_TRANSITIONS,
  rebateOf,
  WITHDRAW_TRANSITIONS,
  withdrawNo,
  type PromoterAction,
  type RebateAction,
  type WithdrawAction,
} from '@yance/contracts/promotion-states';
import {
  DEFAULT_PROMOTION_SETTINGS,
  promotionSettings,
  type PromoterApplyBody,
  type PromoterEntry,
  type PromotionInfo,
  type PromotionSettings,
  type RebateEntry,
  type WithdrawEntry,
} from '@yance/contracts/promotion';
import { maskPhone } from '@yance/contracts/cluster';
import type { LedgerEntryKind } from '@yance/contracts/ledger';
import type { OrderAction } from '@yance/contracts/order-states';
import type { Page } from '@yance/contracts/paging';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStateMove, SYSTEM, type Actor } from '../audit/audit.service.ts';
import * as ledger from '../ledger/ledger.service.ts';
import { notifySite } from '../notify/notify.service.ts';
import { getSettingValue } from '../setting/setting.service.ts';
import { getUser } from '../user/user.service.ts';
import type { JobHandlers } from '../job/job.service.ts';
import * as repo from './promotion.repository.ts';
import type { PromoterRow, RebateRow, WithdrawalRow } from './promotion.repository.ts';

export const PROMOTION_SETTING_KEY = 'promotion';
export const NO_PROMOTER = '您还不是推广员';
export const NO_WITHDRAWAL = '提现申请不存在';
const STALE = '状态已变化，请刷新后重试';
const DAY = 86_400_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const yuan = (fen: number) => (fen / 100).toFixed(2);

export async function getPromotionSettings(ctx: AppContext): Promise<PromotionSettings> {
  const parsed = promotionSettings.safeParse(await getSettingValue(ctx, PROMOTION_SETTING_KEY));
  return parsed.success ? parsed.data : DEFAULT_PROMOTION_SETTINGS;
}

/** A customer as the log and messages name them. */
export async function customerActor(ctx: AppContext, userId: number): Promise<Actor> {
  const u = await getUser(ctx, userId);
  return { kind: 'customer', id: userId, name: u.name || maskPhone(u.phone) };
}

async function tell(t: AppContext, userId: number, key: string, title: string, text: string) {
  await notifySite(t, { id: null, userId }, { kind: 'promotion', key: `promotion:${key}`, title, text });
}

// ---- the promoter's application -------------------------------------------------------------

export const toPromoterEntry = (p: PromoterRow): PromoterEntry => ({
  state: p.state,
  name: p.name,
  channel: p.channel,
  reason: p.reason,
  note: p.note,
  createdAt: p.createdAt.toISOString(),
  decidedAt: iso(p.decidedAt),
});

/**
 * The one writer of a promoter's state: the table's rule (409 from another
 * state), a compare-and-set on the locked row, the audit row and the
 * customer's in-site message in t's transaction.
 */
export async function movePromoter(
  t: AppContext,
  actor: Actor,
  row: PromoterRow,
  action: Exclude<PromoterAction, 'apply'>,
  fields: { note?: string; name?: string; channel?: string; reason?: string; staffId?: number | null },
  ip: string,
): Promise<PromoterRow> {
  const rule = PROMOTER_TRANSITIONS[action];
  if (!canLeave(rule, row.state)) throw new AppError('CONFLICT', STALE);
  const by = actor.kind === 'staff';
  const moved = await repo.movePromoter(t.db, row.id, row.state, {
    state: rule.to,
    ...(fields.name !== undefined ? { name: fields.name, channel: fields.channel ?? '', reason: fields.reason ?? '' } : {}),
    note: fields.note ?? '',
    ...(by ? { decidedAt: t.clock(), staffId: fields.staffId ?? null } : { decidedAt: null }),
  });
  if (!moved) throw new AppError('CONFLICT', STALE);
  await recordStateMove(t, {
    actor,
    objectType: 'promoter',
    objectId: row.id,
    action,
    from: row.state,
    to: rule.to,
    note: fields.note ?? '',
    changes: {},
    ip,
  });
  const words: Partial<Record<PromoterAction, string>> = {
    approve: '您的推广员申请已通过，邀请的客户付款后即可获得返利。',
    reject: `您的推广员申请未通过：${fields.note ?? ''}`,
    disable: `您的推广员资格已停用：${fields.note ?? ''}。已有余额仍可提现。`,
    enable: '您的推广员资格已恢复。',
  };
  const text = words[action];
  if (text) await tell(t, row.userId, `promoter:${row.id}:${action}:${t.clock().getTime()}`, `推广员${rule.label}`, text);
  return moved;
}

/** promotion/apply: the first application, or again after a rejection. */
export async function applyPromoter(ctx: AppContext, userId: number, body: PromoterApplyBody, ip: string): Promise<PromoterEntry> {
  return ctx.tx(async (t) => {
    const actor = await customerActor(t, userId);
    const existing = await repo.lockPromoterByUser(t.db, userId);
    if (existing) {
      if (existing.state !== 'rejected')
        throw new AppError('CONFLICT', existing.state === 'applied' ? '您的申请正在审核中' : '您已是推广员，无需重复申请');
      return toPromoterEntry(await movePromoter(t, actor, existing, 'reapply', body, ip));
    }
    const row = await repo.insertPromoter(t.db, { userId, state: PROMOTER_TRANSITIONS.apply.to, ...body, createdAt: t.clock() });
    if (!row) throw new AppError('CONFLICT', '您的申请正在审核中');
    await recordStateMove(t, {
      actor,
      objectType: 'promoter',
      objectId: row.id,
      action: 'apply',
      from: '',
      to: row.state,
      note: '',
      changes: { name: [null, row.name], channel: [null, row.channel] },
      ip,
    });
    return toPromoterEntry(row);
  });
}

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
async function promoterReader(ctx: AppContext, userId: number): Promise<PromoterRow> {
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

/** The entries of an order that are its customer's payments: each earns one rebate. */
const PAYMENT_KINDS: readonly LedgerEntryKind[] = ['orderPay', 'settle', 'bankReceipt', 'adjustPay'];
const PAID_ACTIONS: readonly OrderAction[] = ['pay', 'settle', 'markPaid', 'confirmData'];

async function recordRebateMove(t: AppContext, r: RebateRow, action: RebateAction, from: string, note = '') {
  await recordStateMove(t, {
    actor: SYSTEM,
    objectType: 'rebate',
    objectId: r.id,
    action,
    from,
    to: REBATE_TRANSITIONS[action].to,
    note,
    changes: { amountFen: [null, r.amountFen], orderId: [null, r.orderId] },
    ip: '',
  });
}

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
      await recordRebateMove(t, row, 'earn', '');
    }
  }
  if (order.state === 'completed') {
    const s = await getPromotionSettings(t);
    await repo.setReleaseAt(t.db, order.id, new Date(t.clock().getTime() + s.pendingDays * DAY));
  }
}

/**
 * A refunded (cancelled) order takes its rebates back: a pending one from
 * walletPending; an available one from the wallet as far as it reaches, the
 * rest recorded as owed (promoter.owed_fen) and taken from the next releases —
 * the wallet never goes below zero. Under the promoter's lock.
 */
async function reverseRebatesOfOrder(t: AppContext, order: { id: number; no: string }): Promise<void> {
  const rows = await repo.lockLiveRebatesOfOrder(t.db, order.id);
  for (const r of rows) {
    const p = await repo.lockPromoterByUser(t.db, r.promoterId);
    if (!p) continue;
    let owed = 0;
    if (r.state === 'pending') {
      await ledger.postEntry(t, {
        kind: 'rebateReverse',
        memo: `订单 ${order.no} 退款，返利冲回`,
        userId: r.promoterId,
        orderId: order.id,
        lines: [
          { account: ledger.walletPendingOf(r.promoterId), amountFen: -r.amountFen },
          { account: { kind: 'rebate' }, amountFen: r.amountFen },
        ],
      });
    } else {
      // Read under the promoter's lock: every mover of this wallet holds it, so the balance cannot change meanwhile.
      const wallet = await ledger.balanceOf(t, ledger.walletOf(r.promoterId));
      const take = Math.min(wallet, r.amountFen);
      owed = r.amountFen - take;
      if (take > 0)
        await ledger.postEntry(t, {
          kind: 'rebateReverse',
          memo: `订单 ${order.no} 退款，返利冲回${owed ? `（另有 ¥${yuan(owed)} 从后续返利中扣回）` : ''}`,
          userId: r.promoterId,
          orderId: order.id,
          lines: [
            { account: ledger.walletOf(r.promoterId), amountFen: -take },
            { account: { kind: 'rebate' }, amountFen: take },
          ],
        });
      if (owed) await repo.setOwed(t.db, p.id, p.owedFen + owed);
    }
    const moved = await repo.moveRebate(t.db, r.id, r.state, { state: REBATE_TRANSITIONS.reverse.to, reversedAt: t.clock() });
    if (!moved) throw new AppError('CONFLICT', STALE);
    await recordRebateMove(t, r, 'reverse', r.state, owed ? `待扣回 ¥${yuan(owed)}` : '');
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
 * whose order completed N days ago move from walletPending to the wallet,
 * one transaction per promoter under their lock; what the promoter owes from
 * reversed rebates is taken first.
 */
export async function releaseDueRebates(ctx: AppContext): Promise<number> {
  const now = ctx.clock();
  let released = 0;
  for (const promoterId of await repo.promotersWithDueRebates(ctx.db, now, RELEASE_BATCH)) {
    released += await ctx.tx(async (t) => {
      const p = await repo.lockPromoterByUser(t.db, promoterId);
      if (!p) return 0;
      const rows = await repo.lockDueRebates(t.db, promoterId, now);
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
      for (const r of rows) {
        if (!(await repo.moveRebate(t.db, r.id, 'pending', { state: REBATE_TRANSITIONS.release.to, releasedAt: t.clock() })))
          throw new AppError('CONFLICT', STALE);
        await recordRebateMove(t, r, 'release', 'pending');
      }
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

// ---- withdrawals ----------------------------------------------------------------------------

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
    const p = await repo.lockPromoterByUser(t.db, userId);
    if (!p || p.state === 'applied' || p.state === 'rejected') throw new AppError('NOT_FOUND', NO_PROMOTER);
    const s = await getPromotionSettings(t);
    if (body.amountFen < s.minWithdrawFen) throw new AppError('INVALID', `[提现金额]不能低于¥${yuan(s.minWithdrawFen)}`);
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
    await recordStateMove(t, {
      actor: await customerActor(t, userId),
      objectType: 'withdrawal',
      objectId: row.id,
      action: 'request',
      from: '',
      to: row.state,
      note: '',
      changes: { amountFen: [null, row.amountFen], bank: [null, row.bank], account: [null, maskAccount(row.account)] },
      ip,
    });
    return toWithdrawEntry(row);
  });
}

export async function myWithdrawals(ctx: AppContext, userId: number, q: { page: number; pageSize: number }): Promise<Page<WithdrawEntry>> {
  await promoterReader(ctx, userId);
  const { rows, total } = await repo.pageWithdrawals(ctx.db, userId, q.pageSize, (q.page - 1) * q.pageSize);
  return { list: rows.map((w) => toWithdrawEntry(w)), total, page: q.page, pageSize: q.pageSize };
}

/**
 * The one writer of a withdrawal's state (finance's moves): the table's rule,
 * a compare-and-set on the locked row, the money of the move (reject: payout
 * → wallet under the promoter's lock; pay: payout → bank), the audit row and
 * the promoter's in-site message — one transaction.
 */
export async function moveWithdrawal(
  t: AppContext,
  actor: Actor & { kind: 'staff'; id: number },
  id: number,
  action: Exclude<WithdrawAction, 'request'>,
  fields: { note?: string; reference?: string },
  ip: string,
): Promise<WithdrawalRow> {
  const w = await repo.lockWithdrawal(t.db, id);
  if (!w) throw new AppError('NOT_FOUND', NO_WITHDRAWAL);
  const rule = WITHDRAW_TRANSITIONS[action];
  if (!canLeave(rule, w.state)) throw new AppError('CONFLICT', STALE);
  const no = withdrawNo(w.id);
  if (action === 'reject') {
    await repo.lockPromoterByUser(t.db, w.userId);
    await ledger.postEntry(t, {
      kind: 'withdrawReturn',
      memo: `提现 ${no} 驳回，退回钱包（${fields.note ?? ''}）`,
      userId: w.userId,
      staffId: actor.id,
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
      staffId: actor.id,
      lines: [
        { account: { kind: 'bank' }, amountFen: -w.amountFen },
        { account: { kind: 'payout' }, amountFen: w.amountFen },
      ],
    });
  const at = t.clock();
  const moved = await repo.moveWithdrawal(t.db, w.id, w.state, {
    state: rule.to,
    staffId: actor.id,
    ...(action === 'pay' ? { paidAt: at, reference: fields.reference ?? '' } : { decidedAt: at }),
    ...(action === 'reject' ? { note: fields.note ?? '' } : {}),
  });
  if (!moved) throw new AppError('CONFLICT', STALE);
  await recordStateMove(t, {
    actor,
    objectType: 'withdrawal',
    objectId: w.id,
    action,
    from: w.state,
    to: rule.to,
    note: fields.note ?? '',
    changes: action === 'pay' ? { reference: [null, fields.reference ?? ''] } : {},
    ip,
  });
  const words: Record<typeof action, string> = {
    approve: `提现 ${no}（¥${yuan(w.amountFen)}）已批准，等待打款。`,
    reject: `提现 ${no}（¥${yuan(w.amountFen)}）被驳回：${fields.note ?? ''}。金额已退回可提现余额。`,
    pay: `提现 ${no}（¥${yuan(w.amountFen)}）已打款至 ${w.bank} ${maskAccount(w.account)}。`,
  };
  await tell(t, w.userId, `withdraw:${w.id}:${action}`, `提现${rule.label}`, words[action]);
  return moved;
}
