import { and, count, eq, gte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { smsMessage, userAccount } from '../../db/schema.ts';

// The dashboard only counts rows of other domains' tables, read-only; its
// queries live here rather than as one-off exports in each of their modules.

const total = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;

/** Customers who registered at or after `since`. */
export const countCustomersSince = (db: Executor, since: Date) =>
  total(db.select({ n: count() }).from(userAccount).where(gte(userAccount.createdAt, since)));

/** Customers whose attestation form waits for a review (ADR 0035). */
export const countPendingAttestations = (db: Executor) =>
  total(db.select({ n: count() }).from(userAccount).where(eq(userAccount.attestationState, 'pending')));

/** Text messages handed to the provider successfully at or after `since`. */
export const countSmsSentSince = (db: Executor, since: Date) =>
  total(
    db
      .select({ n: count() })
      .from(smsMessage)
      .where(and(eq(smsMessage.status, 'sent'), gte(smsMessage.createdAt, since))),
  );
