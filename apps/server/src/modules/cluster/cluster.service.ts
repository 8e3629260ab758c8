// Research groups (课题组, issue 10, ADR 0051): the group itself — create,
// edit, delete — and what customers read: search, joined, the owner's view.
// Membership moves are in cluster-member.service.ts.
import { formatFen } from '@yance/contracts/money';
import {
  CLUSTER_APPLICATIONS_SHOWN,
  CLUSTER_REFUSED,
  CLUSTERS_PER_OWNER,
  maskPhone,
  NO_CLUSTER,
  type ClusterAddBody,
  type ClusterAllResponse,
  type ClusterEditBody,
  type ClusterJoinedBody,
  type ClusterJoinedEntry,
  type ClusterManaged,
  type ClusterMember,
  type ClusterMine,
  type ClusterSearchBody,
  type ClusterSummary,
} from '@yance/contracts/cluster';
import type { Page } from '@yance/contracts/paging';
import { ORGANIZATIONS } from '@yance/contracts/user';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { changesOf, recordAudit } from '../audit/index.ts';
import { balanceOf, groupAccountOf } from '../ledger/index.ts';
import { getUser, type User } from '../user/index.ts';
import { actorOf, lockOwnCluster, makeMemberRow, moveMember, personName, tell, type Caller } from './cluster-transition.ts';
import * as repo from './cluster.repository.ts';
import type { ClusterRow, MemberRow } from './cluster.repository.ts';

/** The signed-in customer as the group calls name them. */
export async function callerOf(ctx: AppContext, userId: number, ip = ''): Promise<Caller & { user: User }> {
  const user = await getUser(ctx, userId);
  return { userId, name: personName(user), ip, user };
}

/** A teacher by attestation: the profile form says 教师 (organization 3) and was not rejected since. */
export const isTeacher = (u: Pick<User, 'organization' | 'attested'>) => u.attested && u.organization === ORGANIZATIONS.teacher;

/** Whether the group may close now, apart from its members: not while its account (ADR 0050) holds money. Read under the group's lock. */
export async function groupMayClose(t: AppContext, clusterId: number): Promise<boolean> {
  return (await balanceOf(t, groupAccountOf(clusterId))) === 0;
}

/** A group's money as the caller may touch it (ADR 0050): locked, with the caller's member row (404 for a non-member). */
export async function lockGroupForMoney(
  t: AppContext,
  userId: number,
  clusterId: number,
): Promise<{ group: ClusterRow; member: MemberRow; owner: boolean }> {
  const group = await repo.lockCluster(t.db, clusterId);
  const member = group && (await repo.findLiveRow(t.db, group.id, userId));
  if (!group || !member || member.state !== 'member') throw new AppError('NOT_FOUND', NO_CLUSTER);
  return { group, member, owner: group.ownerId === userId };
}

/** A live group locked for a staff member's credit (the caller checked its reach), or 404. */
export async function lockGroupRow(t: AppContext, clusterId: number): Promise<ClusterRow> {
  const group = await repo.lockCluster(t.db, clusterId);
  if (!group) throw new AppError('NOT_FOUND', NO_CLUSTER);
  return group;
}

/** The group's facts for a reader (unlocked): its member row for the caller, or 404. */
export async function groupForReader(
  ctx: AppContext,
  userId: number,
  clusterId: number,
): Promise<{ group: ClusterRow; member: MemberRow; owner: boolean }> {
  const group = await repo.findCluster(ctx.db, clusterId);
  const member = group && (await repo.findLiveRow(ctx.db, group.id, userId));
  if (!group || !member || member.state !== 'member') throw new AppError('NOT_FOUND', NO_CLUSTER);
  return { group, member, owner: group.ownerId === userId };
}

/** Counts amount against the member's limit in the group (call under the group's lock); 409 past it. */
export async function spendFromLimit(t: AppContext, member: MemberRow, amount: number): Promise<MemberRow> {
  const row = await repo.spendWithinLimit(t.db, member.id, amount);
  if (!row)
    throw new AppError(
      'CONFLICT',
      `超出您在该课题组的可用额度（剩余${formatFen(member.limitFen - member.spentFen)}），请联系课题组负责人调整额度`,
    );
  return row;
}

type SummaryRow = NonNullable<Awaited<ReturnType<typeof repo.findSummary>>>;
const mineOf = (r: Pick<MemberRow, 'id' | 'state' | 'role'> | undefined): ClusterMine | null =>
  r && (r.state === 'applied' || r.state === 'member') ? { memberId: r.id, state: r.state, role: r.role } : null;

