import { and, desc, eq } from 'drizzle-orm';
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

/** The caller's own request, locked until the transaction ends; another customer's is as missing. */
export async function lockOwned(db: Executor, userId: number, id: number): Promise<SamplingRow | undefined> {
  const [row] = await db
    .select()
    .from(samplingRequest)
    .where(and(eq(samplingRequest.id, id), eq(samplingRequest.userId, userId)))
    .for('update');
  return row;
}

export async function insertRequest(db: Executor, row: NewSamplingRow): Promise<SamplingRow> {
  const [created] = await db.insert(samplingRequest).values(row).returning();
  return created!;
}

/** Marks an active request cancelled; answers the row, or undefined when it was not active. */
export async function cancelRequest(db: Executor, id: number, at: Date): Promise<SamplingRow | undefined> {
  const [row] = await db
    .update(samplingRequest)
    .set({ state: 'cancelled', cancelledAt: at })
    .where(and(eq(samplingRequest.id, id), eq(samplingRequest.state, 'active')))
    .returning();
  return row;
}
