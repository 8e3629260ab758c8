import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, createWriteStream, existsSync, statfsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const repoRoot = path.resolve(import.meta.dirname, '../..');
// A busy machine (several suites at once) may need longer: E2E_START_TIMEOUT_MS.
const START_TIMEOUT_MS = Number(process.env.E2E_START_TIMEOUT_MS ?? 90_000);
const STOP_TIMEOUT_MS = 15_000;

/**
 * Where the servers' data folders go: E2E_TMPDIR, else /dev/shm where it is a writable memory file system (Linux)
 * with room for a few of them (a container's default of 64 MB has not), else the OS's temp folder. Each server
 * starts from a copy of the run's seeded folder (45 MB, 1 500 files, and 24 MB of built app): on this machine's
 * virtual disk the copy and the database's writes made two specs 12 % slower than in memory. Every folder goes when
 * its server stops.
 */
export const e2eTmpdir = (() => {
  if (process.env.E2E_TMPDIR) return process.env.E2E_TMPDIR;
  try {
    accessSync('/dev/shm', constants.W_OK);
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize >= 2 * 1024 ** 3) return '/dev/shm';
  } catch {
    // no /dev/shm here
  }
  return tmpdir();
})();

/** The e2e servers' per-phone resend window, seconds (60 in production). */
export const E2E_RESEND_SECONDS = 1;

/** What a running server needs to be driven: its address and where its log lines go. */
export interface ServerHandle {
  /** http://127.0.0.1:<port> */
  readonly baseUrl: string;
  /** The child's stdout, one JSON log line a line (the console SMS provider's outbox is in there). */
  readonly logFile: string;
}

export interface E2eServer extends ServerHandle {
  readonly dataDir: string;
  /** SIGTERM, then the data folder goes (kept with keepData: the seeded template is one). */
  stop(opts?: { keepData?: boolean }): Promise<void>;
}

/** The run's starting points (e2eTemplates): a migrated PGlite folder, and a whole data folder with the demo seeded. */
export interface Templates {
  readonly migrated: string;
  readonly seeded?: string;
}

/** Asks the OS for a free loopback port (the server cannot tell us one it picked itself); the bench and the cluster test use it too. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves when the child has exited (at once when it has already). */
const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));

/**
 * Starts the real server (`apps/server/dist/server.js`, compiled by `npm run build`) as a child process on a
 * free loopback port with a fresh temp DATA_DIR (a copy of the run's seeded
 * template when given, else migrated and seeded as it starts) serving private copies of
 * apps/web/dist and apps/admin/dist; `env` overrides the environment (e.g.
 * ACCESS_TOKEN_TTL). Resolves once the server answers.
 * Everything the tests learn from it comes over HTTP or from its log.
 */
export async function startServer(env: Record<string, string | undefined> = {}, templates?: Templates): Promise<E2eServer> {
  const builtWeb = path.join(repoRoot, 'apps/web/dist');
  const builtAdmin = path.join(repoRoot, 'apps/admin/dist');
  for (const built of [builtWeb, builtAdmin]) {
    if (!existsSync(path.join(built, 'index.html'))) {
      throw new Error(`app not built at ${built}: run "npm run test:e2e" (it builds first) or "npm run build"`);
    }
  }
  const dataDir = await mkdtemp(path.join(e2eTmpdir, 'yance-e2e-'));
  // A private copy, so a rebuild during the run (npm run build elsewhere) cannot pull files from under the tests.
  const webDist = path.join(dataDir, 'web');
  const adminDist = path.join(dataDir, 'admin');
  await Promise.all([
    cp(builtWeb, webDist, { recursive: true }),
    cp(builtAdmin, adminDist, { recursive: true }),
    // The run's seeded data folder (database, private files, caches), or for a server without the demo
    // (SEED_DEMO=false) the migrated database alone: the server finds its migrations applied (e2eTemplates).
    ...(templates?.seeded && env.SEED_DEMO !== 'false'
      ? [cp(templates.seeded, dataDir, { recursive: true })]
      : templates
        ? [cp(templates.migrated, path.join(dataDir, 'pglite'), { recursive: true })]
        : []),
  ]);
  const logFile = path.join(dataDir, 'server.log');
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // info: the console SMS provider's lines are the outbox the tests read.
    LOG_LEVEL: 'info',
    SEED_DEMO: 'true',
    WEB_DIST: webDist,
    ADMIN_DIST: adminDist,
    // Fast enough for many sends: a small proof of work before code4sms (the browser solves it too),
    // a 1 s resend window instead of 60 s, and SMS budgets no test run reaches (ADR 0007, 0023).
    SMS_POW_COUNTER_MAX: '2000',
    SMS_RESEND_SECONDS: String(E2E_RESEND_SECONDS),
    SMS_BUDGET_DAY: '100000',
    SMS_BUDGET_PREFIX_DAY: '100000',
    // No proxy in front: a stop need not wait for one to close its idle connections (ADR 0076).
    SHUTDOWN_QUIET_MS: '300',
    ...env,
  };
  // Always the embedded PGlite and in-database counters of this run, whatever the caller's shell has set.
  for (const key of ['DATABASE_URL', 'REDIS_URL'] as const) if (!(key in env)) delete childEnv[key];

  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/server.js')], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile);
  const stderr: string[] = [];
  child.stderr.setEncoding('utf8').on('data', (s: string) => stderr.push(s));
  const listening = new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      log.write(`${line}\n`);
      if (/running at http/.test(line)) resolve();
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`server exited before listening (${code ?? signal}): ${stderr.join('').slice(-2000)}`)),
    );
  });
  // Never leave a server behind when the worker dies abruptly.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  let stopping: Promise<void> | undefined;
  const stop = (opts: { keepData?: boolean } = {}) =>
    (stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const done = exited(child);
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await done;
        clearTimeout(timer);
      }
      process.off('exit', killOnExit);
      await new Promise<void>((r) => log.end(r));
      if (!opts.keepData) await rm(dataDir, { recursive: true, force: true });
    })());

  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      listening,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`server did not start within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
      }),
    ]);
  } catch (e) {
    await stop();
    throw e;
  } finally {
    clearTimeout(timer);
  }
  return { baseUrl: `http://127.0.0.1:${port}`, logFile, dataDir, stop };
}

