/**
 * npm run test:cluster: the shop run the way production runs it — its own
 * PostgreSQL and Redis on ports of their own, N production processes behind
 * nginx with deploy/nginx/yance.conf — under a bounded load, through five
 * faults and one backup. Each scenario ends with the ledger's reconciliation.
 * Prints a table per scenario and a vitest-style "Tests" line; exits 1 when an
 * expectation is not met. Everything it starts is stopped and its temp dir
 * removed at the end, also on failure or Ctrl-C.
 *
 *   CLUSTER_SKIP_BUILD=1   do not run npm run build first (already built)
 *   CLUSTER_RATE=40        requests per second of the load, all clients together
 *   CLUSTER_ONLY=a,c       run only these scenarios (a b c d backup e)
 *   CLUSTER_KEEP=1         keep the temp dir (logs, nginx access log) for a look
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppProcess, MIGRATE_ARGS, newSecrets, productionEnv, type Shared } from './app.ts';
import { DEMO_CUSTOMER, loadFixtures, login } from './fixtures.ts';
import { Load } from './load.ts';
import { Nginx, nginxBinary } from './nginx.ts';
import { Postgres } from './postgres.ts';
import { freePort, killAllChildren, run, tail } from './procs.ts';
import { RedisServer } from './redis.ts';
import { printScenario, printSummary, ScenarioResult } from './report.ts';
import type { Cluster } from './scenarios.ts';
import { backupRestore, emptyDatabase } from './scenarios-database.ts';
import { deployOne, killOne } from './scenarios-processes.ts';
import { restartPostgres, stopRedis } from './scenarios-services.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** App processes behind nginx (deploy/nginx/yance.conf lists as many). */
const INSTANCES = 2;
const CUSTOMERS = 16;
const ORDERS_EACH = 400;
const RATE = Number(process.env.CLUSTER_RATE ?? 40);
const ONLY = process.env.CLUSTER_ONLY?.split(',').map((s) => s.trim());
/** The whole run's limit; it normally takes a few minutes. */
const HARD_LIMIT_MS = 15 * 60_000;

const log = (s: string) => console.log(s);
const startedAt = Date.now();
const tmp = mkdtempSync(path.join(tmpdir(), 'yance-cluster-'));
// PostgreSQL runs as the postgres user when we are root: it must be able to reach its dir inside.
chmodSync(tmp, 0o755);
const logDir = path.join(tmp, 'logs');
mkdirSync(logDir);

let pg: Postgres | undefined;
let cleaned = false;
/** Stops everything this run started and removes its temp dir; safe to call twice. */
function cleanup(): void {
  if (cleaned) return;
  cleaned = true;
  killAllChildren();
  pg?.stop();
  if (process.env.CLUSTER_KEEP === '1') log(`cluster: kept ${tmp}`);
  else rmSync(tmp, { recursive: true, force: true });
}
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => {
    log(`\ncluster: ${signal}, stopping everything`);
    cleanup();
    process.exit(130);
  });
const watchdog = setTimeout(() => {
  console.error(`cluster: over ${HARD_LIMIT_MS / 60_000} minutes, giving up`);
  process.exit(2);
}, HARD_LIMIT_MS);
watchdog.unref();

function build(): void {
  if (process.env.CLUSTER_SKIP_BUILD === '1') {
    log('build: skipped (CLUSTER_SKIP_BUILD=1)');
    return;
  }
  log('build: npm run build …');
  const r = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`npm run build failed (${r.status ?? r.signal})`);
}

async function setUp(): Promise<Cluster> {
  nginxBinary();
  build();
  const [pgPort, redisPort, nginxPort, fixturePort, ...appPorts] = await Promise.all(
    Array.from({ length: 4 + INSTANCES }, () => freePort()),
  );
  log(`ports: PostgreSQL ${pgPort}, Redis ${redisPort}, nginx ${nginxPort}, app ${appPorts.join(', ')}; temp ${tmp}`);
  pg = new Postgres(path.join(tmp, 'pg'), pgPort!);
  await pg.init();
  const database = 'yance';
  await pg.createDatabase(database);
  log(`PostgreSQL up (${pg.bin})`);
  const redis = new RedisServer(tmp, redisPort!);
  await redis.start();
  log('redis-server up (append-only file)');
  const dataDir = path.join(tmp, 'data');
  mkdirSync(dataDir);
  const shared: Shared = {
    repoRoot,
    logDir,
    databaseUrl: pg.url(database),
    redisUrl: redis.url,
    dataDir,
    publicUrl: `http://127.0.0.1:${nginxPort}`,
  };
  const secrets = newSecrets();
  log('fixtures: one development run with SEED_DEMO=true …');
  const customers = await loadFixtures({
    shared,
    secrets,
    pg,
    database,
    port: fixturePort!,
    customers: CUSTOMERS,
    ordersEach: ORDERS_EACH,
    log,
  });

  // As yance-migrate.service, then yance@.service (MIGRATE_ON_START=false: the migrate step has run).
  const env = productionEnv(shared, secrets);
  const migrated = run(process.execPath, MIGRATE_ARGS, { env, cwd: repoRoot }).trim();
  log(`migrate step: node ${MIGRATE_ARGS.join(' ')} → ${migrated.split('\n').at(-1)}`);
  const apps = appPorts.map((port, i) => new AppProcess(`app-${i + 1}`, port, { ...env, MIGRATE_ON_START: 'false' }, shared));
  const t0 = Date.now();
  for (const a of apps) a.start();
  await Promise.all(apps.map((a) => a.waitReady(150_000)));
  log(
    `${INSTANCES} production processes ready in ${Date.now() - t0} ms (/readyz 200; ${apps.map((a) => `${a.name} pid ${a.pid}`).join(', ')})`,
  );

  const nginx = new Nginx(tmp, repoRoot, nginxPort!);
  nginx.configure(appPorts);
  await nginx.start();
  const baseUrl = `http://127.0.0.1:${nginxPort}`;
  log(`nginx up with ${path.relative(repoRoot, path.join(repoRoot, 'deploy/nginx/yance.conf'))} at ${baseUrl}`);
  await checkEdge(baseUrl);
  const probeToken = await login(baseUrl, DEMO_CUSTOMER);
  const tokens = [];
  for (const c of customers) tokens.push(await login(baseUrl, c.phone));
  const load = new Load(baseUrl, customers, tokens, RATE);
  return { repoRoot, tmp, shared, secrets, pg, database, redis, nginx, apps, customers, load, baseUrl, probeToken, log };
}

