// Invitations (邀请有礼, issue 10, ADR 0054): the customer's code and invitees,
// the reward credited once per invitee at their first paid order (called by
// the payment module inside the payment's transaction), the abuse checks that
// withhold it, and the console's grant / refuse on the one engine (ADR 0058).
import {
  DEVICE_ID_PATTERN,
  INVITE_REWARD_STATE_NAMES,
  INVITE_REWARD_TRANSITIONS,
  INVITE_SETTING_KEY,
  inviteeReasonOf,
  inviteeStatusOf,
  type InviteRewardAction,
  type InviteRewardCreation,
  type InviteRewardState,
  type InviteSuspect,
} from '@yance/contracts/invite-states';
import {
  DEFAULT_INVITE_SETTINGS,
  inviteSettings,
  type AdminInvite,
  type Invitee,
  type InviteInfo,
  type InviteSettings,
} from '@yance/contracts/invite';
import { maskPhone } from '@yance/contracts/cluster';
import { localInfo } from '@yance/contracts/setting';
import type { Page } from '@yance/contracts/paging';
import type { AppContext, StaffCaller } from '../../context.ts';
import { defineMachine, SYSTEM_MOVER } from '../../lib/state-machine.ts';
import * as ledger from '../ledger/index.ts';
import { saveAuditedSetting, getSettingValue } from '../setting/index.ts';
import { getUser, inviterOf } from '../user/index.ts';
import * as repo from './invite.repository.ts';
import type { RewardRow } from './invite.repository.ts';

const SHOP_NAME = '研测科研检测服务平台';
const yuan = (fen: number) => (fen / 100).toFixed(2);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The browser's device id from its header, when it has the shape the web makes ('' otherwise). */
export const deviceIdOf = (request: { headers: Record<string, string | string[] | undefined> }): string => {
  const raw = request.headers['x-device-id'];
  const v = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  return DEVICE_ID_PATTERN.test(v) ? v : '';
};

/** The reward settings saved in the console, else the defaults. */
export async function getInviteSettings(ctx: AppContext): Promise<InviteSettings> {
  const parsed = inviteSettings.safeParse(await getSettingValue(ctx, INVITE_SETTING_KEY));
  return parsed.success ? parsed.data : DEFAULT_INVITE_SETTINGS;
}

export async function saveInviteSettings(ctx: AppContext, caller: StaffCaller, value: InviteSettings, ip: string) {
  const parsed = inviteSettings.parse(value);
  await saveAuditedSetting(ctx, caller, INVITE_SETTING_KEY, parsed, ip);
  return getInviteSettings(ctx);
}

// ---- the customer's page --------------------------------------------------------------------

export async function inviteInfo(ctx: AppContext, userId: number): Promise<InviteInfo> {
  const user = await getUser(ctx, userId);
  const local = localInfo.safeParse(await getSettingValue(ctx, 'localInfo'));
  return {
    code: user.inviteCode,
    path: `/invited/${user.inviteCode}`,
    shopName: (local.success && local.data.company) || SHOP_NAME,
    settings: await getInviteSettings(ctx),
    ...(await repo.inviterTotals(ctx.db, userId)),
  };
}

