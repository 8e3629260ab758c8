import { HOT_KEYWORDS_MAX, type DeviceSuggestion, type DeviceSuggestQuery } from '@yance/contracts/catalog';
import { keywordRuns, splitGenericWords } from '@yance/contracts/search-terms';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { getSettingValue } from '../setting/index.ts';
import { suggestDevices, type SuggestedRow } from './catalog-suggest.repository.ts';
import { findMostOrdered } from './catalog.repository.ts';
import { normalizeSearch, termsOf } from '../../lib/search-grams.ts';

/**
 * Items to suggest while a customer types (ADR 0027): name, alias or
 * category holds every run; nothing for an empty keyword. When nothing does,
 * one more try with the runs before the last, generic words split off and
 * left out: the last is often still being typed ("xrd测") or a word no item
 * holds ("xrd测试", "热重测试").
 */
export async function suggestItems(ctx: Pick<AppContext, 'db'>, query: DeviceSuggestQuery): Promise<DeviceSuggestion[]> {
  const keyword = normalizeSearch(query.keyword);
  if (!keyword) return [];
  let terms = termsOf(keyword);
  let rows = await suggestDevices(ctx.db, terms, query.size);
  const runs = splitGenericWords(keywordRuns(keyword));
  const before = runs
    .slice(0, -1)
    .filter((r) => !r.generic)
    .map((r) => r.text);
  if (rows.length === 0 && before.length > 0) {
    terms = termsOf(before.join(' '), before);
    rows = await suggestDevices(ctx.db, terms, query.size);
  }
  return rows.map((r) => ({ rid: r.rid, name: r.name, alias: matchedAlias(r, terms) }));
}

/** The alias to show beside the name: none when the name holds every run, else the first alias holding the keyword or a run. */
function matchedAlias(row: SuggestedRow, t: { keyword: string; runs: string[] }): string | null {
  const name = normalizeSearch(row.name);
  if (t.runs.every((run) => name.includes(run))) return null;
  const aliases = row.alias.map((a) => ({ a, lc: normalizeSearch(a) }));
  const hit = aliases.find((x) => x.lc.includes(t.keyword)) ?? aliases.find((x) => t.runs.some((run) => x.lc.includes(run)));
  return hit?.a ?? null;
}

/** Setting key of the operator's list of popular searches. */
export const HOT_KEYWORDS_KEY = 'hotKeywords';
/** The stored setting: a list of words; past HOT_KEYWORDS_MAX they are not shown. */
const operatorList = z.array(z.string());
/** Shown when the operator has set no list. */
const HOT_KEYWORDS_SHOWN = 8;

/**
 * Popular searches: the operator's list (setting hotKeywords) when set,
 * otherwise what customers call the most ordered items (ADR 0027).
 */
export async function listHotKeywords(ctx: AppContext): Promise<string[]> {
  const set = operatorList.safeParse(await getSettingValue(ctx, HOT_KEYWORDS_KEY));
  const operator = set.success ? set.data.map((k) => k.trim()).filter(Boolean) : [];
  if (operator.length > 0) return operator.slice(0, HOT_KEYWORDS_MAX);
  const words: string[] = [];
  for (const item of await findMostOrdered(ctx.db, HOT_KEYWORDS_SHOWN * 3)) {
    const word = callName(item);
    if (!words.some((w) => normalizeSearch(w) === normalizeSearch(word))) words.push(word);
    if (words.length === HOT_KEYWORDS_SHOWN) break;
  }
  return words;
}

const ABBREVIATION = /^[A-Za-z][A-Za-z0-9-]{1,7}$/;

/** What customers type for an item: its first alias when that is an abbreviation (XRD), else a short name, else that alias. */
export function callName(item: { name: string; alias: readonly string[] }): string {
  const first = item.alias[0];
  if (first && ABBREVIATION.test(first)) return first;
  if (Array.from(item.name).length <= 8 || !first) return item.name;
  return first;
}
