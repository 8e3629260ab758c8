import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { seedIfEmpty } from './db/seed/seed.ts';
import { StartupError } from './lib/startup-error.ts';

// One process of the shop (ADR 0057): compiled to dist/server.js and started with `node`, so it receives its own
// signals. It listens only once it can serve — migrated, connected, its first page rendered — and on SIGTERM it
// drains before it exits, so a proxy in front never sends a request to a process that cannot answer it.

function configOrExit() {
  try {
    return loadConfig();
  } catch (error) {
    // One clear line, no stack: the operator fixes the environment and starts again.
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const config = configOrExit();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
if (config.MIGRATE_ON_START) {
  await database.migrate();
} else {
  // A deploy that runs `migrate` as its own step: wait for it rather than serve a schema this code does not know.
  for (let pending = await database.pendingMigrations(); pending > 0; pending = await database.pendingMigrations()) {
    console.error(`waiting for ${pending} migration(s): run \`node apps/server/dist/migrate.js\` (MIGRATE_ON_START=false)`);
    await sleep(2000);
  }
}
const seeded = config.SEED_DEMO && (await seedIfEmpty(database.db, { staffPassword: config.DEMO_STAFF_PASSWORD }));

const app = await buildApp({ config, database, ...(seeded ? { demoOrders: { password: config.DEMO_STAFF_PASSWORD } } : {}) });
if (seeded) app.log.info('demo data loaded into the empty database (SEED_DEMO=true)');
try {
  await app.ready();
} catch (error) {
  if (!(error instanceof StartupError)) throw error;
  // One clear line, as for the environment: the bucket is missing, refuses our key or does not answer.
  console.error(error.message);
  await database.close();
  process.exit(1);
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal} received: draining`);
  // The worker takes no new job; the ones running finish (app.close waits for them too).
  const jobsStopped = app.jobs.stop();
  await app.lifecycle.drain({
    graceMs: config.SHUTDOWN_GRACE_MS,
    quietMs: config.SHUTDOWN_QUIET_MS,
    readyzMs: config.SHUTDOWN_DRAIN_MS,
  });
  await jobsStopped;
  await app.close();
  await database.close();
  app.log.info('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// Warm before listening: the first render loads the page renderer (a second or more on a busy machine) — a visitor
// must not wait for that, and the proxy must not send traffic before it is done.
const started = Date.now();
for (const url of ['/', '/api/open/web/index']) {
  const res = await app.inject({ method: 'GET', url });
  if (res.statusCode >= 500) app.log.warn({ url, status: res.statusCode }, 'warm-up request failed');
}
await app.listen({ port: config.PORT, host: config.HOST });
app.lifecycle.markServing();
// After listen: the worker sends queued SMS and runs the purge; shutdown waits for it, then the database closes.
app.jobs.start();
app.log.info(
  `研测 running at http://localhost:${config.PORT} (${database.kind}; warmed in ${Date.now() - started} ms, pid ${process.pid})`,
);