const baseOf = (r: SummaryRow): Omit<ClusterSummary, 'mine'> => ({
  id: r.id,
  name: r.name,
  institution: r.institution,
  description: r.description,
  ownerName: personName({ name: r.ownerName, phone: r.ownerPhone }),
  memberCount: r.memberCount,
  createdAt: r.createdAt.toISOString(),
});
const summaryOf = (r: SummaryRow, mine: ClusterMine | null): ClusterSummary => ({ ...baseOf(r), mine });

const nameTaken = (err: unknown) => (isUniqueViolation(err) ? new AppError('CONFLICT', CLUSTER_REFUSED.nameTaken) : err);

/** cluster/add: a teacher (by attestation) with fewer than five live groups; the name unique among live groups. */
export async function addCluster(ctx: AppContext, userId: number, body: ClusterAddBody, ip = ''): Promise<ClusterSummary> {
  const c = await callerOf(ctx, userId, ip);
  if (!isTeacher(c.user)) throw new AppError('FORBIDDEN', CLUSTER_REFUSED.notTeacher);
  const id = await ctx
    .tx(async (t) => {
      await repo.lockCustomer(t.db, userId);
      if ((await repo.countOwned(t.db, userId)) >= CLUSTERS_PER_OWNER) throw new AppError('CONFLICT', CLUSTER_REFUSED.tooMany);
      const at = t.clock();
      const group = await repo.insertCluster(t.db, { ...body, ownerId: userId, createdAt: at, updatedAt: at });
      if (!group) throw new AppError('CONFLICT', CLUSTER_REFUSED.nameTaken);
      await recordAudit(t, {
        actor: actorOf(c),
        action: 'cluster.add',
        objectType: 'cluster',
        objectId: group.id,
        changes: changesOf(null, { name: body.name, institution: body.institution, description: body.description, owner: c.name }),
        ip,
      });
      await makeMemberRow(t, c, group, { userId, name: c.user.name, phone: c.user.phone }, 'create', { role: 'owner' });
      return group.id;
    })
    .catch((err: unknown) => {
      throw nameTaken(err);
    });
  return summaryOfId(ctx, userId, id);
}

