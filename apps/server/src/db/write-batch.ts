// Writes that nothing in their transaction reads back — the audit log's rows,
// an order's timeline, in-site messages, paid-order facts, an idempotent call's
// stored answer — are held by the transaction and written together just before
// it commits (ADR 0066): one statement of multi-row inserts instead of a round
// trip each. They commit or roll back with everything else the transaction did.
import { createHash } from 'node:crypto';
import { getTableColumns, getTableName, is, Param, Placeholder, SQL, sql } from 'drizzle-orm';
import { PgDialect, type IndexColumn, type PgColumn, type PgInsertValue, type PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import { pgClientOf } from './prepared.ts';

/**
 * One multi-row INSERT of the batch (rows of one table with the same conflict rule), a statement declared once
 * with its values' placeholders, or one other write.
 */
type Step =
  | { kind: 'rows'; insert: RowInsert<PgTable>; rows: Record<string, unknown>[] }
  | { kind: 'declared'; declared: Declared; values: Record<string, unknown> }
  | { kind: 'write'; statement: SQL };

interface RowInsert<T extends PgTable> {
  id: number;
  table: T;
  onConflictDoNothing?: IndexColumn | undefined;
  /** Columns whose missing value drizzle fills in JavaScript (defaultFn, onUpdateFn): filled per row here too. */
  filled: [string, PgColumn][];
}

/** A statement of the batch written with `p(name)` where its values go. */
interface Declared {
  id: number;
  build: (p: (name: string) => ValueSlot) => SQL;
}

/** A step a kept text can hold: rows or a declared statement (a one-off write makes the batch built each time). */
type KeptStep = Exclude<Step, { kind: 'write' }>;

/** Where a declared statement's value goes: a placeholder in its kept text, or the value itself. */
type ValueSlot = Placeholder | Param;

let ids = 0;
const batches = new WeakMap<Executor, Step[]>();

/** Gives the transaction `tx` a batch (ctx.tx does, for every transaction it opens). */
export function openBatch(tx: Executor): void {
  batches.set(tx, []);
}

/** Where a value of a kept text comes from in a batch of its shape: a step's value by name, or a row's column. */
interface Slot {
  step: number;
  row?: number;
  key: string;
}

/** A step as SQL; `p` gives its values' placeholders when the text is to be kept for steps of the same shape. */
function render(db: Executor, step: Step, p?: (at: Omit<Slot, 'step'>) => ValueSlot): SQL {
  if (step.kind === 'write') return step.statement;
  if (step.kind === 'declared') return step.declared.build(p ? (key) => p({ key }) : (name) => new Param(step.values[name]));
  const rows = p
    ? step.rows.map((r, row) => {
        const slots: Record<string, ValueSlot> = {};
        for (const key in r) if (r[key] !== undefined) slots[key] = p({ row, key });
        return slots;
      })
    : step.rows;
  const insert = db.insert(step.insert.table).values(rows as PgInsertValue<PgTable>[]);
  const target = step.insert.onConflictDoNothing;
  return (target ? insert.onConflictDoNothing({ target }) : insert).getSQL();
}

const dialect = new PgDialect();

/**
 * Batches of at most this many rows (a declared statement counts as one) run as named statements: a hot path's few
 * shapes, parsed once per connection. A payment group (ADR 0085) of 12 writes 60: 5 a payment.
 */
const NAMED_UP_TO = 64;

/** A batch's text kept by its shape, with where each parameter comes from: a slot's value (encoded) or a constant. */
type Encoder = { mapToDriverValue(v: unknown): unknown };
type Source = { value: unknown } | (Slot & { encoder?: Encoder });
interface Shape {
  name: string;
  text: string;
  params: Source[];
}
const shapes = new Map<string, Shape>();
const SHAPES_KEPT = 200;

/** The shape of a small batch: its steps and each row's columns; undefined when it has a write or a SQL value. */
function shapeKey(steps: readonly Step[]): string | undefined {
  let key = '';
  for (const s of steps) {
    if (s.kind === 'write') return undefined;
    if (s.kind === 'declared') key += `d${s.declared.id};`;
    else {
      key += `i${s.insert.id}:`;
      for (const r of s.rows) {
        for (const k in r) {
          const v = r[k];
          if (v === undefined) continue;
          if (v instanceof SQL) return undefined;
          key += `${k},`;
        }
        key += '|';
      }
      key += ';';
    }
  }
  return key;
}

/** Builds the batch's text once per shape (drizzle's building cost more than the statement), values as placeholders. */
function shapeOf(db: Executor, key: string, steps: readonly Step[]): Shape {
  let shape = shapes.get(key);
  if (shape) return shape;
  const slots: Slot[] = [];
  const parts = steps.map((s, step) =>
    render(db, s, (at) => {
      slots.push({ step, ...at });
      return sql.placeholder(String(slots.length - 1));
    }),
  );
  const query = dialect.sqlToQuery(combine(parts));
  shape = {
    name: `wb_${createHash('sha1').update(query.sql).digest('base64url').slice(0, 20)}`,
    text: query.sql,
    params: query.params.map((p): Source => {
      if (is(p, Placeholder)) return slots[Number(p.name)]!;
      if (is(p, Param) && is(p.value, Placeholder)) return { ...slots[Number(p.value.name)]!, encoder: p.encoder as Encoder };
      return { value: p };
    }),
  };
  if (shapes.size >= SHAPES_KEPT) shapes.clear();
  shapes.set(key, shape);
  return shape;
}

/** A parameter's value in a batch of the shape it was kept for. */
function valueOf(steps: readonly Step[], p: Source): unknown {
  if ('value' in p) return p.value;
  const s = steps[p.step]!;
  const v = s.kind === 'rows' ? s.rows[p.row!]![p.key] : s.kind === 'declared' ? s.values[p.key] : undefined;
  return p.encoder ? p.encoder.mapToDriverValue(v) : v;
}

const combine = (parts: SQL[]): SQL =>
  parts.length === 1
    ? parts[0]!
    : sql`with ${sql.join(
        parts.map((part, i) => sql`${sql.raw(`w${i}`)} as (${part})`),
        sql`, `,
      )} select 1`;

/**
 * What a kept batch's steps are ordered by: an insert's table name, a declared statement's text — the same in every
 * process and build, whatever order the modules were loaded in.
 */
const sortKeys = new WeakMap<RowInsert<PgTable> | Declared, string>();
function sortKeyOf(s: KeptStep): string {
  const of = s.kind === 'rows' ? s.insert : s.declared;
  let key = sortKeys.get(of);
  if (key === undefined) {
    key = s.kind === 'rows' ? getTableName(s.insert.table) : dialect.sqlToQuery(s.declared.build((name) => sql.placeholder(name))).sql;
    sortKeys.set(of, key);
  }
  return key;
}
const bySortKey = (a: KeptStep, b: KeptStep) => {
  const [x, y] = [sortKeyOf(a), sortKeyOf(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * Runs steps as one statement: a lone write as it is, several as data-modifying CTEs (each runs exactly once). A
 * small batch is a named statement, its text kept by its shape: the payment's batch has one shape (a group's, one
 * per group size), which is built once per process and parsed and planned by PostgreSQL once per connection;
 * larger ones (bulk work) stay unnamed and are built each time, so neither keeps a statement per row count.
 *
 * A kept batch's steps go in the order of their tables and statements (sortKeyOf), not of their adding: a group's
 * payments add theirs interleaved, in an order that differs from group to group, and each order would be a shape of
 * its own. The order of data-modifying CTEs decides nothing (PostgreSQL runs them all on one snapshot, in no promised
 * order); the rows of one table keep theirs.
 */
function run(db: Executor, batch: readonly Step[]): Promise<void> {
  if (!batch.length) return Promise.resolve();
  const rows = batch.reduce((n, s) => n + (s.kind === 'rows' ? s.rows.length : 1), 0);
  const keepable = rows <= NAMED_UP_TO && batch.every((s): s is KeptStep => s.kind !== 'write');
  const steps: readonly Step[] = keepable && batch.length > 1 ? [...batch].sort(bySortKey) : batch;
  const key = keepable ? shapeKey(steps) : undefined;
  let query: { name?: string; text: string; values: unknown[] };
  if (key !== undefined) {
    const shape = shapeOf(db, key, steps);
    query = { name: shape.name, text: shape.text, values: shape.params.map((p) => valueOf(steps, p)) };
  } else {
    const built = dialect.sqlToQuery(combine(steps.map((s) => render(db, s))));
    query = { text: built.sql, values: built.params };
  }
  // On PostgreSQL sent now, before this returns (ADR 0072): COMMIT can follow it in the same socket write.
  const client = pgClientOf(db);
  if (client) return client.query(query).then(() => undefined);
  return db._.session
    .prepareQuery({ sql: query.text, params: query.values }, undefined, query.name, false)
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
  const filled = Object.entries(getTableColumns(table)).filter(
    ([, c]) =>
      !(c as unknown as { shouldDisableInsert(): boolean }).shouldDisableInsert() &&
      (c.defaultFn !== undefined || (!c.default && c.onUpdateFn !== undefined)),
  );
  const insert: RowInsert<T> = { id: ++ids, table, onConflictDoNothing: opts.onConflictDoNothing, filled };
  return async (db: Executor, value: PgInsertValue<T>): Promise<void> => {
    // What drizzle would compute for a missing value, computed now: a kept text must not keep it.
    let row = value as Record<string, unknown>;
    for (const [k, c] of filled)
      if (row[k] === undefined) row = { ...row, [k]: c.defaultFn !== undefined ? c.defaultFn() : c.onUpdateFn!() };
    const steps = batches.get(db);
    if (!steps) return run(db, [{ kind: 'rows', insert: insert as RowInsert<PgTable>, rows: [row] }]);
    const same = steps.find((s) => s.kind === 'rows' && s.insert === insert);
    if (same?.kind === 'rows') same.rows.push(row);
    else steps.push({ kind: 'rows', insert: insert as RowInsert<PgTable>, rows: [row] });
  };
}

/**
 * A write (an UPDATE, an INSERT … SELECT) that nothing reads back before commit, declared once with `p(name)` where
 * its values go: `write(db, values)` holds it in db's transaction like batchedInsert's rows (outside one, runs it).
 * Its text is built once per batch shape (ADR 0072), not on every call.
 */
export function batchedStatement(build: (p: (name: string) => ValueSlot) => SQL) {
  const declared: Declared = { id: ++ids, build };
  return async (db: Executor, values: Record<string, unknown>): Promise<void> => {
    const steps = batches.get(db);
    const step: Step = { kind: 'declared', declared, values };
    if (!steps) return run(db, [step]);
    steps.push(step);
  };
}

/** Another write (an UPDATE) that nothing reads back before commit, held by db's transaction like batchedInsert's rows. */
export async function batchedWrite(db: Executor, statement: SQL): Promise<void> {
  const steps = batches.get(db);
  if (!steps) return run(db, [{ kind: 'write', statement }]);
  steps.push({ kind: 'write', statement });
}