/**
 * Migrates one embedded database for the whole run (in a child process, as the
 * server would) and answers its PGlite folder: every server started with it
 * begins from a copy instead of applying every migration itself (about 6 s of
 * CPU each). Its demo data is still seeded by each server as it starts, so
 * dates relative to today are today's.
 */
export async function migratedTemplate(): Promise<{ dir: string; remove(): Promise<void> }> {
  const root = await mkdtemp(path.join(e2eTmpdir, 'yance-e2e-template-'));
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATA_DIR: root, LOG_LEVEL: 'warn' };
  delete childEnv.DATABASE_URL;
  delete childEnv.REDIS_URL;
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/migrate.js')], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.setEncoding('utf8').on('data', (s: string) => output.push(s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => output.push(s));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  if (code !== 0) {
    await rm(root, { recursive: true, force: true });
    throw new Error(`migrating the e2e template failed (${code}): ${output.join('').slice(-2000)}`);
  }
  return { dir: path.join(root, 'pglite'), remove: () => rm(root, { recursive: true, force: true }) };
}

/**
 * The run's templates: the migrated database, and a data folder a real server seeded with the demo (catalogue,
 * staff, demo customers and their orders, their private files) and warmed, then stopped. Every server of the run
 * starts from a copy, so none seeds the demo again (it took most of a server's start: seconds of argon2 and
 * demo orders each, for some forty servers a run). The demo's dates are the run's day.
 */
export async function e2eTemplates(): Promise<Templates & { remove(): Promise<void> }> {
  const migrated = await migratedTemplate();
  try {
    const seeder = await startServer({ SHUTDOWN_DRAIN_MS: '0' }, { migrated: migrated.dir });
    await seeder.stop({ keepData: true });
    // What startServer adds around the data: the app copies and the log.
    await Promise.all(['web', 'admin', 'server.log'].map((f) => rm(path.join(seeder.dataDir, f), { recursive: true, force: true })));
    return {
      migrated: migrated.dir,
      seeded: seeder.dataDir,
      remove: async () => {
        await rm(seeder.dataDir, { recursive: true, force: true });
        await migrated.remove();
      },
    };
  } catch (e) {
    await migrated.remove();
    throw e;
  }
}

/** One code the console SMS provider "sent", as its log line says. */
export interface SentSms {
  phone: string;
  /** The purpose's number (code4sms useFor). */
  useFor: number;
  /** Its name in the log ("register", "current-phone", …). */
  purpose: string;
  code: string;
}

/** Every SMS the server's console provider has sent so far, oldest first (read from its log). */
export async function outbox(server: ServerHandle): Promise<SentSms[]> {
  const text = await readFile(server.logFile, 'utf8').catch(() => '');
  const sent: SentSms[] = [];
  for (const line of text.split('\n')) {
    if (!line.includes('"sms"')) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; sms?: Partial<SentSms> };
      const { phone, useFor, purpose, code } = entry.sms ?? {};
      if (entry.msg === 'SMS' && phone && typeof useFor === 'number' && purpose && code) sent.push({ phone, useFor, purpose, code });
    } catch {
      // a line cut short while being written: read it on the next poll
    }
  }
  return sent;
}
