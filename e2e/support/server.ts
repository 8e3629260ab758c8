import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp, type App } from '../../apps/server/src/app.ts';
import { loadConfig, type Config } from '../../apps/server/src/config/env.ts';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { seedIfEmpty } from '../../apps/server/src/db/seed/seed.ts';

export interface E2eServer {
  /** http://127.0.0.1:<port> */
  readonly baseUrl: string;
  readonly app: App;
  /** The server's own database handle (PGlite under dataDir). */
  readonly database: Database;
  readonly config: Config;
  readonly dataDir: string;
  close(): Promise<void>;
}

/**
 * Starts the real server in this process on a free loopback port: fresh temp
 * DATA_DIR (PGlite), migrated, seeded, serving a private copy of
 * apps/web/dist. `env` overrides the environment (e.g. ACCESS_TOKEN_TTL).
 */
export async function startServer(env: Record<string, string | undefined> = {}): Promise<E2eServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'yance-e2e-'));
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
    ...env,
  });
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  await database.migrate();
  await seedIfEmpty(database.db);
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    database,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
