import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fromPglite, migrationsFolder, openDatabase, type Database } from '../src/db/client.ts';
import { withDatabase } from './test-db.ts';

/**
 * 0000_init.sql as it stood before commit cbc0ac7 changed two of its indexes
 * (after 0001 existed). Databases made from it must end, after the later
 * migrations, with the same indexes as a database made today.
 */
const OLD_INIT = path.join(import.meta.dirname, 'fixtures/0000_init.before-cbc0ac7.sql');

const url = process.env.DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** An empty database of the suite's kind (PGlite, or a scratch PostgreSQL database when DATABASE_URL is set). */
async function emptyDatabase(): Promise<Database> {
  if (!url) {
    const database = fromPglite(new PGlite());
    cleanups.push(() => database.close());
    return database;
  }
  const name = `mig_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, name), dataDir: tmpdir() });
  cleanups.push(async () => {
    await database.close();
    // Let the pool's goodbyes finish first: FORCE on a closing connection surfaces as an unhandled 57P01.
    for (let i = 0; i < 40; i++) {
      const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0]?.n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  return database;
}

const rows = async <T>(database: Database, query: string): Promise<T[]> =>
  ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

const indexes = (database: Database) =>
  rows<{ indexname: string; indexdef: string }>(
    database,
    "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname",
  );

const statements = (text: string) => text.split('--> statement-breakpoint').filter((s) => s.trim() !== '');

// Migrating PGlite twice takes a while on a busy machine.
const SLOW = 90_000;
let fresh: Database;
beforeAll(async () => {
  fresh = await emptyDatabase();
  await fresh.migrate();
}, SLOW);

it(
  'brings a database made with the old 0000_init to the indexes of a fresh one',
  async () => {
    const old = await emptyDatabase();
    const oldInit = await readFile(OLD_INIT, 'utf8');
    for (const statement of statements(oldInit)) await old.db.execute(sql.raw(statement));
    // Record 0000 as applied, as drizzle's migrator did at the time: by the journal's timestamp.
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    const hash = createHash('sha256').update(oldInit).digest('hex');
    await old.db.execute(sql.raw('CREATE SCHEMA IF NOT EXISTS drizzle'));
    await old.db.execute(
      sql.raw('CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)'),
    );
    await old.db.execute(
      sql.raw(`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('${hash}', ${journal.entries[0]!.when})`),
    );
    // The fixture really is the old shape: without a repair the two databases differ.
    expect((await indexes(old)).find((i) => i.indexname === 'device_order_idx')?.indexdef).toMatch(/NULLS LAST/);

    await old.migrate();

    expect(await indexes(old)).toEqual(await indexes(fresh));
  },
  SLOW,
);

it('leaves the indexes of a database made today untouched', async () => {
  const oids = () =>
    rows<{ relname: string; oid: number }>(
      fresh,
      "SELECT relname, oid::int AS oid FROM pg_class WHERE relname IN ('device_order_idx', 'device_search_order_idx') ORDER BY relname",
    );
  const before = await oids();
  expect(before).toHaveLength(2);

  const repair = await readFile(path.join(migrationsFolder, '0007_index-shape.sql'), 'utf8');
  for (const statement of statements(repair)) await fresh.db.execute(sql.raw(statement));

  // Same objects, not rebuilt copies.
  expect(await oids()).toEqual(before);
});
