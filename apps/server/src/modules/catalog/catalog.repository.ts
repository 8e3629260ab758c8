import { and, asc, count, desc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DeviceSummary } from '@yance/contracts/catalog';
import type { Db } from '../../db/client.ts';
import { device, prefecture, prefectureDevice, projectType, typeChild } from '../../db/schema.ts';
import { deviceSearchFields } from './search-grams.ts';

/** Columns of a list card, shaped as the contract's deviceSummary. */
const summaryColumns = {
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
  order: device.orderCount,
  discount_label: device.discountLabel,
};

export async function findTypes(db: Db) {
  return db.select().from(projectType).orderBy(asc(projectType.sort), asc(projectType.id));
}

/** Child categories with their number of on-shelf items. */
export async function findChildrenWithCounts(db: Db) {
  const counts = db
    .select({ childId: device.childId, n: count().as('n') })
    .from(device)
    .where(eq(device.onShelf, true))
    .groupBy(device.childId)
    .as('counts');
  return db
    .select({ id: typeChild.id, typeId: typeChild.typeId, name: typeChild.name, count: sql<number>`coalesce(${counts.n}, 0)::int` })
    .from(typeChild)
    .leftJoin(counts, eq(counts.childId, typeChild.id))
    .orderBy(asc(typeChild.typeId), asc(typeChild.sort), asc(typeChild.id));
}

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

/** On-shelf items matching the keyword and filters, one page plus the total. */
export async function searchDevices(db: Db, q: DeviceSearch): Promise<{ list: DeviceSummary[]; total: number }> {
  const where: SQL[] = [eq(device.onShelf, true)];
  if (q.keyword) {
    // The GIN index narrows to rows holding every gram; position() confirms the real substring.
    where.push(sql`${device.searchGrams} @> ${textArray(q.grams)}`);
    where.push(sql`position(${q.keyword} in ${device.searchText}) > 0`);
  }
  if (q.typeId) where.push(eq(device.typeId, q.typeId));
  if (q.childId) where.push(eq(device.childId, q.childId));
  if (q.areaId) {
    where.push(
      inArray(device.id, db.select({ id: prefectureDevice.deviceId }).from(prefectureDevice).where(eq(prefectureDevice.prefectureId, q.areaId))),
    );
  }
  const filter = and(...where);
  const tieBreak = [desc(device.orderCount), asc(device.id)];
  const order =
    q.sort === 'price_asc'
      ? [asc(device.priceFen), ...tieBreak]
      : q.sort === 'price_desc'
        ? [desc(device.priceFen), ...tieBreak]
        : q.sort === 'relevance' && q.keyword
          ? [relevance(q.keyword), ...tieBreak]
          : tieBreak;

  if (q.keyword) {
    // Keyword matches are a small set: count them in the same pass with a window.
    const rows = await db
      .select({ ...summaryColumns, total: sql<number>`(count(*) over())::int` })
      .from(device)
      .innerJoin(typeChild, eq(typeChild.id, device.childId))
      .where(filter)
      .orderBy(...order)
      .limit(q.limit)
      .offset(q.offset);
    if (rows.length > 0 || q.offset === 0) return { list: rows.map(({ total: _t, ...r }) => r), total: rows[0]?.total ?? 0 };
  }
  // Without a keyword the index on order_count serves the page; the count is a separate cheap query.
  const [list, [totalRow]] = await Promise.all([
    db.select(summaryColumns).from(device).innerJoin(typeChild, eq(typeChild.id, device.childId)).where(filter).orderBy(...order).limit(q.limit).offset(q.offset),
    db.select({ n: count() }).from(device).where(filter),
  ]);
  return { list, total: totalRow?.n ?? 0 };
}

/**
 * exact name > exact alias (XRD is the name chemists type) > name prefix >
 * name contains > alias contains > category or type only.
 */
function relevance(keyword: string): SQL {
  const name = sql`lower(${device.name})`;
  const aliases = sql`('|' || lower(array_to_string(${device.alias}, '|')) || '|')`;
  return sql`case
    when ${name} = ${keyword} then 0
    when position(${'|' + keyword + '|'} in ${aliases}) > 0 then 1
    when starts_with(${name}, ${keyword}) then 2
    when position(${keyword} in ${name}) > 0 then 3
    when position(${keyword} in ${aliases}) > 0 then 4
    else 5 end`;
}

export async function findDeviceByRid(db: Db, rid: string) {
  const [row] = await db
    .select({
      ...summaryColumns,
      id: device.id,
      type_name: projectType.name,
      description: device.description,
      sample_requirement: device.sampleRequirement,
      instrument: device.instrument,
      options: device.options,
    })
    .from(device)
    .innerJoin(typeChild, eq(typeChild.id, device.childId))
    .innerJoin(projectType, eq(projectType.id, device.typeId))
    .where(and(eq(device.rid, rid), eq(device.onShelf, true)));
  return row ?? null;
}

/** Other on-shelf items of a child category, most ordered first. */
export async function findRelated(db: Db, childId: number, excludeId: number, limit: number): Promise<DeviceSummary[]> {
  return db
    .select(summaryColumns)
    .from(device)
    .innerJoin(typeChild, eq(typeChild.id, device.childId))
    .where(and(eq(device.childId, childId), ne(device.id, excludeId), eq(device.onShelf, true)))
    .orderBy(desc(device.orderCount), asc(device.id))
    .limit(limit);
}

/** Featured items of the home page, by hot rank. */
export async function findHotDevices(db: Db, limit: number) {
  return db
    .select({ rid: device.rid, name: device.name, img: device.img, sketch: device.sketch, order: device.orderCount })
    .from(device)
    .where(and(isNotNull(device.hotRank), eq(device.onShelf, true)))
    .orderBy(asc(device.hotRank), asc(device.id))
    .limit(limit);
}

export async function findPrefectures(db: Db) {
  return db
    .select({ id: prefecture.id, name: prefecture.name, img: prefecture.img, sketch: prefecture.sketch })
    .from(prefecture)
    .orderBy(asc(prefecture.sort), asc(prefecture.id));
}

export type NewDevice = Omit<typeof device.$inferInsert, 'id' | 'searchText' | 'searchGrams'>;

/** Inserts items with their search columns filled (ADR 0004); returns their ids in input order. */
export async function insertDevices(db: Db, rows: readonly NewDevice[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const children = await db
    .select({ id: typeChild.id, name: typeChild.name, typeName: projectType.name })
    .from(typeChild)
    .innerJoin(projectType, eq(projectType.id, typeChild.typeId));
  const byId = new Map(children.map((c) => [c.id, c]));
  const values = rows.map((r) => {
    const child = byId.get(r.childId);
    if (!child) throw new Error(`unknown child category ${r.childId}`);
    return { ...r, ...deviceSearchFields({ name: r.name, alias: r.alias ?? [], childName: child.name, typeName: child.typeName }) };
  });
  const ids: number[] = [];
  // Chunks keep each statement under PostgreSQL's 65535 bind parameters.
  for (let i = 0; i < values.length; i += 500) {
    const inserted = await db.insert(device).values(values.slice(i, i + 500)).returning({ id: device.id });
    ids.push(...inserted.map((x) => x.id));
  }
  return ids;
}
