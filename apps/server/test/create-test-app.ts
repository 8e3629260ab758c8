import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { fromPglite, openDatabase, PGLITE_START_PARAMS, type Database, type Db } from '../src/db/client.ts';
import type { Fetch } from '../src/context.ts';
import { systemClock, type Clock } from '../src/lib/clock.ts';
import type { SmsProvider } from '../src/lib/sms-provider.ts';
import type { MailProvider } from '../src/lib/mail-provider.ts';
import type { JobRunner } from '../src/modules/job/job-runner.ts';
import { dropWhenIdle, withDatabase } from './test-db.ts';

export interface TestApp {
  app: App;
  db: Db;
  /** The app's job worker, not started: a test runs what is due with `await t.jobs.drain()` (ADR 0034). */
  jobs: JobRunner;
  /** The app's DATA_DIR (uploads, caches); removed on close. */
  dataDir: string;
  /** The app's clock (factories compute TOTP codes at the app's time). */
  clock: Clock;
  close(): Promise<void>;
}

/** A fresh copy of the seeded database for one test file. */
async function freshDatabase(): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const info = inject('testDb');
  if (info.kind === 'pglite') {
    const dump = await readFile(info.dumpFile);
    const client = new PGlite({ loadDataDir: new Blob([dump]), startParams: PGLITE_START_PARAMS });
    await client.waitReady;
    return { database: fromPglite(client), drop: async () => {} };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${info.template}`);
    // A test's commits need not wait for the disk (the copy is dropped at the end): the suite's many small
    // transactions stop paying a WAL flush each. Per database, so the server's own settings stay as they are.
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(info.url, name);
  const database = await openDatabase({ databaseUrl: url, dataDir: tmpdir() });
  const drop = async () => {
    const c = new pg.Client({ connectionString: info.url });
    await c.connect();
    try {
      await dropWhenIdle(c, name);
    } finally {
      await c.end();
    }
  };
  return { database, url, drop };
}

export interface TestAppOptions {
  /** Environment overrides (token TTLs, providers …). REDIS_URL is dropped unless given here. */
  env?: Record<string, string>;
  clock?: Clock;
  fetch?: Fetch;
  /** Replaces the SMS provider (a slow or failing gateway). */
  sms?: SmsProvider;
  /** Replaces the mail provider (one that captures what is sent, or refuses it). */
  mail?: MailProvider;
  /** Receives what the app prints at start (the first-admin setup link). */
  print?: (line: string) => void;
  /** Adds the demo customers and their orders when the app gets ready, as `npm start` does on a new database. */
  demoOrders?: { password: string };
  /** Receives the app's log lines (with env LOG_LEVEL other than silent). */
  logStream?: { write(line: string): void };
}

function testConfig(dataDir: string, env: Record<string, string> = {}) {
  // A light proof of work (ADR 0023): tests solve hundreds of challenges.
  const base: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test', DATA_DIR: dataDir, SMS_POW_COUNTER_MAX: '1000' };
  // API tests move a fake clock; Redis keeps its own time, so it is opted into explicitly.
  delete base.REDIS_URL;
  return loadConfig({ ...base, ...env });
}

/**
 * Builds the app (not yet ready, so a test may add routes) on its own
 * database. Call close() in afterAll: it closes the app, the database and
 * drops the copy.
 */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'yance-app-'));
  const app = await buildApp({
    config: testConfig(dataDir, opts.env),
    database,
    clock: opts.clock,
    fetch: opts.fetch,
    sms: opts.sms,
    mail: opts.mail,
    print: opts.print,
    demoOrders: opts.demoOrders,
    logStream: opts.logStream,
  });
  return {
    app,
    db: database.db,
    jobs: app.jobs,
    dataDir,
    clock: opts.clock ?? systemClock,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two app instances on ONE database, as two processes behind a proxy: on
 * PostgreSQL each has its own connection pool; on PGlite (one connection by
 * nature) both share the Database object. They share one DATA_DIR unless
 * `ownDataDirs` gives each its own, as two machines have (ADR 0037: only a
 * bucket, or a DATA_DIR on shared storage, lets B read what A stored).
 */
export async function createTwinApps(
  opts: TestAppOptions & { ownDataDirs?: boolean } = {},
): Promise<{ a: TestApp; b: TestApp; close(): Promise<void> }> {
  const { database, url, drop } = await freshDatabase();
  const second = url ? await openDatabase({ databaseUrl: url, dataDir: tmpdir() }) : database;
  const dataDirA = await mkdtemp(path.join(tmpdir(), 'yance-app-'));
  const dataDirB = opts.ownDataDirs ? await mkdtemp(path.join(tmpdir(), 'yance-app-')) : dataDirA;
  const a = await buildApp({ config: testConfig(dataDirA, opts.env), database, clock: opts.clock });
  const b = await buildApp({ config: testConfig(dataDirB, opts.env), database: second, clock: opts.clock });
  const noop = async () => {};
  const clock = opts.clock ?? systemClock;
  return {
    a: { app: a, db: database.db, jobs: a.jobs, dataDir: dataDirA, clock, close: noop },
    b: { app: b, db: second.db, jobs: b.jobs, dataDir: dataDirB, clock, close: noop },
    close: async () => {
      await a.close();
      await b.close();
      if (second !== database) await second.close();
      await database.close();
      await drop();
      await rm(dataDirA, { recursive: true, force: true });
      await rm(dataDirB, { recursive: true, force: true });
    },
  };
}

/** Parses a JSON response body. */
export const json = (res: { body: string }): unknown => JSON.parse(res.body);

/** Two instances on one database for this file (as two processes behind one proxy), ready; closed after its tests. */
export function useTwinApps(opts: TestAppOptions = {}): { readonly a: TestApp; readonly b: TestApp } {
  let twins: Awaited<ReturnType<typeof createTwinApps>> | undefined;
  beforeAll(async () => {
    twins = await createTwinApps(opts);
    await Promise.all([twins.a.app.ready(), twins.b.app.ready()]);
  });
  afterAll(async () => twins?.close());
  return {
    get a() {
      return twins!.a;
    },
    get b() {
      return twins!.b;
    },
  };
}
