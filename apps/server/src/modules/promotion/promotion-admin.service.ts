// The console's 推广员 and 提现审核 rooms (ADR 0055): promoter applications
// (promoter.manage: operator, finance), the rebate settings and releasing due
// rebates; withdrawals (withdraw.manage: finance), each move once per
// idempotency key of the staff member.
import type { AdminPromoter, AdminWithdraw, PromotionSettings } from '@yance/contracts/promotion';
import { promotionSettings } from '@yance/contracts/promotion';
import type { PromoterState, WithdrawState } from '@yance/contracts/promotion-states';
import type { Page } from '@yance/contracts/paging';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import * as ledger from '../ledger/index.ts';
import { saveAuditedSetting } from '../setting/index.ts';
import * as repo from './promotion.repository.ts';
import { NO_PROMOTER_ROW, promoterMachine } from './promotion-promoter.service.ts';
import { moveWithdrawal, NO_WITHDRAWAL, toWithdrawEntry } from './promotion-withdraw.service.ts';
import { releaseDueRebates } from './promotion-rebate.service.ts';
import { getPromotionSettings, PROMOTION_SETTING_KEY } from './promotion.service.ts';

type AdminPromoterRow = Awaited<ReturnType<typeof repo.pageAdminPromoters>>['rows'][number];

async function withFigures(ctx: AppContext, rows: AdminPromoterRow[]): Promise<AdminPromoter[]> {
  const balances = await ledger.balancesOf(
    ctx,
    rows.flatMap((r) => [ledger.walletOf(r.p.userId), ledger.walletPendingOf(r.p.userId)]),
  );
  return rows.map(({ p, phone, customers, earnedFen, withdrawnFen, owedFen }) => ({
    id: p.id,
    userId: p.userId,
    phone,
    name: p.name,
    channel: p.channel,
    reason: p.reason,
    note: p.note,
    state: p.state,
    createdAt: p.createdAt.toISOString(),
    decidedAt: p.decidedAt ? p.decidedAt.toISOString() : null,
    customers,
    availableFen: balances.get(ledger.accountKey(ledger.walletOf(p.userId))) ?? 0,
    pendingFen: balances.get(ledger.accountKey(ledger.walletPendingOf(p.userId))) ?? 0,
    owedFen,
    earnedFen,
    withdrawnFen,
  }));
}

export async function adminPromoters(
  ctx: AppContext,
  q: { page: number; pageSize: number; state?: PromoterState | undefined; kw?: string | undefined },
): Promise<Page<AdminPromoter>> {
  const { rows, total } = await repo.pageAdminPromoters(
    ctx.db,
    { state: q.state, kw: q.kw || undefined },
    q.pageSize,
    (q.page - 1) * q.pageSize,
  );
  return { list: await withFigures(ctx, rows), total, page: q.page, pageSize: q.pageSize };
}

async function adminPromoterById(ctx: AppContext, id: number): Promise<AdminPromoter> {
  const row = await repo.findAdminPromoter(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', NO_PROMOTER_ROW);
  return (await withFigures(ctx, [row]))[0]!;
}

/** approve / reject / disable / enable: the promoter's table move by staff. */
export async function answerPromoter(
  ctx: AppContext,
  caller: StaffCaller,
  action: 'approve' | 'reject' | 'disable' | 'enable',
  body: { id: number; note?: string | undefined },
  ip: string,
): Promise<AdminPromoter> {
  const note = body.note ?? '';
  await promoterMachine.move(ctx, { kind: 'staff', caller, ip }, body.id, action, {
    note,
    set: { note: note.trim(), decidedAt: ctx.clock(), staffId: caller.id },
  });
  return adminPromoterById(ctx, body.id);
}

export async function savePromotionSettings(ctx: AppContext, caller: StaffCaller, value: PromotionSettings, ip: string) {
  const parsed = promotionSettings.parse(value);
  await saveAuditedSetting(ctx, caller, PROMOTION_SETTING_KEY, parsed, ip);
  return getPromotionSettings(ctx);
}

export async function releaseNow(ctx: AppContext, caller: StaffCaller, ip: string) {
  return { released: await releaseDueRebates(ctx, { kind: 'staff', caller, ip }) };
}

// ---- withdrawals ----------------------------------------------------------------------------

type AdminWithdrawRow = NonNullable<Awaited<ReturnType<typeof repo.findAdminWithdrawal>>>;
const toAdminWithdraw = (r: AdminWithdrawRow): AdminWithdraw => ({
  ...toWithdrawEntry(r.w, true),
  userId: r.w.userId,
  phone: r.phone,
  promoterName: r.promoterName ?? '',
  staffName: r.staffName ?? '',
});

export async function adminWithdrawals(
  ctx: AppContext,
  q: { page: number; pageSize: number; state?: WithdrawState | undefined },
): Promise<Page<AdminWithdraw>> {
  const { rows, total } = await repo.pageAdminWithdrawals(ctx.db, q.state, q.pageSize, (q.page - 1) * q.pageSize);
  return { list: rows.map(toAdminWithdraw), total, page: q.page, pageSize: q.pageSize };
}

/** approve / reject / pay a withdrawal, once per the staff member's idempotency key. */
export async function answerWithdrawal(
  ctx: AppContext,
  caller: StaffCaller,
  action: 'approve' | 'reject' | 'pay',
  body: { id: number; note?: string; reference?: string; idempotencyKey: string },
  ip: string,
): Promise<AdminWithdraw> {
  const { idempotencyKey, ...rest } = body;
  return ledger.once(ctx, { staffId: caller.id }, idempotencyKey, `withdraw/${action}`, rest, async (t) => {
    await moveWithdrawal(t, caller, body.id, action, { note: body.note ?? '', reference: body.reference ?? '' }, ip);
    const row = await repo.findAdminWithdrawal(t.db, body.id);
    if (!row) throw new AppError('NOT_FOUND', NO_WITHDRAWAL);
    return toAdminWithdraw(row);
  });
}