async function summaryOfId(ctx: AppContext, userId: number, id: number): Promise<ClusterSummary> {
  const row = await repo.findSummary(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', NO_CLUSTER);
  return summaryOf(row, mineOf(await repo.findLiveRow(ctx.db, id, userId)));
}

/** cluster/edit: the owner changes the name, institution and description (audited field by field). */
export async function editCluster(ctx: AppContext, userId: number, body: ClusterEditBody, ip = ''): Promise<ClusterSummary> {
  const c = await callerOf(ctx, userId, ip);
  await ctx
    .tx(async (t) => {
      const group = await lockOwnCluster(t, c, body.id);
      const next = { name: body.name, institution: body.institution, description: body.description };
      const changes = changesOf({ name: group.name, institution: group.institution, description: group.description }, next);
      if (Object.keys(changes).length === 0) return;
      await repo.updateCluster(t.db, group.id, { ...next, updatedAt: t.clock() });
      await recordAudit(t, { actor: actorOf(c), action: 'cluster.edit', objectType: 'cluster', objectId: group.id, changes, ip });
    })
    .catch((err: unknown) => {
      throw nameTaken(err);
    });
  return summaryOfId(ctx, userId, body.id);
}

/**
 * cluster/del: only while no one but the owner is a member (and, once the
 * ledger is wired, the group's balance is zero). Pending applications are
 * refused and their applicants told; the owner's row leaves with the group.
 */
export async function deleteCluster(ctx: AppContext, userId: number, id: number, ip = ''): Promise<null> {
  const c = await callerOf(ctx, userId, ip);
  await ctx.tx(async (t) => {
    const group = await lockOwnCluster(t, c, id);
    if ((await repo.countMembers(t.db, group.id)) > 1) throw new AppError('CONFLICT', CLUSTER_REFUSED.notEmpty);
    if (!(await groupMayClose(t, group.id))) throw new AppError('CONFLICT', CLUSTER_REFUSED.balance);
    for (const row of await repo.listRowsWithPeople(t.db, [group.id], ['applied'])) {
      await moveMember(t, c, group, row.row, row, 'refuse', '课题组已解散');
      await tell(t, row.row.userId, `member:${row.row.id}:refuse`, '入组申请未通过', `课题组「${group.name}」已解散，您的入组申请已关闭。`);
    }
    const own = await repo.findLiveRow(t.db, group.id, userId);
    if (own) await moveMember(t, c, group, own, c.user, 'dissolve');
    const at = t.clock();
    await repo.updateCluster(t.db, group.id, { deletedAt: at, updatedAt: at });
    await recordAudit(t, {
      actor: actorOf(c),
      action: 'cluster.del',
      objectType: 'cluster',
      objectId: group.id,
      changes: { deletedAt: [null, at.toISOString()] },
      ip,
    });
  });
  return null;
}

/** cluster/search: live groups by name or institution, newest first, each with whether the caller is in it or applied. */
export async function searchClusters(ctx: AppContext, userId: number, q: ClusterSearchBody): Promise<Page<ClusterSummary>> {
  const { rows, total } = await repo.searchClusters(ctx.db, q.kw, q.page, q.pageSize);
  const mine = await repo.liveRowsOf(
    ctx.db,
    userId,
    rows.map((r) => r.id),
  );
  const list = rows.map((r) => summaryOf(r, mineOf(mine.find((m) => m.clusterId === r.id))));
  return { list, total, page: q.page, pageSize: q.pageSize };
}

type JoinedRow = NonNullable<Awaited<ReturnType<typeof repo.findJoined>>>;
const joinedOf = (r: JoinedRow): ClusterJoinedEntry => ({
  ...baseOf(r),
  mine: mineOf(r.row)!,
  limitFen: r.row.limitFen,
  spentFen: r.row.spentFen,
  since: (r.row.joinedAt ?? r.row.createdAt).toISOString(),
});

/** cluster/joined: the groups the caller is in or has applied to, newest first, with their role and limit. */
export async function joinedClusters(ctx: AppContext, userId: number, q: ClusterJoinedBody): Promise<Page<ClusterJoinedEntry>> {
  const { rows, total } = await repo.pageJoined(ctx.db, userId, q.page, q.pageSize);
  return { list: rows.map(joinedOf), total, page: q.page, pageSize: q.pageSize };
}

/** One of the caller's rows as joined shows it (apply's answer). */
export async function joinedEntry(ctx: AppContext, rowId: number): Promise<ClusterJoinedEntry> {
  const r = await repo.findJoined(ctx.db, rowId);
  if (!r) throw new AppError('NOT_FOUND', NO_CLUSTER);
  return joinedOf(r);
}

type PersonRow = Awaited<ReturnType<typeof repo.listRowsWithPeople>>[number];
/** A member as the owner sees them: the phone masked. */
export const memberOf = (r: PersonRow): ClusterMember => ({
  id: r.row.id,
  name: r.name,
  phone: maskPhone(r.phone),
  company: r.company,
  role: r.row.role,
  limitFen: r.row.limitFen,
  spentFen: r.row.spentFen,
  joinedAt: (r.row.joinedAt ?? r.row.createdAt).toISOString(),
});

/** cluster/all: the caller's groups as owner with members and pending applications; with id only that one (another's is 404). */
export async function ownedClusters(ctx: AppContext, userId: number, id?: number): Promise<ClusterAllResponse> {
  const c = await callerOf(ctx, userId);
  const groups = await repo.listOwned(ctx.db, userId, id);
  if (id !== undefined && groups.length === 0) throw new AppError('NOT_FOUND', NO_CLUSTER);
  const members = await repo.listRowsWithPeople(
    ctx.db,
    groups.map((g) => g.id),
    ['member'],
  );
  const list: ClusterManaged[] = [];
  for (const g of groups) {
    const applied = await repo.pageApplications(ctx.db, g.id, CLUSTER_APPLICATIONS_SHOWN);
    list.push({
      ...baseOf(g),
      members: members.filter((m) => m.row.clusterId === g.id).map(memberOf),
      applications: applied.rows.map((r) => ({
        id: r.row.id,
        name: r.name,
        phone: maskPhone(r.phone),
        company: r.company,
        message: r.row.message,
        appliedAt: r.row.createdAt.toISOString(),
      })),
      applicationsTotal: applied.total,
    });
  }
  const owned = id === undefined ? groups.length : await repo.countOwned(ctx.db, userId);
  const refusal = !isTeacher(c.user) ? CLUSTER_REFUSED.notTeacher : owned >= CLUSTERS_PER_OWNER ? CLUSTER_REFUSED.tooMany : '';
  return { list, mayCreate: refusal === '', refusal };
}
