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

export type RotationResult = { kind: 'rotated'; userId: number } | { kind: 'reused'; userId: number; family: string } | { kind: 'invalid' };

/**
 * Rotates the session of a refresh token in one transaction holding its row
 * lock: a parallel use of the same token waits, then sees it rotated and
 * revokes the family — including the row this rotation just added. The old
 * access token lives on for at most graceUntil, for requests already in flight.
 */
export async function rotateSession(
  db: Db,
  refreshHash: string,
  now: Date,
  graceUntil: Date,
  fresh: Pick<SessionRow, 'accessHash' | 'refreshHash' | 'accessExpiresAt' | 'refreshExpiresAt' | 'ip'>,
): Promise<RotationResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(userSession).where(eq(userSession.refreshHash, refreshHash)).for('update');
    if (!row || row.revokedAt) return { kind: 'invalid' };
    if (row.rotatedAt) {
      await tx.update(userSession).set({ revokedAt: now }).where(and(eq(userSession.family, row.family), isNull(userSession.revokedAt)));
      return { kind: 'reused', userId: row.userId, family: row.family };
    }
    if (row.refreshExpiresAt <= now) return { kind: 'invalid' };
    await tx
      .update(userSession)
      .set({ rotatedAt: now, accessExpiresAt: sql`least(${userSession.accessExpiresAt}, ${graceUntil.toISOString()}::timestamptz)` })
      .where(eq(userSession.id, row.id));
    await tx.insert(userSession).values({ ...fresh, userId: row.userId, family: row.family, createdAt: now });
    return { kind: 'rotated', userId: row.userId };
  });
}

export async function revokeSession(db: Db, id: number, now: Date): Promise<void> {
  await db.update(userSession).set({ revokedAt: now }).where(and(eq(userSession.id, id), isNull(userSession.revokedAt)));
}

export async function revokeUserSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db.update(userSession).set({ revokedAt: now }).where(and(eq(userSession.userId, userId), isNull(userSession.revokedAt)));
}
