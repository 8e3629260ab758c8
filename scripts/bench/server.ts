import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { routes, urlOf } from '@yance/contracts/routes';
import { freePort } from '../../e2e/support/server.ts';

export interface ServerProcess {
  baseUrl: string;
  /** The server's process id (its CPU time is read from /proc/<pid>/stat). */
  pid: number;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** PostgreSQL instead of a temp PGlite (the database must exist; the server migrates and seeds it). */
  databaseUrl?: string;
  /** Redis for the short rate windows, as production runs. */
  redisUrl?: string;
  /** LOG_LEVEL of the server; warn by default (the bench measures answers, not a terminal). */
  logLevel?: string;
  /** Node's own options, e.g. --cpu-prof (scripts/profile.ts). */
  nodeArgs?: string[];
  /** The server's stdout (its log): the bench's by default; 'ignore' under a request log at info. */
  stdout?: 'inherit' | 'ignore';
  /** Further environment (PAYMENT_GATEWAYS …). */
  env?: Record<string, string>;
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
export async function startServerProcess(repoRoot: string, opts: ServerOptions = {}): Promise<ServerProcess> {
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
    LOG_LEVEL: opts.logLevel ?? 'warn',
    SEED_DEMO: 'true',
    WEB_DIST: webDist,
    // No proxy in front to wait for (ADR 0076): a stop is over well within stop()'s 5 s, so a --cpu-prof server
    // lives to write its profile.
    SHUTDOWN_QUIET_MS: '300',
    ...opts.env,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  if (opts.redisUrl) env.REDIS_URL = opts.redisUrl;
  // BENCH_NODE_ARGS: V8's flags for an investigation (--trace-deopt, --trace-opt), on the bench's server too.
  const nodeArgs = opts.nodeArgs ?? process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // What npm start runs (the one-machine demo): no NODE_ENV. Production mode would demand PUBLIC_URL, a secret and
  // the official WeChat provider; NODE_ENV=development makes some dependency halve the throughput.
  delete env.NODE_ENV;
  const child = spawn(process.execPath, [...nodeArgs, path.join(repoRoot, 'apps/server/dist/server.js')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', opts.stdout ?? 'inherit', 'inherit'],
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
    // A first start on PostgreSQL migrates and seeds the demo orders through the services: minutes on a busy machine.
    await waitForPing(baseUrl, child, 300_000);
  } catch (e) {
    await stop();
    throw e;
  }
  return { baseUrl, pid: child.pid!, stop };
}
