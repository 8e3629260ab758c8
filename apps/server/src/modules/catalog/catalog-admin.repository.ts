import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { device, prefecture, prefectureDevice, projectType, typeChild } from '../../db/schema.ts';

/** The console's writes of types, categories and hot areas (items: catalog-search and device-admin repositories). */

export type TypeRow = typeof projectType.$inferSelect;

export async function lockType(db: Executor, id: number): Promise<TypeRow | undefined> {
  const [row] = await db.select().from(projectType).where(eq(projectType.id, id)).for('update');
  return row;
}

export async function updateType(db: Executor, id: number, fields: Partial<Omit<TypeRow, 'id'>>): Promise<TypeRow> {
  const [row] = await db.update(projectType).set(fields).where(eq(projectType.id, id)).returning();
  return row!;
}

/** Categories with their on-shelf counter and their number of items of any shelf state. */
export async function findChildren(db: Executor, where: { typeId?: number | undefined; ids?: number[] } = {}) {
  const items = db
    .select({ childId: device.childId, n: count().as('n') })
    .from(device)
    .groupBy(device.childId)
    .as('items');
  return db
    .select({
      id: typeChild.id,
      typeId: typeChild.typeId,
      name: typeChild.name,
      sort: typeChild.sort,
      onShelf: typeChild.itemCount,
      items: sql<number>`coalesce(${items.n}, 0)::int`,
    })
    .from(typeChild)
    .leftJoin(items, eq(items.childId, typeChild.id))
    .where(and(where.typeId ? eq(typeChild.typeId, where.typeId) : undefined, where.ids ? inArray(typeChild.id, where.ids) : undefined))
    .orderBy(asc(typeChild.typeId), asc(typeChild.sort), asc(typeChild.id));
}

export type ChildRow = typeof typeChild.$inferSelect;

export async function lockChild(db: Executor, id: number): Promise<ChildRow | undefined> {
  const [row] = await db.select().from(typeChild).where(eq(typeChild.id, id)).for('update');
  return row;
}

export async function findChildByName(db: Executor, typeId: number, name: string): Promise<ChildRow | undefined> {
  const [row] = await db
    .select()
    .from(typeChild)
    .where(and(eq(typeChild.typeId, typeId), eq(typeChild.name, name)));
  return row;
}

export async function insertChild(db: Executor, row: { typeId: number; name: string; sort: number }): Promise<number> {
  const [inserted] = await db.insert(typeChild).values(row).returning({ id: typeChild.id });
  return inserted!.id;
}

export async function updateChild(db: Executor, id: number, fields: { name?: string; sort?: number }): Promise<void> {
  await db.update(typeChild).set(fields).where(eq(typeChild.id, id));
}

export async function deleteChild(db: Executor, id: number): Promise<void> {
  await db.delete(typeChild).where(eq(typeChild.id, id));
}

/** Items of a category, any shelf state (a category with items is not removed). */
export async function countItemsOfChild(db: Executor, childId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(device).where(eq(device.childId, childId));
  return row?.n ?? 0;
}

/** Every type and category, for reading names in an import. */
export async function findTaxonomy(db: Executor) {
  const [types, children] = await Promise.all([
    db.select({ id: projectType.id, name: projectType.name }).from(projectType),
    db.select({ id: typeChild.id, typeId: typeChild.typeId, name: typeChild.name }).from(typeChild),
  ]);
  return { types, children };
}

// ---- hot areas

export type PrefectureRow = typeof prefecture.$inferSelect;

export async function findPrefecturesWithCounts(db: Executor, ids?: number[]) {
  return db
    .select({
      id: prefecture.id,
      name: prefecture.name,
      img: prefecture.img,
      sketch: prefecture.sketch,
      sort: prefecture.sort,
      items: sql<number>`(select count(*) from ${prefectureDevice} where ${prefectureDevice.prefectureId} = ${prefecture.id})::int`,
    })
    .from(prefecture)
    .where(ids ? inArray(prefecture.id, ids) : undefined)
    .orderBy(asc(prefecture.sort), asc(prefecture.id));
}

export async function lockPrefecture(db: Executor, id: number): Promise<PrefectureRow | undefined> {
  const [row] = await db.select().from(prefecture).where(eq(prefecture.id, id)).for('update');
  return row;
}

export async function insertPrefecture(db: Executor, row: Omit<PrefectureRow, 'id'>): Promise<number> {
  const [inserted] = await db.insert(prefecture).values(row).returning({ id: prefecture.id });
  return inserted!.id;
}

export async function updatePrefecture(db: Executor, id: number, fields: Partial<Omit<PrefectureRow, 'id'>>): Promise<void> {
  await db.update(prefecture).set(fields).where(eq(prefecture.id, id));
}

export async function deletePrefecture(db: Executor, id: number): Promise<void> {
  await db.delete(prefecture).where(eq(prefecture.id, id));
}

/** All hot-area ids (a sort must name every one). */
export async function prefectureIds(db: Executor): Promise<number[]> {
  return (await db.select({ id: prefecture.id }).from(prefecture)).map((r) => r.id);
}

/** One page of a hot area's item ids, most ordered first. */
export async function pagePrefectureDeviceIds(db: Executor, id: number, limit: number, offset: number) {
  const where = eq(prefectureDevice.prefectureId, id);
  const rows = await db
    .select({ id: prefectureDevice.deviceId })
    .from(prefectureDevice)
    .innerJoin(device, eq(device.id, prefectureDevice.deviceId))
    .where(where)
    .orderBy(sql`${device.orderCount} desc`, asc(device.id))
    .limit(limit)
    .offset(offset);
  const [row] = await db.select({ n: count() }).from(prefectureDevice).where(where);
  return { ids: rows.map((r) => r.id), total: row?.n ?? 0 };
}

/** Adds items to a hot area; answers the ids that were not in it yet. */
export async function addPrefectureDevices(db: Executor, id: number, deviceIds: readonly number[]): Promise<number[]> {
  const rows = await db
    .insert(prefectureDevice)
    .values(deviceIds.map((deviceId) => ({ prefectureId: id, deviceId })))
    .onConflictDoNothing()
    .returning({ id: prefectureDevice.deviceId });
  return rows.map((r) => r.id);
}

/** Removes items from a hot area; answers the ids that were in it. */
export async function removePrefectureDevices(db: Executor, id: number, deviceIds: readonly number[]): Promise<number[]> {
  const rows = await db
    .delete(prefectureDevice)
    .where(and(eq(prefectureDevice.prefectureId, id), inArray(prefectureDevice.deviceId, [...deviceIds])))
    .returning({ id: prefectureDevice.deviceId });
  return rows.map((r) => r.id);
}
