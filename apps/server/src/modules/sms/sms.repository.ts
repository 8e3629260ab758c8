import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { smsCode, smsMessage } from '../../db/schema.ts';

export type SmsCodeRow = typeof smsCode.$inferSelect;

/** Stores a new code and voids the earlier live ones of the same phone and purpose: only the newest counts. */
export async function insertCode(db: Db, row: { phone: string; purpose: number; codeHash: string; expiresAt: Date; createdAt: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(smsCode)
      .set({ consumedAt: row.createdAt })
      .where(and(eq(smsCode.phone, row.phone), eq(smsCode.purpose, row.purpose), isNull(smsCode.consumedAt)));
    await tx.insert(smsCode).values(row);
  });
}

/** The newest unconsumed code for phone and purpose, whether expired or not. */
export async function findLatestCode(db: Db, phone: string, purpose: number): Promise<SmsCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(smsCode)
    .where(and(eq(smsCode.phone, phone), eq(smsCode.purpose, purpose), isNull(smsCode.consumedAt)))
    .orderBy(desc(smsCode.id))
    .limit(1);
  return row;
}

/**
 * Takes one of the code's tries before comparing, atomically, so a burst of
 * parallel guesses cannot exceed the limit; null when no try is left.
 */
export async function takeAttempt(db: Db, id: number, max: number): Promise<number | null> {
  const [row] = await db
    .update(smsCode)
    .set({ attempts: sql`${smsCode.attempts} + 1` })
    .where(and(eq(smsCode.id, id), lt(smsCode.attempts, max)))
    .returning({ attempts: smsCode.attempts });
  return row?.attempts ?? null;
}

/** Marks the code used; false when another request used it first. */
export async function consumeCode(db: Db, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(smsCode)
    .set({ consumedAt: at })
    .where(and(eq(smsCode.id, id), isNull(smsCode.consumedAt)))
    .returning({ id: smsCode.id });
  return rows.length === 1;
}

export async function insertOutbox(db: Db, row: typeof smsMessage.$inferInsert): Promise<void> {
  await db.insert(smsMessage).values(row);
}

/** Newest outbox rows for a phone (operator console; tests read console codes here). */
export async function listOutbox(db: Db, phone: string, max = 10) {
  return db.select().from(smsMessage).where(eq(smsMessage.phone, phone)).orderBy(desc(smsMessage.id)).limit(max);
}
