import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { device, deviceSearch as ds } from '../../db/schema.ts';
import { exactAlias, matchRuns, prefixPattern, tierOf, type SearchTerms } from './catalog-search.repository.ts';

/**
 * Rows a suggestion looks at in each of its two open-ended branches (name
 * prefix, holds every run). This is what bounds the cost of a keystroke at
 * any catalogue size and any hit count (ADR 0027): below it the ranking is
 * exact; above it the candidates are the first rows the index hands over.
 */
export const SUGGEST_CANDIDATES = 200;

/** An item suggested for a keyword: rid, name and aliases as stored. */
export interface SuggestedRow {
  rid: string;
  name: string;
  alias: string[];
}

/**
 * Up to `size` on-shelf items for the keyword, by tier, then order count.
 * Three bounded branches: exact name or alias (the name btree and the alias
 * GIN index), name prefix (the name btree's range), every run held (the
 * grams GIN index and position()); no count, no ranking of every hit.
 */
export async function suggestDevices(db: Executor, t: SearchTerms, size: number): Promise<SuggestedRow[]> {
  const branch = (where: SQL, limit: number) =>
    db
      .select({ id: ds.deviceId, tier: tierOf(t).as('tier'), orderCount: ds.orderCount })
      .from(ds)
      .where(and(eq(ds.onShelf, true), where))
      .limit(limit);
  const candidates = unionAll(
    branch(or(eq(ds.nameLc, t.keyword), exactAlias(t.keyword))!, size),
    branch(sql`${ds.nameLc} like ${prefixPattern(t.keyword)}`, SUGGEST_CANDIDATES),
    branch(and(...matchRuns(t))!, SUGGEST_CANDIDATES),
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
