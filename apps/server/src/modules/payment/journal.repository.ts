// 收支流水 (the journal, ADR 0050): every ledger entry, newest first, with its
// lines. A keyword is first resolved to customers, an order or a top-up through
// their own indexes; the entries are then read by those ids (ledger_entry's
// user and order indexes), never by scanning the ledger for a name.
import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { LedgerAccountKind, LedgerEntryKind } from '@yance/contracts/ledger';
import { anyOf, rowsOf, type Executor } from '../../db/client.ts';
import { cluster, ledgerAccount, ledgerEntry, ledgerLine, orders, staffAccount, topup, userAccount } from '../../db/schema.ts';

/** 'x%' with the typed % and _ taken literally. */
const startingWith = (v: string) => `${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Customers whose phone (digits) or name starts with the keyword, at most `limit` (the prefix indexes of the customer list). */
export async function customersStartingWith(db: Executor, kw: string, limit: number): Promise<number[]> {
  const key = kw.trim().toLowerCase();
  if (!key) return [];
  const where = /^\d+$/.test(key)
    ? sql`${userAccount.phone} like ${startingWith(key)}`
    : sql`lower(${userAccount.name}) like ${startingWith(key)}`;
  const rows = await db.select({ id: userAccount.id }).from(userAccount).where(where).limit(limit);
  return rows.map((r) => r.id);
}

/** The order with exactly this number (its unique index). */
export async function orderIdByNo(db: Executor, no: string): Promise<number | undefined> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.no, no));
  return row?.id;
}

/** The top-up with exactly this number, and whose it is. */
export async function topupByNo(db: Executor, no: string): Promise<{ id: number; userId: number } | undefined> {
  const [row] = await db.select({ id: topup.id, userId: topup.userId }).from(topup).where(eq(topup.no, no));
  return row;
}

/** What a keyword found: entries of these customers, of these orders, or of this top-up (read through its customer's index). */
export interface JournalHits {
  userIds: readonly number[];
  orderIds: readonly number[];
  topup: { id: number; userId: number } | null;
}

export interface JournalFilter {
  kind?: LedgerEntryKind | undefined;
  /** Instants, from inclusive, to exclusive. */
  from?: Date | undefined;
  to?: Date | undefined;
  /** Absent: no keyword. */
  hits?: JournalHits | undefined;
}

/** The filter but the keyword: kind and period, and for the export's walk the key to continue after. */
function restOf(f: JournalFilter, after?: { createdAt: Date; id: number } | null): SQL | undefined {
  return and(
    f.kind ? eq(ledgerEntry.kind, f.kind) : undefined,
    f.from ? gte(ledgerEntry.createdAt, f.from) : undefined,
    f.to ? lt(ledgerEntry.createdAt, f.to) : undefined,
    after ? sql`(${ledgerEntry.createdAt}, ${ledgerEntry.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})` : undefined,
  );
}

/** The keyword's entries as one condition (for a count or a sum, which need no order). */
function hitsOf(h: JournalHits): SQL {
  return (
    or(
      h.userIds.length ? anyOf(ledgerEntry.userId, h.userIds) : undefined,
      h.orderIds.length ? anyOf(ledgerEntry.orderId, h.orderIds) : undefined,
      h.topup ? and(eq(ledgerEntry.userId, h.topup.userId), eq(ledgerEntry.topupId, h.topup.id)) : undefined,
    ) ?? sql`false`
  );
}

const whereOf = (f: JournalFilter): SQL | undefined => and(restOf(f), f.hits ? hitsOf(f.hits) : undefined);

/**
 * The ids of one page of matching entries, newest first. Without a keyword:
 * ledger_entry's created_at (or kind) index, walked newest first. With one:
 * each customer's newest `offset + limit` through the customer index, the
 * order's and the top-up's entries, merged — an OR of them ordered by time
 * would leave the planner the walk of the whole ledger for a customer whose
 * entries are all old.
 */
async function pageIds(
  db: Executor,
  f: JournalFilter,
  limit: number,
  offset: number,
  after: { createdAt: Date; id: number } | null = null,
): Promise<number[]> {
  const rest = restOf(f, after);
  const newest = sql`${ledgerEntry.createdAt} desc, ${ledgerEntry.id} desc`;
  if (!f.hits) {
    const rows = await db
      .select({ id: ledgerEntry.id })
      .from(ledgerEntry)
      .where(rest)
      .orderBy(desc(ledgerEntry.createdAt), desc(ledgerEntry.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => r.id);
  }
  const h = f.hits;
  const branch = (cond: SQL) =>
    sql`(select ${ledgerEntry.id} as id, ${ledgerEntry.createdAt} as created_at from ${ledgerEntry}
      where ${and(cond, rest)} order by ${newest} limit ${limit + offset})`;
  const parts = [
    h.userIds.length
      ? sql`(select e.id, e.created_at from unnest(${sql.param(`{${h.userIds.join(',')}}`)}::int[]) as u(id)
          cross join lateral ${branch(sql`${ledgerEntry.userId} = u.id`)} as e)`
      : undefined,
    h.orderIds.length ? branch(anyOf(ledgerEntry.orderId, h.orderIds)) : undefined,
    h.topup ? branch(and(eq(ledgerEntry.userId, h.topup.userId), eq(ledgerEntry.topupId, h.topup.id))!) : undefined,
  ].filter((p): p is SQL => p !== undefined);
  if (!parts.length) return [];
  const rows = rowsOf<{ id: number | string }>(
    await db.execute(
      sql`select id from (${sql.join(parts, sql` union `)}) as hits order by created_at desc, id desc limit ${limit} offset ${offset}`,
    ),
  );
  return rows.map((r) => Number(r.id));
}

/** An entry of the journal with the words it shows: its customer, order, top-up and staff member. */
export interface JournalRow {
  id: number;
  kind: LedgerEntryKind;
  memo: string;
  createdAt: Date;
  userId: number | null;
  userName: string | null;
  userPhone: string | null;
  orderId: number | null;
  orderNo: string | null;
  topupNo: string | null;
  staffName: string | null;
}

/** The entries of `ids` with their customer, order, top-up and staff member (primary-key look-ups), newest first. */
async function describeEntries(db: Executor, ids: readonly number[]): Promise<JournalRow[]> {
  if (!ids.length) return [];
  return db
    .select({
      id: ledgerEntry.id,
      kind: ledgerEntry.kind,
      memo: ledgerEntry.memo,
      createdAt: ledgerEntry.createdAt,
      userId: ledgerEntry.userId,
      userName: userAccount.name,
      userPhone: userAccount.phone,
      orderId: ledgerEntry.orderId,
      orderNo: orders.no,
      topupNo: topup.no,
      staffName: staffAccount.name,
    })
    .from(ledgerEntry)
    .leftJoin(userAccount, eq(userAccount.id, ledgerEntry.userId))
    .leftJoin(orders, eq(orders.id, ledgerEntry.orderId))
    .leftJoin(topup, eq(topup.id, ledgerEntry.topupId))
    .leftJoin(staffAccount, eq(staffAccount.id, ledgerEntry.staffId))
    .where(anyOf(ledgerEntry.id, ids, 'bigint'))
    .orderBy(desc(ledgerEntry.createdAt), desc(ledgerEntry.id));
}

/** One page of matching entries, newest first: their ids from ledger_entry's own indexes, then what each shows. */
export async function pageJournal(db: Executor, f: JournalFilter, limit: number, offset: number): Promise<JournalRow[]> {
  return describeEntries(db, await pageIds(db, f, limit, offset));
}

/**
 * The next batch of matching entries after the one at (createdAt, id), newest first (the export walks the
 * journal by this key, so entries posted meanwhile neither repeat nor shift it).
 */
export async function journalBatchAfter(
  db: Executor,
  f: JournalFilter,
  after: { createdAt: Date; id: number } | null,
  limit: number,
): Promise<JournalRow[]> {
  return describeEntries(db, await pageIds(db, f, limit, 0, after));
}

/** How many entries match, counted up to `max + 1` (a caller shows "more than max"). */
export async function countJournal(db: Executor, f: JournalFilter, max: number): Promise<number> {
  const matching = db
    .select({ id: ledgerEntry.id })
    .from(ledgerEntry)
    .where(whereOf(f))
    .limit(max + 1);
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${matching}) as matching`));
  return row?.n ?? 0;
}

