import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userSession } from '../../db/schema.ts';

export type SessionRow = typeof userSession.$inferSelect;

export async function insertSession(db: Executor, row: typeof userSession.$inferInsert): Promise<void> {
  await db.insert(userSession).values(row);
}

/** The live session an access token belongs to. */
export async function findByAccess(db: Executor, accessHash: string, now: Date): Promise<{ id: number; userId: number } | undefined> {
  const [row] = await db
    .select({ id: userSession.id, userId: userSession.userId })
    .from(userSession)
    .where(and(eq(userSession.accessHash, accessHash), isNull(userSession.revokedAt), gt(userSession.accessExpiresAt, now)));
  return row;
}

/** The session of a refresh token, locked until the transaction ends (a parallel use of the same token waits). */
export async function lockByRefresh(tx: Executor, refreshHash: string): Promise<SessionRow | undefined> {
  const [row] = await tx.select().from(userSession).where(eq(userSession.refreshHash, refreshHash)).for('update');
  return row;
}

/** Revokes every live session of a token family. */
export async function revokeFamily(db: Executor, family: string, now: Date): Promise<void> {
  await db
    .update(userSession)
    .set({ revokedAt: now })
    .where(and(eq(userSession.family, family), isNull(userSession.revokedAt)));
}

/** Marks a session rotated; its access token lives on until at most graceUntil, for requests already in flight. */
export async function markRotated(db: Executor, id: number, now: Date, graceUntil: Date): Promise<void> {
  await db
    .update(userSession)
    .set({ rotatedAt: now, accessExpiresAt: sql`least(${userSession.accessExpiresAt}, ${graceUntil.toISOString()}::timestamptz)` })
    .where(eq(userSession.id, id));
}

export async function revokeSession(db: Executor, id: number, now: Date): Promise<void> {
  await db.update(userSession).set({ revokedAt: now }).where(and(eq(userSession.id, id), isNull(userSession.revokedAt)));
}

export async function revokeUserSessions(db: Executor, userId: number, now: Date): Promise<void> {
  await db.update(userSession).set({ revokedAt: now }).where(and(eq(userSession.userId, userId), isNull(userSession.revokedAt)));
}
