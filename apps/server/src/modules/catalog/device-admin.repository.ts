import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DeviceAdminDetail, DeviceAdminRow } from '@yance/contracts/catalog-admin';
import type { Executor } from '../../db/client.ts';
import { device, deviceSearch, prefectureDevice, projectType, typeChild } from '../../db/schema.ts';
import { matchRuns, tierOf, type SearchTerms } from './catalog-search.repository.ts';

/** The console's reads of items: every item, on the shelf or not (the storefront's search sees only on-shelf ones). */

const ds = deviceSearch;

export interface AdminDeviceFilter {
  /** Absent or with an empty keyword: no text condition. */
  terms?: SearchTerms | undefined;
  /** The keyword as typed: an item whose rid it is matches too (operators look items up by number). */
  rid?: string | undefined;
  typeId?: number | undefined;
  childId?: number | undefined;
  onShelf?: boolean | undefined;
}
export type AdminDeviceSort = 'sort' | 'newest' | 'order' | 'price_asc' | 'price_desc' | 'relevance';

/**
 * Text matching goes through the storefront's grams and runs (ADR 0004, 0027)
 * on the same side table. The rid lookup is a second branch of a UNION, not
 * an OR beside the grams: an OR would keep the planner off the grams' GIN
 * index and scan every row (seconds at 100 000 items).
 */
function textMatch(terms: SearchTerms, rid: string | undefined): SQL {
  const byRid = rid ? sql` union all select ${device.id} from ${device} where ${device.rid} = ${rid}` : sql``;
  return sql`${ds.deviceId} in (select ${ds.deviceId} from ${ds} where ${and(...matchRuns(terms))}${byRid})`;
}

function whereOf(f: AdminDeviceFilter): SQL | undefined {
  return and(
    f.typeId ? eq(ds.typeId, f.typeId) : undefined,
    f.childId ? eq(ds.childId, f.childId) : undefined,
    f.onShelf === undefined ? undefined : eq(ds.onShelf, f.onShelf),
    f.terms?.keyword ? textMatch(f.terms, f.rid) : undefined,
  );
}

function orderOf(f: AdminDeviceFilter, sort: AdminDeviceSort) {
  const byId = asc(ds.deviceId);
  switch (sort) {
    case 'newest':
      return [desc(ds.deviceId)];
    case 'order':
      return [desc(ds.orderCount), byId];
    case 'price_asc':
      return [asc(ds.priceFen), byId];
    case 'price_desc':
      return [desc(ds.priceFen), byId];
    case 'relevance':
      if (f.terms?.keyword) return [asc(tierOf(f.terms)), desc(ds.orderCount), byId];
      return [asc(device.sort), byId];
    default:
      return [asc(device.sort), byId];
  }
}

/** One page of item ids in the asked order, and how many match. */
export async function pageAdminDeviceIds(
  db: Executor,
  f: AdminDeviceFilter,
  sort: AdminDeviceSort,
  limit: number,
  offset: number,
): Promise<{ ids: number[]; total: number }> {
  const where = whereOf(f);
  const rows = await db
    .select({ id: ds.deviceId })
    .from(ds)
    .innerJoin(device, eq(device.id, ds.deviceId))
    .where(where)
    .orderBy(...orderOf(f, sort))
    .limit(limit)
    .offset(offset);
  const [row] = await db.select({ n: count() }).from(ds).innerJoin(device, eq(device.id, ds.deviceId)).where(where);
  return { ids: rows.map((r) => r.id), total: row?.n ?? 0 };
}

/** Every matching item id, in the console's order (the export). */
export async function allAdminDeviceIds(db: Executor, f: AdminDeviceFilter): Promise<number[]> {
  const rows = await db
    .select({ id: ds.deviceId })
    .from(ds)
    .innerJoin(device, eq(device.id, ds.deviceId))
    .where(whereOf(f))
    .orderBy(...orderOf(f, 'sort'));
  return rows.map((r) => r.id);
}

const rowColumns = {
  id: device.id,
  rid: device.rid,
  name: device.name,
  alias: device.alias,
  img: device.img,
  typeId: device.typeId,
  typeName: projectType.name,
  childId: device.childId,
  childName: typeChild.name,
  priceFen: device.priceFen,
  unit: device.unit,
  turnaroundDays: device.turnaroundDays,
  dailyCapacity: device.dailyCapacity,
  orderCount: device.orderCount,
  discountLabel: sql<string>`coalesce(${device.discountLabel}, '')`,
  onShelf: device.onShelf,
  sort: device.sort,
  hotRank: device.hotRank,
};
const detailColumns = {
  ...rowColumns,
  sketch: device.sketch,
  description: device.description,
  sampleRequirement: device.sampleRequirement,
  instrument: device.instrument,
  options: device.options,
};

/** List rows for ids, in the order given. */
export async function adminRowsInOrder(db: Executor, ids: readonly number[]): Promise<DeviceAdminRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(rowColumns)
    .from(device)
    .innerJoin(typeChild, eq(typeChild.id, device.childId))
    .innerJoin(projectType, eq(projectType.id, device.typeId))
    .where(inArray(device.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Every field of items, in the order given, with the hot areas holding them. */
export async function adminDetailsInOrder(db: Executor, ids: readonly number[]): Promise<DeviceAdminDetail[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(detailColumns)
    .from(device)
    .innerJoin(typeChild, eq(typeChild.id, device.childId))
    .innerJoin(projectType, eq(projectType.id, device.typeId))
    .where(inArray(device.id, [...ids]));
  const areas = await db
    .select({ deviceId: prefectureDevice.deviceId, id: prefectureDevice.prefectureId })
    .from(prefectureDevice)
    .where(inArray(prefectureDevice.deviceId, [...ids]))
    .orderBy(asc(prefectureDevice.prefectureId));
  const byId = new Map(rows.map((r) => [r.id, { ...r, prefectureIds: areas.filter((a) => a.deviceId === r.id).map((a) => a.id) }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The item's id by its rid, locked until the transaction ends (an import row's upsert). */
export async function lockDeviceByRid(db: Executor, rid: string): Promise<number | undefined> {
  const [row] = await db.select({ id: device.id }).from(device).where(eq(device.rid, rid)).for('update');
  return row?.id;
}

export async function lockDevice(db: Executor, id: number): Promise<boolean> {
  const rows = await db.select({ id: device.id }).from(device).where(eq(device.id, id)).for('update');
  return rows.length > 0;
}

/** Sets on_shelf of those items that differ; the triggers keep device_search and the counters (migration 0001). */
export async function setShelf(db: Executor, ids: readonly number[], onShelf: boolean): Promise<{ id: number; rid: string }[]> {
  return db
    .update(device)
    .set({ onShelf })
    .where(and(inArray(device.id, [...ids]), sql`${device.onShelf} is distinct from ${onShelf}`))
    .returning({ id: device.id, rid: device.rid });
}

/** Ids of the items of a category (a renamed category's items are searched by the new name). */
export async function deviceIdsOfChild(db: Executor, childId: number): Promise<number[]> {
  const rows = await db.select({ id: device.id }).from(device).where(eq(device.childId, childId));
  return rows.map((r) => r.id);
}

/** Which of these ids are items. */
export async function existingDeviceIds(db: Executor, ids: readonly number[]): Promise<number[]> {
  const rows = await db
    .select({ id: device.id })
    .from(device)
    .where(inArray(device.id, [...ids]));
  return rows.map((r) => r.id);
}
