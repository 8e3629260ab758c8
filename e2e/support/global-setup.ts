import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { buildApp, type App } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { seedIfEmpty } from '../../apps/server/src/db/seed/seed.ts';
import { artifactsDir } from './screenshot.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:<port> of the server every spec drives. */
    baseUrl: string;
  }
}

let app: App | undefined;
let database: Database | undefined;
let dataDir: string | undefined;

/**
 * Starts the real server in-process on a free loopback port: fresh temp
 * DATA_DIR (PGlite), migrated, seeded, serving a copy of apps/web/dist.
 */
export async function setup(project: TestProject): Promise<void> {
  // Screenshots describe this run only.
  await rm(artifactsDir, { recursive: true, force: true });
  await mkdir(artifactsDir, { recursive: true });
  dataDir = await mkdtemp(path.join(tmpdir(), 'yance-e2e-'));
  const builtWeb = path.resolve(import.meta.dirname, '../../apps/web/dist');
  if (!existsSync(path.join(builtWeb, 'index.html'))) {
    throw new Error(`web app not built at ${builtWeb}: run "npm run test:e2e" (it builds first) or "npm run build"`);
  }
  // A private copy, so a rebuild during the run (npm run build elsewhere) cannot pull files from under the tests.
  const webDist = path.join(dataDir, 'web');
  await cp(builtWeb, webDist, { recursive: true });
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    PORT: '3000', // unused: the server listens on port 0 below
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    DATABASE_URL: undefined,
    WEB_DIST: webDist,
  });
  database = await openDatabase({ databaseUrl: undefined, dataDir });
  await database.migrate();
  await seedIfEmpty(database.db);
  app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  project.provide('baseUrl', baseUrl);
  console.log(`e2e server at ${baseUrl} (data ${dataDir})`);
}

export async function teardown(): Promise<void> {
  await app?.close();
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
