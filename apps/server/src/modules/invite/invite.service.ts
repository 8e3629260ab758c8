// Invitations (邀请有礼, issue 10, ADR 0054, ADR 0069): the customer's code,
// the programme's terms and what the invitations earned, the invitees, and
// the console's list and review. The rules themselves are in
// invite-reward.service.ts, the settings in invite-settings.service.ts.
import { DEVICE_ID_PATTERN, inviteeReasonOf, type InviteeStatus, type InviteRewardAction } from '@yance/contracts/invite-states';
import type { AdminInvite, Invitee, InviteInfo, InviteSettings } from '@yance/contracts/invite';
import { inviteWindowLastDay, offersRebate } from '@yance/contracts/invite-rules';
import { maskPhone } from '@yance/contracts/cluster';
import { localInfo } from '@yance/contracts/setting';
import type { Page } from '@yance/contracts/paging';
import type { AppContext, StaffCaller } from '../../context.ts';
import * as ledger from '../ledger/index.ts';
import { getPromotionSettings, rebatesByCustomer, walletBalances } from '../promotion/index.ts';
import { getSettingValue } from '../setting/index.ts';
import { getUser } from '../user/index.ts';
import * as repo from './invite.repository.ts';
import type { RewardRow } from './invite.repository.ts';
import { moveInvitation } from './invite-reward.service.ts';
import { getInviteSettings } from './invite-settings.service.ts';

const SHOP_NAME = '研测科研检测服务平台';
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The browser's device id from its header, when it has the shape the web makes ('' otherwise). */
export const deviceIdOf = (request: { headers: Record<string, string | string[] | undefined> }): string => {
  const raw = request.headers['x-device-id'];
  const v = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  return DEVICE_ID_PATTERN.test(v) ? v : '';
};

/** inviteTerms (open): the programme's settings, for the /invited popup and the register form. */
export const inviteTerms = (ctx: AppContext) => getInviteSettings(ctx);

type Reward = Pick<RewardRow, 'state' | 'scheme' | 'inviterFen' | 'decidedAt' | 'createdAt'> | null;

/** What one invitee earned the inviter: a flat row's amount, else the invitation rebates (not reversed). */
const earnedOf = (r: Reward, rebate: { fen: number; firstAt: Date } | undefined) =>
  r?.scheme === 'flat'
    ? { fen: r.state === 'granted' ? r.inviterFen : 0, at: r.state === 'granted' ? (r.decidedAt ?? r.createdAt) : null }
    : { fen: rebate?.fen ?? 0, at: rebate?.firstAt ?? null };

/** The last day of the invitee's window, while their payments can still earn under the programme (null otherwise). */
const windowOf = (r: Reward, registeredAt: Date, s: InviteSettings) =>
  offersRebate(s) && r?.scheme !== 'flat' && (r === null || r.state === 'granted' || r.state === 'withheld')
    ? inviteWindowLastDay(registeredAt, s.windowMonths)
    : null;

/** 已注册 → 已下单 → 已奖励 (earned something) / 未奖励 (withheld, refused, off). */
function statusOf(r: Reward, ordered: boolean, earnedFen: number): InviteeStatus {
  if (earnedFen > 0) return 'rewarded';
  if (r && r.state !== 'granted') return 'unrewarded';
  return r || ordered ? 'ordered' : 'registered';
}

export async function inviteInfo(ctx: AppContext, userId: number): Promise<InviteInfo> {
  const user = await getUser(ctx, userId);
  const local = localInfo.safeParse(await getSettingValue(ctx, 'localInfo'));
  const { invitees, flat } = await repo.inviterTotals(ctx.db, userId);
  const rebates = await rebatesByCustomer(ctx, { earnerId: userId, kind: 'invite' });
  const earned = new Map<number, number>();
  for (const f of flat) earned.set(f.inviteeId, (earned.get(f.inviteeId) ?? 0) + f.fen);
  for (const [id, r] of rebates) earned.set(id, (earned.get(id) ?? 0) + r.fen);
  return {
    code: user.inviteCode,
    path: `/invited/${user.inviteCode}`,
    shopName: (local.success && local.data.company) || SHOP_NAME,
    settings: await getInviteSettings(ctx),
    minWithdrawFen: (await getPromotionSettings(ctx)).minWithdrawFen,
    invitees,
    rewarded: [...earned.values()].filter((fen) => fen > 0).length,
    earnedFen: [...earned.values()].reduce((n, fen) => n + fen, 0),
    ...(await walletBalances(ctx, userId)),
  };
}

