import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { rowsOf, type Executor } from './client.ts';

/** What drizzle's `.prepare(name)` answers: a statement to run with its placeholders' values. */
interface PreparedStatement<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

const names = new Set<string>();

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
 * connection). Inside a transaction the statement is built on that
 * transaction, once per transaction.
 */
export function preparedStatement<R>(name: string, build: (db: Executor, name: string) => PreparedStatement<R>) {
  if (names.has(name)) throw new Error(`prepared statement ${name} is declared twice`);
  names.add(name);
  const built = new WeakMap<Executor, PreparedStatement<R>>();
  return (db: Executor): PreparedStatement<R> => {
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db, name)));
    return statement;
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
  if (names.has(name)) throw new Error(`prepared statement ${name} is declared twice`);
  names.add(name);
  let query: Query | undefined;
  const built = new WeakMap<Executor, PreparedStatement<unknown>>();
  return async (db: Executor, values: Record<string, unknown>): Promise<R[]> => {
    let statement = built.get(db);
    if (!statement) {
      query ??= dialect.sqlToQuery(build());
      statement = db._.session.prepareQuery(query, undefined, name, false);
      built.set(db, statement);
    }
    return rowsOf<R>(await statement.execute(values));
  };
}
