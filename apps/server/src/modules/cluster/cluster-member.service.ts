// Membership of research groups (ADR 0051): apply, agree or refuse, add by
// phone, remove or leave, transfer ownership, and the member's spending limit.
// Every change takes the group's lock, moves rows only through
// cluster-transition.ts, and tells the customer it concerns.
import { formatFen } from '@yance/contracts/money';
import {
  CLUSTER_LOOKUPS_PER_HOUR,
  CLUSTER_MEMBERS_MAX,
  CLUSTER_REFUSED,
  CLUSTERS_PER_OWNER,
  maskPhone,
  NO_CLUSTER,
  NO_CLUSTER_APPLICATION,
  NO_CLUSTER_MEMBER,
  type ClusterAgreeBody,
  type ClusterApplyBody,
  type ClusterAssignBody,
  type ClusterJoinedEntry,
  type ClusterMember,
  type ClusterPhoneBody,
  type ClusterTransferBody,
  type ClusterUserLookup,
} from '@yance/contracts/cluster';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { recordAudit } from '../audit/index.ts';
import { limit } from '../rate-limit/index.ts';
import { findUserByPhone, getUser } from '../user/index.ts';
import {
  actorOf,
  lockLiveCluster,
  lockOwnCluster,
  makeMemberRow,
  memberLabel,
  memberOf,
  moveMember,
  personName,
  tell,
} from './cluster-transition.ts';
import { callerOf, joinedEntry, memberOf as memberView } from './cluster.service.ts';
import * as repo from './cluster.repository.ts';
import type { ClusterRow } from './cluster.repository.ts';

/** A second live row at once (two requests racing past the check): the partial unique index answers. */
const twice = (message: string) => (err: unknown) => {
  throw isUniqueViolation(err) ? new AppError('CONFLICT', message) : err;
};

function checkRoom(group: ClusterRow): void {
  if (group.memberCount >= CLUSTER_MEMBERS_MAX) throw new AppError('CONFLICT', CLUSTER_REFUSED.full);
}

/** cluster/apply: once per group while pending, not when already in it; the owner is told. */
export async function applyToCluster(ctx: AppContext, userId: number, body: ClusterApplyBody, ip = ''): Promise<ClusterJoinedEntry> {
  const c = await callerOf(ctx, userId, ip);
  const rowId = await ctx
    .tx(async (t) => {
      const group = await lockLiveCluster(t, body.id);
      const live = await repo.findLiveRow(t.db, group.id, userId);
      if (live?.role === 'owner') throw new AppError('CONFLICT', CLUSTER_REFUSED.ownGroup);
      if (live) throw new AppError('CONFLICT', live.state === 'member' ? CLUSTER_REFUSED.alreadyMember : CLUSTER_REFUSED.alreadyApplied);
      const row = await makeMemberRow(t, c, group, { userId, name: c.user.name, phone: c.user.phone }, 'apply', { message: body.message });
      const said = body.message ? `，留言：${body.message}` : '';
      await tell(
        t,
        group.ownerId,
        `member:${row.id}:apply`,
        '新的入组申请',
        `${c.name}申请加入课题组「${group.name}」${said}。请在「课题组管理」中处理。`,
      );
      return row.id;
    })
    .catch(twice(CLUSTER_REFUSED.alreadyApplied));
  return joinedEntry(ctx, rowId);
}

/** cluster/agree: the owner accepts or refuses a pending application (another's group answers 404). */
export async function answerApplication(ctx: AppContext, userId: number, body: ClusterAgreeBody, ip = ''): Promise<null> {
  const c = await callerOf(ctx, userId, ip);
  const found = await repo.findMember(ctx.db, body.id);
  if (!found) throw new AppError('NOT_FOUND', NO_CLUSTER_APPLICATION);
  await ctx.tx(async (t) => {
    const group = await repo.lockCluster(t.db, found.clusterId);
    if (!group) throw new AppError('NOT_FOUND', NO_CLUSTER_APPLICATION);
    if (group.ownerId !== userId) throw new AppError('NOT_FOUND', NO_CLUSTER_APPLICATION);
    const row = await memberOf(t, group, body.id, NO_CLUSTER_APPLICATION);
    const who = await getUser(t, row.userId);
    if (body.agree && row.state === 'applied') checkRoom(group);
    await moveMember(t, c, group, row, who, body.agree ? 'agree' : 'refuse');
    await tell(
      t,
      row.userId,
      `member:${row.id}:${body.agree ? 'agree' : 'refuse'}`,
      body.agree ? '入组申请已通过' : '入组申请未通过',
      body.agree ? `您已加入课题组「${group.name}」。` : `课题组「${group.name}」的负责人未同意您的入组申请。`,
    );
  });
  return null;
}

