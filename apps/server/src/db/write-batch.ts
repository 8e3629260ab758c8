// Writes that nothing in their transaction reads back — the audit log's rows,
// an order's timeline, in-site messages, paid-order facts, an idempotent call's
// stored answer — are held by the transaction and written together just before
// it commits (ADR 0066): one statement of multi-row inserts instead of a round
// trip each. They commit or roll back with everything else the transaction did.
import { sql, type SQL } from 'drizzle-orm';
import type { IndexColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

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

/** Runs steps as one statement: a lone write as it is, several as data-modifying CTEs (each runs exactly once). */
async function run(db: Executor, steps: readonly Step[]): Promise<void> {
  if (!steps.length) return;
  if (steps.length === 1) {
    await db.execute(render(db, steps[0]!));
    return;
  }
  const parts = steps.map((s, i) => sql`${sql.raw(`w${i}`)} as (${render(db, s)})`);
  await db.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
}

/**
 * Writes what the transaction holds now (ctx.tx before COMMIT; a reader of a batched table inside a transaction
 * that may have written to it, so it reads its own writes).
 */
export async function flushWrites(db: Executor): Promise<void> {
  const steps = batches.get(db);
  if (!steps?.length) return;
  batches.set(db, []);
  await run(db, steps);
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
