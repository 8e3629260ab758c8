import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { asFen } from '@yance/contracts/money';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { device, typeChild } from '../../apps/server/src/db/schema.ts';
import { seedIfEmpty } from '../../apps/server/src/db/seed/seed.ts';
import { insertDevices, type NewDevice } from '../../apps/server/src/modules/catalog/index.ts';
import { consoleLatency, type ConsoleLatency } from './console.ts';
import { orderLatency, type OrderLatency } from './orders.ts';
import { percentile, round, timed } from './stats.ts';
import { routes, urlOf } from '@yance/contracts/routes';

type DeviceRow = typeof device.$inferSelect;

const PREFIXES = ['', '高分辨', '原位', '变温', '低温', '高温', '微区', '快速', '常规', '精细', '定量', '半定量'];
const SUFFIXES = [
  '',
  '（粉末）',
  '（薄膜）',
  '（块体）',
  '（液体）',
  '测试',
  '分析',
  '表征',
  '（加急）',
  '（含报告）',
  '（单点）',
  '（面扫）',
];
const MODELS = ['', 'Bruker', 'Rigaku', 'Thermo', 'Agilent', 'Shimadzu', 'Hitachi', 'Zeiss', 'JEOL', 'Malvern', 'Netzsch'];

/**
 * Item i of the generated catalogue, built from a seeded item and name
 * variants. Its search columns are written by the server's own insertDevices
 * (through search-grams.ts), exactly as for real items.
 */
function generated(i: number, base: DeviceRow): NewDevice {
  const prefix = PREFIXES[i % PREFIXES.length]!;
  const suffix = SUFFIXES[Math.floor(i / PREFIXES.length) % SUFFIXES.length]!;
  const model = MODELS[Math.floor(i / 7) % MODELS.length]!;
  const name = `${prefix}${base.name}${suffix}${model ? ` ${model}` : ''}`.slice(0, 60);
  const alias = base.alias.length > 0 ? [...base.alias, `${base.alias[0]}-${(i % 97) + 1}`] : [];
  return {
    rid: `BN${String(i).padStart(7, '0')}`,
    name,
    alias,
    typeId: base.typeId,
    childId: base.childId,
    img: base.img,
    sketch: base.sketch,
    description: base.description,
    sampleRequirement: base.sampleRequirement,
    instrument: base.instrument,
    options: base.options,
    priceFen: asFen(base.priceFen + (i % 50) * 100),
    unit: base.unit,
    turnaroundDays: base.turnaroundDays,
    orderCount: (i * 7919) % 5000,
    discountLabel: null,
    hotRank: null,
    onShelf: true,
  };
}

/**
 * The bench's catalogue on a fresh database: migrates, seeds, fills the device
 * table up to `target` rows in batches and (unless told not to) analyzes;
 * returns the seeded rows used as bases. apps/server/scripts/search-dump.ts
 * dumps the same catalogue.
 */
export async function fill(database: Database, target: number, log: (s: string) => void, { analyze = true } = {}) {
  const { db } = database;
  await database.migrate();
  await seedIfEmpty(db);
  const bases = await db.select().from(device);
  if (bases.length === 0) throw new Error('the seed has no catalogue items to vary');
  const children = new Map((await db.select().from(typeChild)).map((c) => [c.id, c.name]));
  const batch = 1_000;
  const { ms } = await timed(async () => {
    for (let start = bases.length; start < target; start += batch) {
      const rows: NewDevice[] = [];
      for (let i = start; i < Math.min(target, start + batch); i++) rows.push(generated(i, bases[i % bases.length]!));
      await insertDevices(db, rows);
    }
  });
  if (analyze) await db.execute(sql`analyze`);
  log(`  filled to ${target} items in ${round(ms / 1000, 1)} s (${bases.length} seeded${analyze ? ', analyzed' : ''})`);
  return { bases, children };
}