/** The owner's own group, read without a lock, before a phone look-up is counted: a stranger learns nothing of the phone. */
async function ownGroupOrMissing(ctx: AppContext, userId: number, id: number): Promise<ClusterRow> {
  const group = await repo.findCluster(ctx.db, id);
  if (!group || group.ownerId !== userId) throw new AppError('NOT_FOUND', NO_CLUSTER);
  return group;
}

/** A registered, enabled customer by their whole phone number (counted against the caller's hourly look-ups). */
/**
 * Counts one of the owner's look-ups by phone against the hourly limit. The counter store may be this database
 * (PGlite, no Redis): count outside any transaction — a keyed create counts before its key's (ADR 0061).
 */
export const countLookUp = (ctx: AppContext, userId: number) =>
  limit(ctx.counter, `cluster:lookup:${userId}`, 3600, CLUSTER_LOOKUPS_PER_HOUR, (r) => `查询过于频繁，请${r}后再试`);

async function lookUp(ctx: AppContext, userId: number, phone: string, counted = false) {
  if (!counted) await countLookUp(ctx, userId);
  const user = await findUserByPhone(ctx, phone);
  if (!user || user.disabled) throw new AppError('NOT_FOUND', CLUSTER_REFUSED.userMissing);
  return user;
}

/** cluster/search4user: the owner looks a customer up by whole phone; only the name and the masked phone come back. */
export async function lookUpUser(ctx: AppContext, userId: number, body: ClusterPhoneBody): Promise<ClusterUserLookup> {
  const group = await ownGroupOrMissing(ctx, userId, body.id);
  const user = await lookUp(ctx, userId, body.phone);
  const live = await repo.findLiveRow(ctx.db, group.id, user.id);
  return {
    name: user.name,
    phone: maskPhone(user.phone),
    state: live?.state === 'member' || live?.state === 'applied' ? live.state : null,
  };
}

/** cluster/add4user: the owner adds a registered customer by phone; a pending application of theirs is agreed instead. */
export async function addByPhone(
  ctx: AppContext,
  userId: number,
  body: ClusterPhoneBody,
  ip = '',
  counted = false,
): Promise<ClusterMember> {
  const c = await callerOf(ctx, userId, ip);
  await ownGroupOrMissing(ctx, userId, body.id);
  const user = await lookUp(ctx, userId, body.phone, counted);
  const rowId = await ctx
    .tx(async (t) => {
      const group = await lockOwnCluster(t, c, body.id);
      const live = await repo.findLiveRow(t.db, group.id, user.id);
      if (live?.state === 'member') throw new AppError('CONFLICT', CLUSTER_REFUSED.userMember);
      checkRoom(group);
      const row = live
        ? await moveMember(t, c, group, live, user, 'agree')
        : await makeMemberRow(t, c, group, { userId: user.id, name: user.name, phone: user.phone }, 'add');
      await tell(
        t,
        user.id,
        `member:${row.id}:${live ? 'agree' : 'add'}`,
        '您已加入课题组',
        `${c.name}已将您添加到课题组「${group.name}」。`,
      );
      return row.id;
    })
    .catch(twice(CLUSTER_REFUSED.userMember));
  const [added] = (await repo.listRowsWithPeople(ctx.db, [body.id], ['member'])).filter((r) => r.row.id === rowId);
  if (!added) throw new AppError('NOT_FOUND', NO_CLUSTER_MEMBER);
  return memberView(added);
}

/**
 * cluster/delete4user: the owner removes a member, or a member leaves; the
 * owner can do neither to their own row (transfer first). The owner is told of
 * a leave, the member of a removal.
 */
export async function removeMember(ctx: AppContext, userId: number, id: number, ip = ''): Promise<null> {
  const c = await callerOf(ctx, userId, ip);
  const found = await repo.findMember(ctx.db, id);
  if (!found) throw new AppError('NOT_FOUND', NO_CLUSTER_MEMBER);
  await ctx.tx(async (t) => {
    const group = await repo.lockCluster(t.db, found.clusterId);
    if (!group) throw new AppError('NOT_FOUND', NO_CLUSTER_MEMBER);
    const row = await memberOf(t, group, id);
    const owner = group.ownerId === userId;
    if (!owner && row.userId !== userId) throw new AppError('NOT_FOUND', NO_CLUSTER_MEMBER);
    if (row.role === 'owner' && row.state === 'member')
      throw new AppError('CONFLICT', row.userId === userId ? CLUSTER_REFUSED.ownerLeave : CLUSTER_REFUSED.removeOwner);
    const who = await getUser(t, row.userId);
    if (owner) {
      await moveMember(t, c, group, row, who, 'remove');
      await tell(t, row.userId, `member:${row.id}:remove`, '您已被移出课题组', `您已被移出课题组「${group.name}」。`);
    } else {
      await moveMember(t, c, group, row, who, 'leave');
      await tell(t, group.ownerId, `member:${row.id}:leave`, '成员退出课题组', `${c.name}已退出课题组「${group.name}」。`);
    }
  });
  return null;
}

