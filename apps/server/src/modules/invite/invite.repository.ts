// Invitations' tables (ADR 0054, ADR 0069): the invitation rows, the look-ups
// of the abuse checks over login_event (devices and sign-up IPs), and the
// invitee's orders for the rebates owed after a review.
import { aliasedTable, and, asc, count, desc, eq, exists, ilike, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { InviteRewardState } from '@yance/contracts/invite-states';
import type { Executor } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { inviteReward, loginEvent, orders, staffAccount, userAccount } from '../../db/schema.ts';

export type RewardRow = typeof inviteReward.$inferSelect;
export type NewRewardRow = typeof inviteReward.$inferInsert;

/** The invitee (their registration) and their inviter, with the invitation's row when it is written; none: not invited. */
export async function findInvitation(db: Executor, inviteeId: number) {
  const [row] = await invitation(db).execute({ inviteeId });
  return row;
}
export type Invitation = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;

/** The invitation's row by its invitee (after a racing payment wrote it). */
export async function rewardOfInvitee(db: Executor, inviteeId: number): Promise<RewardRow | undefined> {
  const [row] = await db.select().from(inviteReward).where(eq(inviteReward.inviteeId, inviteeId));
  return row;
}

/** The invitee's orders that are not drafts, oldest first (the rebates a review grants). */
export async function ordersOf(db: Executor, userId: number) {
  return db
    .select({ id: orders.id, no: orders.no, userId: orders.userId, state: orders.state })
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.state, 'draft')))
    .orderBy(asc(orders.id));
}

/** Asked on every payment of every customer (the order's paying moves): prepared once (ADR 0066). */
const invitation = preparedStatement('invite_invitation', (db, name) => {
  const inviter = aliasedTable(userAccount, 'inviter');
  return db
    .select({
      inviteeId: userAccount.id,
      inviteePhone: userAccount.phone,
      registeredAt: userAccount.createdAt,
      inviterId: inviter.id,
      inviterPhone: inviter.phone,
      reward: inviteReward,
    })
    .from(userAccount)
    .innerJoin(inviter, eq(inviter.id, userAccount.inviterId))
    .leftJoin(inviteReward, eq(inviteReward.inviteeId, userAccount.id))
    .where(eq(userAccount.id, sql.placeholder('inviteeId')))
    .prepare(name);
});

/** Claims the invitee's one reward row; undefined when it exists (a concurrent payment waits here for the other's commit). */
export async function insertReward(db: Executor, row: NewRewardRow): Promise<RewardRow | undefined> {
  const [created] = await db.insert(inviteReward).values(row).onConflictDoNothing({ target: inviteReward.inviteeId }).returning();
  return created;
}

