import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DeviceSummary } from '@yance/contracts/catalog';
import { textArray, type Executor } from '../../db/client.ts';
import { device, deviceSearch, prefectureDevice, searchGramCount, typeChild } from '../../db/schema.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { countedOrders, summaryColumns } from './catalog.repository.ts';
import { deviceSearchFields } from '../../lib/search-grams.ts';

/** Search reads and writes on the device_search side table (ADR 0004). */

/** What a keyword asks of an item's search_text (search-grams.ts termsOf). */
export interface SearchTerms {
  /** Normalised keyword as typed: the tiers compare it whole; '' lists everything. */
  keyword: string;
  /** Parts that must each be a substring of search_text (ADR 0027); [keyword] for a one-run keyword. */
  runs: string[];
  /** Grams the runs need (queryGrams). */
  grams: string[];
  /** Set when holding this one gram is the same as containing the keyword (exactGram). */
  exactGram?: string | undefined;
}

export interface SearchFilters {
  typeId?: number | undefined;
  childId?: number | undefined;
  areaId?: number | undefined;
}

export interface DeviceSearch extends SearchTerms, SearchFilters {
  sort: 'relevance' | 'order' | 'price_asc' | 'price_desc';
  limit: number;
  offset: number;
}

const ds = deviceSearch;

/** LIKE pattern of the names starting with the keyword. */
export const prefixPattern = (keyword: string) => `${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Relevance tiers (ADR 0004, 0027); within a tier, order count desc, then id.
 * A keyword of several runs ("bet比表面") also matches items holding every
 * run apart: those rank after the items holding the keyword as typed.
 */
export const TIER = { exactName: 0, exactAlias: 1, namePrefix: 2, contains: 3, allRuns: 4 } as const;

export const exactAlias = (keyword: string) => sql`string_to_array(${ds.aliasLc}, '|') @> ${textArray([keyword])}`;

/** True when the keyword is one run: every hit then contains it as typed. */
const oneRun = (t: Pick<SearchTerms, 'keyword' | 'runs'>) => t.runs.length === 1 && t.runs[0] === t.keyword;

export function tierOf(t: Pick<SearchTerms, 'keyword' | 'runs'>): SQL<number> {
  const contains = oneRun(t) ? sql`` : sql`when position(${t.keyword} in ${ds.searchText}) > 0 then ${sql.raw(String(TIER.contains))}`;
  return sql<number>`case when ${ds.nameLc} = ${t.keyword} then ${sql.raw(String(TIER.exactName))}
    when ${exactAlias(t.keyword)} then ${sql.raw(String(TIER.exactAlias))}
    when starts_with(${ds.nameLc}, ${t.keyword}) then ${sql.raw(String(TIER.namePrefix))}
    ${contains} else ${sql.raw(String(oneRun(t) ? TIER.contains : TIER.allRuns))} end`;
}

/**
 * The rows holding every run: the GIN index on search_grams(search_text)
 * narrows to rows holding every gram, position() confirms each substring.
 */
export const matchRuns = (t: Pick<SearchTerms, 'runs' | 'grams'>): SQL[] => [
  sql`search_grams(${ds.searchText}) @> ${textArray(t.grams)}`,
  ...t.runs.map((run) => sql`position(${run} in ${ds.searchText}) > 0`),
];

/** On-shelf rows of the type, category and hot area filters. */
export function filtersOf(db: Executor, q: SearchFilters): SQL[] {
  const filters: SQL[] = [eq(ds.onShelf, true)];
  if (q.typeId) filters.push(eq(ds.typeId, q.typeId));
  if (q.childId) filters.push(eq(ds.childId, q.childId));
  if (q.areaId) {
    filters.push(
      inArray(
        ds.deviceId,
        db.select({ id: prefectureDevice.deviceId }).from(prefectureDevice).where(eq(prefectureDevice.prefectureId, q.areaId)),
      ),
    );
  }
  return filters;
}

/** Whether any on-shelf item of the filters holds every run (the service's fallback asks run by run). */
export async function hasHits(db: Executor, q: SearchTerms & SearchFilters): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(ds)
    .where(and(...filtersOf(db, q), ...matchRuns(q)))
    .limit(1);
  return rows.length > 0;
}

/**
 * On-shelf items matching the keyword and filters, one page plus the exact total.
 * Matching, counting and ordering run on the narrow device_search table;
 * only the page's rows are read from device (ADR 0004).
 */
export async function searchDevices(db: Executor, q: DeviceSearch): Promise<{ list: DeviceSummary[]; total: number }> {
  const filters = filtersOf(db, q);
  const ids = q.keyword ? await keywordPage(db, q, filters) : { ids: await listPage(db, q, filters), total: undefined };
  const total = ids.total ?? (await listTotal(db, q, filters));
  return { list: await summariesInOrder(db, ids.ids), total };
}

/** Order of a page without relevance: the columns of the order and price indexes. */
function plainOrder(sort: DeviceSearch['sort']) {
  const tieBreak = [desc(ds.orderCount), asc(ds.deviceId)];
  return sort === 'price_asc' ? [asc(ds.priceFen), ...tieBreak] : sort === 'price_desc' ? [desc(ds.priceFen), ...tieBreak] : tieBreak;
}

/** Without a keyword the (on_shelf, order_count) or price index serves the page directly. */
async function listPage(db: Executor, q: DeviceSearch, filters: SQL[]): Promise<number[]> {
  const rows = await db
    .select({ id: ds.deviceId })
    .from(ds)
    .where(and(...filters))
    .orderBy(...plainOrder(q.sort))
    .limit(q.limit)
    .offset(q.offset);
  return rows.map((r) => r.id);
}

async function listTotal(db: Executor, q: DeviceSearch, filters: SQL[]): Promise<number> {
  if (!q.areaId) {
    // Type and category totals are counters on type_child, not a scan of 100 000 rows.
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${typeChild.itemCount}), 0)::int` })
      .from(typeChild)
      .where(and(q.typeId ? eq(typeChild.typeId, q.typeId) : undefined, q.childId ? eq(typeChild.id, q.childId) : undefined));
    return row?.n ?? 0;
  }
  const [row] = await db
    .select({ n: count() })
    .from(ds)
    .where(and(...filters));
  return row?.n ?? 0;
}

