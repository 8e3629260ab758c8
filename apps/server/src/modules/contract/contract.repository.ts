import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { ContractState } from '@yance/contracts/contract-states';
import type { Executor } from '../../db/client.ts';
import { orderContract, orders } from '../../db/schema.ts';

export type ContractRow = typeof orderContract.$inferSelect;

export async function findContract(db: Executor, orderId: number): Promise<ContractRow | undefined> {
  const [row] = await db.select().from(orderContract).where(eq(orderContract.orderId, orderId));
  return row;
}

/** The order's contract locked until the transaction ends (the caller holds the order's lock too). */
export async function lockContract(db: Executor, orderId: number): Promise<ContractRow | undefined> {
  const [row] = await db.select().from(orderContract).where(eq(orderContract.orderId, orderId)).for('update');
  return row;
}

/**
 * The contract machine's write: the state (and the fields moved with it) with
 * a compare-and-set on `from`; the first scan makes the row (a contract
 * without one is `none`).
 */
export async function setContractState(
  db: Executor,
  orderId: number,
  from: ContractState,
  to: ContractState,
  set: Partial<typeof orderContract.$inferInsert>,
): Promise<ContractRow | undefined> {
  const patch = { ...set, state: to };
  const [row] = await db
    .insert(orderContract)
    .values({ orderId, ...patch })
    .onConflictDoUpdate({ target: orderContract.orderId, set: patch, setWhere: eq(orderContract.state, from) })
    .returning();
  return row;
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

/** The contracts' states of these orders (an order without a row has none: `none`). */
export async function contractStatesOf(db: Executor, orderIds: readonly number[]): Promise<Map<number, ContractState>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .select({ orderId: orderContract.orderId, state: orderContract.state })
    .from(orderContract)
    .where(inArray(orderContract.orderId, [...orderIds]));
  return new Map(rows.map((r) => [r.orderId, r.state]));
}
