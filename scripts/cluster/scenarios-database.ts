// The online backup restored into a scratch database, and scenario e: two processes
// started together on an empty database.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AppProcess, productionEnv } from './app.ts';
import { reconcile } from './ledger.ts';
import { freePort } from './procs.ts';
import type { ScenarioResult } from './report.ts';
import { ensureUp, finish, loadUntil, WARM, type Cluster } from './scenarios.ts';

export async function backupRestore(c: Cluster, r: ScenarioResult): Promise<void> {
  await ensureUp(c, r);
  const first = c.load.mark();
  const t0 = Date.now();
  c.load.start();
  await loadUntil(c, t0, WARM, 'before the backup');
  const [before] = await c.pg.query<{ n: number }>(c.database, 'select count(*)::int as n from ledger_entry');
  const file = path.join(c.tmp, 'yance.dump');
  const dumpAt = Date.now();
  await c.pg.dump(c.database, file);
  r.note(`pg_dump -Fc under load: ${Date.now() - dumpAt} ms`);
  await finish(c, r, first);
  const scratch = 'yance_restored';
  await c.pg.createDatabase(scratch);
  const restoreAt = Date.now();
  await c.pg.restore(file, scratch);
  r.note(`pg_restore into ${scratch}: ${Date.now() - restoreAt} ms`);
  const [restored] = await c.pg.query<{ n: number }>(scratch, 'select count(*)::int as n from ledger_entry');
  r.expect(
    (restored?.n ?? 0) >= (before?.n ?? 1),
    `the restored ledger has every entry made before the dump began (${restored?.n} ≥ ${before?.n})`,
  );
  const check = await reconcile(
    c.pg.url(scratch),
    c.customers.map((x) => x.userId),
  );
  for (const p of check.problems) r.note(`restored: ✗ ${p}`);
  r.expect(check.ok, `the restored copy reconciles too (${check.summary})`);
}

export async function emptyDatabase(c: Cluster, r: ScenarioResult): Promise<void> {
  await ensureUp(c, r);
  const first = c.load.mark();
  const t0 = Date.now();
  c.load.start();
  await loadUntil(c, t0, WARM, 'on the main cluster meanwhile');
  const fresh = 'yance_fresh';
  await c.pg.createDatabase(fresh);
  const shared = { ...c.shared, databaseUrl: c.pg.url(fresh) };
  const env = productionEnv(shared, c.secrets);
  const apps = [new AppProcess('fresh-1', await freePort(), env, shared), new AppProcess('fresh-2', await freePort(), env, shared)];
  const startAt = Date.now();
  for (const a of apps) a.start();
  try {
    const ready = await Promise.allSettled(apps.map((a) => a.waitReady(150_000).then(() => Date.now() - startAt)));
    ready.forEach((x, i) =>
      r.note(
        `${apps[i]!.name}: ${x.status === 'fulfilled' ? `/readyz 200 after ${x.value} ms` : `not ready: ${String(x.reason).slice(0, 600)}`}`,
      ),
    );
    r.expect(
      ready.every((x) => x.status === 'fulfilled'),
      'both processes started together on an empty database come up (/readyz 200)',
    );
    const journal = JSON.parse(readFileSync(path.join(c.repoRoot, 'apps/server/src/db/migrations/meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const applied = await c.pg
      .query<{ n: number }>(fresh, 'select count(*)::int as n from drizzle.__drizzle_migrations')
      .then((x) => x[0]?.n ?? 0)
      .catch(() => 0);
    r.expect(applied === journal.entries.length, `every migration applied once (${applied} of ${journal.entries.length})`);
  } finally {
    for (const a of apps) {
      const how = await a.stop('SIGTERM');
      r.note(`${a.name} stopped: ${how}`);
    }
  }
  await finish(c, r, first);
}
