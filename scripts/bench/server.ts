import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { routes, urlOf } from '@yance/contracts/routes';
import { freePort } from '../../e2e/support/server.ts';

export interface ServerProcess {
  baseUrl: string;
  stop(): Promise<void>;
}

async function waitForPing(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}${urlOf(routes.ping)}`, { method: routes.ping.method });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${urlOf(routes.ping)} within ${timeoutMs} ms`);
}

/**
 * Starts the server as npm start does (`node apps/server/dist/server.js`) in a child
 * process on a free loopback port with a temp DATA_DIR (PGlite, seeded), so
 * the load generator never shares its event loop.
 */
export async function startServerProcess(repoRoot: string): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'yance-bench-server-'));
  const port = await freePort();
  // Serve a private copy of the build, so a rebuild elsewhere cannot change what is measured mid-run.
  const builtWeb = path.join(repoRoot, 'apps/web/dist');
  if (!existsSync(path.join(builtWeb, 'index.html'))) throw new Error('apps/web/dist is not built: run npm run bench (it builds first)');
  const webDist = path.join(dataDir, 'web');
  await cp(builtWeb, webDist, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    WEB_DIST: webDist,
  };
  delete env.DATABASE_URL;
  // What npm start runs (the one-machine demo): no NODE_ENV. Production mode would demand PUBLIC_URL, a secret and
  // the official WeChat provider; NODE_ENV=development makes some dependency halve the throughput.
  delete env.NODE_ENV;
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/server.js')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Never leave the server behind, even when the bench exits abruptly.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    process.off('exit', killOnExit);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForPing(baseUrl, child, 60_000);
  } catch (e) {
    await stop();
    throw e;
  }
  return { baseUrl, stop };
}