/** The caller's own invitees only (the list is keyed by the caller; phones masked). */
export async function listInvitees(ctx: AppContext, userId: number, q: { page: number; pageSize: number }): Promise<Page<Invitee>> {
  const { rows, total } = await repo.listInvitees(ctx.db, userId, q.pageSize, (q.page - 1) * q.pageSize);
  return {
    list: rows.map((r) => ({
      phone: maskPhone(r.phone),
      registeredAt: r.registeredAt.toISOString(),
      status: inviteeStatusOf(r.state, r.ordered),
      reason: inviteeReasonOf(r.state, r.suspects ?? []),
      rewardFen: r.state === 'granted' ? (r.inviterFen ?? 0) : 0,
      rewardedAt: r.state === 'granted' ? iso(r.decidedAt ?? r.createdAt) : null,
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

// ---- the reward -----------------------------------------------------------------------------

/** A reward's machine: the system writes it at the first paid order; only staff with invite.manage move it (grant, refuse), from 待审核. */
export const inviteRewardMachine = defineMachine<AppContext, RewardRow, InviteRewardState, typeof INVITE_REWARD_TRANSITIONS>({
  objectType: 'inviteReward',
  table: INVITE_REWARD_TRANSITIONS,
  names: INVITE_REWARD_STATE_NAMES,
  noun: '邀请奖励',
  missing: '邀请奖励不存在',
  lock: (t, id) => repo.lockReward(t.db, id),
  write: (t, row, from, to, _at, set) =>
    repo.moveReward(t.db, row.id, from, { state: to, ...(set as Pick<RewardRow, 'note' | 'staffId' | 'decidedAt'>) }),
  noteMissing: () => '[原因]不能为空',
  // The inviter hears of a credited reward (notices.ts: 邀请奖励已到账), not the invitee whose order it was.
  audience: async (t, row) => ({
    userId: row.inviterId,
    orderId: null,
    vars: { phone: maskPhone((await getUser(t, row.inviteeId)).phone), amount: yuan(row.inviterFen) },
  }),
});

/** The transition that writes a reward row in each of its starting states. */
const CREATION: Record<'granted' | 'withheld' | 'off', InviteRewardCreation> = { granted: 'credit', withheld: 'withhold', off: 'skip' };

/** Credits a reward row's amounts (bonus → the inviter's and the invitee's prestore); the machine's notice tells the inviter. */
async function credit(t: AppContext, row: RewardRow, inviteePhone: string, staffId: number | null): Promise<void> {
  if (row.inviterFen > 0)
    await ledger.postEntry(t, {
      kind: 'inviteReward',
      memo: `邀请奖励：好友 ${maskPhone(inviteePhone)} 完成首单`,
      userId: row.inviterId,
      orderId: row.orderId,
      staffId,
      lines: [
        { account: { kind: 'bonus' }, amountFen: -row.inviterFen },
        { account: ledger.prestoreOf(row.inviterId), amountFen: row.inviterFen },
      ],
    });
  if (row.inviteeFen > 0)
    await ledger.postEntry(t, {
      kind: 'inviteReward',
      memo: '受邀新用户首单奖励',
      userId: row.inviteeId,
      orderId: row.orderId,
      staffId,
      lines: [
        { account: { kind: 'bonus' }, amountFen: -row.inviteeFen },
        { account: ledger.prestoreOf(row.inviteeId), amountFen: row.inviteeFen },
      ],
    });
}

/**
 * Called by the payment module inside the transaction that pays an order
 * (pay/order's 待付款 → paid, settlement/add): when the payer was invited and
 * has no reward row yet, writes it — once per invitee, the unique row decides
 * between racing payments — with the amounts of the settings now. The abuse
 * checks withhold it for review; otherwise it is credited at once.
 */
export async function rewardInviterOnPaid(t: AppContext, inviteeId: number, orderId: number): Promise<void> {
  // Most payers were invited by nobody: known without a statement after their first payment (ADR 0066).
  if ((await inviterOf(t, inviteeId)) === null) return;
  const parties = await repo.findParties(t.db, inviteeId);
  if (!parties) return;
  const s = await getInviteSettings(t);
  const suspects: InviteSuspect[] = [];
  if (!s.enabled) suspects.push('off');
  else {
    if (parties.inviteePhone === parties.inviterPhone || parties.inviteeId === parties.inviterId) suspects.push('samePhone');
    if (await repo.shareDevice(t.db, inviteeId, parties.inviterId)) suspects.push('sameDevice');
    if (await repo.shareSignUpIp(t.db, inviteeId, parties.inviterId)) suspects.push('sameIp');
  }
  if (parties.inviteeId === parties.inviterId) return;
  const state = !s.enabled ? 'off' : suspects.length ? 'withheld' : 'granted';
  const row = await repo.insertReward(t.db, {
    inviteeId,
    inviterId: parties.inviterId,
    orderId,
    state,
    inviterFen: s.enabled ? s.inviterRewardFen : 0,
    inviteeFen: s.enabled ? s.inviteeRewardFen : 0,
    suspects,
    createdAt: t.clock(),
    decidedAt: state === 'granted' ? t.clock() : null,
  });
  if (!row) return;
  await inviteRewardMachine.created(t, SYSTEM_MOVER, row, CREATION[state], {
    changes: {
      inviterFen: [null, row.inviterFen],
      inviteeFen: [null, row.inviteeFen],
      orderId: [null, orderId],
      ...(suspects.length ? { suspects: [null, suspects] } : {}),
    },
  });
  if (state === 'granted') await credit(t, row, parties.inviteePhone, null);
}

// ---- the console ----------------------------------------------------------------------------

type AdminRows = Awaited<ReturnType<typeof repo.adminInvites>>['rows'];
const toAdminInvite = (r: AdminRows[number]): AdminInvite => ({
  inviteeId: r.inviteeId,
  inviteePhone: maskPhone(r.inviteePhone),
  inviterId: r.inviterId,
  inviter: r.inviterName ? `${r.inviterName}（${r.inviterPhone}）` : r.inviterPhone,
  registeredAt: r.registeredAt.toISOString(),
  rewardId: r.reward?.id ?? null,
  state: r.reward?.state ?? null,
  suspects: r.reward?.suspects ?? [],
  orderNo: r.orderNo,
  paidAt: iso(r.reward?.createdAt ?? null),
  inviterFen: r.reward?.inviterFen ?? 0,
  inviteeFen: r.reward?.inviteeFen ?? 0,
  note: r.reward?.note ?? '',
  decidedBy: r.decidedBy ?? (r.reward?.decidedAt ? '系统' : ''),
  decidedAt: iso(r.reward?.decidedAt ?? null),
});

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
  return { list: rows.map(toAdminInvite), total, page: q.page, pageSize: q.pageSize };
}

/**
 * A withheld reward granted by hand (credited with the amounts fixed at the
 * first paid order, the inviter told) or its withholding confirmed: on the
 * invite-reward machine (the row's lock, the table's who and from, a
 * compare-and-set, the audit row), once per idempotency key.
 */
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
    const moved = await inviteRewardMachine.move(t, { kind: 'staff', caller, ip }, body.id, action, {
      note,
      set: { note, staffId: caller.id, decidedAt: t.clock() },
    });
    if (moved.state === 'granted') await credit(t, moved, (await getUser(t, moved.inviteeId)).phone, caller.id);
    const [shown] = (await repo.adminInvites(t.db, { rewardId: moved.id }, 1, 0)).rows;
    return toAdminInvite(shown!);
  });
}
