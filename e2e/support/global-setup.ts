import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { buildApp, type App } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { seedIfEmpty } from '../../apps/server/src/db/seed/seed.ts';

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
 * DATA_DIR (PGlite), migrated, seeded, serving apps/web/dist.
 */
export async function setup(project: TestProject): Promise<void> {
  dataDir = await mkdtemp(path.join(tmpdir(), 'yance-e2e-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    PORT: '3000', // unused: the server listens on port 0 below
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    DATABASE_URL: undefined,
  });
  if (!existsSync(path.join(config.WEB_DIST, 'index.html'))) {
    throw new Error(`web app not built at ${config.WEB_DIST}: run "npm run test:e2e" (it builds first) or "npm run build"`);
  }
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
