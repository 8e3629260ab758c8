/**
 * How text becomes searchable (ADR 0004). Writes (the repository, hence the
 * seed) and reads (the search query) normalise through here.
 *
 * Item grams are computed in SQL by search_grams(search_text) (migration
 * 0003), the expression of the GIN index, so they are not stored in the row.
 * searchGrams below is the same rule in TypeScript: tests hold the two equal,
 * and queryGrams must only ask for grams that rule produces.
 */

/**
 * NFKC folds full-width letters (ＸＲＤ) to ASCII and most Unicode spaces to
 * ' '; then lower case, control characters dropped, whitespace runs → one ' '.
 */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\p{Cc}/gu, '')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .trim();
}

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
 * Grams a keyword needs: per word, its bigrams, or its single unigram when
 * the word is one character. Empty for an empty keyword (= no text filter).
 */
export function queryGrams(keyword: string): string[] {
  const grams = new Set<string>();
  for (const cs of words(normalizeSearch(keyword))) {
    if (cs.length === 1) grams.add(cs[0]!);
    for (let i = 0; i + 1 < cs.length; i++) grams.add(cs[i]! + cs[i + 1]!);
  }
  return [...grams];
}

/**
 * The one gram of a keyword whose grams match exactly its substrings: one
 * word of one or two characters ("析", "分析"). An item holds that gram iff
 * its search_text contains the keyword, so its count is the keyword's total.
 */
export function exactGram(keyword: string): string | undefined {
  const ws = words(normalizeSearch(keyword));
  return ws.length === 1 && ws[0]!.length <= 2 ? ws[0]!.join('') : undefined;
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
