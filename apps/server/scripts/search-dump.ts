/**
 * Builds the official bench's search catalogue (scripts/bench/search.ts: the
 * demo seed filled to N items from name variants, then ANALYZE) in a PGlite
 * and writes its data directory as a gzip dump, so EXPLAIN ANALYZE runs can
 * start in seconds: npx tsx apps/server/scripts/search-explain.ts DUMP "SQL".
 * Usage: npx tsx apps/server/scripts/search-dump.ts OUT.tar.gz [N=100000] [--no-analyze]
 */
import { writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { fill } from '../../../scripts/bench/search.ts';
import { fromPglite } from '../src/db/client.ts';

const [out, nArg] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (!out) throw new Error('usage: search-dump.ts OUT.tar.gz [N]');
const n = Number(nArg ?? 100_000);
const analyze = !process.argv.includes('--no-analyze');

const client = new PGlite();
const database = fromPglite(client);
await fill(database, n, console.log, { analyze });
const dump = await client.dumpDataDir('gzip');
await writeFile(out, Buffer.from(await dump.arrayBuffer()));
await database.close();
console.log(`wrote ${out}`);
