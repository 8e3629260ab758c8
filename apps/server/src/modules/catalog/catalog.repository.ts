import { and, asc, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { DeviceSummary } from '@yance/contracts/catalog';
import { rowsOf, type Executor } from '../../db/client.ts';
import { device, deviceRating, prefecture, projectType, typeChild } from '../../db/schema.ts';
import { batchedStatement } from '../../db/write-batch.ts';

/** The catalogue's base plus the paid orders already folded in: device_search's copy, which search ranks by. */
export const countedOrders = sql<number>`(${device.orderCount} + ${device.paidOrders})::int`;

/**
 * 已下单 as the shop shows it (issue 21): the catalogue's base plus every real order paid — those folded into
 * paid_orders and those still waiting in paid_order_item (ADR 0066), so a payment shows at once.
 */
export const shownOrders = sql<number>`(${device.orderCount} + ${device.paidOrders}
  + (select count(*) from paid_order_item p where p.device_id = ${device.id}))::int`;

/**
 * An order paid: each catalogue item it holds counts one more order (once per item, however many lines name it)
 * — a row of paid_order_item, written with the payment's transaction's other batched writes (ADR 0066). Nothing
 * is updated: payments of the same item never queue on its row.
 */
export async function countPaidOrder(db: Executor, orderId: number): Promise<void> {
  await paidOrderItems(db, { orderId });
}

const paidOrderItems = batchedStatement(
  (p) => sql`insert into paid_order_item (device_id, order_id)
      select distinct device_id, order_id from order_line where order_id = ${p('orderId')}::integer and device_id is not null
      on conflict do nothing`,
);

/**
 * Folds the paid orders waiting in paid_order_item into device.paid_orders, and device_search.order_count (the
 * search's rank) to the item's base plus those, in one statement; answers how many rows it folded. Rows locked by
 * a fold running elsewhere are left to it; rows of a deleted item just go.
 */
export async function foldPaidOrderRows(db: Executor, limit: number): Promise<number> {
  const result = await db.execute(sql`
    with gone as (
      delete from paid_order_item where (device_id, order_id) in (
        select device_id, order_id from paid_order_item order by device_id, order_id limit ${limit} for update skip locked
      )
      returning device_id
    ), n as (
      select device_id, count(*)::int as c from gone group by device_id
    ), d as (
      update device set paid_orders = device.paid_orders + n.c from n where device.id = n.device_id
      returning device.id, device.order_count + device.paid_orders as counted
    ), s as (
      update device_search set order_count = d.counted from d where device_search.device_id = d.id
    )
    select count(*)::int as folded from gone`);
  return rowsOf<{ folded: number }>(result)[0]?.folded ?? 0;
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
