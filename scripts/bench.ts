/**
 * npm run bench: measures the figures of spec §9's budgets side by side in one
 * run and writes docs/benchmarks.md. Only loopback traffic; temp dirs and the
 * server child process are removed at the end. Exits 1 when a budget fails.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpoints } from '@yance/contracts/endpoints';
import { envelope } from '@yance/contracts/envelope';
import { urlOf } from '@yance/contracts/routes';
import { homeInitialJs, homeLcp, launch } from './bench/browser.ts';
import { machineNote, renderTable, writeReport, type Row } from './bench/report.ts';
import { searchOnPglite, searchOnPostgres, type SearchLatency } from './bench/search.ts';
import { startServerProcess, type ServerProcess } from './bench/server.ts';
import { kB, round } from './bench/stats.ts';
import { callOf, measureSideBySide } from './bench/throughput.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const HARD_LIMIT_MS = 5 * 60_000;
/** BENCH_ONLY=search|web runs one half for investigation; the report is then not written. */
const ONLY = process.env.BENCH_ONLY;

const log = (s: string) => console.log(s);
const started = Date.now();
const watchdog = setTimeout(() => {
  console.error('bench: over 5 minutes, giving up');
  process.exit(2);
}, HARD_LIMIT_MS);
watchdog.unref();

const rows: Row[] = [];
const details: string[] = [];
let server: ServerProcess | undefined;
let chromiumVersion = 'Chromium';

async function browserFigures(baseUrl: string) {
  const browser = await launch();
  chromiumVersion = `Chromium ${browser.version()}`;
  try {
    log('home initial JS …');
    const js = await homeInitialJs(browser, baseUrl);
    log(`  ${js.files.length} scripts, ${kB(js.rawBytes)} raw, ${kB(js.gzipBytes)} gzip`);
    rows.push({ figure: 'Home initial JS (gzip)', value: kB(js.gzipBytes), budget: '≤ 250 kB', pass: js.gzipBytes <= 250 * 1024 });
    details.push(`### Home initial JS\n\n${js.files.length} scripts, ${kB(js.rawBytes)} raw, ${kB(js.gzipBytes)} gzip.\n`);
    details.push('| Script | Raw | Gzip |\n|---|---|---|');
    for (const f of js.files) details.push(`| \`${f.url}\` | ${kB(f.raw)} | ${kB(f.gzip)} |`);
    details.push('');

    log('home LCP at 4× CPU slowdown …');
    const lcp = await homeLcp(browser, baseUrl, 5, 4);
    log(`  runs ${lcp.runsMs.join(', ')} ms → median ${lcp.medianMs} ms (${lcp.element})`);
    rows.push({
      figure: 'Home LCP, 4× CPU slowdown (median of 5)',
      value: `${round(lcp.medianMs / 1000, 2)} s`,
      budget: '≤ 2.5 s',
      pass: lcp.medianMs <= 2500,
    });
    details.push(`### Home LCP\n\nRuns: ${lcp.runsMs.join(', ')} ms; LCP element \`${lcp.element}\`.\n`);
  } finally {
    await browser.close();
  }
}

async function throughputFigures(baseUrl: string) {
  // Make sure both calls answer what their contracts say before loading them.
  for (const e of [endpoints.ping, endpoints.home]) {
    const res = await fetch(`${baseUrl}${urlOf(e)}`, { method: e.method });
    const body = envelope(e.response).safeParse(await res.json());
    if (res.status !== 200 || !body.success)
      throw new Error(`${callOf(e)} does not answer its contract's success envelope (${res.status})`);
  }
  const opts = { seconds: 6, warmup: 1, connections: 10, rounds: 3 };
  log(
    `API throughput (${opts.connections} connections, ${opts.seconds} s each in ${opts.rounds} alternating slices, after ${opts.warmup} s warm-up) …`,
  );
  const [ping, index] = await measureSideBySide(baseUrl, [endpoints.ping, endpoints.home], opts);
  if (!ping || !index) throw new Error('throughput run returned no figures');
  for (const t of [ping, index]) {
    log(
      `  ${t.call}: ${round(t.rps, 0)} req/s, p99 ${t.p99Ms} ms, ${t.requests} requests of ${round(t.bytesPerResponse, 0)} B, non-2xx ${t.non2xx}, errors ${t.errors}`,
    );
    if (t.non2xx > 0 || t.errors > 0) throw new Error(`${t.call} answered ${t.non2xx} non-2xx and ${t.errors} errors under load`);
  }
  const ratio = index.rps / ping.rps;
  log(`  ratio index/ping = ${round(ratio, 2)}`);
  rows.push({
    figure: `${index.call} req/s ÷ ${ping.call} req/s`,
    value: `${round(ratio, 2)} (${round(index.rps, 0)} / ${round(ping.rps, 0)})`,
    budget: '≥ 0.5',
    pass: ratio >= 0.5,
  });
  details.push(
    `### API throughput\n\n| Call | req/s | p99 latency | requests | bytes per response |\n|---|---|---|---|---|`,
    ...[ping, index].map((t) => `| \`${t.call}\` | ${round(t.rps, 0)} | ${t.p99Ms} ms | ${t.requests} | ${round(t.bytesPerResponse, 0)} |`),
    '',
  );
}

