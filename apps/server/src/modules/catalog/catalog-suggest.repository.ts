import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { device, deviceSearch as ds } from '../../db/schema.ts';
import {
  exactAlias,
  gramTotal,
  matchRuns,
  onShelfTotal,
  prefixPattern,
  tierOf,
  walkIsCheaper,
  type SearchTerms,
} from './catalog-search.repository.ts';

/**
 * Rows a suggestion looks at in each of its two open-ended branches (name
 * prefix, holds every run). This is what bounds the cost of a keystroke at
 * any catalogue size and any hit count (ADR 0027): below it the ranking is
 * exact; above it the candidates are the first rows the index hands over.
 */
export const SUGGEST_CANDIDATES = 200;

/** Whether the items holding a one-gram keyword are better found by walking the order index than through the GIN index. */
async function walkForHolders(db: Executor, t: SearchTerms): Promise<boolean> {
  if (!t.exactGram) return false;
  const [hits, onShelf] = await Promise.all([gramTotal(db, t.exactGram, {}), onShelfTotal(db)]);
  return walkIsCheaper(hits, SUGGEST_CANDIDATES, onShelf);
}

/** An item suggested for a keyword: rid, name and aliases as stored. */
export interface SuggestedRow {
  rid: string;
  name: string;
  alias: string[];
}

/**
 * Up to `size` on-shelf items for the keyword, by tier, then order count.
 * Three branches, each planned the same whatever the statistics say:
 * - exact name or alias: the name btree and the alias GIN index; no LIMIT of
 *   its own, so it is planned for all its (few) rows as a bitmap scan — with
 *   one the planner may walk the table hoping to stop early, and with no
 *   exact match it reads every row (seen at 30 000 items without ANALYZE);
 * - name prefix: the name btree in its own order, stopping after
 *   SUGGEST_CANDIDATES rows;
 * - every run held: the grams GIN index (search_grams is too costly to call
 *   on every row, ADR 0004) and position(), stopping after SUGGEST_CANDIDATES;
 *   or, for a keyword of one or two characters held by many items ("x",
 *   "原"), whose posting list alone costs ~10 ms to read at 100 000 items,
 *   the most ordered items that hold it, walking the order index (ADR 0004's
 *   walk, chosen from the exact gram count the same way).
 * No count and no ranking of every hit.
 */
export async function suggestDevices(db: Executor, t: SearchTerms, size: number): Promise<SuggestedRow[]> {
  const columns = { id: ds.deviceId, tier: tierOf(t).as('tier'), orderCount: ds.orderCount };
  const onShelf = eq(ds.onShelf, true);
  const candidates = unionAll(
    db
      .select(columns)
      .from(ds)
      .where(and(onShelf, or(eq(ds.nameLc, t.keyword), exactAlias(t.keyword)))),
    db
      .select(columns)
      .from(ds)
      .where(and(onShelf, sql`${ds.nameLc} like ${prefixPattern(t.keyword)}`))
      // the order of the text_pattern_ops index, so it is walked and not sorted
      .orderBy(sql`${ds.nameLc} using ~<~`)
      .limit(SUGGEST_CANDIDATES),
    (await walkForHolders(db, t))
      ? db
          .select(columns)
          .from(ds)
          .where(and(onShelf, sql`position(${t.keyword} in ${ds.searchText}) > 0`))
          .orderBy(desc(ds.orderCount), asc(ds.deviceId))
          .limit(SUGGEST_CANDIDATES)
      : db
          .select(columns)
          .from(ds)
          .where(and(onShelf, ...matchRuns(t)))
          .limit(SUGGEST_CANDIDATES),
  ).as('candidates');
  const picked = await db
    .selectDistinct({ id: candidates.id, tier: candidates.tier, orderCount: candidates.orderCount })
    .from(candidates)
    .orderBy(asc(candidates.tier), desc(candidates.orderCount), asc(candidates.id))
    .limit(size);
  if (picked.length === 0) return [];
  const rows = await db
    .select({ id: device.id, rid: device.rid, name: device.name, alias: device.alias })
    .from(device)
    .where(
      inArray(
        device.id,
        picked.map((p) => p.id),
      ),
    );
  const byId = new Map(rows.map(({ id, ...r }) => [id, r]));
  return picked.flatMap((p) => byId.get(p.id) ?? []);
}