/**
 * Walking an ordered index and stopping after the page visits about
 * (offset + limit) × on-shelf / hits rows; ranking every hit visits hits rows.
 */
export const walkIsCheaper = (hits: number, upTo: number, onShelf: number) => hits * hits >= upTo * onShelf;

/** Items on the shelf: the sum of the categories' counters, not a count of rows. */
export async function onShelfTotal(db: Executor): Promise<number> {
  const [shelf] = await db.select({ n: sql<number>`coalesce(sum(${typeChild.itemCount}), 0)::int` }).from(typeChild);
  return shelf?.n ?? 0;
}

/**
 * A keyword page and its exact total (ADR 0004). A keyword decided by one
 * gram (one or two characters) takes its total from the gram counters, then
 * either ranks its few hits or, when it has many, takes the head (exact name,
 * exact alias, name prefix) from the name and alias indexes and walks the
 * order index for the rest, stopping after the page. Any other keyword
 * counts and ranks its hits in one scan through the GIN index.
 */
async function keywordPage(db: Executor, q: DeviceSearch, filters: SQL[]): Promise<{ ids: number[]; total: number }> {
  const gramMatch = [...filters, ...matchRuns(q)];
  if (!q.exactGram || q.areaId) {
    const page = await rankedPage(db, gramMatch, q);
    return { ids: page.ids, total: page.total ?? (await countOf(db, gramMatch)) };
  }

  // From here the keyword is one run of one or two characters, so containing it is one position() check.
  const contains = sql`position(${q.keyword} in ${ds.searchText}) > 0`;
  const total = await gramTotal(db, q.exactGram, q);
  if (total === 0 || q.offset >= total) return { ids: [], total };
  const onShelf = await onShelfTotal(db);
  if (!walkIsCheaper(total, q.offset + q.limit, onShelf)) return { ids: (await rankedPage(db, gramMatch, q)).ids, total };
  if (q.sort !== 'relevance') return { ids: await walkedPage(db, [...filters, contains], plainOrder(q.sort), q.limit, q.offset), total };

  // The head implies the substring, so needs no check; it comes first, then the tail from offset − head size.
  const headMatch = [...filters, or(eq(ds.nameLc, q.keyword), exactAlias(q.keyword), sql`${ds.nameLc} like ${prefixPattern(q.keyword)}`)!];
  const head = await db
    .select({ id: ds.deviceId, n: sql<number>`(count(*) over ())::int` })
    .from(ds)
    .where(and(...headMatch))
    .orderBy(tierOf(q), ...plainOrder('order'))
    .limit(q.limit)
    .offset(q.offset);
  const ids = head.map((r) => r.id);
  const headTotal = head[0]?.n ?? (await countOf(db, headMatch));
  const tail = { total: total - headTotal, offset: Math.max(0, q.offset - headTotal), limit: q.limit - ids.length };
  if (tail.limit > 0 && tail.offset < tail.total) {
    const notHead = [sql`not starts_with(${ds.nameLc}, ${q.keyword})`, sql`not (${exactAlias(q.keyword)})`];
    ids.push(
      ...(walkIsCheaper(tail.total, tail.offset + tail.limit, onShelf)
        ? await walkedPage(db, [...filters, contains, ...notHead], plainOrder('order'), tail.limit, tail.offset)
        : (await rankedPage(db, [...gramMatch, ...notHead], { ...q, sort: 'order', limit: tail.limit, offset: tail.offset })).ids),
    );
  }
  return { ids, total };
}

