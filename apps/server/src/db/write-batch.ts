// Writes that nothing in their transaction reads back — the audit log's rows,
// an order's timeline, in-site messages, paid-order facts, an idempotent call's
// stored answer — are held by the transaction and written together just before
// it commits (ADR 0066): one statement of multi-row inserts instead of a round
// trip each. They commit or roll back with everything else the transaction did.
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type IndexColumn, type PgInsertValue, type PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import { pgClientOf } from './prepared.ts';

/** One multi-row INSERT of the batch (rows of one table with the same conflict rule), or one other write. */
type Step = { kind: 'rows'; insert: RowInsert<PgTable>; rows: unknown[] } | { kind: 'write'; statement: SQL };

interface RowInsert<T extends PgTable> {
  table: T;
  onConflictDoNothing?: IndexColumn | undefined;
}

const batches = new WeakMap<Executor, Step[]>();

/** Gives the transaction `tx` a batch (ctx.tx does, for every transaction it opens). */
export function openBatch(tx: Executor): void {
  batches.set(tx, []);
}

function render(db: Executor, step: Step): SQL {
  if (step.kind === 'write') return step.statement;
  const insert = db.insert(step.insert.table).values(step.rows as PgInsertValue<PgTable>[]);
  const target = step.insert.onConflictDoNothing;
  return (target ? insert.onConflictDoNothing({ target }) : insert).getSQL();
}

const dialect = new PgDialect();

/** Batches of at most this many rows run as named statements (a hot path's few shapes, parsed once per connection). */
const NAMED_UP_TO = 12;

/**
 * Runs steps as one statement: a lone write as it is, several as data-modifying CTEs (each runs exactly once). A
 * small batch is a named statement, its name made from its text: the payment's batch has one shape, which
 * PostgreSQL then parses and plans once per connection; larger ones (bulk work) stay unnamed, so a connection never
 * keeps a statement per row count.
 */
function run(db: Executor, steps: readonly Step[]): Promise<void> {
  if (!steps.length) return Promise.resolve();
  const statement =
    steps.length === 1
      ? render(db, steps[0]!)
      : sql`with ${sql.join(
          steps.map((s, i) => sql`${sql.raw(`w${i}`)} as (${render(db, s)})`),
          sql`, `,
        )} select 1`;
  const rows = steps.reduce((n, s) => n + (s.kind === 'rows' ? s.rows.length : 1), 0);
  const query = dialect.sqlToQuery(statement);
  const name = rows <= NAMED_UP_TO ? `wb_${createHash('sha1').update(query.sql).digest('base64url').slice(0, 20)}` : undefined;
  // On PostgreSQL sent now, before this returns (ADR 0072): COMMIT can follow it in the same socket write.
  const client = pgClientOf(db);
  if (client) return client.query({ ...(name && { name }), text: query.sql, values: query.params }).then(() => undefined);
  return db._.session
    .prepareQuery(query, undefined, name, false)
    .execute()
    .then(() => undefined);
}

/**
 * Writes what the transaction holds now (ctx.tx before COMMIT; a reader of a batched table inside a transaction
 * that may have written to it, so it reads its own writes).
 */
export async function flushWrites(db: Executor): Promise<void> {
  await sendWrites(db);
}

/**
 * Sends what the transaction holds, on PostgreSQL before it returns (the transaction sends COMMIT right behind it,
 * ADR 0072); undefined when it holds nothing.
 */
export function sendWrites(db: Executor): Promise<void> | undefined {
  const steps = batches.get(db);
  if (!steps?.length) return undefined;
  batches.set(db, []);
  return run(db, steps);
}

/**
 * A table whose rows are inserted through the batch: `add(db, row)` holds the row in db's transaction (rows of the
 * same table become one multi-row INSERT, in the order they were added) or, outside a transaction, inserts it now.
 * Only for tables nothing reads back in the writing transaction before it commits, unless through flushWrites.
 */
export function batchedInsert<T extends PgTable>(table: T, opts: { onConflictDoNothing?: IndexColumn } = {}) {
  const insert: RowInsert<T> = { table, onConflictDoNothing: opts.onConflictDoNothing };
  return async (db: Executor, row: PgInsertValue<T>): Promise<void> => {
    const steps = batches.get(db);
    if (!steps) return run(db, [{ kind: 'rows', insert: insert as RowInsert<PgTable>, rows: [row] }]);
    const same = steps.find((s) => s.kind === 'rows' && s.insert === insert);
    if (same?.kind === 'rows') same.rows.push(row);
    else steps.push({ kind: 'rows', insert: insert as RowInsert<PgTable>, rows: [row] });
  };
}

/** Another write (an UPDATE) that nothing reads back before commit, held by db's transaction like batchedInsert's rows. */
export async function batchedWrite(db: Executor, statement: SQL): Promise<void> {
  const steps = batches.get(db);
  if (!steps) return run(db, [{ kind: 'write', statement }]);
  steps.push({ kind: 'write', statement });
}
