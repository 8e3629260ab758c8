import { mkdir, rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { artifactsDir } from './screenshot.ts';
import { e2eTemplates, startServer, type E2eServer, type ServerHandle, type Templates } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker (index VITEST_POOL_ID - 1), for the specs that only read. */
    servers: ServerHandle[];
    /** The run's migrated database and seeded data folder, copied by every server a spec starts (e2eTemplates). */
    templates: Templates;
  }
}

let servers: E2eServer[] = [];
let templates: Awaited<ReturnType<typeof e2eTemplates>> | undefined;

/**
 * Starts one real server process per worker (each on its own free port and
 * fresh DATA_DIR), so parallel spec files never share a database.
 */
export async function setup(project: TestProject): Promise<void> {
  // Screenshots describe this run only.
  await rm(artifactsDir, { recursive: true, force: true });
  await mkdir(artifactsDir, { recursive: true });
  const workers = Number(project.config.maxWorkers) || 1;
  templates = await e2eTemplates();
  const { migrated, seeded } = templates;
  project.provide('templates', { migrated, seeded });
  const started = await Promise.allSettled(Array.from({ length: workers }, () => startServer({}, { migrated, seeded })));
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
  await templates?.remove();
  templates = undefined;
}
