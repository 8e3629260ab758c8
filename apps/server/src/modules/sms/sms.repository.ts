import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { powChallengeUsed, smsCode, smsMessage } from '../../db/schema.ts';

export type SmsCodeRow = typeof smsCode.$inferSelect;

/** Voids the live codes of a phone and purpose (a newer one is about to be stored). */
export async function voidLiveCodes(db: Executor, phone: string, purpose: number, at: Date): Promise<void> {
  await db
    .update(smsCode)
    .set({ consumedAt: at })
    .where(and(eq(smsCode.phone, phone), eq(smsCode.purpose, purpose), isNull(smsCode.consumedAt)));
}

export async function insertCode(
  db: Executor,
  row: { phone: string; purpose: number; codeHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(smsCode).values(row);
}

/** The newest unconsumed code for phone and purpose, whether expired or not. */
export async function findLatestCode(db: Executor, phone: string, purpose: number): Promise<SmsCodeRow | undefined> {
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
export async function takeAttempt(db: Executor, id: number, max: number): Promise<number | null> {
  const [row] = await db
    .update(smsCode)
    .set({ attempts: sql`${smsCode.attempts} + 1` })
    .where(and(eq(smsCode.id, id), lt(smsCode.attempts, max)))
    .returning({ attempts: smsCode.attempts });
  return row?.attempts ?? null;
}

/** Marks the code used; false when another request used it first. */
export async function consumeCode(db: Executor, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(smsCode)
    .set({ consumedAt: at })
    .where(and(eq(smsCode.id, id), isNull(smsCode.consumedAt)))
    .returning({ id: smsCode.id });
  return rows.length === 1;
}

export async function insertOutbox(db: Executor, row: typeof smsMessage.$inferInsert): Promise<void> {
  await db.insert(smsMessage).values(row);
}

/** Newest outbox rows for a phone (operator console; tests read console codes here). */
export async function listOutbox(db: Executor, phone: string, max = 10) {
  return db.select().from(smsMessage).where(eq(smsMessage.phone, phone)).orderBy(desc(smsMessage.id)).limit(max);
}

/** Records a proof-of-work challenge as used; false when it was used before (the purge job forgets expired ones). */
export async function useChallenge(db: Executor, nonce: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(powChallengeUsed)
    .values({ nonce, expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: powChallengeUsed.nonce });
  return rows.length === 1;
}

/** Used challenges past their expiry: a challenge is refused as expired before it is looked up here. */
export async function deleteChallengesExpiredBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db.delete(powChallengeUsed).where(lt(powChallengeUsed.expiresAt, before)).returning({ nonce: powChallengeUsed.nonce });
  return rows.length;
}

/** Codes past their expiry, used or not: verifyCode refuses them anyway. */
export async function deleteCodesExpiredBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db.delete(smsCode).where(lt(smsCode.expiresAt, before)).returning({ id: smsCode.id });
  return rows.length;
}

/** One page of the outbox, newest first, by phone and purpose when given, and how many rows match. */
export async function pageOutbox(
  db: Executor,
  filter: { phone?: string | undefined; purpose?: number | undefined },
  page: number,
  pageSize: number,
) {
  const where = and(
    filter.phone ? eq(smsMessage.phone, filter.phone) : undefined,
    filter.purpose === undefined ? undefined : eq(smsMessage.purpose, filter.purpose),
  );
  const rows = await db
    .select()
    .from(smsMessage)
    .where(where)
    .orderBy(desc(smsMessage.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ total }] = (await db.select({ total: count() }).from(smsMessage).where(where)) as [{ total: number }];
  return { rows, total };
}
