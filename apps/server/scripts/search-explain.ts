/**
 * Runs SQL statements against a dump from search-dump.ts and prints their
 * results (EXPLAIN ANALYZE plans) and timings; each statement runs `--repeat`
 * times (default 3) and the best time is shown; one starting with '!' runs once.
 * Usage: npx tsx apps/server/scripts/search-explain.ts DUMP.tar.gz "SQL" ["SQL" …] [--repeat=5]
 */
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';

const args = process.argv.slice(2);
const repeat = Number(args.find((a) => a.startsWith('--repeat='))?.slice(9) ?? 3);
const [dumpFile, ...statements] = args.filter((a) => !a.startsWith('--'));
if (!dumpFile) throw new Error('usage: search-explain.ts DUMP "SQL" …');
const client = new PGlite({ loadDataDir: new Blob([await readFile(dumpFile)]) });
await client.waitReady;
for (const s of statements) {
  // A statement starting with '!' (DDL, settings) runs once.
  const once = s.startsWith('!');
  let best = Infinity;
  let rows: unknown[] = [];
  for (let i = 0; i < (once ? 1 : repeat); i++) {
    const t0 = performance.now();
    const res = await client.query(once ? s.slice(1) : s);
    best = Math.min(best, performance.now() - t0);
    rows = res.rows;
  }
  console.log(`\n== ${s.replace(/\s+/g, ' ').slice(0, 200)}\n-- best of ${repeat}: ${best.toFixed(1)} ms`);
  for (const r of rows.slice(0, 60)) {
    const values = Object.values(r as object);
    console.log(values.length === 1 ? String(values[0]) : JSON.stringify(r));
  }
}
await client.close();
