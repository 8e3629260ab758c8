import * as orm from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
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

/** db's node-postgres connection or pool; undefined on PGlite. */
export function pgClientOf(db: Executor): pg.Client | pg.Pool | undefined {
  const client = clientOf(db);
  return client instanceof pg.Client || client instanceof pg.Pool ? client : undefined;
}

/** What drizzle's node-postgres prepared query keeps (its built text, parameters and how rows map). */
interface NodePgBuilt {
  queryConfig: pg.QueryConfig & { rowMode: 'array' };
  rawQueryConfig: pg.QueryConfig;
  params: unknown[];
  fields?: unknown;
  joinsNotNullableMap?: unknown;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

const mapResultRow = (orm as unknown as { mapResultRow: (fields: unknown, row: unknown[], joins: unknown) => unknown }).mapResultRow;

/**
 * The built statement sent on client now — synchronously, before the call returns (ADR 0072), so statements sent one
 * after another go out in that order on a pipelined connection — and its rows mapped as drizzle's execute() maps
 * them. It is what execute() does without its tracing spans and result cache (neither is configured here).
 */
function sendBuilt(built: NodePgBuilt, client: pg.Client | pg.Pool, values: Record<string, unknown>): Promise<unknown> {
  const params = orm.fillPlaceholders(built.params, values);
  if (!built.fields && !built.customResultMapper) return client.query(built.rawQueryConfig, params);
  return client
    .query<unknown[]>(built.queryConfig, params)
    .then((result) =>
      built.customResultMapper
        ? built.customResultMapper(result.rows)
        : result.rows.map((row) => mapResultRow(built.fields, row, built.joinsNotNullableMap)),
    );
}

/**
 * The built statement run on db's connection. On PostgreSQL it is sent at once on the connection of db (a
 * transaction's, or the pool) — no per-call drizzle objects; on PGlite, drizzle's prepared query inherited with
 * the transaction's driver client (ADR 0066), so building — a quarter of a hot call's CPU — happens once per
 * database, not once per transaction.
 */
function boundTo<S extends object>(base: S, db: Executor): S {
  const pgClient = pgClientOf(db);
  if (pgClient && 'queryConfig' in base)
    return {
      execute: (values: Record<string, unknown> = {}) => sendBuilt(base as unknown as NodePgBuilt, pgClient, values),
    } as unknown as S;
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

/** Statements node-postgres holds for a connection: queued, sent and unanswered, or the one being answered. */
const heldBy = (client: pg.Client): number => {
  const c = client as unknown as { _queryQueue: unknown[]; _sentQueryQueue?: unknown[]; _activeQuery: unknown };
  return c._queryQueue.length + (c._sentQueryQueue?.length ?? 0) + (c._activeQuery ? 1 : 0);
};

/** A connection's socket, as far as its writes go. */
export interface Socket {
  cork(): void;
  uncork(): void;
  write(...args: unknown[]): boolean;
}
export const socketOf = (client: pg.Client): Socket => (client as unknown as { connection: { stream: Socket } }).connection.stream;

/**
 * Runs fn with what db's connection sends gathered into one socket write per turn of the event loop (ADR 0087): the
 * payments of a group (ADR 0085) share one connection, and each sends its next statements when its own answers
 * arrive — answers that mostly arrive together, so each of their sends was a write (a system call, a packet
 * PostgreSQL reads) of its own. The first write of a turn corks the socket and the turn's end (setImmediate, after
 * the answers' callbacks and their promises) uncorks it. On PGlite or a pool outside a transaction: fn as it is.
 */
export async function gatheredWrites<T>(db: Executor, fn: () => Promise<T>): Promise<T> {
  const client = pgClientOf(db);
  if (!(client instanceof pg.Client)) return fn();
  const socket = socketOf(client);
  const write = socket.write;
  const own = Object.hasOwn(socket, 'write');
  let held = false;
  const release = () => {
    if (!held) return;
    held = false;
    socket.uncork();
  };
  socket.write = (...args: unknown[]) => {
    if (!held) {
      held = true;
      socket.cork();
      setImmediate(release);
    }
    return write.apply(socket, args);
  };
  try {
    return await fn();
  } finally {
    if (own) socket.write = write;
    else delete (socket as Partial<Socket>).write;
    release();
  }
}

/**
 * Statements of one transaction in one round trip (ADR 0072). On a PostgreSQL connection (pipeline mode) each
 * `send` must put its statement on the connection before it returns — a repository call whose first statement is a
 * prepared one does — and they go out in one socket write; PostgreSQL runs them in this order, each with its own
 * snapshot (a read behind a `FOR UPDATE` sees what was committed before the lock was granted), and a failing one
 * aborts the transaction for those behind it. A send that did not put exactly one statement out throws: the order
 * would not be the one written here. Elsewhere (PGlite, a pool outside a transaction) they run one after another.
 */
export async function inOrder<T extends readonly unknown[]>(
  db: Executor,
  sends: { readonly [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  const client = pgClientOf(db);
  if (!(client instanceof pg.Client)) {
    const out: unknown[] = [];
    for (const send of sends) out.push(await send());
    return out as unknown as T;
  }
  const stream = socketOf(client);
  const sent: Promise<unknown>[] = [];
  let outOfOrder = false;
  stream.cork();
  try {
    for (const send of sends) {
      const before = heldBy(client);
      sent.push(send());
      if (heldBy(client) !== before + 1) outOfOrder = true;
    }
  } finally {
    stream.uncork();
  }
  const out = await Promise.all(sent);
  // A connection that refused the statement fails above with its own error; this is a send that was not at once.
  if (outOfOrder) throw new Error('inOrder: a statement was not sent at once, so it may have run out of order');
  return out as unknown as T;
}
