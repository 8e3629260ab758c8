import type { DeviceSearchQuery, DeviceSummary } from '@yance/contracts/catalog';
import type { Page } from '@yance/contracts/paging';
import { isGeneric, keywordRuns, splitGenericWords, type KeywordRun } from '@yance/contracts/search-terms';
import type { AppContext } from '../../context.ts';
import { hasHits, searchDevices, type SearchFilters } from './catalog-search.repository.ts';
import { normalizeSearch, termsOf } from '../../lib/search-grams.ts';

type Ctx = Pick<AppContext, 'db'>;

/**
 * Searches on-shelf items by name, alias or category; ranks by relevance then
 * order count. Every run of the keyword must match (ADR 0027). When no item
 * matches them all, generic words are split off Chinese runs ("热重测试" →
 * 热重, 测试) and Chinese runs that match nothing are cut into words the
 * catalogue knows ("核磁氢谱" → 核磁, 氢谱); if still nothing matches, the
 * search goes on with the runs that match together, and those left out are
 * answered as `ignored`.
 */
export async function searchCatalog(ctx: Ctx, query: DeviceSearchQuery): Promise<Page<DeviceSummary> & { ignored: string[] }> {
  const keyword = normalizeSearch(query.kw);
  const filters: SearchFilters = { typeId: query.typeId, childId: query.childId, areaId: query.areaId };
  const page = { sort: query.sort, limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const search = (runs: string[], kw = keyword) => searchDevices(ctx.db, { ...termsOf(kw, runs), ...filters, ...page });
  const answer = (found: Awaited<ReturnType<typeof search>>, ignored: string[] = []) => ({
    ...found,
    page: query.page,
    pageSize: query.pageSize,
    ignored,
  });

  let runs = keywordRuns(keyword);
  const found = await search(runs.map((r) => r.text));
  if (found.total > 0 || runs.length === 0) return answer(found);

  const checks = { left: RELAX_CHECKS_MAX };
  const split = await splitCompounds(ctx, splitGenericWords(runs), filters, checks);
  if (split.length > runs.length) {
    runs = split;
    const again = await search(runs.map((r) => r.text));
    if (again.total > 0) return answer(again);
  }
  if (runs.length < 2) return answer(found);
  const kept = await runsThatMatch(ctx, runs, filters, checks);
  if (kept.length === 0) return answer(found);
  // The kept runs are searched as a keyword of their own, so its tiers (exact alias XRD …) rank them.
  return answer(
    await search(kept, kept.join(' ')),
    runs.map((r) => r.text).filter((r) => !kept.includes(r)),
  );
}

/** Existence checks one search may spend on splitting and relaxing: each is one cheap LIMIT 1 query. */
const RELAX_CHECKS_MAX = 12;

const hits = (ctx: Ctx, runs: string[], filters: SearchFilters, checks: { left: number }) => {
  if (checks.left <= 0) return Promise.resolve(false);
  checks.left--;
  return hasHits(ctx.db, { ...termsOf(runs.join(' '), runs), ...filters });
};
const chars = (s: string) => Array.from(s);
const CJK_RUN = /^\p{Script=Han}+$/u;

/**
 * Chinese runs of four or more characters that match nothing alone, cut
 * into the longest prefixes that do ("比表面孔径" → 比表面, 孔径): the
 * catalogue's own names are the dictionary. A part no prefix of two or more
 * characters matches stays whole.
 */
async function splitCompounds(ctx: Ctx, runs: KeywordRun[], filters: SearchFilters, checks: { left: number }): Promise<KeywordRun[]> {
  const out: KeywordRun[] = [];
  for (const run of runs) {
    if (run.generic || !CJK_RUN.test(run.text) || chars(run.text).length < 4 || (await hits(ctx, [run.text], filters, checks))) {
      out.push(run);
      continue;
    }
    let rest = chars(run.text);
    while (rest.length > 0) {
      let cut = rest.length;
      for (let n = rest.length - 1; n >= 2; n--) {
        if (await hits(ctx, [rest.slice(0, n).join('')], filters, checks)) {
          cut = n;
          break;
        }
      }
      const text = rest.slice(0, cut).join('');
      if (!out.some((r) => r.text === text)) out.push({ text, generic: isGeneric(text) });
      rest = rest.slice(cut);
    }
  }
  return out;
}

/**
 * Runs that items match together, chosen greedily: specific runs in typed
 * order, generic words (测试, 分析 …) last, each kept when some item still
 * matches every kept run. "xrd测试" → [xrd]; "bet 比表面 钢铁" → [bet, 比表面].
 */
async function runsThatMatch(ctx: Ctx, runs: KeywordRun[], filters: SearchFilters, checks: { left: number }): Promise<string[]> {
  const order = [...runs.filter((r) => !r.generic), ...runs.filter((r) => r.generic)];
  const kept: string[] = [];
  for (const run of order) {
    const trial = [...kept, run.text];
    // All runs together are already known to match nothing.
    if (trial.length < runs.length && (await hits(ctx, trial, filters, checks))) kept.push(run.text);
  }
  return kept;
}
