import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite, openDatabase } from '../src/db/client.ts';
import { seedIfEmpty } from '../src/db/seed/seed.ts';
import { withDatabase } from './test-db.ts';

/**
 * Migrates and seeds ONE database for the whole run; each test file then
 * gets its own copy (a PGlite loaded from the dump, or a PostgreSQL database
 * created from this one as a template), so files never share mutable state.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `yance_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, template), dataDir: tmpdir() });
    try {
      await database.migrate();
      await seedIfEmpty(database.db);
    } finally {
      await database.close();
    }
    project.provide('testDb', { kind: 'postgres', url, template });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }

  const dir = await mkdtemp(path.join(tmpdir(), 'yance-test-'));
  const dumpFile = path.join(dir, 'seeded.tar.gz');
  const client = new PGlite();
  const database = fromPglite(client);
  try {
    await database.migrate();
    await seedIfEmpty(database.db);
    const dump = await client.dumpDataDir('gzip');
    await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('testDb', { kind: 'pglite', dumpFile });
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
