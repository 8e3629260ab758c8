/**
 * Search latency at scale (ADR 0004): an in-memory PGlite (or DATABASE_URL),
 * the demo seed plus N synthetic items, then p50/p95 per query through the
 * catalogue service. Usage: npx tsx apps/server/scripts/search-bench.ts [N]
 */
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../src/config/env.ts';
import { fromPglite, openDatabase } from '../src/db/client.ts';
import { typeChild } from '../src/db/schema.ts';
import { seedIfEmpty } from '../src/db/seed/seed.ts';
import { syntheticDevices } from '../src/db/seed/bulk-devices.ts';
import { insertDevices } from '../src/modules/catalog/catalog-search.repository.ts';
import { searchCatalog } from '../src/modules/catalog/catalog.service.ts';
import type { DeviceSearchQuery } from '@yance/contracts/catalog';

const n = Number(process.argv[2] ?? 100_000);
const { DATABASE_URL } = loadConfig();
const database = DATABASE_URL ? await openDatabase({ databaseUrl: DATABASE_URL, dataDir: '/tmp' }) : fromPglite(new PGlite());
const { db } = database;
await database.migrate();
await seedIfEmpty(db);
const children = await db.select({ id: typeChild.id, name: typeChild.name }).from(typeChild);
let t0 = Date.now();
const rows = syntheticDevices(n, new Map(children.map((c) => [c.name, c.id])));
for (let i = 0; i < rows.length; i += 10_000) await insertDevices(db, rows.slice(i, i + 10_000));
// No ANALYZE after the load on purpose: the statistics are the seed's (76 items), as on a server filled after start.
console.log(`inserted ${n} items in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

const q = (over: Partial<DeviceSearchQuery>): DeviceSearchQuery => ({
  kw: '',
  page: 1,
  pageSize: 12,
  sort: 'relevance',
  typeId: undefined,
  childId: undefined,
  areaId: undefined,
  ...over,
});
const cases: [string, DeviceSearchQuery][] = [
  ['xrd', q({ kw: 'xrd' })],
  ['X射线衍射', q({ kw: 'X射线衍射' })],
  ['热分析', q({ kw: '热分析' })],
  ['电镜', q({ kw: '电镜' })],
  ['分析 (broad)', q({ kw: '分析' })],
  ['析 (1 char)', q({ kw: '析' })],
  ['sem p5', q({ kw: 'sem', page: 5 })],
  ['拉曼 type1', q({ kw: '拉曼', typeId: 1 })],
  ['dft price', q({ kw: 'dft', sort: 'price_asc' })],
  ['none', q({ kw: 'zzqq不存在' })],
  ['empty kw', q({})],
  ['empty kw p100', q({ page: 100 })],
  ['empty kw child', q({ childId: children[3]!.id })],
  ['area 1', q({ areaId: 1 })],
];
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
const all: number[] = [];
for (const [label, query] of cases) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 30; i++) {
    t0 = performance.now();
    total = (await searchCatalog({ db }, query)).total;
    times.push(performance.now() - t0);
  }
  all.push(...times.slice(5));
  console.log(
    `${label.padEnd(16)} total=${String(total).padStart(6)}  p50=${percentile(times.slice(5), 50).toFixed(1)} ms  p95=${percentile(times.slice(5), 95).toFixed(1)} ms`,
  );
}
console.log(`ALL p95=${percentile(all, 95).toFixed(1)} ms`);
await database.close();
