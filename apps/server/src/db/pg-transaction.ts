// A transaction on PostgreSQL (node-postgres in pipeline mode) in fewer round trips (ADR 0072): BEGIN goes out in
// front of the transaction's first statement instead of waiting for its own answer, and COMMIT right behind the
// write batch's statement, in one socket write. On PGlite there are no round trips: drizzle's transaction serves.
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db, Tx } from './client.ts';
import { socketOf } from './prepared.ts';

interface SessionInternals {
  client: unknown;
  dialect: ConstructorParameters<typeof NodePgTransaction>[0];
  schema: ConstructorParameters<typeof NodePgTransaction>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
}

const sessionOf = (db: Db) => db._.session as unknown as SessionInternals;

/** Whether db is a node-postgres pool (PostgreSQL); PGlite answers false. */
export const onPgPool = (db: Db): boolean => {
  const client = sessionOf(db).client as { connect?: unknown; totalCount?: unknown };
  return typeof client.connect === 'function' && typeof client.totalCount === 'number';
};

/**
 * One drizzle transaction object per pooled connection, made once: drizzle builds a relational query builder per
 * table for each transaction object, which cost more CPU than a payment's short statements.
 */
const txByConnection = new WeakMap<pg.PoolClient, Tx>();

function txOn(db: Db, client: pg.PoolClient): Tx {
  let tx = txByConnection.get(client);
  if (!tx) {
    const s = sessionOf(db);
    const session = new NodePgSession(client as unknown as pg.Pool, s.dialect, s.schema, s.options);
    tx = new NodePgTransaction(s.dialect, session, s.schema) as unknown as Tx;
    txByConnection.set(client, tx);
  }
  return tx;
}

/** The connection a transaction object sends on (the write batch sends its statement there, then COMMIT). */
export const connectionOf = (tx: Tx): pg.PoolClient => sessionOf(tx as unknown as Db).client as pg.PoolClient;

/**
 * Runs fn in a transaction on one pooled connection. BEGIN is sent and not waited for: the connection is in
 * pipeline mode, so fn's first statement follows it on the wire and PostgreSQL runs them in order (BEGIN fails only
 * with its connection, and then so does everything behind it). `last` sends the transaction's final write without
 * waiting (the batch); COMMIT goes in the same socket write. A final write that fails leaves PostgreSQL's
 * transaction aborted, so COMMIT answers ROLLBACK: the write's error is thrown, nothing was kept.
 */
export async function pgTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>, last: (tx: Tx) => Promise<void> | undefined): Promise<T> {
  const client = await (sessionOf(db).client as pg.Pool).connect();
  const tx = txOn(db, client);
  let broken: Error | undefined;
  const stream = socketOf(client);
  // BEGIN and what fn sends before its first wait (the idempotency key's claim) in one socket write.
  stream.cork();
  const begun = client.query('begin');
  begun.catch(() => {});
  let running: Promise<T>;
  try {
    running = fn(tx);
  } catch (err) {
    running = Promise.reject(err as Error);
  } finally {
    stream.uncork();
  }
  try {
    const out = await running;
    await begun;
    stream.cork();
    let ends: [Promise<void> | undefined, Promise<pg.QueryResult>];
    try {
      ends = [last(tx), client.query('commit')];
    } finally {
      stream.uncork();
    }
    const [, committed] = await Promise.all(ends);
    if (committed.command !== 'COMMIT') throw new Error(`the transaction ended in ${committed.command}, not COMMIT`);
    return out;
  } catch (err) {
    try {
      await begun.catch(() => {});
      await client.query('rollback');
    } catch (rollbackError) {
      // A connection that cannot roll back is not given back to the pool.
      broken = rollbackError as Error;
    }
    throw err;
  } finally {
    client.release(broken);
  }
}
