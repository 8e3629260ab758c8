// Refunds (ADR 0050): a cancelled prepaid order's money waiting for finance, and the order it came from.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders, refund, staffAccount, userAccount } from '../../db/schema.ts';

export type RefundRow = typeof refund.$inferSelect;

/** The refund of an order, added once (a second cancel cannot happen: the order is cancelled). */
export async function insertRefund(db: Executor, row: typeof refund.$inferInsert): Promise<RefundRow> {
  const [created] = await db.insert(refund).values(row).returning();
  if (!created) throw new Error('refund insert returned nothing');
  return created;
}

export async function lockRefund(db: Executor, id: number): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refund).where(eq(refund.id, id)).for('update');
  return row;
}

export async function markRefunded(
  db: Executor,
  id: number,
  from: RefundRow['state'],
  set: { state: RefundRow['state']; note: string; staffId: number; refundedAt: Date },
): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(refund)
    .set(set)
    .where(and(eq(refund.id, id), eq(refund.state, from)))
    .returning();
  return row;
}

const refundColumns = { r: refund, orderNo: orders.no, phone: userAccount.phone, name: userAccount.name, staffName: staffAccount.name };

export async function listRefunds(db: Executor, state: RefundRow['state'] | undefined, limit: number, offset: number) {
  const where = state ? eq(refund.state, state) : undefined;
  const rows = await db
    .select(refundColumns)
    .from(refund)
    .innerJoin(orders, eq(orders.id, refund.orderId))
    .innerJoin(userAccount, eq(userAccount.id, refund.userId))
    .leftJoin(staffAccount, eq(staffAccount.id, refund.staffId))
    .where(where)
    .orderBy(desc(refund.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(refund)
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findRefundView(db: Executor, id: number) {
  const [row] = await db
    .select(refundColumns)
    .from(refund)
    .innerJoin(orders, eq(orders.id, refund.orderId))
    .innerJoin(userAccount, eq(userAccount.id, refund.userId))
    .leftJoin(staffAccount, eq(staffAccount.id, refund.staffId))
    .where(eq(refund.id, id));
  return row;
}

export async function findOrderRow(db: Executor, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}
