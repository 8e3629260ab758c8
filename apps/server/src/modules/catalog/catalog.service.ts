import type { DeviceDetail, DeviceSearchQuery, DeviceSummary, ProjectType } from '@yance/contracts/catalog';
import type { Page } from '@yance/contracts/paging';
import { keywordRuns, type KeywordRun } from '@yance/contracts/search-terms';
import type { HotItem, Prefecture } from '@yance/contracts/home';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { findChildrenWithCounts, findDeviceByRid, findHotDevices, findPrefectures, findRelated, findTypes } from './catalog.repository.ts';
import { hasHits, searchDevices, type SearchFilters } from './catalog-search.repository.ts';
import { normalizeSearch, termsOf } from './search-grams.ts';

const RELATED_COUNT = 4;

/** The three project types with their tags, discount and child categories (with on-shelf counts). */
export async function listTypeGroups(ctx: AppContext): Promise<ProjectType[]> {
  const [types, children] = await Promise.all([findTypes(ctx.db), findChildrenWithCounts(ctx.db)]);
  return types.map((t) => ({
    id: t.id,
    name: t.name,
    img: t.img,
    description: t.description,
    tags: t.description
      .split('|')
      .map((s) => s.trim())
      .filter(Boolean),
    discount_info: t.discountLabel ? { discount_label: t.discountLabel } : null,
    typeChildArr: children.filter((c) => c.typeId === t.id).map((c) => ({ id: c.id, name: c.name, count: c.count })),
  }));
}

/**
 * Searches on-shelf items by name, alias or category; ranks by relevance then
 * order count. Every run of the keyword must match (ADR 0027); when no item
 * matches them all, the search goes on with the runs that match together.
 */
export async function searchCatalog(
  ctx: Pick<AppContext, 'db'>,
  query: DeviceSearchQuery,
): Promise<Page<DeviceSummary> & { ignored: string[] }> {
  const keyword = normalizeSearch(query.kw);
  const filters: SearchFilters = { typeId: query.typeId, childId: query.childId, areaId: query.areaId };
  const page = { sort: query.sort, limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const runs = keywordRuns(keyword);
  let found = await searchDevices(ctx.db, { ...termsOf(keyword), ...filters, ...page });
  let ignored: string[] = [];
  if (found.total === 0 && runs.length > 1) {
    const kept = await runsThatMatch(ctx, runs, filters);
    if (kept.length > 0) {
      // The kept runs are searched as a keyword of their own, so its tiers (exact alias XRD …) rank them.
      found = await searchDevices(ctx.db, { ...termsOf(kept.join(' '), kept), ...filters, ...page });
      ignored = runs.map((r) => r.text).filter((r) => !kept.includes(r));
    }
  }
  return { ...found, page: query.page, pageSize: query.pageSize, ignored };
}

/** Runs tried at most when relaxing a keyword: each is one cheap existence check. */
const RELAX_RUNS_MAX = 6;

/**
 * Runs that items match together, chosen greedily: specific runs in typed
 * order, generic words (测试, 分析 …) last, each kept when some item still
 * matches every kept run. "xrd测试" → [xrd]; "bet 比表面 钢铁" → [bet, 比表面].
 */
async function runsThatMatch(ctx: Pick<AppContext, 'db'>, runs: KeywordRun[], filters: SearchFilters): Promise<string[]> {
  const order = [...runs.filter((r) => !r.generic), ...runs.filter((r) => r.generic)].slice(0, RELAX_RUNS_MAX);
  const kept: string[] = [];
  for (const run of order) {
    const trial = [...kept, run.text];
    // All runs together are already known to match nothing.
    if (trial.length === runs.length) continue;
    if (await hasHits(ctx.db, { ...termsOf(trial.join(' '), trial), ...filters })) kept.push(run.text);
  }
  return kept;
}

/** One on-shelf item with up to four related items of its category. */
export async function getDeviceDetail(ctx: AppContext, rid: string): Promise<DeviceDetail> {
  const row = await findDeviceByRid(ctx.db, rid);
  if (!row) throw new AppError('NOT_FOUND', '项目不存在');
  const { id, ...detail } = row;
  const related = await findRelated(ctx.db, row.child_id, id, RELATED_COUNT);
  return { ...detail, related };
}

/** Hot areas (专区) in their curated order. */
export function listPrefectures(ctx: AppContext): Promise<Prefecture[]> {
  return findPrefectures(ctx.db);
}

/** The featured items of the home page, by hot rank. */
export function listHotItems(ctx: AppContext, limit: number): Promise<HotItem[]> {
  return findHotDevices(ctx.db, limit);
}
