import { and, asc, count, desc, eq, ilike, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { ClusterMemberState, ClusterRole } from '@yance/contracts/cluster';
import { LIVE_MEMBER_STATES } from '@yance/contracts/cluster';
import type { Fen } from '@yance/contracts/money';
import type { Executor } from '../../db/client.ts';
import { cluster, clusterMember, userAccount } from '../../db/schema.ts';

export type ClusterRow = typeof cluster.$inferSelect;
export type MemberRow = typeof clusterMember.$inferSelect;
type NewMemberRow = typeof clusterMember.$inferInsert;

const liveCluster = isNull(cluster.deletedAt);
const liveRow = inArray(clusterMember.state, [...LIVE_MEMBER_STATES]);
const containing = (kw: string) => `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Holds the customer's account row until the transaction ends: creating a
 * group and being handed one both count the groups a customer owns under it,
 * so two at once cannot pass the limit together.
 */
export async function lockCustomer(db: Executor, userId: number): Promise<boolean> {
  const rows = await db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.id, userId)).for('update');
  return rows.length > 0;
}

/** Live groups the customer owns. */
export async function countOwned(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(cluster)
    .where(and(eq(cluster.ownerId, userId), liveCluster));
  return row?.n ?? 0;
}

/** A new group, or undefined when a live group has the name already (the partial unique index decides). */
export async function insertCluster(db: Executor, row: typeof cluster.$inferInsert): Promise<ClusterRow | undefined> {
  const [created] = await db.insert(cluster).values(row).onConflictDoNothing().returning();
  return created;
}

/** A live group, locked until the transaction ends: every change of the group or its rows takes this lock first. */
export async function lockCluster(db: Executor, id: number): Promise<ClusterRow | undefined> {
  const [row] = await db
    .select()
    .from(cluster)
    .where(and(eq(cluster.id, id), liveCluster))
    .for('update');
  return row;
}

export async function findCluster(db: Executor, id: number): Promise<ClusterRow | undefined> {
  const [row] = await db
    .select()
    .from(cluster)
    .where(and(eq(cluster.id, id), liveCluster));
  return row;
}

export async function updateCluster(db: Executor, id: number, patch: Partial<typeof cluster.$inferInsert>): Promise<ClusterRow> {
  const [row] = await db.update(cluster).set(patch).where(eq(cluster.id, id)).returning();
  return row!;
}

export async function addToMemberCount(db: Executor, id: number, delta: number): Promise<void> {
  await db
    .update(cluster)
    .set({ memberCount: sql`${cluster.memberCount} + ${delta}` })
    .where(eq(cluster.id, id));
}

export async function insertMember(db: Executor, row: NewMemberRow): Promise<MemberRow> {
  const [created] = await db.insert(clusterMember).values(row).returning();
  return created!;
}

export async function findMember(db: Executor, id: number): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(clusterMember).where(eq(clusterMember.id, id));
  return row;
}

/** The customer's live row (applied or member) in the group. */
export async function findLiveRow(db: Executor, clusterId: number, userId: number): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(clusterMember)
    .where(and(eq(clusterMember.clusterId, clusterId), eq(clusterMember.userId, userId), liveRow));
  return row;
}

/** Moves a row from the state it was read in (compare-and-set); undefined if it had moved. */
export async function moveMemberState(
  db: Executor,
  id: number,
  from: ClusterMemberState,
  to: ClusterMemberState,
  patch: Partial<Pick<NewMemberRow, 'joinedAt' | 'endedAt'>>,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .update(clusterMember)
    .set({ state: to, ...patch })
    .where(and(eq(clusterMember.id, id), eq(clusterMember.state, from)))
    .returning();
  return row;
}

export async function setRole(db: Executor, id: number, role: ClusterRole): Promise<void> {
  await db.update(clusterMember).set({ role }).where(eq(clusterMember.id, id));
}

export async function setLimit(db: Executor, id: number, limitFen: Fen): Promise<MemberRow> {
  const [row] = await db.update(clusterMember).set({ limitFen }).where(eq(clusterMember.id, id)).returning();
  return row!;
}

/** Members of the group (state member). */
export async function countMembers(db: Executor, clusterId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(clusterMember)
    .where(and(eq(clusterMember.clusterId, clusterId), eq(clusterMember.state, 'member')));
  return row?.n ?? 0;
}

/** The group's pending applications (to refuse them all when it is deleted). */
export async function listApplied(db: Executor, clusterId: number): Promise<MemberRow[]> {
  return db
    .select()
    .from(clusterMember)
    .where(and(eq(clusterMember.clusterId, clusterId), eq(clusterMember.state, 'applied')))
    .orderBy(asc(clusterMember.id));
}

const person = { name: userAccount.name, phone: userAccount.phone, company: userAccount.company };

/** Rows of these groups in these states, with the customer's name, phone and institution; the owner first, then oldest first. */
export async function listRowsWithPeople(db: Executor, clusterIds: readonly number[], states: readonly ClusterMemberState[]) {
  if (clusterIds.length === 0) return [];
  return db
    .select({ row: clusterMember, ...person })
    .from(clusterMember)
    .innerJoin(userAccount, eq(userAccount.id, clusterMember.userId))
    .where(and(inArray(clusterMember.clusterId, [...clusterIds]), inArray(clusterMember.state, [...states])))
    .orderBy(asc(clusterMember.clusterId), sql`${clusterMember.role} = 'owner' desc`, asc(clusterMember.id));
}

/** The newest pending applications of one group, and how many there are. */
export async function pageApplications(db: Executor, clusterId: number, limit: number) {
  const where = and(eq(clusterMember.clusterId, clusterId), eq(clusterMember.state, 'applied'));
  const rows = await db
    .select({ row: clusterMember, ...person })
    .from(clusterMember)
    .innerJoin(userAccount, eq(userAccount.id, clusterMember.userId))
    .where(where)
    .orderBy(desc(clusterMember.id))
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(clusterMember).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** What search and joined show of a group: the group and its owner's name. */
const summary = {
  id: cluster.id,
  name: cluster.name,
  institution: cluster.institution,
  description: cluster.description,
  ownerName: userAccount.name,
  ownerPhone: userAccount.phone,
  memberCount: cluster.memberCount,
  createdAt: cluster.createdAt,
};

/** The customer's live groups as owner, oldest first. */
export async function listOwned(db: Executor, userId: number, id?: number) {
  return db
    .select(summary)
    .from(cluster)
    .innerJoin(userAccount, eq(userAccount.id, cluster.ownerId))
    .where(and(eq(cluster.ownerId, userId), liveCluster, id === undefined ? undefined : eq(cluster.id, id)))
    .orderBy(asc(cluster.id));
}

/** One live group as search shows it. */
export async function findSummary(db: Executor, id: number) {
  const [row] = await db
    .select(summary)
    .from(cluster)
    .innerJoin(userAccount, eq(userAccount.id, cluster.ownerId))
    .where(and(eq(cluster.id, id), liveCluster));
  return row;
}

/** Live groups whose name or institution holds the keyword, newest first. */
export async function searchClusters(db: Executor, kw: string, page: number, pageSize: number) {
  const where = and(liveCluster, kw ? or(ilike(cluster.name, containing(kw)), ilike(cluster.institution, containing(kw))) : undefined);
  const rows = await db
    .select(summary)
    .from(cluster)
    .innerJoin(userAccount, eq(userAccount.id, cluster.ownerId))
    .where(where)
    .orderBy(desc(cluster.createdAt), desc(cluster.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(cluster).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The customer's live rows in these groups. */
export async function liveRowsOf(db: Executor, userId: number, clusterIds: readonly number[]): Promise<MemberRow[]> {
  if (clusterIds.length === 0) return [];
  return db
    .select()
    .from(clusterMember)
    .where(and(eq(clusterMember.userId, userId), inArray(clusterMember.clusterId, [...clusterIds]), liveRow));
}

const joined = (db: Executor, where: SQL | undefined) =>
  db
    .select({ ...summary, row: clusterMember })
    .from(clusterMember)
    .innerJoin(cluster, eq(cluster.id, clusterMember.clusterId))
    .innerJoin(userAccount, eq(userAccount.id, cluster.ownerId))
    .where(where);

/** One live row in a live group, with the group (what joined shows of it). */
export async function findJoined(db: Executor, rowId: number) {
  const [row] = await joined(db, and(eq(clusterMember.id, rowId), liveRow, liveCluster));
  return row;
}

/** The customer's live rows in live groups, newest first, with the group. */
export async function pageJoined(db: Executor, userId: number, page: number, pageSize: number) {
  const where = and(eq(clusterMember.userId, userId), liveRow, liveCluster);
  const rows = await joined(db, where)
    .orderBy(desc(clusterMember.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(clusterMember)
    .innerJoin(cluster, eq(cluster.id, clusterMember.clusterId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

// ---- console ---------------------------------------------------------------

export interface AdminClusterFilter {
  kw?: string;
  /** Only groups whose owner's current manager is this staff member. */
  managerId?: number;
}

const pending =
  sql<number>`(select count(*) from ${clusterMember} where ${clusterMember.clusterId} = ${cluster.id} and ${clusterMember.state} = 'applied')`
    .mapWith(Number)
    .as('pending');

function adminWhere(f: AdminClusterFilter): SQL | undefined {
  const kw = f.kw;
  return and(
    liveCluster,
    kw
      ? or(
          ilike(cluster.name, containing(kw)),
          ilike(cluster.institution, containing(kw)),
          /^\d+$/.test(kw) ? like(userAccount.phone, `${kw}%`) : undefined,
        )
      : undefined,
    f.managerId === undefined ? undefined : eq(userAccount.managerId, f.managerId),
  );
}

const adminSummary = { ...summary, ownerId: cluster.ownerId, ownerManagerId: userAccount.managerId, pending };

/** The console's list: live groups newest first, with the owner and counts. */
export async function pageAdminClusters(db: Executor, f: AdminClusterFilter, page: number, pageSize: number) {
  const where = adminWhere(f);
  const rows = await db
    .select(adminSummary)
    .from(cluster)
    .innerJoin(userAccount, eq(userAccount.id, cluster.ownerId))
    .where(where)
    .orderBy(desc(cluster.createdAt), desc(cluster.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(cluster).innerJoin(userAccount, eq(userAccount.id, cluster.ownerId)).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** One live group for the console, with its owner's manager (the reach). */
export async function findAdminCluster(db: Executor, id: number) {
  const [row] = await db
    .select(adminSummary)
    .from(cluster)
    .innerJoin(userAccount, eq(userAccount.id, cluster.ownerId))
    .where(and(eq(cluster.id, id), liveCluster));
  return row;
}

/**
 * Adds amount to what the member spent from the group, only within their
 * limit, in one statement (the row lock holds concurrent spenders apart).
 * Answers the row, or undefined when it would pass the limit.
 */
export async function spendWithinLimit(db: Executor, id: number, amount: number): Promise<MemberRow | undefined> {
  const [row] = await db
    .update(clusterMember)
    .set({ spentFen: sql`${clusterMember.spentFen} + ${amount}` })
    .where(
      and(
        eq(clusterMember.id, id),
        eq(clusterMember.state, 'member'),
        sql`${clusterMember.spentFen} + ${amount} <= ${clusterMember.limitFen}`,
      ),
    )
    .returning();
  return row;
}
