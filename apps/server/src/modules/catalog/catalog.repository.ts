import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { DeviceSummary } from '@yance/contracts/catalog';
import type { Executor } from '../../db/client.ts';
import { device, deviceRating, deviceSearch, orderLine, prefecture, projectType, typeChild } from '../../db/schema.ts';

/** 已下单 as the shop shows it (issue 21): the catalogue's base plus the real orders paid since. */
export const shownOrders = sql<number>`(${device.orderCount} + ${device.paidOrders})::int`;

/**
 * An order paid: each catalogue item it holds counts one more order (once per
 * item, however many lines name it), in the payment's transaction; the search
 * table's copy, which ranks by it, follows.
 */
export async function countPaidOrder(db: Executor, orderId: number): Promise<number[]> {
  const items = await db.selectDistinct({ id: orderLine.deviceId }).from(orderLine).where(eq(orderLine.orderId, orderId));
  const ids = items.flatMap((r) => (r.id === null ? [] : [r.id]));
  if (!ids.length) return [];
  await db
    .update(device)
    .set({ paidOrders: sql`${device.paidOrders} + 1` })
    .where(inArray(device.id, ids));
  await db
    .update(deviceSearch)
    .set({ orderCount: sql`${deviceSearch.orderCount} + 1` })
    .where(inArray(deviceSearch.deviceId, ids));
  return ids;
}

/** Columns of a list card, shaped as the contract's deviceSummary. */
export const summaryColumns = {
  rid: device.rid,
  name: device.name,
  alias: device.alias,
  img: device.img,
  sketch: device.sketch,
  type_id: device.typeId,
  child_id: device.childId,
  child_name: typeChild.name,
  price_fen: device.priceFen,
  unit: device.unit,
  turnaround_days: device.turnaroundDays,
  order: shownOrders,
  discount_label: device.discountLabel,
};

export async function findTypes(db: Executor) {
  return db.select().from(projectType).orderBy(asc(projectType.sort), asc(projectType.id));
}

/** Child categories with their number of on-shelf items (a trigger-kept counter). */
export async function findChildrenWithCounts(db: Executor) {
  return db
    .select({ id: typeChild.id, typeId: typeChild.typeId, name: typeChild.name, count: typeChild.itemCount })
    .from(typeChild)
    .orderBy(asc(typeChild.typeId), asc(typeChild.sort), asc(typeChild.id));
}

export async function findDeviceByRid(db: Executor, rid: string) {
  const [row] = await db
    .select({
      ...summaryColumns,
      id: device.id,
      type_name: projectType.name,
      description: device.description,
      sample_requirement: device.sampleRequirement,
      instrument: device.instrument,
      options: device.options,
      ratingSum: deviceRating.starSum,
      ratingCount: deviceRating.starCount,
    })
    .from(device)
    .innerJoin(typeChild, eq(typeChild.id, device.childId))
    .innerJoin(projectType, eq(projectType.id, device.typeId))
    .leftJoin(deviceRating, eq(deviceRating.deviceId, device.id))
    .where(and(eq(device.rid, rid), eq(device.onShelf, true)));
  return row ?? null;
}

/** Other on-shelf items of a child category, most ordered first. */
export async function findRelated(db: Executor, childId: number, excludeId: number, limit: number): Promise<DeviceSummary[]> {
  return db
    .select(summaryColumns)
    .from(device)
    .innerJoin(typeChild, eq(typeChild.id, device.childId))
    .where(and(eq(device.childId, childId), ne(device.id, excludeId), eq(device.onShelf, true)))
    .orderBy(desc(device.orderCount), asc(device.id))
    .limit(limit);
}

/** Featured items of the home page, by hot rank. */
export async function findHotDevices(db: Executor, limit: number) {
  return db
    .select({
      rid: device.rid,
      name: device.name,
      img: device.img,
      sketch: device.sketch,
      order: shownOrders,
      price_fen: device.priceFen,
      unit: device.unit,
    })
    .from(device)
    .where(and(isNotNull(device.hotRank), eq(device.onShelf, true)))
    .orderBy(asc(device.hotRank), asc(device.id))
    .limit(limit);
}

export async function findPrefectures(db: Executor) {
  return db
    .select({ id: prefecture.id, name: prefecture.name, img: prefecture.img, sketch: prefecture.sketch })
    .from(prefecture)
    .orderBy(asc(prefecture.sort), asc(prefecture.id));
}

/** Names and aliases of the most ordered on-shelf items (the order index). */
export async function findMostOrdered(db: Executor, limit: number) {
  return db
    .select({ name: device.name, alias: device.alias })
    .from(device)
    .where(eq(device.onShelf, true))
    .orderBy(desc(device.orderCount), asc(device.id))
    .limit(limit);
}
