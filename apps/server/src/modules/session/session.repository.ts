import { and, eq, gt, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { revocationPayload, SESSION_CHANNEL } from '../../lib/session-cache.ts';
import { loginEvent, userAccount, userSession } from '../../db/schema.ts';

export type SessionRow = typeof userSession.$inferSelect;

/** Whose login a session is (ADR 0032): a customer or a staff member. */
export type PrincipalKind = 'customer' | 'staff';
export interface Principal {
  kind: PrincipalKind;
  id: number;
}

/** The column that holds a principal of this kind. */
const columnOf = (kind: PrincipalKind) => (kind === 'customer' ? userSession.userId : userSession.staffId);

/** The principal columns of a new row. */
export const principalColumns = (p: Principal) => ({
  userId: p.kind === 'customer' ? p.id : null,
  staffId: p.kind === 'staff' ? p.id : null,
});

/** The principal a session row belongs to. */
export const principalOf = (row: Pick<SessionRow, 'userId' | 'staffId'>): Principal =>
  row.userId !== null ? { kind: 'customer', id: row.userId } : { kind: 'staff', id: row.staffId! };

export async function insertSession(db: Executor, row: typeof userSession.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(userSession).values(row).returning({ id: userSession.id });
  return inserted!.id;
}

/**
 * The statement of every authenticated call: the live session of an access token, by its unique hash (one index
 * lookup), prepared once (ADR 0064).
 */
const liveSessionOf = (kind: PrincipalKind) =>
  preparedStatement(`session_by_access_${kind}`, (db, name) => {
    const column = columnOf(kind);
    return db
      .select({ id: userSession.id, principalId: column, accessExpiresAt: userSession.accessExpiresAt })
      .from(userSession)
      .where(
        and(
          eq(userSession.accessHash, sql.placeholder('hash')),
          isNotNull(column),
          isNull(userSession.revokedAt),
          gt(userSession.accessExpiresAt, sql.placeholder('now')),
          // A disabled customer's sessions are revoked; this refuses any that slipped through (ADR 0035).
          kind === 'customer'
            ? sql`not exists (select 1 from ${userAccount} where ${userAccount.id} = ${userSession.userId} and ${userAccount.disabled})`
            : undefined,
        ),
      )
      .prepare(name);
  });
const liveSession = { customer: liveSessionOf('customer'), staff: liveSessionOf('staff') };

/** The live session of this kind an access token belongs to (a token of the other kind finds nothing). */
export async function findByAccess(
  db: Executor,
  accessHash: string,
  now: Date,
  kind: PrincipalKind,
): Promise<{ id: number; principalId: number; accessExpiresAt: Date } | undefined> {
  const [row] = await liveSession[kind](db).execute({ hash: accessHash, now: now.toISOString() });
  return row ? { id: row.id, principalId: row.principalId!, accessExpiresAt: row.accessExpiresAt } : undefined;
}

/**
 * Tells every process these sessions were revoked or changed (ADR 0073): delivered when the transaction commits
 * (at once outside one), to this process's listener too.
 */
export async function notifyRevoked(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${revocationPayload(ids)})`);
}

/** The session of a refresh token, locked until the transaction ends (a parallel use of the same token waits). */
export async function lockByRefresh(tx: Executor, refreshHash: string): Promise<SessionRow | undefined> {
  const [row] = await tx.select().from(userSession).where(eq(userSession.refreshHash, refreshHash)).for('update');
  return row;
}

export async function findSession(db: Executor, id: number): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(userSession).where(eq(userSession.id, id));
  return row;
}

/** Revokes every live session of a token family, and forgets the sealed successors of its rotated rows; answers the ids revoked. */
export async function revokeFamily(db: Executor, family: string, now: Date): Promise<number[]> {
  const revoked = await db
    .update(userSession)
    .set({ revokedAt: now })
    .where(and(eq(userSession.family, family), isNull(userSession.revokedAt)))
    .returning({ id: userSession.id });
  await db
    .update(userSession)
    .set({ successorSealed: null })
    .where(and(eq(userSession.family, family), isNotNull(userSession.successorSealed)));
  return revoked.map((r) => r.id);
}

/**
 * Marks a session rotated, pointing at its successor (whose pair is sealed
 * for the grace); its access token lives on until at most graceUntil, for
 * requests already in flight.
 */
export async function markRotated(
  db: Executor,
  id: number,
  now: Date,
  graceUntil: Date,
  successor: { id: number; sealed: string },
): Promise<void> {
  await db
    .update(userSession)
    .set({
      rotatedAt: now,
      successorId: successor.id,
      successorSealed: successor.sealed,
      accessExpiresAt: sql`least(${userSession.accessExpiresAt}, ${graceUntil.toISOString()}::timestamptz)`,
    })
    .where(eq(userSession.id, id));
}

/** Forgets the sealed successors of a family's other rows whose grace began before graceStart. */
export async function dropStaleSeals(db: Executor, family: string, keepId: number, graceStart: Date): Promise<void> {
  await db
    .update(userSession)
    .set({ successorSealed: null })
    .where(
      and(
        eq(userSession.family, family),
        ne(userSession.id, keepId),
        isNotNull(userSession.successorSealed),
        lt(userSession.rotatedAt, graceStart),
      ),
    );
}

export async function familyOf(db: Executor, id: number): Promise<string | undefined> {
  const [row] = await db.select({ family: userSession.family }).from(userSession).where(eq(userSession.id, id));
  return row?.family;
}

/** Revokes every live session of the principal, except those of the family `keepFamily` when given; answers the ids revoked. */
export async function revokeUserSessions(db: Executor, principal: Principal, now: Date, keepFamily?: string): Promise<number[]> {
  const revoked = await db
    .update(userSession)
    .set({ revokedAt: now, successorSealed: null })
    .where(
      and(
        eq(columnOf(principal.kind), principal.id),
        isNull(userSession.revokedAt),
        keepFamily === undefined ? undefined : ne(userSession.family, keepFamily),
      ),
    )
    .returning({ id: userSession.id });
  return revoked.map((r) => r.id);
}

/** Deletes the sessions whose refresh token expired before `before`; answers how many. */
export async function deleteSessionsExpiredBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db.delete(userSession).where(lt(userSession.refreshExpiresAt, before)).returning({ id: userSession.id });
  return rows.length;
}

/**
 * Whether the customer may start a login: the account exists and is enabled.
 * The row is share-locked until the transaction ends, so a disable running at
 * the same time either waits for this login (and then ends it) or is seen here.
 */
export async function lockCustomerForLogin(tx: Executor, userId: number): Promise<{ disabled: boolean } | undefined> {
  const [row] = await tx.select({ disabled: userAccount.disabled }).from(userAccount).where(eq(userAccount.id, userId)).for('share');
  return row;
}

export async function insertLoginEvent(db: Executor, row: typeof loginEvent.$inferInsert): Promise<void> {
  await db.insert(loginEvent).values(row);
}

export type LoginEventRow = typeof loginEvent.$inferSelect;

/** The customer's latest logins, newest first. */
export async function recentLoginEvents(db: Executor, userId: number, limit: number): Promise<LoginEventRow[]> {
  return db
    .select()
    .from(loginEvent)
    .where(eq(loginEvent.userId, userId))
    .orderBy(sql`${loginEvent.at} desc nulls last`, sql`${loginEvent.id} desc`)
    .limit(limit);
}
