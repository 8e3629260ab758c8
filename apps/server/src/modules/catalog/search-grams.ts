/**
 * The one place that turns text into search grams (ADR 0004). Writes (the
 * repository, the seed) and reads (the search query) must agree exactly, so
 * both come through here.
 */

/** NFKC folds full-width letters (ＸＲＤ) to ASCII; then lower-case, without control characters. */
export function normalizeSearch(text: string): string {
  return text.normalize('NFKC').replace(/\p{Cc}/gu, '').toLowerCase().trim();
}

/** search_text of an item: its name, aliases, category and type, normalised and space-joined. */
export function buildSearchText(parts: readonly string[]): string {
  return parts.map(normalizeSearch).filter(Boolean).join(' ');
}

const chars = (text: string) => Array.from(text.replace(/\s+/g, ''));

/** Every character unigram and bigram of the text (whitespace removed), unique. */
export function searchGrams(searchText: string): string[] {
  const cs = chars(normalizeSearch(searchText));
  const grams = new Set<string>(cs);
  for (let i = 0; i + 1 < cs.length; i++) grams.add(cs[i]! + cs[i + 1]!);
  return [...grams];
}

/**
 * Grams a keyword needs: its bigrams, or its single unigram when it is one
 * character long. Empty for an empty keyword (= no text filter).
 */
export function queryGrams(keyword: string): string[] {
  const cs = chars(normalizeSearch(keyword));
  if (cs.length === 0) return [];
  if (cs.length === 1) return [cs[0]!];
  const grams = new Set<string>();
  for (let i = 0; i + 1 < cs.length; i++) grams.add(cs[i]! + cs[i + 1]!);
  return [...grams];
}

/** The text columns of an item's device_search row, as stored. */
export function deviceSearchFields(input: { name: string; alias: readonly string[]; childName: string; typeName: string }) {
  const searchText = buildSearchText([input.name, ...input.alias, input.childName, input.typeName]);
  const aliases = input.alias.map(normalizeSearch).filter(Boolean);
  return {
    nameLc: normalizeSearch(input.name),
    aliasLc: `|${aliases.join('|')}|`,
    searchText,
    searchGrams: searchGrams(searchText),
  };
}