/**
 * The movement of the matching entries' lines per account kind. Each entry's
 * lines are read through ledger_line's entry index (the lateral, fenced by
 * OFFSET 0, stays a loop): joined whole, the planner hashed every line of the ledger for a day's entries.
 */
export async function journalSums(db: Executor, f: JournalFilter): Promise<{ account: LedgerAccountKind; sumFen: number }[]> {
  const rows = rowsOf<{ account: LedgerAccountKind; sum_fen: string }>(
    await db.execute(sql`
      select a.kind as account, coalesce(sum(l.amount_fen), 0)::bigint as sum_fen
      from ${ledgerEntry}
      cross join lateral (select ll.account_id, ll.amount_fen from ${ledgerLine} ll where ll.entry_id = ${ledgerEntry.id} offset 0) l
      join ${ledgerAccount} a on a.id = l.account_id
      where ${whereOf(f) ?? sql`true`}
      group by a.kind`),
  );
  return rows.map((r) => ({ account: r.account, sumFen: Number(r.sum_fen) }));
}

/** The lines of these entries with their accounts, in the order they were written. */
export async function linesOfEntries(db: Executor, entryIds: readonly number[]) {
  if (!entryIds.length) return [];
  return db
    .select({
      entryId: ledgerLine.entryId,
      amountFen: ledgerLine.amountFen,
      kind: ledgerAccount.kind,
      key: ledgerAccount.key,
      ownerId: ledgerAccount.ownerId,
    })
    .from(ledgerLine)
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerLine.accountId))
    .where(anyOf(ledgerLine.entryId, entryIds, 'bigint'))
    .orderBy(ledgerLine.entryId, ledgerLine.id);
}

/** Names of the owners of owned accounts: customers (prestore, wallet) and research groups (group). */
export async function ownerNames(db: Executor, userIds: readonly number[], clusterIds: readonly number[]) {
  const users = userIds.length
    ? await db
        .select({ id: userAccount.id, name: userAccount.name, phone: userAccount.phone })
        .from(userAccount)
        .where(inArray(userAccount.id, [...userIds]))
    : [];
  const groups = clusterIds.length
    ? await db
        .select({ id: cluster.id, name: cluster.name })
        .from(cluster)
        .where(inArray(cluster.id, [...clusterIds]))
    : [];
  return { users, groups };
}
