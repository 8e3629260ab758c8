import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DeviceAdminDetail, DeviceAdminRow } from '@yance/contracts/catalog-admin';
import { rowsOf, type Executor } from '../../db/client.ts';
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

/** The filters that are plain columns of device_search. */
function whereOf(f: AdminDeviceFilter): SQL | undefined {
  return and(
    f.typeId ? eq(ds.typeId, f.typeId) : undefined,
    f.childId ? eq(ds.childId, f.childId) : undefined,
    f.onShelf === undefined ? undefined : eq(ds.onShelf, f.onShelf),
  );
}

/**
 * The rows a keyword finds, as a CTE named like the table it narrows, so the
 * orders and counts below read it unchanged. Text goes through the
 * storefront's grams and runs (ADR 0004, 0027); an item whose rid is the
 * keyword joins by a UNION (operators look items up by number). MATERIALIZED
 * keeps the planner from walking an order index and computing every row's
 * grams (an OR or a semi-join beside the grams did that: seconds at 100 000).
 * Inside its own definition the name still means the table.
 */
function keywordScope(f: AdminDeviceFilter, terms: SearchTerms): SQL {
  const byRid = f.rid
    ? sql` union select * from ${ds} where ${and(whereOf(f), sql`${ds.deviceId} = (select ${device.id} from ${device} where ${device.rid} = ${f.rid})`)}`
    : sql``;
  return sql`with device_search as materialized (select * from ${ds} where ${and(whereOf(f), ...matchRuns(terms))}${byRid})`;
}

/**
 * The console's orders. Each is one of the admin indexes on device_search read
 * forwards or backwards (ties broken by id in the same direction), so a page
 * never sorts the whole catalogue.
 */
function orderOf(f: AdminDeviceFilter, sort: AdminDeviceSort) {
  switch (sort) {
    case 'newest':
      return [desc(ds.deviceId)];
    case 'order':
      return [desc(ds.orderCount), desc(ds.deviceId)];
    case 'price_asc':
      return [asc(ds.priceFen), asc(ds.deviceId)];
    case 'price_desc':
      return [desc(ds.priceFen), desc(ds.deviceId)];
    case 'relevance':
      if (f.terms?.keyword) return [asc(tierOf(f.terms)), desc(ds.orderCount), asc(ds.deviceId)];
      return [asc(ds.sort), asc(ds.deviceId)];
    default:
      return [asc(ds.sort), asc(ds.deviceId)];
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
  const order = sql.join(orderOf(f, sort), sql`, `);
  if (f.terms?.keyword) {
    const scope = keywordScope(f, f.terms);
    // The total rides on the page's rows (one pass over the matches); a page past the end counts on its own.
    const page = rowsOf<{ id: number; n: number }>(
      await db.execute(
        sql`${scope} select ${ds.deviceId} as id, (count(*) over ())::int as n from ${ds} order by ${order} limit ${limit} offset ${offset}`,
      ),
    );
    const total = page[0]?.n ?? rowsOf<{ n: number }>(await db.execute(sql`${scope} select count(*)::int as n from ${ds}`))[0]?.n ?? 0;
    return { ids: page.map((r) => r.id), total };
  }
  // device_search alone: one narrow row per item with every column a filter or an order needs.
  const where = whereOf(f);
  const rows = await db
    .select({ id: ds.deviceId })
    .from(ds)
    .where(where)
    .orderBy(...orderOf(f, sort))
    .limit(limit)
    .offset(offset);
  const [row] = await db.select({ n: count() }).from(ds).where(where);
  return { ids: rows.map((r) => r.id), total: row?.n ?? 0 };
}

/** Every matching item id, in the console's order (the export). */
export async function allAdminDeviceIds(db: Executor, f: AdminDeviceFilter): Promise<number[]> {
  const order = sql.join(orderOf(f, 'sort'), sql`, `);
  if (f.terms?.keyword) {
    const all = rowsOf<{ id: number }>(
      await db.execute(sql`${keywordScope(f, f.terms)} select ${ds.deviceId} as id from ${ds} order by ${order}`),
    );
    return all.map((r) => r.id);
  }
  const rows = await db
    .select({ id: ds.deviceId })
    .from(ds)
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
