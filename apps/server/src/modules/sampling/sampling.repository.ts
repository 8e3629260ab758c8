import { and, desc, eq, inArray } from 'drizzle-orm';
import type { SamplingState } from '@yance/contracts/sampling-states';
import type { Executor } from '../../db/client.ts';
import { samplingRequest, staffAccount } from '../../db/schema.ts';

export type SamplingRow = typeof samplingRequest.$inferSelect;
export type NewSamplingRow = typeof samplingRequest.$inferInsert;

/** The order's requests, newest first, with the name of a pick-up's collector (name, else account). */
export async function listForOrder(db: Executor, orderId: number) {
  return db
    .select({ request: samplingRequest, collectorName: staffAccount.name, collectorAccount: staffAccount.account })
    .from(samplingRequest)
    .leftJoin(staffAccount, eq(staffAccount.id, samplingRequest.assigneeId))
    .where(eq(samplingRequest.orderId, orderId))
    .orderBy(desc(samplingRequest.id));
}

/** The order's active request, if any. */
export async function findActive(db: Executor, orderId: number): Promise<SamplingRow | undefined> {
  const [row] = await db
    .select()
    .from(samplingRequest)
    .where(and(eq(samplingRequest.orderId, orderId), eq(samplingRequest.state, 'active')));
  return row;
}

export async function insertRequest(db: Executor, row: NewSamplingRow): Promise<SamplingRow> {
  const [created] = await db.insert(samplingRequest).values(row).returning();
  return created!;
}

/** A request locked until the transaction ends (the sampling machine's lock; reach is the machine's). */
export async function lockRequest(db: Executor, id: number): Promise<SamplingRow | undefined> {
  const [row] = await db.select().from(samplingRequest).where(eq(samplingRequest.id, id)).for('update');
  return row;
}

/** The sampling machine's write: the state (and fields moved with it) with a compare-and-set on `from`. */
export async function setRequestState(
  db: Executor,
  id: number,
  from: SamplingState,
  to: SamplingState,
  set: Partial<NewSamplingRow>,
): Promise<SamplingRow | undefined> {
  const [row] = await db
    .update(samplingRequest)
    .set({ ...set, state: to })
    .where(and(eq(samplingRequest.id, id), eq(samplingRequest.state, from)))
    .returning();
  return row;
}

/** Which of these orders have an active request. */
export async function ordersWithActive(db: Executor, orderIds: readonly number[]): Promise<Set<number>> {
  if (!orderIds.length) return new Set();
  const rows = await db
    .select({ orderId: samplingRequest.orderId })
    .from(samplingRequest)
    .where(and(inArray(samplingRequest.orderId, [...orderIds]), eq(samplingRequest.state, 'active')));
  return new Set(rows.map((r) => r.orderId));
}
