import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderContract, orders } from '../../db/schema.ts';

export type ContractRow = typeof orderContract.$inferSelect;

export async function findContract(db: Executor, orderId: number): Promise<ContractRow | undefined> {
  const [row] = await db.select().from(orderContract).where(eq(orderContract.orderId, orderId));
  return row;
}

/** Writes the order's contract row (created on its first scan). */
export async function saveContract(db: Executor, orderId: number, patch: Partial<typeof orderContract.$inferInsert>): Promise<ContractRow> {
  const [row] = await db
    .insert(orderContract)
    .values({ orderId, ...patch })
    .onConflictDoUpdate({ target: orderContract.orderId, set: patch })
    .returning();
  return row!;
}

/** The customer's enterprise orders that have (or had) a contract: past pricing, newest first. */
export async function listCustomerContracts(db: Executor, userId: number) {
  const rows = await db
    .select({ o: orders, c: orderContract })
    .from(orders)
    .leftJoin(orderContract, eq(orderContract.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orders.kind, 'enterprise'), notInArray(orders.state, ['draft', 'quoting'])))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200);
  return rows;
}
