import { and, asc, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { LedgerAccountKind, LedgerEntryKind } from '@yance/contracts/ledger';
import { rowsOf, type Executor } from '../../db/client.ts';
import { preparedSql, preparedStatement } from '../../db/prepared.ts';
import { batchedStatement } from '../../db/write-batch.ts';
import { idempotencyKey, ledgerAccount, ledgerEntry, ledgerLine } from '../../db/schema.ts';

export type AccountRow = typeof ledgerAccount.$inferSelect;
export type EntryRow = typeof ledgerEntry.$inferSelect;
export type NewEntryRow = typeof ledgerEntry.$inferInsert;

/** Creates an owned account at zero if it does not exist yet (concurrent creators agree: the key is unique). */
export async function ensureOwnedAccount(db: Executor, key: string, kind: LedgerAccountKind, ownerId: number | null): Promise<void> {
  await db.insert(ledgerAccount).values({ key, kind, ownerId, balanceFen: 0 }).onConflictDoNothing({ target: ledgerAccount.key });
}

/**
 * Adds amount to an owned account's balance unless it would go below zero, in
 * one statement: the UPDATE takes the row lock, so the check sees the balance
 * every earlier mover committed (never a read-then-write). Answers the
 * account's id and new balance, or undefined when the balance is short.
 */
export async function moveOwnedBalance(
  db: Executor,
  key: string,
  amountFen: number,
): Promise<{ id: number; balanceFen: number } | undefined> {
  const [row] = await db
    .update(ledgerAccount)
    .set({ balanceFen: sql`${ledgerAccount.balanceFen} + ${amountFen}` })
    .where(and(eq(ledgerAccount.key, key), isNotNull(ledgerAccount.balanceFen), gte(sql`${ledgerAccount.balanceFen} + ${amountFen}`, 0)))
    .returning({ id: ledgerAccount.id, balanceFen: ledgerAccount.balanceFen });
  return row ? { id: row.id, balanceFen: row.balanceFen ?? 0 } : undefined;
}

/** A line to write: an owned account by its id (with the balance after it), a shop account by its key. */
export interface LineToWrite {
  key: string;
  accountId: number | null;
  amountFen: number;
  balanceAfterFen: number | null;
}

/**
 * Writes the entry and its lines in one statement; a shop account's id is
 * looked up by its key there (they exist from migration 0043). Answers the entry's id.
 */
export async function insertEntryWithLines(db: Executor, entry: NewEntryRow, lines: readonly LineToWrite[]): Promise<number> {
  const values = sql.join(
    lines.map((l) => sql`(${l.key}::text, ${l.accountId}::integer, ${l.amountFen}::bigint, ${l.balanceAfterFen}::bigint)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with e as (
      insert into ledger_entry (kind, memo, user_id, order_id, topup_id, staff_id, created_at)
      values (${entry.kind}, ${entry.memo}, ${entry.userId ?? null}, ${entry.orderId ?? null}, ${entry.topupId ?? null},
              ${entry.staffId ?? null}, ${entry.createdAt})
      returning id
    )
    insert into ledger_line (entry_id, account_id, amount_fen, balance_after_fen, created_at)
    select e.id, coalesce(v.account_id, (select a.id from ledger_account a where a.key = v.key)), v.amount_fen, v.balance_after_fen,
           ${entry.createdAt}
    from e, (values ${values}) as v(key, account_id, amount_fen, balance_after_fen)
    returning entry_id`);
  const [row] = rowsOf<{ entry_id: number | string }>(result);
  if (!row) throw new Error('ledger entry insert returned nothing');
  return Number(row.entry_id);
}

/**
 * An entry that moves one owned account, in one statement (ADR 0066): the owned balance moved by the conditional
 * UPDATE (row lock, never below zero — as moveOwnedBalance), and only if it moved, the entry and all its lines
 * (keys in order; shop accounts found by key). Answers the entry, the account and its new balance, or undefined
 * when the account is short or does not exist (nothing written).
 */
const postOwned = preparedSql<{ entry_id: number | string; account_id: number; balance_fen: number | string }>('ledger_post_owned', () => {
  const p = (name: string) => sql.placeholder(name);
  return sql`
    with m as (
      update ledger_account set balance_fen = balance_fen + ${p('amount')}::bigint
      where key = ${p('key')} and balance_fen is not null and balance_fen + ${p('amount')}::bigint >= 0
      returning id, balance_fen
    ), e as (
      insert into ledger_entry (kind, memo, user_id, order_id, topup_id, staff_id, created_at)
      select ${p('kind')}, ${p('memo')}, ${p('userId')}::integer, ${p('orderId')}::integer, ${p('topupId')}::integer,
             ${p('staffId')}::integer, ${p('at')}::timestamptz
      from m
      returning id
    ), l as (
      insert into ledger_line (entry_id, account_id, amount_fen, balance_after_fen, created_at)
      select e.id, case when v.key = ${p('key')} then m.id else a.id end, v.amount,
             case when v.key = ${p('key')} then m.balance_fen end, ${p('at')}::timestamptz
      from e cross join m
      cross join unnest(${p('keys')}::text[], ${p('amounts')}::bigint[]) with ordinality as v(key, amount, n)
      left join ledger_account a on a.key = v.key and v.key <> ${p('key')}
      order by v.n
      returning entry_id
    )
    select (select min(entry_id) from l) as entry_id, m.id as account_id, m.balance_fen from m`;
});

export async function postOwnedEntry(
  db: Executor,
  owned: { key: string; amountFen: number },
  entry: NewEntryRow,
  lines: readonly { key: string; amountFen: number }[],
): Promise<{ entryId: number; accountId: number; balanceFen: number } | undefined> {
  const [row] = await postOwned(db, {
    key: owned.key,
    amount: owned.amountFen,
    kind: entry.kind,
    memo: entry.memo,
    userId: entry.userId ?? null,
    orderId: entry.orderId ?? null,
    topupId: entry.topupId ?? null,
    staffId: entry.staffId ?? null,
    at: entry.createdAt.toISOString(),
    keys: `{${lines.map((l) => `"${l.key}"`).join(',')}}`,
    amounts: `{${lines.map((l) => l.amountFen).join(',')}}`,
  });
  if (!row) return undefined;
  if (row.entry_id === null) throw new Error('ledger entry insert returned nothing');
  return { entryId: Number(row.entry_id), accountId: row.account_id, balanceFen: Number(row.balance_fen) };
}

export async function findAccount(db: Executor, key: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(ledgerAccount).where(eq(ledgerAccount.key, key));
  return row;
}

export async function findAccounts(db: Executor, keys: readonly string[]): Promise<AccountRow[]> {
  if (!keys.length) return [];
  return db
    .select()
    .from(ledgerAccount)
    .where(inArray(ledgerAccount.key, [...keys]));
}

export interface StatementFilter {
  accountId: number;
  kinds?: readonly LedgerEntryKind[] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const statementWhere = (f: StatementFilter): SQL | undefined =>
  and(
    eq(ledgerLine.accountId, f.accountId),
    f.kinds?.length ? inArray(ledgerEntry.kind, [...f.kinds]) : undefined,
    f.from ? gte(ledgerLine.createdAt, f.from) : undefined,
    f.to ? lt(ledgerLine.createdAt, f.to) : undefined,
  );

/** An account's lines with their entries, newest first: the statement with its running balance. */
export async function listStatement(db: Executor, f: StatementFilter, limit: number, offset: number) {
  const where = statementWhere(f);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: ledgerLine.id,
        amountFen: ledgerLine.amountFen,
        balanceAfterFen: ledgerLine.balanceAfterFen,
        createdAt: ledgerLine.createdAt,
        kind: ledgerEntry.kind,
        memo: ledgerEntry.memo,
        orderId: ledgerEntry.orderId,
        entryId: ledgerEntry.id,
      })
      .from(ledgerLine)
      .innerJoin(ledgerEntry, eq(ledgerEntry.id, ledgerLine.entryId))
      .where(where)
      .orderBy(desc(ledgerLine.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerLine)
      .innerJoin(ledgerEntry, eq(ledgerEntry.id, ledgerLine.entryId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---- reconciliation --------------------------------------------------------------------

/** Entries whose lines do not sum to zero (the commit trigger makes this empty; the page proves it). */
export async function unbalancedEntries(db: Executor): Promise<{ entryId: number; sumFen: number }[]> {
  const rows = await db
    .select({ entryId: ledgerLine.entryId, sumFen: sql<string>`sum(${ledgerLine.amountFen})` })
    .from(ledgerLine)
    .groupBy(ledgerLine.entryId)
    .having(sql`sum(${ledgerLine.amountFen}) <> 0`)
    .limit(100);
  return rows.map((r) => ({ entryId: r.entryId, sumFen: Number(r.sumFen) }));
}

/** Every account with the sum of its lines (and its count), by kind: each owned balance must equal its sum. */
export async function accountSums(db: Executor) {
  const rows = await db
    .select({
      id: ledgerAccount.id,
      key: ledgerAccount.key,
      kind: ledgerAccount.kind,
      ownerId: ledgerAccount.ownerId,
      balanceFen: ledgerAccount.balanceFen,
      sumFen: sql<string>`coalesce(sum(${ledgerLine.amountFen}), 0)`,
      lines: sql<number>`count(${ledgerLine.id})::int`,
    })
    .from(ledgerAccount)
    .leftJoin(ledgerLine, eq(ledgerLine.accountId, ledgerAccount.id))
    .groupBy(ledgerAccount.id)
    .orderBy(asc(ledgerAccount.id));
  return rows.map((r) => ({ ...r, sumFen: Number(r.sumFen) }));
}

/** The sum of every line (zero in a sound ledger) and the number of entries. */
export async function ledgerTotals(db: Executor): Promise<{ sumFen: number; lines: number; entries: number }> {
  const [row] = await db
    .select({
      sumFen: sql<string>`coalesce(sum(${ledgerLine.amountFen}), 0)`,
      lines: sql<number>`count(*)::int`,
      entries: sql<number>`count(distinct ${ledgerLine.entryId})::int`,
    })
    .from(ledgerLine);
  return { sumFen: Number(row?.sumFen ?? 0), lines: row?.lines ?? 0, entries: row?.entries ?? 0 };
}

// ---- idempotency keys ------------------------------------------------------------------

/**
 * Claims (owner, key) for this transaction. A concurrent first request with
 * the same key holds its uncommitted row: this INSERT waits for it, then
 * either inserts (it rolled back) or does nothing (it committed). Answers
 * true when claimed, else the stored row.
 */
export async function claimIdempotencyKey(
  db: Executor,
  row: { owner: string; key: string; requestHash: string; createdAt: Date },
): Promise<true | { requestHash: string; response: unknown }> {
  const [claimed] = await claimKey(db).execute(row);
  if (claimed) return true;
  const [stored] = await db
    .select({ requestHash: idempotencyKey.requestHash, response: idempotencyKey.response })
    .from(idempotencyKey)
    .where(and(eq(idempotencyKey.owner, row.owner), eq(idempotencyKey.key, row.key)));
  if (!stored) throw new Error('idempotency key vanished between insert and select');
  return stored;
}

/** The claim of every money-moving call, prepared once (ADR 0066). */
const claimKey = preparedStatement('idempotency_claim', (db, name) =>
  db
    .insert(idempotencyKey)
    .values({
      owner: sql.placeholder('owner'),
      key: sql.placeholder('key'),
      requestHash: sql.placeholder('requestHash'),
      createdAt: sql.placeholder('createdAt'),
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKey.key })
    .prepare(name),
);

/** The call's answer, written with the transaction's other batched writes before it commits (ADR 0066). */
export async function storeIdempotentResponse(db: Executor, owner: string, key: string, response: unknown): Promise<void> {
  await storeResponse(db, { response: JSON.stringify(response), owner, key });
}

const storeResponse = batchedStatement(
  (p) => sql`update idempotency_key set response = ${p('response')}::jsonb where owner = ${p('owner')} and key = ${p('key')}`,
);

/** Removes keys older than `before` (the purge job): a repeat after that long is a new request. */
export async function purgeIdempotencyKeys(db: Executor, before: Date): Promise<number> {
  const rows = await db.delete(idempotencyKey).where(lt(idempotencyKey.createdAt, before)).returning({ key: idempotencyKey.key });
  return rows.length;
}

/** An order's entries of these kinds, oldest first, each with what the customer's own money moved (its positive lines less its coupon and points lines). */
export async function orderEntries(
  db: Executor,
  orderId: number,
  kinds: readonly LedgerEntryKind[],
): Promise<{ id: number; kind: LedgerEntryKind; userId: number | null; amountFen: number; at: Date }[]> {
  const rows = await db
    .select({
      id: ledgerEntry.id,
      kind: ledgerEntry.kind,
      userId: ledgerEntry.userId,
      at: ledgerEntry.createdAt,
      // What the entry moved, less the part its coupon and points paid (their lines are negative).
      amountFen: sql<string>`coalesce(sum(case when ${ledgerAccount.kind} in ('coupon', 'points') then ${ledgerLine.amountFen} else greatest(${ledgerLine.amountFen}, 0) end), 0)`,
    })
    .from(ledgerEntry)
    .innerJoin(ledgerLine, eq(ledgerLine.entryId, ledgerEntry.id))
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerLine.accountId))
    .where(and(eq(ledgerEntry.orderId, orderId), inArray(ledgerEntry.kind, [...kinds])))
    .groupBy(ledgerEntry.id)
    .orderBy(asc(ledgerEntry.id));
  return rows.map((r) => ({ ...r, amountFen: Number(r.amountFen) }));
}
