import { and, count, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import type { OrderState } from '@yance/contracts/order-states';
import type { Executor } from '../../db/client.ts';
import {
  demand,
  inviteReward,
  invoiceApplication,
  orders,
  promoter,
  refund,
  smsMessage,
  topup,
  userAccount,
  withdrawal,
} from '../../db/schema.ts';

// The dashboard only counts rows of other domains' tables, read-only; its
// queries live here rather than as one-off exports in each of their modules.

const total = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;

/** With managerId, only that manager's customers (ADR 0035): what their customer list shows. */
const ownedBy = (managerId?: number) => (managerId === undefined ? undefined : eq(userAccount.managerId, managerId));

/** Customers who registered at or after `since`; with managerId, that manager's only. */
export const countCustomersSince = (db: Executor, since: Date, managerId?: number) =>
  total(
    db
      .select({ n: count() })
      .from(userAccount)
      .where(and(gte(userAccount.createdAt, since), ownedBy(managerId))),
  );

/** Customers whose attestation form waits for a review (ADR 0035); with managerId, that manager's only. */
export const countPendingAttestations = (db: Executor, managerId?: number) =>
  total(
    db
      .select({ n: count() })
      .from(userAccount)
      .where(and(eq(userAccount.attestationState, 'pending'), ownedBy(managerId))),
  );

/**
 * Demands waiting for a quote (待报价, ADR 0044); with managerId, those the
 * manager's demand list shows: their customers' and customers' without a manager.
 */
export const countOpenDemands = (db: Executor, managerId?: number) =>
  total(
    db
      .select({ n: count() })
      .from(demand)
      .innerJoin(userAccount, eq(userAccount.id, demand.userId))
      .where(
        and(
          eq(demand.state, 'open'),
          managerId === undefined ? undefined : or(eq(userAccount.managerId, managerId), isNull(userAccount.managerId)),
        ),
      ),
  );

/** Text messages handed to the provider successfully at or after `since`. */
export const countSmsSentSince = (db: Executor, since: Date) =>
  total(
    db
      .select({ n: count() })
      .from(smsMessage)
      .where(and(eq(smsMessage.status, 'sent'), gte(smsMessage.createdAt, since))),
  );

/** Sent orders in each of these states; with managerId, only that manager's customers' (ADR 0039; the reach is on the order, ADR 0047). */
export async function countOrdersByState(
  db: Executor,
  states: readonly OrderState[],
  managerId?: number,
): Promise<Map<OrderState, number>> {
  const rows = await db
    .select({ state: orders.state, n: count() })
    .from(orders)
    .where(and(inArray(orders.state, [...states]), managerId === undefined ? undefined : eq(orders.managerId, managerId)))
    .groupBy(orders.state);
  return new Map(rows.map((r) => [r.state, r.n]));
}

/** Bank transfers waiting for finance to confirm or reject (ADR 0050). */
export const countTransfersWaiting = (db: Executor) =>
  total(
    db
      .select({ n: count() })
      .from(topup)
      .where(and(eq(topup.method, 'transfer'), eq(topup.state, 'pending'))),
  );

/** Refunds of cancelled prepaid orders waiting for finance's approval (ADR 0050). */
export const countRefundsWaiting = (db: Executor) => total(db.select({ n: count() }).from(refund).where(eq(refund.state, 'pending')));

/** Invoice applications 申请中 (ADR 0052). */
export const countInvoicesWaiting = (db: Executor) =>
  total(db.select({ n: count() }).from(invoiceApplication).where(eq(invoiceApplication.state, 'applied')));

/** Promoter applications 申请中 (ADR 0055). */
export const countPromotersWaiting = (db: Executor) => total(db.select({ n: count() }).from(promoter).where(eq(promoter.state, 'applied')));

/** Withdrawals 申请中, waiting for finance's answer (ADR 0055). */
export const countWithdrawalsWaiting = (db: Executor) =>
  total(db.select({ n: count() }).from(withdrawal).where(eq(withdrawal.state, 'applied')));

/** Invitation rewards an abuse check held back, waiting for an operator (ADR 0054). */
export const countInviteRewardsWithheld = (db: Executor) =>
  total(db.select({ n: count() }).from(inviteReward).where(eq(inviteReward.state, 'withheld')));
