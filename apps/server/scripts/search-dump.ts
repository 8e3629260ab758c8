/**
 * Builds the official bench's search catalogue (scripts/bench/search.ts: the
 * demo seed filled to N items from name variants, then ANALYZE) in a PGlite
 * and writes its data directory as a gzip dump, so EXPLAIN ANALYZE runs can
 * start in seconds: npx tsx apps/server/scripts/search-explain.ts DUMP "SQL".
 * Usage: npx tsx apps/server/scripts/search-dump.ts OUT.tar.gz [N=100000] [--no-analyze]
 */
import { writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { asFen } from '@yance/contracts/money';
import { fromPglite } from '../src/db/client.ts';
import { device } from '../src/db/schema.ts';
import { seedIfEmpty } from '../src/db/seed/seed.ts';
import { insertDevices, type NewDevice } from '../src/modules/catalog/catalog-search.repository.ts';

const [out, nArg] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (!out) throw new Error('usage: search-dump.ts OUT.tar.gz [N]');
const n = Number(nArg ?? 100_000);
const analyze = !process.argv.includes('--no-analyze');

// Same generator as scripts/bench/search.ts (kept in step by hand).
const PREFIXES = ['', '高分辨', '原位', '变温', '低温', '高温', '微区', '快速', '常规', '精细', '定量', '半定量'];
const SUFFIXES = ['', '（粉末）', '（薄膜）', '（块体）', '（液体）', '测试', '分析', '表征', '（加急）', '（含报告）', '（单点）', '（面扫）'];
const MODELS = ['', 'Bruker', 'Rigaku', 'Thermo', 'Agilent', 'Shimadzu', 'Hitachi', 'Zeiss', 'JEOL', 'Malvern', 'Netzsch'];
type DeviceRow = typeof device.$inferSelect;
function generated(i: number, base: DeviceRow): NewDevice {
  const prefix = PREFIXES[i % PREFIXES.length]!;
  const suffix = SUFFIXES[Math.floor(i / PREFIXES.length) % SUFFIXES.length]!;
  const model = MODELS[Math.floor(i / 7) % MODELS.length]!;
  const name = `${prefix}${base.name}${suffix}${model ? ` ${model}` : ''}`.slice(0, 60);
  const alias = base.alias.length > 0 ? [...base.alias, `${base.alias[0]}-${(i % 97) + 1}`] : [];
  const { id: _id, createdAt: _c, ...rest } = base;
  return { ...rest, rid: `BN${String(i).padStart(7, '0')}`, name, alias, priceFen: asFen(base.priceFen + (i % 50) * 100), orderCount: (i * 7919) % 5000, discountLabel: null, hotRank: null, onShelf: true };
}

const client = new PGlite();
const database = fromPglite(client);
await database.migrate();
await seedIfEmpty(database.db);
const bases = await database.db.select().from(device);
const t0 = Date.now();
for (let start = bases.length; start < n; start += 1000) {
  const rows: NewDevice[] = [];
  for (let i = start; i < Math.min(n, start + 1000); i++) rows.push(generated(i, bases[i % bases.length]!));
  await insertDevices(database.db, rows);
}
if (analyze) await database.db.execute(sql`analyze`);
console.log(`filled to ${n} items in ${((Date.now() - t0) / 1000).toFixed(1)} s${analyze ? ', analyzed' : ''}`);
const dump = await client.dumpDataDir('gzip');
await writeFile(out, Buffer.from(await dump.arrayBuffer()));
await database.close();
console.log(`wrote ${out}`);
