import { mkdir, rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { artifactsDir } from './screenshot.ts';
import { startServer, type E2eServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:<port> of the server every spec drives. */
    baseUrl: string;
  }
}

let server: E2eServer | undefined;

/**
 * Starts the real server in-process on a free loopback port: fresh temp
 * DATA_DIR (PGlite), migrated, seeded, serving a copy of apps/web/dist.
 */
export async function setup(project: TestProject): Promise<void> {
  // Screenshots describe this run only.
  await rm(artifactsDir, { recursive: true, force: true });
  await mkdir(artifactsDir, { recursive: true });
  server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  console.log(`e2e server at ${server.baseUrl} (data ${server.dataDir})`);
}

export async function teardown(): Promise<void> {
  await server?.close();
}
