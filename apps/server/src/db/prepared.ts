import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { rowsOf, type Executor } from './client.ts';

/** What drizzle's `.prepare(name)` answers: a statement to run with its placeholders' values. */
interface PreparedStatement<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

const names = new Set<string>();

/** A database's driver client (a pool, a PGlite, or a transaction's connection): where drizzle's session sends. */
const clientOf = (db: Executor): unknown => (db._.session as unknown as { client: unknown }).client;

/** Every executor of one database shares its dialect (drizzle hands it to each transaction's session). */
const databaseOf = (db: Executor): object => (db as unknown as { dialect: object }).dialect;

/**
 * The built statement run on db's connection: drizzle's prepared query sends through its `client`; a transaction
 * gets an object that inherits the built query and has its own connection (ADR 0066), so building — a quarter of a
 * hot call's CPU — happens once per database, not once per transaction.
 */
function boundTo<S extends object>(base: S, db: Executor): S {
  if (clientOf(db) === (base as { client?: unknown }).client) return base;
  const bound = Object.create(base) as S & { client: unknown };
  bound.client = clientOf(db);
  return bound;
}

/**
 * A statement of a hot path, built by drizzle once per database instead of
 * on every call (ADR 0064). Building a select (its columns, conditions and
 * parameters) cost more Node CPU than PostgreSQL spent answering it; a
 * prepared statement is built once, and on PostgreSQL it is also parsed and
 * planned once per connection (a named statement, node-postgres keeps it).
 *
 * `build` writes the statement with `sql.placeholder('x')` where its values
 * go and ends in `.prepare(name)`, with the same name it is registered under
 * here; names are unique (PostgreSQL refuses two texts under one name on a
 * connection). Inside a transaction the statement built once runs on the
 * transaction's connection (ADR 0066).
 */
export function preparedStatement<R>(name: string, build: (db: Executor, name: string) => PreparedStatement<R>) {
  if (names.has(name)) throw new Error(`prepared statement ${name} is declared twice`);
  names.add(name);
  const byDatabase = new WeakMap<object, PreparedStatement<R>>();
  const bound = new WeakMap<Executor, PreparedStatement<R>>();
  return (db: Executor): PreparedStatement<R> => {
    let statement = bound.get(db);
    if (!statement) {
      let base = byDatabase.get(databaseOf(db));
      if (!base) byDatabase.set(databaseOf(db), (base = build(db, name)));
      bound.set(db, (statement = boundTo(base, db)));
    }
    return statement;
  };
}

/**
 * A value kept once per database and shared by its transactions (ADR 0066): a cache of facts that never change
 * once written, such as who invited a customer.
 */
export function perDatabase<T>(make: () => T): (db: Executor) => T {
  const values = new WeakMap<object, T>();
  return (db) => {
    let value = values.get(databaseOf(db));
    if (value === undefined) values.set(databaseOf(db), (value = make()));
    return value;
  };
}

const dialect = new PgDialect();

/**
 * A hand-written statement of a hot path (a CTE chain drizzle's builders cannot say) prepared like
 * preparedStatement's (ADR 0066): its text is made once from `build` — `sql` with `sql.placeholder('x')` where its
 * values go — and run as a named statement, parsed and planned once per connection on PostgreSQL. Answers its rows
 * as the driver gives them (bigint and numeric as text, timestamps as text on node-postgres): convert at the caller.
 */
export function preparedSql<R>(name: string, build: () => SQL) {
  const run = preparedStatement<unknown>(name, (db) => db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false));
  return async (db: Executor, values: Record<string, unknown>): Promise<R[]> => rowsOf<R>(await run(db).execute(values));
}
