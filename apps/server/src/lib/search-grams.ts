/**
 * How text becomes searchable (ADR 0004). Writes (the repository, hence the
 * seed) and reads (the search query) normalise through here.
 *
 * Item grams are computed in SQL by search_grams(search_text) (migration
 * 0003), the expression of the GIN index, so they are not stored in the row.
 * searchGrams below is the same rule in TypeScript: tests hold the two equal,
 * and queryGrams must only ask for grams that rule produces.
 */

import { keywordRuns, normalizeSearch } from '@yance/contracts/search-terms';

export { normalizeSearch };

/** search_text of an item: its name, aliases and category, normalised and space-joined. */
export function buildSearchText(parts: readonly string[]): string {
  return parts.map(normalizeSearch).filter(Boolean).join(' ');
}

/** Words of normalised text as arrays of characters (code points, so 𠀋 stays whole). */
const words = (normalized: string) =>
  normalized
    .split(' ')
    .filter(Boolean)
    .map((w) => Array.from(w));

/**
 * Every character unigram and every bigram inside a word (never across a
 * space), unique. Must equal SQL search_grams(search_text).
 */
export function searchGrams(searchText: string): string[] {
  const grams = new Set<string>();
  for (const cs of words(normalizeSearch(searchText))) {
    for (let i = 0; i < cs.length; i++) {
      grams.add(cs[i]!);
      if (i + 1 < cs.length) grams.add(cs[i]! + cs[i + 1]!);
    }
  }
  return [...grams];
}

/**
 * Grams runs need: per run, its bigrams, or its single unigram when the run
 * is one character. A run has no space, so any occurrence of it lies inside
 * one word of search_text, whose grams hold these.
 */
export function queryGrams(runs: readonly string[]): string[] {
  const grams = new Set<string>();
  for (const cs of runs.map((r) => Array.from(r))) {
    if (cs.length === 1) grams.add(cs[0]!);
    for (let i = 0; i + 1 < cs.length; i++) grams.add(cs[i]! + cs[i + 1]!);
  }
  return [...grams];
}

/**
 * What a search needs of search_text: the normalised keyword (its tiers), the
 * runs each hit must contain (ADR 0027; keywordRuns unless given, as the
 * fallback does with fewer runs) and their grams. exactGram is the one gram
 * whose holders are exactly the hits: a keyword of one run of one or two
 * characters ("析", "分析"), as grams never cross a space.
 */
export function termsOf(keyword: string, runs: readonly string[] = keywordRuns(keyword).map((r) => r.text)) {
  const oneShort = runs.length === 1 && runs[0] === keyword && Array.from(keyword).length <= 2;
  // A one-character run beside longer ones ("x" of "x射线衍射") would read the long posting list of its
  // unigram to narrow almost nothing: the longer runs' grams narrow, position() still checks it.
  const long = runs.filter((r) => Array.from(r).length > 1);
  return { keyword, runs: [...runs], grams: queryGrams(long.length > 0 ? long : runs), exactGram: oneShort ? keyword : undefined };
}

/**
 * The text columns of an item's device_search row, as stored. The type name
 * (送样检测 …) is not searched: it would make 检测 match every item of type 1.
 */
export function deviceSearchFields(input: { name: string; alias: readonly string[]; childName: string }) {
  const aliases = input.alias.map(normalizeSearch).filter(Boolean);
  return {
    nameLc: normalizeSearch(input.name),
    aliasLc: `|${aliases.join('|')}|`,
    searchText: buildSearchText([input.name, ...input.alias, input.childName]),
  };
}
