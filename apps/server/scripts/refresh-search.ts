/**
 * Rewrites every device_search row from its item (ADR 0004), e.g. after the
 * search text rule changed (migration 0004 dropped the type name from it).
 * Uses the server's database (DATABASE_URL, or the PGlite in DATA_DIR).
 * Usage: npx tsx apps/server/scripts/refresh-search.ts
 */
import { asc } from 'drizzle-orm';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { device } from '../src/db/schema.ts';
import { refreshDeviceSearch } from '../src/modules/catalog/catalog-search.repository.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await database.migrate();
  const ids = (await database.db.select({ id: device.id }).from(device).orderBy(asc(device.id))).map((r) => r.id);
  await refreshDeviceSearch(database.db, ids);
  console.log(`refreshed ${ids.length} items`);
} finally {
  await database.close();
}