/** The caller's own invitees only (the list is keyed by the caller; phones masked), each with what they earned the caller. */
export async function listInvitees(ctx: AppContext, userId: number, q: { page: number; pageSize: number }): Promise<Page<Invitee>> {
  const { rows, total } = await repo.listInvitees(ctx.db, userId, q.pageSize, (q.page - 1) * q.pageSize);
  const s = await getInviteSettings(ctx);
  const rebates = await rebatesByCustomer(ctx, { earnerId: userId, kind: 'invite', customerIds: rows.map((r) => r.id) });
  return {
    list: rows.map((r) => {
      const reward: Reward =
        r.state && r.scheme ? { ...r, state: r.state, scheme: r.scheme, inviterFen: r.inviterFen ?? 0, createdAt: r.createdAt! } : null;
      const earned = earnedOf(reward, rebates.get(r.id));
      const lastDay = windowOf(reward, r.registeredAt, s);
      return {
        phone: maskPhone(r.phone),
        registeredAt: r.registeredAt.toISOString(),
        status: statusOf(reward, r.ordered, earned.fen),
        reason:
          reward?.state === 'granted' || !reward ? (lastDay ? `返利期至 ${lastDay}` : '') : inviteeReasonOf(reward.state, r.suspects ?? []),
        rewardFen: earned.fen,
        rewardedAt: iso(earned.at),
        windowLastDay: lastDay,
      };
    }),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

// ---- the console ----------------------------------------------------------------------------

type AdminRows = Awaited<ReturnType<typeof repo.adminInvites>>['rows'];

async function toAdminInvites(ctx: AppContext, rows: AdminRows): Promise<AdminInvite[]> {
  const s = await getInviteSettings(ctx);
  const rebates = await rebatesByCustomer(ctx, { kind: 'invite', customerIds: rows.map((r) => r.inviteeId) });
  return rows.map((r) => ({
    inviteeId: r.inviteeId,
    inviteePhone: maskPhone(r.inviteePhone),
    inviterId: r.inviterId,
    inviter: r.inviterName ? `${r.inviterName}（${r.inviterPhone}）` : r.inviterPhone,
    registeredAt: r.registeredAt.toISOString(),
    rewardId: r.reward?.id ?? null,
    state: r.reward?.state ?? null,
    scheme: r.reward?.scheme ?? null,
    suspects: r.reward?.suspects ?? [],
    orderNo: r.orderNo,
    paidAt: iso(r.reward?.createdAt),
    inviterFen: r.reward?.inviterFen ?? 0,
    inviteeFen: r.reward?.inviteeFen ?? 0,
    rebateFen: rebates.get(r.inviteeId)?.fen ?? 0,
    windowLastDay: windowOf(r.reward, r.registeredAt, s),
    note: r.reward?.note ?? '',
    decidedBy: r.decidedBy ?? (r.reward?.decidedAt ? '系统' : ''),
    decidedAt: iso(r.reward?.decidedAt),
  }));
}

export async function adminInviteList(
  ctx: AppContext,
  q: { page: number; pageSize: number; state?: repo.AdminInviteFilter['state']; keyword?: string | undefined },
): Promise<Page<AdminInvite>> {
  const { rows, total } = await repo.adminInvites(
    ctx.db,
    { state: q.state, keyword: q.keyword || undefined },
    q.pageSize,
    (q.page - 1) * q.pageSize,
  );
  return { list: await toAdminInvites(ctx, rows), total, page: q.page, pageSize: q.pageSize };
}

/** The console's grant or refuse of a withheld invitation (invite-reward.service.ts), once per idempotency key. */
export async function moveInviteReward(
  ctx: AppContext,
  caller: StaffCaller,
  action: InviteRewardAction,
  body: { id: number; note?: string | undefined; idempotencyKey: string },
  ip: string,
): Promise<AdminInvite> {
  const note = body.note?.trim() ?? '';
  const { idempotencyKey, ...rest } = body;
  return ledger.once(ctx, { staffId: caller.id }, idempotencyKey, `invite/${action}`, rest, async (t) => {
    const moved = await moveInvitation(t, { kind: 'staff', caller, ip }, body.id, action, note);
    const [shown] = (await repo.adminInvites(t.db, { rewardId: moved.id }, 1, 0)).rows;
    return (await toAdminInvites(t, [shown!]))[0]!;
  });
}
