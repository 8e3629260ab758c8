import { and, eq, inArray, sql } from 'drizzle-orm';
import type { OrderState } from '@yance/contracts/order-states';
import type { Executor } from '../../db/client.ts';
import { device, orderLine, orders } from '../../db/schema.ts';

/** Orders whose samples stand in the lab's queue: sent and accepted, not yet delivered (ADR 0047). */
export const QUEUE_STATES: readonly OrderState[] = ['awaitingSample', 'awaitingPickup', 'received', 'testing'];

/** Samples (line counts) of each item waiting in the queue. */
export async function queuedSamples(db: Executor, deviceIds: readonly number[]): Promise<Map<number, number>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db
    .select({ deviceId: orderLine.deviceId, n: sql<number>`coalesce(sum(${orderLine.count}), 0)::int` })
    .from(orderLine)
    .innerJoin(orders, eq(orders.id, orderLine.orderId))
    .where(and(inArray(orderLine.deviceId, [...deviceIds]), inArray(orders.state, [...QUEUE_STATES])))
    .groupBy(orderLine.deviceId);
  return new Map(rows.map((r) => [r.deviceId!, r.n]));
}

/** Turnaround and daily capacity of items, by id. */
export async function findQueueItems(db: Executor, ids: readonly number[]) {
  const rows = await db
    .select({ id: device.id, turnaroundDays: device.turnaroundDays, dailyCapacity: device.dailyCapacity })
    .from(device)
    .where(inArray(device.id, [...ids]));
  return new Map(rows.map((d) => [d.id, d]));
}

/** An on-shelf item's id by its rid. */
export async function findOnShelfId(db: Executor, rid: string): Promise<number | undefined> {
  const [item] = await db
    .select({ id: device.id })
    .from(device)
    .where(and(eq(device.rid, rid), eq(device.onShelf, true)));
  return item?.id;
}
