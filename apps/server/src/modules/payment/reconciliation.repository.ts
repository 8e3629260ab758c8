// The reconciliation's figures (ADR 0050): what orders still owe, the gateways'
// callbacks against their clearing accounts, the refunds waiting for finance.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ledgerAccount, ledgerEntry, ledgerLine, orders, refund, topup } from '../../db/schema.ts';

/** Institution orders still owed across customers (for reconciliation): their unpaid billed amounts. */
export async function owedAcrossOrders(db: Executor): Promise<number> {
  const [row] = await db
    .select({ s: sql<string>`coalesce(sum(-${ledgerLine.amountFen}), 0)` })
    .from(ledgerLine)
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerLine.accountId))
    .innerJoin(ledgerEntry, eq(ledgerEntry.id, ledgerLine.entryId))
    .innerJoin(orders, eq(orders.id, ledgerEntry.orderId))
    .where(and(eq(ledgerAccount.kind, 'receivable'), inArray(orders.state, ['unsettled', 'overdue'])));
  return Number(row?.s ?? 0);
}

/** Per gateway: the verified callbacks of credited online top-ups (count and amount). */
export async function gatewayCallbackSums(db: Executor) {
  const rows = await db
    .select({ gateway: topup.gateway, n: sql<number>`count(*)::int`, s: sql<string>`coalesce(sum(${topup.amountFen}), 0)` })
    .from(topup)
    .where(and(eq(topup.method, 'online'), eq(topup.state, 'credited'), sql`${topup.callback} is not null`))
    .groupBy(topup.gateway);
  return rows.map((r) => ({ gateway: r.gateway, callbacks: r.n, callbackFen: Number(r.s) }));
}

/** Sum of each gateway clearing account's lines, by its key ("gateway:local"). */
export async function gatewayClearingSums(db: Executor) {
  const rows = await db
    .select({ key: ledgerAccount.key, s: sql<string>`coalesce(sum(${ledgerLine.amountFen}), 0)` })
    .from(ledgerAccount)
    .leftJoin(ledgerLine, eq(ledgerLine.accountId, ledgerAccount.id))
    .where(eq(ledgerAccount.kind, 'gateway'))
    .groupBy(ledgerAccount.key);
  return new Map(rows.map((r) => [r.key, Number(r.s)]));
}

/** What the refunds waiting for finance add up to (the reconciliation's refunds payable). */
export async function pendingRefundSum(db: Executor): Promise<number> {
  const [row] = await db
    .select({ s: sql<string>`coalesce(sum(${refund.amountFen}), 0)` })
    .from(refund)
    .where(eq(refund.state, 'pending'));
  return Number(row?.s ?? 0);
}
