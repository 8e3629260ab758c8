import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { staffAccount, staffRecoveryCode } from '../../db/schema.ts';

/**
 * Records that a code of `step` was accepted, unless one of this step or a
 * later one already was: one statement, so two sign-ins racing with the same
 * code cannot both pass. False = replayed.
 */
export async function claimTotpStep(db: Executor, staffId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(staffAccount)
    .set({ totpLastStep: step })
    .where(and(eq(staffAccount.id, staffId), or(isNull(staffAccount.totpLastStep), lt(staffAccount.totpLastStep, step))))
    .returning({ id: staffAccount.id });
  return rows.length === 1;
}

/** Replaces the member's recovery codes (enrolment) with these hashes; none when empty (reset, disable). */
export async function replaceRecoveryCodes(db: Executor, staffId: number, hashes: string[]): Promise<void> {
  await db.delete(staffRecoveryCode).where(eq(staffRecoveryCode.staffId, staffId));
  if (hashes.length > 0) await db.insert(staffRecoveryCode).values(hashes.map((codeHash) => ({ staffId, codeHash })));
}

/** Uses up one unused recovery code; false when there is none with this hash (wrong, or used before). */
export async function useRecoveryCode(db: Executor, staffId: number, codeHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCode)
    .set({ usedAt: at })
    .where(and(eq(staffRecoveryCode.staffId, staffId), eq(staffRecoveryCode.codeHash, codeHash), isNull(staffRecoveryCode.usedAt)))
    .returning({ id: staffRecoveryCode.id });
  return rows.length === 1;
}
