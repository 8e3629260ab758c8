import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { staffAccount, staffSetupToken } from '../../db/schema.ts';

export async function countStaff(db: Executor): Promise<number> {
  const [row] = (await db.select({ n: count() }).from(staffAccount)) as [{ n: number }];
  return row.n;
}

/**
 * Serialises the creation of a first admin until the transaction ends (a
 * transaction-level advisory lock): two setup links used at once, or two
 * processes starting with ADMIN_ACCOUNT, cannot both find no staff.
 */
export async function lockFirstAdmin(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('yance:first-admin'))`);
}

export async function insertSetupToken(db: Executor, row: typeof staffSetupToken.$inferInsert): Promise<void> {
  await db.insert(staffSetupToken).values(row);
}

/** Uses up a live setup token; false when it is unknown, used or expired. */
export async function useSetupToken(db: Executor, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(staffSetupToken)
    .set({ usedAt: now })
    .where(and(eq(staffSetupToken.tokenHash, tokenHash), isNull(staffSetupToken.usedAt), gt(staffSetupToken.expiresAt, now)))
    .returning({ id: staffSetupToken.id });
  return rows.length === 1;
}
