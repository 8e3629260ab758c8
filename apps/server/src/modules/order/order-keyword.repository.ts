// How a keyword narrows the console's order list at scale (ADR 0047, "Keyword at 100 000 orders").
import { and, or, sql, type SQL } from 'drizzle-orm';
import { anyOf, rowsOf, textArray, type Executor } from '../../db/client.ts';
import { orders, userAccount } from '../../db/schema.ts';
import { normalizeSearch, queryGrams } from '../../lib/search-grams.ts';

/** Up to this many hits are gathered through the indexes first; the page and its count then read only them. */
export const GATHER_MAX = 2_000;

/** 'x%' with the user's own % and _ taken literally. */
export const startingWith = (v: string) => `${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every word of the keyword, as search_text holds words (ADR 0004). */
const wordsOf = (kw: string) => normalizeSearch(kw).split(' ').filter(Boolean);

/** search_text holds every word (position() is exact; the grams only narrow). */
export function containsAll(text: SQL | typeof orders.searchText, words: readonly string[]): SQL {
  return and(...words.map((w) => sql`position(${w} in ${text}) > 0`))!;
}

/** Within one customer's orders (hundreds, maybe thousands) position() alone checks each order's search text. */
export const withinCustomer = (kw: string): KeywordNarrowing => {
  const words = wordsOf(kw);
  return { where: words.length ? containsAll(orders.searchText, words) : sql`false` };
};

/** The customer's phone or name starts with the keyword (the customer list's prefix indexes, ADR 0035), on alias u. */
function customerStartsWith(kw: string): SQL | undefined {
  const key = kw.trim().toLowerCase();
  if (!key) return undefined;
  return /^\d+$/.test(key) ? sql`u.phone like ${startingWith(key)}` : sql`lower(u.name) like ${startingWith(key)}`;
}

/**
 * A keyword that reads as the start of an order number — YC and four to eight
 * digits of the day it was sent (YC2025, YC202511, YC20251124) — and the
 * period those digits name, China time. An order's number carries the China
 * day it was created (order.service orderNo), so its orders lie in that period.
 */
export function numberPrefix(kw: string): { like: string; from: Date; to: Date } | undefined {
  const m = /^yc(\d{4,8})$/i.exec(kw.trim());
  if (!m) return undefined;
  const digits = m[1]!;
  const year = Number(digits.slice(0, 4));
  const month = digits.length >= 6 ? Number(digits.slice(4, 6)) : undefined;
  const day = digits.length === 8 ? Number(digits.slice(6, 8)) : undefined;
  if ((month !== undefined && (month < 1 || month > 12)) || (day !== undefined && (day < 1 || day > 31))) return undefined;
  // Date.UTC rolls over (month 13 is next January); minus 8 h is the China midnight.
  const at = (y: number, mo: number, d: number) => new Date(Date.UTC(y, mo - 1, d) - 8 * 3600_000);
  const from = at(year, month ?? 1, day ?? 1);
  const to = day !== undefined ? at(year, month!, day + 1) : month !== undefined ? at(year, month + 1, 1) : at(year + 1, 1, 1);
  return { like: startingWith(`YC${digits}`), from, to };
}

export interface KeywordNarrowing {
  /** The condition on orders for the page. */
  where: SQL;
  /**
   * When the hits were too many to gather: each kind of hit on its own (the grams, the customer), counted apart up to
   * CONSOLE_COUNT_MAX (order.repository.ts) through its index and united; an OR of the two would leave the planner a scan of every order.
   */
  countParts?: SQL[];
}

/**
 * The console's keyword: orders whose number, items or samples hold every
 * word, or whose customer's phone or name starts with it; the start of an
 * order number (numberPrefix) finds orders by number. The hits are first
 * gathered by the GIN grams and the customer prefix indexes, at most
 * GATHER_MAX + 1 of each: a keyword with few hits (an order or sample number,
 * a rare name, nothing) then pages and counts over those ids alone. A keyword
 * with many hits (a year, a common material) is common enough that walking the
 * newest-first index with position() soon fills a page, and its count stops at
 * CONSOLE_COUNT_MAX (order.repository.ts). Neither path computes search_grams() row by row (61 s at 100 000
 * orders, ADR 0047) or walks every order for a keyword that finds none.
 */
export async function narrowByKeyword(db: Executor, kw: string, withCustomer: boolean, gatherMax = GATHER_MAX): Promise<KeywordNarrowing> {
  const number = numberPrefix(kw);
  if (number) {
    // By number: the no prefix index, and the period bounds the newest-first walk to where those orders are.
    const byNumber = sql`${orders.no} like ${number.like} and ${orders.createdAt} >= ${number.from.toISOString()}::timestamptz and ${orders.createdAt} < ${number.to.toISOString()}::timestamptz`;
    return { where: byNumber, countParts: [byNumber] };
  }
  const words = wordsOf(kw);
  const who = withCustomer ? customerStartsWith(kw) : undefined;
  if (words.length === 0 && !who) return { where: sql`false` };
  const grams = words.length
    ? sql`search_grams(o.search_text) @> ${textArray(queryGrams(words))} and ${containsAll(sql`o.search_text`, words)}`
    : undefined;
  const customers = who ? sql`(select u.id from ${userAccount} u where ${who})` : undefined;
  const parts = [
    grams ? sql`(select o.id, 'k' as by from ${orders} o where ${grams} limit ${gatherMax + 1})` : undefined,
    // Each customer's orders through their index: as an IN, the planner hashed a thousand customers and walked every order.
    customers
      ? sql`(select o.id, 'c' as by from ${customers} c cross join lateral (select o.id from ${orders} o where o.user_id = c.id offset 0) o limit ${gatherMax + 1})`
      : undefined,
  ].filter((p): p is SQL => p !== undefined);
  const hits = rowsOf<{ id: number; by: string }>(await db.execute(sql.join(parts, sql` union all `)));
  const full = (by: string) => hits.filter((h) => h.by === by).length > gatherMax;
  if (!full('k') && !full('c')) {
    const ids = [...new Set(hits.map((h) => h.id))];
    return { where: ids.length ? anyOf(orders.id, ids) : sql`false` };
  }
  const walk = or(
    words.length ? containsAll(orders.searchText, words) : undefined,
    customers ? sql`${orders.userId} in ${customers}` : undefined,
  )!;
  // Inline (not fenced), so the count's LIMIT stops the bitmap heap scan of the grams early.
  const countParts = [
    words.length
      ? sql`search_grams(${orders.searchText}) @> ${textArray(queryGrams(words))} and ${containsAll(orders.searchText, words)}`
      : undefined,
    customers ? sql`${orders.userId} in ${customers}` : undefined,
  ].filter((p): p is SQL => p !== undefined);
  return { where: walk, countParts };
}
