import { mkdir, rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { artifactsDir } from './screenshot.ts';
import { migratedTemplate, startServer, type E2eServer, type ServerHandle } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker (index VITEST_POOL_ID - 1), for the specs that only read. */
    servers: ServerHandle[];
    /** The run's migrated PGlite folder, copied by every server a spec starts (migratedTemplate). */
    pgliteTemplate: string;
  }
}

let servers: E2eServer[] = [];
let template: Awaited<ReturnType<typeof migratedTemplate>> | undefined;

/**
 * Starts one real server process per worker (each on its own free port and
 * fresh DATA_DIR), so parallel spec files never share a database.
 */
export async function setup(project: TestProject): Promise<void> {
  // Screenshots describe this run only.
  await rm(artifactsDir, { recursive: true, force: true });
  await mkdir(artifactsDir, { recursive: true });
  const workers = Number(project.config.maxWorkers) || 1;
  template = await migratedTemplate();
  project.provide('pgliteTemplate', template.dir);
  const dir = template.dir;
  const started = await Promise.allSettled(Array.from({ length: workers }, () => startServer({}, dir)));
  servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  project.provide(
    'servers',
    servers.map(({ baseUrl, logFile }) => ({ baseUrl, logFile })),
  );
  console.log(`e2e servers: ${servers.map((s) => s.baseUrl).join(', ')}`);
}

export async function teardown(): Promise<void> {
  await Promise.all(servers.map((s) => s.stop()));
  servers = [];
  await template?.remove();
  template = undefined;
}
