import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { seedIfEmpty } from './db/seed/seed.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate();
if (config.SEED_DEMO) await seedIfEmpty(database.db);

const app = await buildApp({ config, database });
if (config.NODE_ENV === 'production' && config.CODE_HASH_SECRET.startsWith('yance-dev-')) {
  app.log.warn('CODE_HASH_SECRET is the public development default; set your own secret for production');
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
app.log.info(`研测 running at http://localhost:${config.PORT} (${database.kind})`);
