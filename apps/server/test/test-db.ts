import type pg from 'pg';

/** What the global setup hands to every test file: where the migrated, seeded database is. */
export type TestDbInfo = { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; url: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: TestDbInfo;
  }
}

/** The same server URL pointing at another database. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Drops a scratch database once the pools that used it have gone. FORCE on a
 * connection that is still ending surfaces as an unhandled 57P01, so it first
 * waits (up to two seconds) for the database to have no connections left.
 */
export async function dropWhenIdle(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows[0]?.n === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
