import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DeviceSummary } from '@yance/contracts/catalog';
import type { Db } from '../../db/client.ts';
import { device, deviceSearch, prefectureDevice, projectType, typeChild } from '../../db/schema.ts';
import { summaryColumns } from './catalog.repository.ts';
import { deviceSearchFields } from './search-grams.ts';

/** Search reads and writes on the device_search side table (ADR 0004). */

export interface DeviceSearch {
  /** Normalised keyword for the substring check; '' lists everything. */
  keyword: string;
  grams: string[];
  typeId?: number | undefined;
  childId?: number | undefined;
  areaId?: number | undefined;
  sort: 'relevance' | 'order' | 'price_asc' | 'price_desc';
  limit: number;
  offset: number;
}

const textArray = (values: string[]) => sql`ARRAY[${sql.join(
  values.map((v) => sql`${v}`),
  sql`, `,
)}]::text[]`;

const ds = deviceSearch;

/**
 * On-shelf items matching the keyword and filters, one page plus the total.
 * Matching, counting and ordering run on the narrow device_search table;
 * only the page's rows are read from device (ADR 0004).
 */
export async function searchDevices(db: Db, q: DeviceSearch): Promise<{ list: DeviceSummary[]; total: number }> {
  const where: SQL[] = [eq(ds.onShelf, true)];
  if (q.keyword) {
    // The GIN index narrows to rows holding every gram; position() confirms the real substring.
    where.push(sql`${ds.searchGrams} @> ${textArray(q.grams)}`);
    where.push(sql`position(${q.keyword} in ${ds.searchText}) > 0`);
  }
  if (q.typeId) where.push(eq(ds.typeId, q.typeId));
  if (q.childId) where.push(eq(ds.childId, q.childId));
  if (q.areaId) {
    where.push(inArray(ds.deviceId, db.select({ id: prefectureDevice.deviceId }).from(prefectureDevice).where(eq(prefectureDevice.prefectureId, q.areaId))));
  }
  const filter = and(...where);

  let ids: number[];
  let total: number | undefined;
  if (q.keyword) {
    // Referenced twice, the CTE is evaluated once: one index scan both counts and ranks the hits.
    const hits = db.$with('hits').as(
      db
        .select({ id: ds.deviceId, rank: sql<number>`${relevance(q.keyword)}`.as('rank'), orderCount: ds.orderCount, priceFen: ds.priceFen })
        .from(ds)
        .where(filter),
    );
    const tieBreak = [desc(hits.orderCount), asc(hits.id)];
    const order =
      q.sort === 'price_asc' ? [asc(hits.priceFen), ...tieBreak] : q.sort === 'price_desc' ? [desc(hits.priceFen), ...tieBreak] : q.sort === 'relevance' ? [asc(hits.rank), ...tieBreak] : tieBreak;
    const rows = await db
      .with(hits)
      .select({ id: hits.id, total: sql<number>`(select count(*) from ${hits})::int` })
      .from(hits)
      .orderBy(...order)
      .limit(q.limit)
      .offset(q.offset);
    ids = rows.map((r) => r.id);
    total = rows[0]?.total;
  } else {
    // Without a keyword the (on_shelf, order_count) index serves the page directly.
    const tieBreak = [desc(ds.orderCount), asc(ds.deviceId)];
    const order = q.sort === 'price_asc' ? [asc(ds.priceFen), ...tieBreak] : q.sort === 'price_desc' ? [desc(ds.priceFen), ...tieBreak] : tieBreak;
    const rows = await db.select({ id: ds.deviceId }).from(ds).where(filter).orderBy(...order).limit(q.limit).offset(q.offset);
    ids = rows.map((r) => r.id);
  }
  if (total === undefined) {
    if (!q.keyword && !q.areaId) {
      // Type and category totals are counters on type_child, not a scan of 100 000 rows.
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${typeChild.itemCount}), 0)::int` })
        .from(typeChild)
        .where(and(q.typeId ? eq(typeChild.typeId, q.typeId) : undefined, q.childId ? eq(typeChild.id, q.childId) : undefined));
      total = row?.n ?? 0;
    } else {
      const [row] = await db.select({ n: count() }).from(ds).where(filter);
      total = row?.n ?? 0;
    }
  }
  return { list: await summariesInOrder(db, ids), total };
}

/** List cards for ids, in the order given. */
async function summariesInOrder(db: Db, ids: number[]): Promise<DeviceSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...summaryColumns, id: device.id })
    .from(device)
    .innerJoin(typeChild, eq(typeChild.id, device.childId))
    .where(inArray(device.id, ids));
  const byId = new Map(rows.map(({ id, ...r }) => [id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * exact name > exact alias (XRD is the name chemists type) > name prefix >
 * name contains > alias contains > category or type only.
 */
function relevance(keyword: string): SQL {
  return sql`case
    when ${ds.nameLc} = ${keyword} then 0
    when position(${'|' + keyword + '|'} in ${ds.aliasLc}) > 0 then 1
    when starts_with(${ds.nameLc}, ${keyword}) then 2
    when position(${keyword} in ${ds.nameLc}) > 0 then 3
    when position(${keyword} in ${ds.aliasLc}) > 0 then 4
    else 5 end`;
}

export type NewDevice = Omit<typeof device.$inferInsert, 'id'>;

/** Inserts items with their device_search rows (ADR 0004); returns their ids in input order. */
export async function insertDevices(db: Db, rows: readonly NewDevice[]): Promise<number[]> {
  const ids: number[] = [];
  // Chunks keep each statement under PostgreSQL's 65535 bind parameters.
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db.insert(device).values(rows.slice(i, i + 500)).returning({ id: device.id });
    ids.push(...inserted.map((x) => x.id));
  }
  await refreshDeviceSearch(db, ids);
  return ids;
}

/**
 * Rewrites the device_search rows of these items from their current name,
 * aliases and category. Call after changing any of those (or renaming a category).
 */
export async function refreshDeviceSearch(db: Db, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .select({
        id: device.id, name: device.name, alias: device.alias, onShelf: device.onShelf, typeId: device.typeId, childId: device.childId,
        orderCount: device.orderCount, priceFen: device.priceFen, childName: typeChild.name, typeName: projectType.name,
      })
      .from(device)
      .innerJoin(typeChild, eq(typeChild.id, device.childId))
      .innerJoin(projectType, eq(projectType.id, device.typeId))
      .where(inArray(device.id, ids.slice(i, i + 500)));
    if (rows.length === 0) continue;
    const values = rows.map((r) => ({
      deviceId: r.id, onShelf: r.onShelf, typeId: r.typeId, childId: r.childId, orderCount: r.orderCount, priceFen: r.priceFen,
      ...deviceSearchFields(r),
    }));
    await db
      .insert(deviceSearch)
      .values(values)
      .onConflictDoUpdate({
        target: deviceSearch.deviceId,
        set: {
          nameLc: sql`excluded.name_lc`, aliasLc: sql`excluded.alias_lc`, searchText: sql`excluded.search_text`, searchGrams: sql`excluded.search_grams`,
          onShelf: sql`excluded.on_shelf`, typeId: sql`excluded.type_id`, childId: sql`excluded.child_id`, orderCount: sql`excluded.order_count`, priceFen: sql`excluded.price_fen`,
        },
      });
  }
}