/** The keyword mix: names, lower-case aliases, categories, rare and common, with/without type, later pages. */
function queries(bases: DeviceRow[], children: Map<number, string>): string[] {
  const qs: string[] = [];
  const enc = (q: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();
  for (const [n, b] of bases.slice(0, 12).entries()) {
    qs.push(enc({ kw: b.name }));
    qs.push(enc({ kw: b.name, typeId: b.typeId, page: 1 + (n % 3) }));
    if (b.alias[0]) qs.push(enc({ kw: b.alias[0].toLowerCase() }));
    const child = children.get(b.childId);
    if (child) qs.push(enc({ kw: child, page: 2 }));
  }
  // What customers type run together (ADR 0027): mixed scripts, a generic word, a compound.
  for (const kw of ['bet比表面', 'xps分析', '原位 xrd', 'xrd测试', '核磁氢谱', '电镜 分析']) qs.push(enc({ kw }));
  // Common words match most of the catalogue; rare ones a handful or nothing.
  for (const kw of ['测试', '分析', '检测', '高分辨', '原位', '（薄膜）', 'Bruker']) {
    qs.push(enc({ kw }), enc({ kw, page: 5 }), enc({ kw, typeId: 1 }));
  }
  const rare = bases[0]!;
  qs.push(enc({ kw: `原位${rare.name}（薄膜）` }), enc({ kw: '石墨烯量子点荧光寿命' }), enc({ kw: 'zzzz' }), enc({ kw: '热' }));
  qs.push(enc({ typeId: 1 }), enc({ typeId: 2, page: 3 }), enc({}), enc({ sort: 'order', page: 10 }));
  return qs;
}

export interface SearchLatency {
  kind: 'pglite' | 'postgres';
  items: number;
  queries: number;
  p50: number;
  p95: number;
  max: number;
  sample: { query: string; total: number }[];
  /** The slowest queries by their median time. */
  slowest: { query: string; total: number; medianMs: number }[];
  /** device/suggest over keystrokes as typed (ADR 0027). */
  suggest: { queries: number; p50: number; p95: number; max: number };
  /** The console's customer and item lists on the same database (issue 8), when asked for. */
  console?: ConsoleLatency;
  /** order/list, the customer's and the console's, at the orders filled after the customers (issue 9), when asked for. */
  orders?: OrderLatency;
}

/** Keystrokes as customers type them, down to keywords that find nothing. */
const TYPED = ['x', 'xr', 'xrd', '扫', '扫描', '扫描电', '原', '原位', '分析', 'b', 'be', 'bet比', 'xrd测', '核磁氢', 'zzqq'];

/** A query string as a person reads it (kw=in-situ xrd, not kw=in-situ+xrd). */
const readable = (q: string) => [...new URLSearchParams(q)].map(([k, v]) => `${k}=${v}`).join('&') || '(no filter)';

/** Fills the fresh database, then runs the query mix through app.inject against buildApp on it. */
async function measure(
  database: Database,
  dataDir: string,
  items: number,
  log: (s: string) => void,
  customers = 0,
  orders = 0,
): Promise<SearchLatency> {
  const { bases, children } = await fill(database, items, log);
  const config = loadConfig({ ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database });
  await app.ready();
  const mix = queries(bases, children);
  const get = async (q: string) => {
    const res = await app.inject({ method: routes.deviceSearch.method, url: `${urlOf(routes.deviceSearch)}?${q}` });
    const body = res.json<{ code: number; msg: string; data: { total: number } | null }>();
    if (res.statusCode !== 200 || body.code !== 1 || !body.data) throw new Error(`search ${q} failed: ${res.statusCode} ${body.msg}`);
    return body.data.total;
  };
  try {
    for (const q of mix.slice(0, 30)) await get(q);
    const times: number[] = [];
    const sample: SearchLatency['sample'] = [];
    const perQuery = new Map<string, { total: number; ms: number[] }>();
    const rounds = Math.max(1, Math.ceil(240 / mix.length));
    for (let r = 0; r < rounds; r++) {
      for (const q of mix) {
        const { ms, value } = await timed(() => get(q));
        times.push(ms);
        const entry = perQuery.get(q) ?? { total: value, ms: [] };
        entry.ms.push(ms);
        perQuery.set(q, entry);
        if (r === 0 && sample.length < 8 && q.startsWith('kw=')) sample.push({ query: readable(q), total: value });
      }
    }
    const suggestTimes: number[] = [];
    for (let r = 0; r < 8; r++) {
      for (const keyword of TYPED) {
        const url = `${urlOf(routes.deviceSuggest)}?${new URLSearchParams({ keyword, size: '8' })}`;
        const { ms, value: res } = await timed(() => app.inject({ method: routes.deviceSuggest.method, url }));
        if (res.statusCode !== 200) throw new Error(`suggest ${keyword} failed: ${res.statusCode}`);
        if (r > 0) suggestTimes.push(ms);
      }
    }
    const slowest = [...perQuery]
      .map(([q, e]) => ({ query: readable(q), total: e.total, medianMs: round(percentile(e.ms, 50), 1) }))
      .sort((a, b) => b.medianMs - a.medianMs)
      .slice(0, 10);
    const consoleFigures = customers > 0 ? await consoleLatency(app, database, customers, log) : undefined;
    const orderFigures = customers > 0 && orders > 0 ? await orderLatency(app, database, orders, log) : undefined;
    return {
      console: consoleFigures,
      orders: orderFigures,
      kind: database.kind,
      items,
      queries: times.length,
      p50: round(percentile(times, 50), 2),
      p95: round(percentile(times, 95), 2),
      max: round(Math.max(...times), 2),
      sample,
      slowest,
      suggest: {
        queries: suggestTimes.length,
        p50: round(percentile(suggestTimes, 50), 2),
        p95: round(percentile(suggestTimes, 95), 2),
        max: round(Math.max(...suggestTimes), 2),
      },
    };
  } finally {
    await app.close();
  }
}

/** device/search latency on a fresh PGlite filled to `items`. */
export async function searchOnPglite(items: number, log: (s: string) => void, customers = 0, orders = 0): Promise<SearchLatency> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'yance-bench-search-'));
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    return await measure(database, dataDir, items, log, customers, orders);
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Same on PostgreSQL: a throw-away database created next to DATABASE_URL's and dropped afterwards. */
export async function searchOnPostgres(
  url: string,
  items: number,
  log: (s: string) => void,
  customers = 0,
  orders = 0,
): Promise<SearchLatency> {
  const name = `yance_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'yance-bench-pg-'));
  try {
    const database = await openDatabase({ databaseUrl: dbUrl.toString(), dataDir });
    try {
      return await measure(database, dataDir, items, log, customers, orders);
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}