async function countOf(db: Executor, where: SQL[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(ds)
    .where(and(...where));
  return row?.n ?? 0;
}

/** A page straight from a query: with only position() as text condition, the planner walks the order or price index. */
async function walkedPage(db: Executor, where: SQL[], order: SQL[], limit: number, offset: number): Promise<number[]> {
  const rows = await db
    .select({ id: ds.deviceId })
    .from(ds)
    .where(and(...where))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}

/**
 * A page of every hit ranked, with the number of hits (undefined past the
 * last page). The hits are a subquery of their own (OFFSET 0 keeps it apart),
 * planned without the ORDER BY: the GIN bitmap, never an ordered walk calling
 * search_grams() on every row it passes. One scan both counts and ranks.
 */
async function rankedPage(
  db: Executor,
  where: SQL[],
  q: Pick<DeviceSearch, 'keyword' | 'runs' | 'sort' | 'limit' | 'offset'>,
): Promise<{ ids: number[]; total?: number }> {
  const hits = db
    .select({
      id: ds.deviceId,
      tier: (q.sort === 'relevance' ? tierOf(q) : sql<number>`0`).as('tier'),
      orderCount: ds.orderCount,
      priceFen: ds.priceFen,
    })
    .from(ds)
    .where(and(...where))
    .offset(0)
    .as('hits');
  const tieBreak = [desc(hits.orderCount), asc(hits.id)];
  const order =
    q.sort === 'price_asc'
      ? [asc(hits.priceFen), ...tieBreak]
      : q.sort === 'price_desc'
        ? [desc(hits.priceFen), ...tieBreak]
        : [asc(hits.tier), ...tieBreak];
  const rows = await db
    .select({ id: hits.id, n: sql<number>`(count(*) over ())::int` })
    .from(hits)
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset);
  return { ids: rows.map((r) => r.id), total: rows[0]?.n };
}

