// `npm run db:migrate -w @yance/server`: applies the migrations to DATABASE_URL, or to the embedded
// PGlite in DATA_DIR, and exits. The server migrates at start too; this is for a deploy step before it,
// and for the e2e run, which migrates one template database and copies it for every server it starts.
import { loadConfig } from '../config/env.ts';
import { openDatabase } from './client.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await database.migrate();
  console.log(`migrations applied (${database.kind})`);
} finally {
  await database.close();
}