/** Whether the invitee ever signed in from a device the inviter also used. */
export async function shareDevice(db: Executor, inviteeId: number, inviterId: number): Promise<boolean> {
  const theirs = aliasedTable(loginEvent, 'theirs');
  const [row] = await db
    .select({ n: count() })
    .from(loginEvent)
    .where(
      and(
        eq(loginEvent.userId, inviteeId),
        ne(loginEvent.deviceId, ''),
        exists(
          db
            .select({ one: sql`1` })
            .from(theirs)
            .where(and(eq(theirs.deviceId, loginEvent.deviceId), eq(theirs.userId, inviterId))),
        ),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** Whether the invitee signed up from an IP the inviter used within a day of that sign-up. */
export async function shareSignUpIp(db: Executor, inviteeId: number, inviterId: number): Promise<boolean> {
  const theirs = aliasedTable(loginEvent, 'theirs');
  const [row] = await db
    .select({ n: count() })
    .from(loginEvent)
    .where(
      and(
        eq(loginEvent.userId, inviteeId),
        eq(loginEvent.method, 'register'),
        ne(loginEvent.ip, ''),
        exists(
          db
            .select({ one: sql`1` })
            .from(theirs)
            .where(
              and(
                eq(theirs.userId, inviterId),
                eq(theirs.ip, loginEvent.ip),
                sql`${theirs.at} between ${loginEvent.at} - interval '1 day' and ${loginEvent.at} + interval '1 day'`,
              ),
            ),
        ),
      ),
    );
  return (row?.n ?? 0) > 0;
}

export async function lockReward(db: Executor, id: number): Promise<RewardRow | undefined> {
  const [row] = await db.select().from(inviteReward).where(eq(inviteReward.id, id)).for('update');
  return row;
}

/** Compare-and-set of a reward's state; undefined when it is no longer in `from`. */
export async function moveReward(
  db: Executor,
  id: number,
  from: InviteRewardState,
  patch: Pick<RewardRow, 'state' | 'note' | 'staffId' | 'decidedAt'>,
): Promise<RewardRow | undefined> {
  const [row] = await db
    .update(inviteReward)
    .set(patch)
    .where(and(eq(inviteReward.id, id), eq(inviteReward.state, from)))
    .returning();
  return row;
}

/** Orders that count as 已下单: any order sent (a draft is not). */
const placed = (userId: SQL) =>
  sql<boolean>`exists (select 1 from ${orders} where ${orders.userId} = ${userId} and ${orders.state} <> 'draft')`.mapWith(Boolean);

/** The inviter's invitees, newest first, each with their reward row (if any) and whether they placed an order. */
export async function listInvitees(db: Executor, inviterId: number, limit: number, offset: number) {
  const where = eq(userAccount.inviterId, inviterId);
  const [total] = await db.select({ n: count() }).from(userAccount).where(where);
  const rows = await db
    .select({
      id: userAccount.id,
      phone: userAccount.phone,
      registeredAt: userAccount.createdAt,
      state: inviteReward.state,
      scheme: inviteReward.scheme,
      suspects: inviteReward.suspects,
      inviterFen: inviteReward.inviterFen,
      decidedAt: inviteReward.decidedAt,
      createdAt: inviteReward.createdAt,
      ordered: placed(sql`${userAccount.id}`),
    })
    .from(userAccount)
    .leftJoin(inviteReward, eq(inviteReward.inviteeId, userAccount.id))
    .where(where)
    .orderBy(desc(userAccount.createdAt), desc(userAccount.id))
    .limit(limit)
    .offset(offset);
  return { rows, total: total?.n ?? 0 };
}

/** How many the customer invited, and the one-time (flat) rewards granted to them before ADR 0069, by invitee. */
export async function inviterTotals(db: Executor, inviterId: number) {
  const [invited] = await db.select({ n: count() }).from(userAccount).where(eq(userAccount.inviterId, inviterId));
  const flat = await db
    .select({ inviteeId: inviteReward.inviteeId, fen: inviteReward.inviterFen })
    .from(inviteReward)
    .where(and(eq(inviteReward.inviterId, inviterId), eq(inviteReward.state, 'granted'), eq(inviteReward.scheme, 'flat')));
  return { invitees: invited?.n ?? 0, flat };
}

export interface AdminInviteFilter {
  state?: InviteRewardState | 'none' | undefined;
  keyword?: string | undefined;
  rewardId?: number | undefined;
}

/** The console's list: every invited customer with their inviter and reward row, newest first. */
export async function adminInvites(db: Executor, f: AdminInviteFilter, limit: number, offset: number) {
  const inviter = aliasedTable(userAccount, 'inviter');
  const conds: SQL[] = [isNotNull(userAccount.inviterId)];
  if (f.state === 'none') conds.push(isNull(inviteReward.id));
  else if (f.state) conds.push(eq(inviteReward.state, f.state));
  if (f.rewardId !== undefined) conds.push(eq(inviteReward.id, f.rewardId));
  if (f.keyword) {
    const like = `${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(userAccount.phone, like), ilike(inviter.phone, like))!);
  }
  const where = and(...conds);
  const [total] = await db
    .select({ n: count() })
    .from(userAccount)
    .innerJoin(inviter, eq(inviter.id, userAccount.inviterId))
    .leftJoin(inviteReward, eq(inviteReward.inviteeId, userAccount.id))
    .where(where);
  const rows = await db
    .select({
      inviteeId: userAccount.id,
      inviteePhone: userAccount.phone,
      registeredAt: userAccount.createdAt,
      inviterId: inviter.id,
      inviterPhone: inviter.phone,
      inviterName: inviter.name,
      reward: inviteReward,
      orderNo: orders.no,
      decidedBy: staffAccount.name,
    })
    .from(userAccount)
    .innerJoin(inviter, eq(inviter.id, userAccount.inviterId))
    .leftJoin(inviteReward, eq(inviteReward.inviteeId, userAccount.id))
    .leftJoin(orders, eq(orders.id, inviteReward.orderId))
    .leftJoin(staffAccount, eq(staffAccount.id, inviteReward.staffId))
    .where(where)
    .orderBy(desc(userAccount.createdAt), desc(userAccount.id))
    .limit(limit)
    .offset(offset);
  return { rows, total: total?.n ?? 0 };
}