/** Exact total of a keyword decided by one gram: a sum of the gram counters (migration 0005). */
export async function gramTotal(db: Executor, gram: string, q: SearchFilters): Promise<number> {
  const c = searchGramCount;
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${c.n}), 0)::int` })
    .from(c)
    .where(and(eq(c.gram, gram), q.typeId ? eq(c.typeId, q.typeId) : undefined, q.childId ? eq(c.childId, q.childId) : undefined));
  return row?.n ?? 0;
}

/** List cards for ids, in the order given. */
async function summariesInOrder(db: Executor, ids: number[]): Promise<DeviceSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...summaryColumns, id: device.id })
    .from(device)
    .innerJoin(typeChild, eq(typeChild.id, device.childId))
    .where(inArray(device.id, ids));
  const byId = new Map(rows.map(({ id, ...r }) => [id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export type NewDevice = Omit<typeof device.$inferInsert, 'id'>;

const sanitized = <T extends { description?: string | undefined; sampleRequirement?: string | undefined }>(r: T): T => ({
  ...r,
  ...(r.description === undefined ? {} : { description: sanitizeRichText(r.description) }),
  ...(r.sampleRequirement === undefined ? {} : { sampleRequirement: sanitizeRichText(r.sampleRequirement) }),
});

/**
 * Inserts items with their device_search rows (ADR 0004); returns their ids in input order.
 * The rich HTML fields are sanitised here, the one place items are written (ADR 0014).
 */
export async function insertDevices(db: Executor, rows: readonly NewDevice[]): Promise<number[]> {
  const ids: number[] = [];
  // Chunks keep each statement under PostgreSQL's 65535 bind parameters.
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500).map(sanitized);
    const inserted = await db.insert(device).values(chunk).returning({ id: device.id });
    ids.push(...inserted.map((x) => x.id));
  }
  await refreshDeviceSearch(db, ids);
  return ids;
}

/**
 * Changes an item (rich HTML sanitised as on insert) and rewrites its
 * device_search row, so a new name, alias or category is searchable at once.
 */
export async function updateDevice(db: Executor, id: number, fields: Partial<NewDevice>): Promise<void> {
  await db.update(device).set(sanitized(fields)).where(eq(device.id, id));
  await refreshDeviceSearch(db, [id]);
}

/**
 * Rewrites the device_search rows of these items from their current name,
 * aliases and category. Call after changing any of those (or renaming a category).
 */
export async function refreshDeviceSearch(db: Executor, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .select({
        id: device.id,
        name: device.name,
        alias: device.alias,
        onShelf: device.onShelf,
        typeId: device.typeId,
        childId: device.childId,
        orderCount: countedOrders,
        priceFen: device.priceFen,
        sort: device.sort,
        childName: typeChild.name,
      })
      .from(device)
      .innerJoin(typeChild, eq(typeChild.id, device.childId))
      .where(inArray(device.id, ids.slice(i, i + 500)));
    if (rows.length === 0) continue;
    const values = rows.map((r) => ({
      deviceId: r.id,
      onShelf: r.onShelf,
      typeId: r.typeId,
      childId: r.childId,
      orderCount: r.orderCount,
      priceFen: r.priceFen,
      sort: r.sort,
      ...deviceSearchFields(r),
    }));
    await db
      .insert(deviceSearch)
      .values(values)
      .onConflictDoUpdate({
        target: deviceSearch.deviceId,
        set: {
          nameLc: sql`excluded.name_lc`,
          aliasLc: sql`excluded.alias_lc`,
          searchText: sql`excluded.search_text`,
          onShelf: sql`excluded.on_shelf`,
          typeId: sql`excluded.type_id`,
          childId: sql`excluded.child_id`,
          orderCount: sql`excluded.order_count`,
          priceFen: sql`excluded.price_fen`,
          sort: sql`excluded.sort`,
        },
      });
  }
}
