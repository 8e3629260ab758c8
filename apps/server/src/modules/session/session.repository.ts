import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userSession } from '../../db/schema.ts';

export type SessionRow = typeof userSession.$inferSelect;

export async function insertSession(db: Db, row: typeof userSession.$inferInsert): Promise<void> {
  await db.insert(userSession).values(row);
}

/** The live session an access token belongs to. */
export async function findByAccess(db: Db, accessHash: string, now: Date): Promise<{ id: number; userId: number } | undefined> {
  const [row] = await db
    .select({ id: userSession.id, userId: userSession.userId })
    .from(userSession)
    .where(and(eq(userSession.accessHash, accessHash), isNull(userSession.revokedAt), gt(userSession.accessExpiresAt, now)));
  return row;
}

export async function findByRefresh(db: Db, refreshHash: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(userSession).where(eq(userSession.refreshHash, refreshHash));
  return row;
}

/**
 * Claims a session's refresh token for one rotation; false when it was
 * rotated or revoked meanwhile (a second use). The old access token lives on
 * for at most graceSeconds so requests already in flight still pass.
 */
export async function claimRotation(db: Db, id: number, now: Date, graceUntil: Date): Promise<boolean> {
  const rows = await db
    .update(userSession)
    .set({ rotatedAt: now, accessExpiresAt: sql`least(${userSession.accessExpiresAt}, ${graceUntil.toISOString()}::timestamptz)` })
    .where(and(eq(userSession.id, id), isNull(userSession.rotatedAt), isNull(userSession.revokedAt)))
    .returning({ id: userSession.id });
  return rows.length === 1;
}

export async function revokeFamily(db: Db, family: string, now: Date): Promise<void> {
  await db.update(userSession).set({ revokedAt: now }).where(and(eq(userSession.family, family), isNull(userSession.revokedAt)));
}

export async function revokeSession(db: Db, id: number, now: Date): Promise<void> {
  await db.update(userSession).set({ revokedAt: now }).where(and(eq(userSession.id, id), isNull(userSession.revokedAt)));
}

export async function revokeUserSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db.update(userSession).set({ revokedAt: now }).where(and(eq(userSession.userId, userId), isNull(userSession.revokedAt)));
}
