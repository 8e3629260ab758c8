import { and, asc, between, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderSample, orders, samplingRequest, staffAccount, userAccount } from '../../db/schema.ts';
import type { SamplingRow } from './sampling.repository.ts';

export interface PickupFilter {
  from: string;
  to: string;
  /** Only the ones assigned to this staff member (只看我的). */
  assigneeId?: number;
  /** Only orders of this manager's customers (staff who do not see every order). */
  managerId?: number;
  /** One request (the answer of an assignment). */
  id?: number;
}

/** Pick-up requests (type 1) dated within [from, to], with their order, customer and collector, by date, slot and id. */
export async function findPickups(db: Executor, f: PickupFilter) {
  return db
    .select({
      request: samplingRequest,
      orderNo: orders.no,
      orderState: orders.state,
      customer: { name: userAccount.name, phone: userAccount.phone, company: userAccount.company },
      assigneeName: staffAccount.name,
      assigneeAccount: staffAccount.account,
    })
    .from(samplingRequest)
    .innerJoin(orders, eq(orders.id, samplingRequest.orderId))
    .innerJoin(userAccount, eq(userAccount.id, orders.userId))
    .leftJoin(staffAccount, eq(staffAccount.id, samplingRequest.assigneeId))
    .where(
      and(
        eq(samplingRequest.type, 1),
        f.id === undefined ? between(samplingRequest.date, f.from, f.to) : eq(samplingRequest.id, f.id),
        f.assigneeId === undefined ? undefined : eq(samplingRequest.assigneeId, f.assigneeId),
        f.managerId === undefined ? undefined : eq(userAccount.managerId, f.managerId),
      ),
    )
    .orderBy(asc(samplingRequest.date), asc(samplingRequest.time), asc(samplingRequest.id))
    .limit(2000);
}
export type PickupRow = Awaited<ReturnType<typeof findPickups>>[number];

/** The samples of these orders, in their order. */
export async function samplesOf(db: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ orderId: orderSample.orderId, no: orderSample.no, name: orderSample.name, count: orderSample.count })
    .from(orderSample)
    .where(inArray(orderSample.orderId, [...orderIds]))
    .orderBy(asc(orderSample.id));
}

/** A pick-up request locked until the transaction ends. */
export async function lockPickup(db: Executor, id: number): Promise<SamplingRow | undefined> {
  const [row] = await db
    .select()
    .from(samplingRequest)
    .where(and(eq(samplingRequest.id, id), eq(samplingRequest.type, 1)))
    .for('update');
  return row;
}

/** Sets (or clears, with null) the request's collector. */
export async function setAssignee(db: Executor, id: number, assigneeId: number | null, at: Date | null): Promise<void> {
  await db.update(samplingRequest).set({ assigneeId, assignedAt: at }).where(eq(samplingRequest.id, id));
}
