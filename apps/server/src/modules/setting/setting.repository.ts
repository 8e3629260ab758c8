import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { setting } from '../../db/schema.ts';

/** Reads settings by key; values are stored as JSON. */
export async function findSettings(db: Executor, keys: readonly string[]): Promise<Map<string, unknown>> {
  // One key (a module's own setting, read on hot paths such as the payment's points): prepared once (ADR 0066).
  const rows =
    keys.length === 1
      ? await oneSetting(db).execute({ key: keys[0] })
      : await db
          .select({ key: setting.key, value: setting.value })
          .from(setting)
          .where(inArray(setting.key, [...keys]));
  return new Map(rows.map((r) => [r.key, r.value]));
}

const oneSetting = preparedStatement('setting_by_key', (db, name) =>
  db
    .select({ key: setting.key, value: setting.value })
    .from(setting)
    .where(eq(setting.key, sql.placeholder('key')))
    .prepare(name),
);

/** A setting's stored value, its row locked until the transaction ends; undefined when never saved. */
export async function lockSetting(db: Executor, key: string): Promise<unknown> {
  const [row] = await db.select({ value: setting.value }).from(setting).where(eq(setting.key, key)).for('update');
  return row?.value;
}

/** Writes a setting (insert or replace). */
export async function saveSetting(db: Executor, key: string, value: unknown, now: Date): Promise<void> {
  await db
    .insert(setting)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: setting.key, set: { value, updatedAt: now } });
}

/** Writes a setting only where none is stored yet (so a row exists to lock). */
export async function insertSettingIfMissing(db: Executor, key: string, value: unknown, now: Date): Promise<void> {
  await db.insert(setting).values({ key, value, updatedAt: now }).onConflictDoNothing({ target: setting.key });
}
