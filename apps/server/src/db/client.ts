import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type AnyColumn } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { serverRoot } from '../config/paths.ts';
import { listenPglite, listenPostgres, type ChannelHandlers, type Unlisten } from './listen.ts';
import { createHealingPool, type ConnectionErrorSink } from './pg-pool.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is underneath. Only repositories use it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** An open transaction of Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/**
 * What a repository runs its statements on: the database, or the transaction
 * a service opened (ADR 0011). Repositories never open transactions themselves.
 */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the generated migrations (idempotent; on PostgreSQL under an advisory lock, so processes starting together take turns). */
  migrate(): Promise<void>;
  /** Migrations in the folder that the database has not applied yet (a process started with MIGRATE_ON_START=false waits for 0). */
  pendingMigrations(): Promise<number>;
  /** Resolves when the database answers a trivial query (readiness). */
  ping(): Promise<void>;
  /** LISTENs on channels: what every process NOTIFYs there, once committed (ADR 0073, 0081). */
  listen(on: ChannelHandlers): Promise<Unlisten>;
  close(): Promise<void>;
}

/** The generated migrations, read from the source tree in development and in the compiled server alike. */
export const migrationsFolder = path.join(serverRoot, 'src/db/migrations');

/** How many of the folder's migrations the database has not recorded as applied (drizzle's journal table). */
async function pendingOf(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  const exists = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!(exists.rows[0] as { present: boolean }).present) return journal.entries.length;
  const applied = await query('select count(*)::int as n from drizzle.__drizzle_migrations');
  return Math.max(0, journal.entries.length - (applied.rows[0] as { n: number }).n);
}

/** Wraps an open PGlite instance (tests hand in a clone or a loaded dump). */
export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    pendingMigrations: () => pendingOf((text) => client.query(text)),
    ping: async () => {
      await client.query('select 1');
    },
    listen: (on) => listenPglite(client, on),
    close: () => client.close(),
  };
}

/**
 * The advisory lock every process takes to migrate (ADR 0057): a second process starting at the same moment waits,
 * then finds nothing left to apply. Any 64-bit number unique to this purpose; this one is "yance-mg" in ASCII.
 */
export const MIGRATION_LOCK_KEY = 0x79616e63652d6d67n;

/** Writes a lost database connection as one line on stderr (the server's logger does not exist yet when it opens). */
const warnLine: ConnectionErrorSink = (err) =>
  process.stderr.write(
    `${JSON.stringify({ level: 40, time: Date.now(), msg: 'database connection lost', code: (err as { code?: string }).code, reason: err.message })}\n`,
  );

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in dataDir/pglite. */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Connections the PostgreSQL pool lost (terminated, restarted server): logged, then replaced on the next query. */
  onConnectionError?: ConnectionErrorSink;
}): Promise<Database> {
  const url = opts.databaseUrl;
  if (url) {
    // JIT off: this is short OLTP work, and the planner's cost of a keyword query over the GIN grams (search_grams() per
    // row in its estimate) crossed jit_above_cost, so compiling took a second on a query that runs in milliseconds.
    // No parallel workers either (ADR 0088): the same estimate made the planner start one for a common keyword's gather
    // and count, and each worker, a new process building its caches, cost 40–130 ms of a query that alone runs in 5.
    const pool = createHealingPool(
      // A request waits at most 30 s for a connection, then answers 503: a busy pool queues (bursts of payments wait
      // their turn), but a database that stopped answering without refusing does not hold requests for ever.
      // Pipeline mode (ADR 0072): statements a transaction sends back to back go out without waiting for the one before
      // (BEGIN with the first statement, the write batch with COMMIT); awaited one at a time, nothing changes.
      {
        connectionString: url,
        max: 10,
        options: '-c jit=off -c max_parallel_workers_per_gather=0',
        connectionTimeoutMillis: 30_000,
        // An idle connection is kept 5 minutes (pg-pool closes it after 10 s by default): a connection costs PostgreSQL a
        // backend's start and this process its statements prepared again, and traffic that comes and goes (the home
        // answer rebuilt every 10 s between calls answered from memory) paid that at every turn — the home API's p99
        // 145–178 ms in the bench, 31–37 ms with the connections kept (docs/benchmarks.md, 2026-12-01).
        idleTimeoutMillis: 300_000,
        keepAlive: true,
        pipeline: true,
      },
      opts.onConnectionError ?? warnLine,
    );
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: async () => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
          try {
            await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
          } finally {
            await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
          }
        } finally {
          client.release();
        }
      },
      pendingMigrations: () => pendingOf((text) => pool.query(text)),
      ping: async () => {
        await pool.query('select 1');
      },
      listen: (on) => listenPostgres(url, on),
      close: () => pool.end(),
    };
  }
  // PGlite does not create parent folders.
  const dir = path.join(opts.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  return fromPglite(new PGlite(dir, { startParams: PGLITE_START_PARAMS }));
}

/**
 * PGlite's own start parameters, and: a new WAL segment is not zero-filled first. Every start of the embedded
 * database makes its next 16 MB segment, and filling it with zeros through Emscripten's file system took about a
 * third of the database's start (1.4 s of CPU of 4 on this machine, for each `npm start` and each e2e server).
 * Postgres writes the segment's last byte instead (its documented choice; what is in WAL and when it is flushed do
 * not change).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'];

/** A text[] literal of one parameter per value (a JS array would bind as one record). */
export const textArray = (values: string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** The rows of a raw db.execute() answer: both drivers (PGlite, node-postgres) answer { rows }. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * `column = any(ids)` with the ids as ONE array parameter: a list of thousands of ids costs PGlite more to bind
 * as one parameter each than the query takes to run.
 */
export const anyOf = (column: AnyColumn, ids: readonly number[], type: 'int' | 'bigint' = 'int') =>
  sql`${column} = any(${sql.param(`{${ids.join(',')}}`)}::${sql.raw(type)}[])`;