function searchRow(s: SearchLatency) {
  const where = s.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  log(`  ${where}: ${s.queries} queries, p50 ${s.p50} ms, p95 ${s.p95} ms, max ${s.max} ms`);
  rows.push({
    figure: `device/search p95 at ${s.items.toLocaleString('en')} items (${where})`,
    value: `${s.p95} ms (p50 ${s.p50}, max ${s.max})`,
    budget: '< 50 ms',
    pass: s.p95 < 50,
  });
  details.push(
    `### device/search on ${where}\n\n${s.queries} queries over ${s.items} items: p50 ${s.p50} ms, p95 ${s.p95} ms, max ${s.max} ms. Sample of hits:\n`,
    '| Query | Total |\n|---|---|',
    ...s.sample.map((q) => `| \`${q.query}\` | ${q.total} |`),
    '',
    'Slowest queries (median of their repeats):\n',
    '| Query | Total | Median |\n|---|---|---|',
    ...s.slowest.map((q) => `| \`${q.query}\` | ${q.total} | ${q.medianMs} ms |`),
    '',
  );
  for (const q of s.slowest.slice(0, 5)) log(`    slow: ${q.query} → ${q.total} hits, ${q.medianMs} ms`);
  const g = s.suggest;
  log(`  suggest: ${g.queries} keystrokes, p50 ${g.p50} ms, p95 ${g.p95} ms, max ${g.max} ms`);
  rows.push({
    figure: `device/suggest p95 at ${s.items.toLocaleString('en')} items (${where})`,
    value: `${g.p95} ms (p50 ${g.p50}, max ${g.max})`,
    budget: '≤ 50 ms',
    pass: g.p95 <= 50,
  });
  details.push(
    `### device/suggest on ${where}\n\n${g.queries} keystrokes (x, xr, xrd, 扫, 扫描 … bet比, xrd测, 核磁氢, zzqq; size 8) after one warm-up round: p50 ${g.p50} ms, p95 ${g.p95} ms, max ${g.max} ms.\n`,
  );
}

async function main() {
  if (ONLY !== 'search') {
    log('starting server child process …');
    server = await startServerProcess(repoRoot);
    log(`  ${server.baseUrl}`);
    await browserFigures(server.baseUrl);
    await throughputFigures(server.baseUrl);
    await server.stop();
    server = undefined;
  }
  if (ONLY !== 'web') {
    log(`device/search at ${ITEMS} items (PGlite) …`);
    searchRow(await searchOnPglite(ITEMS, log));
  }
  if (process.env.DATABASE_URL && ONLY !== 'web') {
    log(`device/search at ${ITEMS} items (PostgreSQL) …`);
    searchRow(await searchOnPostgres(process.env.DATABASE_URL, ITEMS, log));
  }

  const seconds = Math.round((Date.now() - started) / 1000);
  if (ONLY) {
    log(`\n${renderTable(rows)}\n\nBENCH_ONLY=${ONLY}: docs/benchmarks.md not written (${seconds} s)`);
    return rows.every((r) => r.pass !== false);
  }
  const date = new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  await writeReport(path.join(repoRoot, 'docs/benchmarks.md'), { date, machine: machineNote(chromiumVersion), seconds, rows, details });
  log(`\n${renderTable(rows)}\n\nwritten docs/benchmarks.md (${seconds} s)`);
  return rows.every((r) => r.pass !== false);
}

main()
  .then((ok) => {
    process.exitCode = ok ? 0 : 1;
  })
  .catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(async () => {
    await server?.stop();
    clearTimeout(watchdog);
  });
