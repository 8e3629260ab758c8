import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { fromPglite, openDatabase, type Database, type Db } from '../src/db/client.ts';
import { withDatabase } from './test-db.ts';

export interface TestApp {
  app: App;
  db: Db;
  close(): Promise<void>;
}

/** A fresh copy of the seeded database for one test file. */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const info = inject('testDb');
  if (info.kind === 'pglite') {
    const dump = await readFile(info.dumpFile);
    const client = new PGlite({ loadDataDir: new Blob([dump]) });
    await client.waitReady;
    return { database: fromPglite(client), drop: async () => {} };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${info.template}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ databaseUrl: withDatabase(info.url, name), dataDir: tmpdir() });
  const drop = async () => {
    const c = new pg.Client({ connectionString: info.url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  return { database, drop };
}

/**
 * Builds the app (not yet ready, so a test may add routes) on its own
 * database. Call close() in afterAll: it closes the app, the database and
 * drops the copy.
 */
export async function createTestApp(): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'yance-app-'));
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test', DATA_DIR: dataDir });
  const app = await buildApp({ config, database });
  return {
    app,
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Parses a JSON response body. */
export const json = (res: { body: string }): unknown => JSON.parse(res.body);
