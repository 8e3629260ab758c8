/**
 * Search and suggestion latency at scale (ADR 0004, 0027): an in-memory
 * PGlite (or DATABASE_URL), the demo seed plus N synthetic items, then
 * p50/p95 per query through the catalogue services.
 * Usage: npx tsx apps/server/scripts/search-bench.ts [N]
 */
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../src/config/env.ts';
import { fromPglite, openDatabase } from '../src/db/client.ts';
import { typeChild } from '../src/db/schema.ts';
import { seedIfEmpty } from '../src/db/seed/seed.ts';
import { syntheticDevices } from '../src/db/seed/bulk-devices.ts';
import { insertDevices } from '../src/modules/catalog/catalog-search.repository.ts';
import { searchCatalog } from '../src/modules/catalog/keyword-search.service.ts';
import { suggestItems } from '../src/modules/catalog/search-suggest.service.ts';
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
  ['BET比表面 (mixed)', q({ kw: 'BET比表面' })],
  ['xps分析 (mixed)', q({ kw: 'xps分析' })],
  ['原位 xrd', q({ kw: '原位 xrd' })],
  ['XRD测试 (relax)', q({ kw: 'XRD测试' })],
  ['核磁氢谱 (split)', q({ kw: '核磁氢谱' })],
  ['电镜 分析', q({ kw: '电镜 分析' })],
  ['empty kw', q({})],
  ['empty kw p100', q({ page: 100 })],
  ['empty kw child', q({ childId: children[3]!.id })],
  ['area 1', q({ areaId: 1 })],
];
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
/** 30 runs of fn, the first 5 as warm-up; prints the label, what it found and p50/p95 of the other 25. */
async function measure(label: string, fn: () => Promise<number>, all: number[]) {
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < 30; i++) {
    t0 = performance.now();
    found = await fn();
    times.push(performance.now() - t0);
  }
  all.push(...times.slice(5));
  console.log(
    `${label.padEnd(18)} found=${String(found).padStart(6)}  p50=${percentile(times.slice(5), 50).toFixed(1)} ms  p95=${percentile(times.slice(5), 95).toFixed(1)} ms`,
  );
}
const all: number[] = [];
for (const [label, query] of cases) await measure(label, async () => (await searchCatalog({ db }, query)).total, all);
console.log(`ALL search p95=${percentile(all, 95).toFixed(1)} ms`);

// Suggestions as a customer types, one keystroke at a time, down to a keyword with no hit.
const typed = ['x', 'xr', 'xrd', '扫', '扫描', '扫描电', '原', '原位', '分析', 'b', 'bet比', 'xrd测', '核磁氢', 'zzqq'];
const suggestTimes: number[] = [];
for (const keyword of typed)
  await measure(`suggest ${keyword}`, async () => (await suggestItems({ db }, { keyword, size: 8 })).length, suggestTimes);
console.log(`ALL suggest p95=${percentile(suggestTimes, 95).toFixed(1)} ms`);
await database.close();