/**
 * cluster/transfer: ownership to a member of the group (not an applicant, not
 * a stranger); the recipient's own groups stay within the limit, counted under
 * their account's lock; the old owner stays a member.
 */
export async function transferCluster(ctx: AppContext, userId: number, body: ClusterTransferBody, ip = ''): Promise<null> {
  const c = await callerOf(ctx, userId, ip);
  await ctx.tx(async (t) => {
    const group = await lockOwnCluster(t, c, body.id);
    const target = await repo.findMember(t.db, body.memberId);
    if (target?.clusterId === group.id && target.userId === userId) throw new AppError('CONFLICT', CLUSTER_REFUSED.transferSelf);
    if (!target || target.clusterId !== group.id || target.state !== 'member')
      throw new AppError('CONFLICT', CLUSTER_REFUSED.notMemberTarget);
    await repo.lockCustomer(t.db, target.userId);
    if ((await repo.countOwned(t.db, target.userId)) >= CLUSTERS_PER_OWNER) throw new AppError('CONFLICT', CLUSTER_REFUSED.targetTooMany);
    const own = await repo.findLiveRow(t.db, group.id, userId);
    // The old owner's row first: one live owner per group at every statement (a unique index).
    if (own) await repo.setRole(t.db, own.id, 'member');
    await repo.setRole(t.db, target.id, 'owner');
    await repo.updateCluster(t.db, group.id, { ownerId: target.userId, updatedAt: t.clock() });
    const next = await getUser(t, target.userId);
    await recordAudit(t, {
      actor: actorOf(c),
      action: 'cluster.transfer',
      objectType: 'cluster',
      objectId: group.id,
      changes: { owner: [c.name, personName(next)], ownerId: [userId, target.userId] },
      ip,
    });
    await tell(
      t,
      target.userId,
      `${group.id}:transfer:${target.id}:${t.clock().getTime()}`,
      '课题组已转让给您',
      `${c.name}已将课题组「${group.name}」转让给您，您现在是该课题组的负责人。`,
    );
  });
  return null;
}

/** cluster/assign: the owner sets a member's spending limit (fen, ≥ 0), audited; the member is told (not the owner of their own). */
export async function assignLimit(ctx: AppContext, userId: number, body: ClusterAssignBody, ip = ''): Promise<ClusterMember> {
  const c = await callerOf(ctx, userId, ip);
  const found = await repo.findMember(ctx.db, body.id);
  if (!found) throw new AppError('NOT_FOUND', NO_CLUSTER_MEMBER);
  await ctx.tx(async (t) => {
    const group = await repo.lockCluster(t.db, found.clusterId);
    if (!group) throw new AppError('NOT_FOUND', NO_CLUSTER_MEMBER);
    if (group.ownerId !== userId) throw new AppError('NOT_FOUND', NO_CLUSTER_MEMBER);
    const row = await memberOf(t, group, body.id);
    if (row.state !== 'member') throw new AppError('CONFLICT', '只能为课题组成员设置额度');
    if (row.limitFen === body.limitFen) return;
    await repo.setLimit(t.db, row.id, body.limitFen);
    const who = await getUser(t, row.userId);
    await recordAudit(t, {
      actor: actorOf(c),
      action: 'cluster.assign',
      objectType: 'cluster',
      objectId: group.id,
      changes: { limitFen: [row.limitFen, body.limitFen], member: [null, memberLabel(who)], memberId: [null, row.id] },
      ip,
    });
    if (row.userId !== userId)
      await tell(
        t,
        row.userId,
        `member:${row.id}:assign:${t.clock().getTime()}`,
        '课题组消费额度已调整',
        `您在课题组「${group.name}」的消费额度已调整为${formatFen(body.limitFen)}。`,
      );
  });
  const [view] = (await repo.listRowsWithPeople(ctx.db, [found.clusterId], ['member'])).filter((r) => r.row.id === body.id);
  if (!view) throw new AppError('NOT_FOUND', NO_CLUSTER_MEMBER);
  return memberView(view);
}
