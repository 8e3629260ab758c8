import pg from 'pg';
import { isConnectionError } from './connection-errors.ts';

/** What the pool says about connections it lost; the server logs it as one line. */
export type ConnectionErrorSink = (err: Error) => void;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits between tries to open a connection: 0.1 s doubling to 1.6 s, about 3 s in all (a fast PostgreSQL restart). */
const CONNECT_BACKOFF_MS = [100, 200, 400, 800, 1600];

/** A statement that only reads, outside a transaction: running it again after a lost connection changes nothing. */
const READ_ONLY = /^\s*select\b(?![\s\S]*\b(for\s+(update|share|no\s+key\s+update|key\s+share)|nextval|setval|pg_advisory)\b)/i;

/**
 * How many times a read-only statement is tried when connections keep turning out dead: once more than the pool
 * holds, so a read gets past every idle connection a restart killed (before the pool heard of their end) to a new
 * one. A call that made several reads used to spread them over its tries; one read a call (ADR 0073) must do alone.
 */
const readTries = (config: pg.PoolConfig) => (config.max ?? 10) + 1;

const textOf = (query: unknown): string =>
  typeof query === 'string' ? query : typeof (query as { text?: unknown })?.text === 'string' ? (query as { text: string }).text : '';

/**
 * A node-postgres pool that outlives its database's restarts (ADR 0057):
 * - every connection has an error listener for its whole life, so a connection terminated while idle or while
 *   checked out is dropped and logged, never an unhandled 'error' that ends the process;
 * - opening a connection is retried while the server refuses or is starting up — nothing was sent, so that is
 *   always safe — for about 3 s, then fails (the request answers 503);
 * - a lone SELECT outside a transaction that lost its connection runs once more on a fresh one; a write or a
 *   transaction is never repeated: it fails, rolls back with its connection, and the caller gets the error.
 */
export function createHealingPool(config: pg.PoolConfig, onConnectionError: ConnectionErrorSink): pg.Pool {
  const pool = new pg.Pool(config);
  // The pool re-emits an idle connection's error after dropping it; the connection's own listener has logged it.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', (err) => onConnectionError(err)));

  const connectOnce = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  async function connectRetrying(): Promise<pg.PoolClient> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await connectOnce();
      } catch (err) {
        // A full pool's wait timing out is not an outage: trying again would only queue longer.
        const retriable = isConnectionError(err) && !String((err as Error).message).includes('timeout exceeded');
        const wait = CONNECT_BACKOFF_MS[attempt];
        if (!retriable || wait === undefined || pool.ending) throw err;
        await sleep(wait);
      }
    }
  }
  type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, release: (err?: Error) => void) => void;
  pool.connect = ((callback?: ConnectCallback) => {
    if (!callback) return connectRetrying();
    connectRetrying().then(
      (client) => callback(undefined, client, client.release),
      (err: Error) => callback(err, undefined, () => {}),
    );
    return undefined;
  }) as typeof pool.connect;

  const tries = readTries(config);
  const queryOnce = pool.query.bind(pool) as (text: unknown, values?: unknown) => Promise<pg.QueryResult>;
  async function queryRetrying(text: unknown, values: unknown): Promise<pg.QueryResult> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await queryOnce(text, values);
      } catch (err) {
        // Other idle connections may have died with this one: a few tries reach a live or a new one.
        if (attempt >= tries || pool.ending || !isConnectionError(err) || !READ_ONLY.test(textOf(text))) throw err;
      }
    }
  }
  pool.query = ((text: unknown, values?: unknown, callback?: unknown) =>
    typeof values === 'function' || typeof callback === 'function'
      ? (queryOnce as (...a: unknown[]) => unknown)(text, values, callback)
      : queryRetrying(text, values)) as typeof pool.query;
  return pool;
}
