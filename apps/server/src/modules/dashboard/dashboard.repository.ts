import { and, count, eq, gte } from 'drizzle-orm';
import { ORGANIZATIONS } from '@yance/contracts/user';
import type { Executor } from '../../db/client.ts';
import { smsMessage, userAccount } from '../../db/schema.ts';

// The dashboard only counts rows of other domains' tables, read-only; its
// queries live here rather than as one-off exports in each of their modules.

const total = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;

/** Customers who registered at or after `since`. */
export const countCustomersSince = (db: Executor, since: Date) =>
  total(db.select({ n: count() }).from(userAccount).where(gte(userAccount.createdAt, since)));

/**
 * Enterprise customers (organization 2) who filled in the attestation form
 * (user_account.attested). Nothing reviews a form yet, so every filled one
 * is waiting; once a review state exists, this counts only the unreviewed.
 */
export const countEnterpriseAttestations = (db: Executor) =>
  total(
    db
      .select({ n: count() })
      .from(userAccount)
      .where(and(eq(userAccount.attested, true), eq(userAccount.organization, ORGANIZATIONS.enterprise))),
  );

/** Text messages handed to the provider successfully at or after `since`. */
export const countSmsSentSince = (db: Executor, since: Date) =>
  total(
    db
      .select({ n: count() })
      .from(smsMessage)
      .where(and(eq(smsMessage.status, 'sent'), gte(smsMessage.createdAt, since))),
  );
