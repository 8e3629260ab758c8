import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { seedIfEmpty } from './db/seed/seed.ts';
import { StartupError } from './lib/startup-error.ts';

function configOrExit() {
  try {
    return loadConfig();
  } catch (error) {
    // One clear line, no stack: the operator fixes the environment and starts again.
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

const config = configOrExit();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate();
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

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received, shutting down`);
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
// After listen: the worker sends queued SMS and runs the purge; app.close() (shutdown) waits for it, then the database closes.
app.jobs.start();
app.log.info(`研测 running at http://localhost:${config.PORT} (${database.kind})`);