/** What the nginx site promises a browser: the rendered page, a year's cache for hashed assets, gzip. */
async function checkEdge(baseUrl: string): Promise<void> {
  const page = await fetch(`${baseUrl}/`, { headers: { accept: 'text/html' } });
  const html = await page.text();
  if (page.status !== 200 || !html.includes('id="server-state"'))
    throw new Error(`GET / through nginx: ${page.status}, not the rendered page`);
  const asset = /\/assets\/[^"']+\.js/.exec(html)?.[0];
  if (!asset) throw new Error('the rendered page names no /assets/ script');
  const res = await fetch(`${baseUrl}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
  await res.arrayBuffer();
  const cache = res.headers.get('cache-control') ?? '';
  if (res.status !== 200 || !cache.includes('max-age=31536000') || !cache.includes('immutable'))
    throw new Error(`GET ${asset} through nginx: ${res.status}, cache-control "${cache}"`);
  // fetch decompresses; a raw request shows the encoding.
  const encoding = res.headers.get('content-encoding');
  if (!encoding) throw new Error(`GET ${asset} through nginx with Accept-Encoding: gzip came back uncompressed`);
  log(`edge: GET / rendered, ${asset} cached for a year (${cache}), ${encoding}`);
}

async function main(): Promise<number> {
  const results: ScenarioResult[] = [];
  let cluster: Cluster;
  try {
    cluster = await setUp();
  } catch (e) {
    const r = new ScenarioResult('setup', 'start the cluster');
    r.error = e instanceof Error ? e.message : String(e);
    printScenario(r, log);
    printLogs();
    printSummary([r], Date.now() - startedAt, log);
    return 1;
  }
  const scenarios: [string, string, (c: Cluster, r: ScenarioResult) => Promise<void>][] = [
    ['a', 'SIGKILL one process', killOne],
    ['b', 'restart PostgreSQL', restartPostgres],
    ['c', 'Redis down for 20 s', stopRedis],
    ['d', 'deploy one process (out of nginx, SIGTERM)', deployOne],
    ['backup', 'pg_dump under load, pg_restore', backupRestore],
    ['e', 'two processes, empty database', emptyDatabase],
  ];
  for (const [id, title, scenario] of scenarios) {
    if (ONLY && !ONLY.includes(id)) continue;
    const r = new ScenarioResult(id, title);
    log(`\n${id}. ${title} …`);
    try {
      await scenario(cluster, r);
    } catch (e) {
      r.error = e instanceof Error ? e.message : String(e);
      await cluster.load.stop();
    }
    r.ms = Date.now() - r.started;
    printScenario(r, log);
    if (!r.passed) printLogs();
    results.push(r);
  }
  printSummary(results, Date.now() - startedAt, log);
  return results.every((r) => r.passed) ? 0 : 1;
}

/** The last lines of every process's log, after a failure. */
function printLogs(): void {
  for (const file of ['app-1.log', 'app-2.log', 'fresh-1.log', 'fresh-2.log', 'fixtures-dev.log', 'redis.log']) {
    const text = tail(path.join(logDir, file), 6);
    if (text) log(`\n    ${file} (last lines):\n${text.replace(/^/gm, '      ')}`);
  }
  const pgLog = pg?.logTail(8);
  if (pgLog) log(`\n    postgres.log (last lines):\n${pgLog.replace(/^/gm, '      ')}`);
  const nginxErrors = tail(path.join(tmp, 'nginx', 'error.log'), 8);
  if (nginxErrors) log(`\n    nginx error.log (last lines):\n${nginxErrors.replace(/^/gm, '      ')}`);
}

main()
  .then((code) => {
    cleanup();
    process.exit(code);
  })
  .catch((e: unknown) => {
    console.error(e);
    cleanup();
    process.exit(1);
  });
