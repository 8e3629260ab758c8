// Promotion (推广, issue 10, ADR 0055, ADR 0058, ADR 0069): a customer applies
// to be a promoter (promotion-promoter.service.ts); rebates — a promoter's on
// their customers' payments, an inviter's on their invitee's first months
// (ADR 0069) — wait in the customer's wallet (promotion-rebate.service.ts);
// withdrawals (promotion-withdraw.service.ts) leave the wallet for the shop's
// payout account at once. Every state change is a move of the object's
// machine on the one engine (the contracts' tables), with the audit row in
// the same transaction. Every movement of a wallet takes its row lock first.
// Here: the settings and the wallet holder's reads.
import {
  DEFAULT_PROMOTION_SETTINGS,
  promotionSettings,
  type PromoterEntry,
  type PromotionInfo,
  type PromotionSettings,
  type RebateEntry,
} from '@yance/contracts/promotion';
import { maskPhone } from '@yance/contracts/cluster';
import type { Page } from '@yance/contracts/paging';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../audit/index.ts';
import * as ledger from '../ledger/index.ts';
import { notifySite } from '../notify/index.ts';
import { getSettingValue } from '../setting/index.ts';
import { getUser } from '../user/index.ts';
import * as repo from './promotion.repository.ts';
import type { PromoterRow } from './promotion.repository.ts';

export const PROMOTION_SETTING_KEY = 'promotion';
export const NO_PROMOTER = '您还不是推广员';
export const NO_WALLET = '您还没有返利钱包';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

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

const isPromoter = (p: PromoterRow | undefined) => p?.state === 'approved' || p?.state === 'disabled';

/** Whether the customer holds a rebate wallet: one made by a rebate, or an approved (or stopped) promoter's. */
async function holdsWallet(ctx: AppContext, userId: number, p?: PromoterRow): Promise<boolean> {
  return isPromoter(p ?? (await repo.findPromoterByUser(ctx.db, userId))) || !!(await repo.findWallet(ctx.db, userId));
}

/** promotion/info: the application, and the wallet of a promoter or an inviter who earned. */
export async function promotionInfo(ctx: AppContext, userId: number): Promise<PromotionInfo> {
  const s = await getPromotionSettings(ctx);
  const p = await repo.findPromoterByUser(ctx.db, userId);
  const w = await repo.findWallet(ctx.db, userId);
  return {
    promoter: p ? toPromoterEntry(p) : null,
    wallet: isPromoter(p) || !!w,
    rateBp: s.rateBp,
    pendingDays: s.pendingDays,
    minWithdrawFen: s.minWithdrawFen,
    ...(await walletBalances(ctx, userId)),
    owedFen: w?.owedFen ?? 0,
    withdrawingFen: await repo.withdrawingFen(ctx.db, userId),
    customers: isPromoter(p) ? await repo.countCustomers(ctx.db, userId) : 0,
  };
}

/** The member center's share: the rebate wallet (available, pending); null for a customer who has none. */
export async function walletAssets(ctx: AppContext, userId: number): Promise<WalletBalances | null> {
  return (await holdsWallet(ctx, userId)) ? walletBalances(ctx, userId) : null;
}

export interface WalletBalances {
  availableFen: number;
  pendingFen: number;
}

/** A customer's rebate wallet: what may be withdrawn, what waits for its order's completion plus the hold. */
export async function walletBalances(ctx: AppContext, userId: number): Promise<WalletBalances> {
  const balances = await ledger.balancesOf(ctx, [ledger.walletOf(userId), ledger.walletPendingOf(userId)]);
  return {
    availableFen: balances.get(ledger.accountKey(ledger.walletOf(userId))) ?? 0,
    pendingFen: balances.get(ledger.accountKey(ledger.walletPendingOf(userId))) ?? 0,
  };
}

/** A promoter's own reads (their customers): someone who has never been approved has none (404). */
export async function promoterReader(ctx: AppContext, userId: number): Promise<PromoterRow> {
  const p = await repo.findPromoterByUser(ctx.db, userId);
  if (!p || !isPromoter(p)) throw new AppError('NOT_FOUND', NO_PROMOTER);
  return p;
}

/** A wallet holder's reads (rebates, statement, withdrawals): a customer without a wallet has none (404). */
export async function walletReader(ctx: AppContext, userId: number): Promise<void> {
  if (!(await holdsWallet(ctx, userId))) throw new AppError('NOT_FOUND', NO_WALLET);
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
  await walletReader(ctx, userId);
  const { rows, total } = await repo.pageRebates(ctx.db, userId, q.pageSize, (q.page - 1) * q.pageSize);
  return {
    list: rows.map(({ r, orderNo, phone }) => ({
      id: r.id,
      orderNo,
      kind: r.kind,
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
  await walletReader(ctx, userId);
  const account = q.pending ? ledger.walletPendingOf(userId) : ledger.walletOf(userId);
  const { rows, total } = await ledger.statementOf(ctx, account, { page: q.page, size: q.pageSize });
  return {
    list: rows.map(ledger.statementLine),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}
