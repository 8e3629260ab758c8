import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { setting } from '../../db/schema.ts';

/** Reads settings by key; values are stored as JSON. */
export async function findSettings(db: Executor, keys: readonly string[]): Promise<Map<string, unknown>> {
  const rows = await db
    .select({ key: setting.key, value: setting.value })
    .from(setting)
    .where(inArray(setting.key, [...keys]));
  return new Map(rows.map((r) => [r.key, r.value]));
}
