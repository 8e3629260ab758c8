/**
 * npm run bench: measures the figures of spec §9's budgets side by side in one
 * run and writes docs/benchmarks.md. Only loopback traffic; temp dirs and the
 * server child process are removed at the end. Exits 1 when a budget fails.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpoints } from '@yance/contracts/endpoints';
import { envelope } from '@yance/contracts/envelope';
import { urlOf } from '@yance/contracts/routes';
import { homeInitialJs, launch } from './bench/browser.ts';
import { homeModules } from './bench/bundle-origin.ts';
import { IMAGE_AUDITS, lighthouseFigures, type LighthouseFigure } from './bench/lighthouse.ts';
import { CPU_SLOWDOWN, PLOT_FILE, plotFirstRender, startPlotHarness, type PlotHarness } from './bench/plot.ts';
import { machineNote, renderTable, writeReport, type Row } from './bench/report.ts';
import { apiFigures, paymentFigures } from './bench/api.ts';
import { startBenchServer, type BenchServer } from './bench/api-server.ts';
import { searchOnPglite, searchOnPostgres, type SearchLatency } from './bench/search.ts';
import { kB, median, round } from './bench/stats.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
/** The whole run's limit: 100 000 items, customers and orders on two databases take minutes to fill on 2 cores. */
const HARD_LIMIT_MS = 30 * 60_000;
/**
 * BENCH_ONLY=search|web|api|api-calls|pay|plot|lighthouse runs one part for investigation (api: the API figures and
 * payments; api-calls: the API figures without the payments; pay: the payments alone; lighthouse: the home page's
 * initial JS and the Lighthouse runs alone); the report is then not written.
 * BENCH_LIGHTHOUSE_OUT=<folder> keeps every Lighthouse run's full report (JSON) there, to read its audits.
 */
const ONLY = process.env.BENCH_ONLY === 'api-calls' ? 'api' : process.env.BENCH_ONLY;
const PAYMENTS = process.env.BENCH_ONLY !== 'api-calls';

const log = (s: string) => console.log(s);
const started = Date.now();
const watchdog = setTimeout(() => {
  console.error(`bench: over ${HARD_LIMIT_MS / 60_000} minutes, giving up`);
  process.exit(2);
}, HARD_LIMIT_MS);
watchdog.unref();

const rows: Row[] = [];
const details: string[] = [];
let server: BenchServer | undefined;
let plotHarness: PlotHarness | undefined;
let chromiumVersion = 'Chromium';

async function browserFigures(baseUrl: string) {
  const browser = await launch();
  chromiumVersion = `Chromium ${browser.version()}`;
  try {
    log('home initial JS …');
    const js = await homeInitialJs(browser, baseUrl);
    log(`  ${js.files.length} scripts, ${kB(js.rawBytes)} raw, ${kB(js.gzipBytes)} gzip`);
    rows.push({ figure: 'Home initial JS (gzip)', value: kB(js.gzipBytes), budget: '≤ 170 kB', pass: js.gzipBytes <= 170 * 1024 });
    details.push(`### Home initial JS\n\n${js.files.length} scripts, ${kB(js.rawBytes)} raw, ${kB(js.gzipBytes)} gzip.\n`);
    details.push('| Script | Raw | Gzip |\n|---|---|---|');
    for (const f of js.files) details.push(`| \`${f.url}\` | ${kB(f.raw)} | ${kB(f.gzip)} |`);
    details.push('');
    const origin = await homeModules(
      path.join(repoRoot, 'apps/web/dist'),
      js.files.map((f) => f.url),
    );
    log(`  ${origin.modules.length} modules, console-only ${origin.consoleOnly.length}, shared with the console ${origin.shared.length}`);
    rows.push({
      figure: "Console modules in the storefront's home JS",
      value: origin.consoleOnly.length ? origin.consoleOnly.join(', ') : `none (of ${origin.modules.length} modules)`,
      budget: 'none',
      pass: origin.consoleOnly.length === 0,
    });
    details.push(
      `Modules (from the hidden source maps): ${origin.modules.length}; the console's own: ${origin.consoleOnly.length}; ` +
        `shared browser code (@yance/browser) the storefront itself uses: ${origin.shared.map((m) => `\`${m}\``).join(', ') || 'none'}.\n`,
    );
  } finally {
    await browser.close();
  }
}

/** The pages issue 7 names: the home page, an item and a project list; and a page of photographs (image audits only). */
async function lighthousePaths(baseUrl: string): Promise<{ budgeted: string[]; imagesOnly: string[] }> {
  const res = await fetch(`${baseUrl}${urlOf(endpoints.deviceSearch)}?pageSize=1&sort=order`);
  const body = envelope(endpoints.deviceSearch.response).parse(await res.json());
  const rid = body.data?.list[0]?.rid;
  if (!rid) throw new Error('no catalogue item to audit');
  return { budgeted: ['/', `/detail/${rid}`, `/project/1/${encodeURIComponent('送样检测')}`], imagesOnly: ['/list/service'] };
}

async function lighthouseRows(baseUrl: string) {
  const { budgeted, imagesOnly } = await lighthousePaths(baseUrl);
  const paths = [...budgeted, ...imagesOnly];
  log(`Lighthouse mobile (simulated slow 4G, 4× CPU), median of 3: ${paths.join(' ')} …`);
  const figures = await lighthouseFigures(baseUrl, paths, 3, process.env.BENCH_LIGHTHOUSE_OUT);
  details.push(
    '### Lighthouse mobile\n',
    '| Page | Score (runs) | FCP | LCP | TBT | CLS | host benchmarkIndex |',
    '|---|---|---|---|---|---|---|',
  );
  for (const f of figures) {
    const page = decodeURIComponent(f.path);
    log(
      `  ${page}: ${f.score} (${f.runs.join(', ')}), FCP ${f.fcpMs} ms, LCP ${f.lcpMs} ms, TBT ${f.tbtMs} ms, CLS ${round(f.cls, 3)}, host benchmarkIndex ${f.benchmarkIndex}`,
    );
    log(`    main thread by script (median-TBT run): ${bootupText(f.bootup)}`);
    details.push(
      `| \`${page}\` | ${f.score} (${f.runs.join(', ')}) | ${f.fcpMs} ms | ${f.lcpMs} ms | ${f.tbtMs} ms | ${round(f.cls, 3)} | ${f.benchmarkIndex} |`,
    );
    if (!budgeted.includes(f.path)) continue;
    rows.push({ figure: `Lighthouse mobile performance ${page}`, value: String(f.score), budget: '≥ 95', pass: f.score >= 95 });
    rows.push({
      figure: `Total blocking time ${page} (Lighthouse, 4× CPU)`,
      value: `${f.tbtMs} ms`,
      budget: '≤ 200 ms',
      pass: f.tbtMs <= 200,
    });
    rows.push({
      figure: `FCP / LCP ${page} (Lighthouse)`,
      value: `${round(f.fcpMs / 1000, 2)} s / ${round(f.lcpMs / 1000, 2)} s`,
      budget: '≤ 1.2 s / ≤ 2.0 s',
      pass: f.fcpMs <= 1200 && f.lcpMs <= 2000,
    });
  }
  details.push(
    '',
    "Main-thread time by script (Lighthouse's bootup-time, 4× CPU, the run with the median TBT: scripting + parse/compile):",
    '',
    ...figures.map((f) => `- \`${decodeURIComponent(f.path)}\`: ${bootupText(f.bootup)}`),
  );
  const findings = figures.flatMap((f) => f.images.map((i) => ({ page: decodeURIComponent(f.path), ...i })));
  for (const x of findings) log(`  images ${x.page}: ${x.audit}: ${x.says}`);
  rows.push({
    figure: `Image audits (${IMAGE_AUDITS.length}) on ${paths.map(decodeURIComponent).join(', ')}`,
    value: findings.length ? `${findings.length} failed` : 'all pass',
    budget: 'all pass',
    pass: findings.length === 0,
  });
  details.push(
    '',
    `Image audits: ${IMAGE_AUDITS.map((a) => `\`${a}\``).join(', ')} — ${
      findings.length ? findings.map((x) => `${x.page} ${x.audit}: ${x.says}`).join('; ') : 'all pass on every page and run'
    }.`,
    '',
  );
}

const bootupText = (items: LighthouseFigure['bootup']) =>
  items
    .slice(0, 6)
    .map((b) => `${decodeURIComponent(b.url).replace(/^\/assets\//, '')} ${b.scriptingMs}+${b.parseMs} ms`)
    .join(', ') || 'none over 50 ms';

function consoleRows(s: SearchLatency) {
  const c = s.console;
  if (!c) return;
  const where = s.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const o = s.orders;
  const lists = [
    ['console customer/list', c.customerList, `${c.customers.toLocaleString('en')} customers`],
    ['console catalog/device/list', c.itemList, `${s.items.toLocaleString('en')} items`],
    ...(o
      ? ([
          ['order/list', o.customerList, `${o.orders.toLocaleString('en')} orders, ${o.heavyOrders.toLocaleString('en')} of the caller`],
          ['console order/list', o.consoleList, `${o.orders.toLocaleString('en')} orders`],
        ] as const)
      : []),
  ] as const;
  for (const [name, l, scale] of lists) {
    log(`  ${name}: ${l.queries} calls, p50 ${l.p50} ms, p95 ${l.p95} ms, max ${l.max} ms`);
    for (const q of l.slowest.slice(0, 4)) log(`    slow: ${q.query} → ${q.total}, ${q.medianMs} ms`);
    rows.push({
      figure: `${name} p95 at ${scale} (${where})`,
      value: `${l.p95} ms (p50 ${l.p50}, max ${l.max})`,
      budget: '< 50 ms',
      pass: l.p95 < 50,
    });
    details.push(
      `### ${name[0]!.toUpperCase()}${name.slice(1)} on ${where}\n\n${l.queries} calls at ${scale}: p50 ${l.p50} ms, p95 ${l.p95} ms, max ${l.max} ms. Slowest (median):\n`,
      '| Who and query | Total | Median |\n|---|---|---|',
      ...l.slowest.map((q) => `| \`${q.query}\` | ${q.total} | ${q.medianMs} ms |`),
      '',
    );
  }
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

/** Issue 9: the data plot's first render of a 100 000-point file under 4× CPU slowdown, on its own test page (ADR 0042). */
async function plotFigures() {
  log('data plot: building its test page …');
  plotHarness = await startPlotHarness();
  const browser = await launch();
  chromiumVersion = `Chromium ${browser.version()}`;
  try {
    const runs = 5;
    log(`data plot: first render of ${PLOT_FILE} (100 000 points) at ${CPU_SLOWDOWN}× CPU slowdown, ${runs} cold runs …`);
    const timings = await plotFirstRender(browser, plotHarness.baseUrl, runs);
    const plot = median(timings.map((t) => t.plotMs));
    const page = median(timings.map((t) => t.pageMs));
    log(
      `  plot ${timings.map((t) => t.plotMs).join(', ')} ms (median ${plot}); from navigation ${timings.map((t) => t.pageMs).join(', ')} ms`,
    );
    log(
      `  phases (fetched / +parsed / +drawn): ${timings.map((t) => `${t.fetchedMs} / +${t.parsedMs} / +${t.plotMs - t.fetchedMs - t.parsedMs}`).join(', ')} ms`,
    );
    rows.push({
      figure: `Data plot first render, 100 000 points, ${CPU_SLOWDOWN}× CPU (plot code asked for → first frame)`,
      value: `${plot} ms (page from navigation ${page} ms)`,
      budget: '< 1 s',
      pass: plot < 1000,
    });
    details.push(
      `### Data plot first render

${PLOT_FILE}: 100 000 points (1.4 MB), ${CPU_SLOWDOWN}× CPU slowdown (DevTools protocol), a fresh context (empty cache) per run. ` +
        'Phases from the plot code being asked for: its chunk and the file fetched; parsed with peaks found; first frame.\n',
      '| Run | Plot (budgeted) | Fetched | Parsed | Page from navigation |\n|---|---|---|---|---|',
      ...timings.map((t, i) => `| ${i + 1} | ${t.plotMs} ms | ${t.fetchedMs} ms | +${t.parsedMs} ms | ${t.pageMs} ms |`),
      '',
    );
  } finally {
    await browser.close();
    await plotHarness.close();
    plotHarness = undefined;
  }
}

async function main() {
  if (ONLY === 'plot') {
    await plotFigures();
    log(`\n${renderTable(rows)}\n\nBENCH_ONLY=plot: docs/benchmarks.md not written (${Math.round((Date.now() - started) / 1000)} s)`);
    return rows.every((r) => r.pass !== false);
  }
  if (ONLY !== 'search') {
    server = await startBenchServer(repoRoot, log);
    log(`  ${server.baseUrl}`);
    if (ONLY !== 'api' && ONLY !== 'pay') {
      await browserFigures(server.baseUrl);
      await lighthouseRows(server.baseUrl);
    }
    if (ONLY !== 'web' && ONLY !== 'lighthouse') {
      const work = await mkdtemp(path.join(tmpdir(), 'yance-bench-api-'));
      try {
        const api = ONLY === 'pay' ? await paymentFigures(server, work, log) : await apiFigures(server, work, log, { payments: PAYMENTS });
        rows.push(...api.rows);
        details.push(...api.details);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    }
    await server.stop();
    server = undefined;
    if (ONLY !== 'api' && ONLY !== 'pay' && ONLY !== 'lighthouse') await plotFigures();
  }
  if (ONLY !== 'web' && ONLY !== 'api' && ONLY !== 'pay' && ONLY !== 'lighthouse') {
    log(`device/search at ${ITEMS} items (PGlite) …`);
    const pglite = await searchOnPglite(ITEMS, log, CUSTOMERS, ORDERS);
    searchRow(pglite);
    consoleRows(pglite);
  }
  if (process.env.DATABASE_URL && ONLY !== 'web' && ONLY !== 'api' && ONLY !== 'pay' && ONLY !== 'lighthouse') {
    log(`device/search at ${ITEMS} items (PostgreSQL) …`);
    const postgres = await searchOnPostgres(process.env.DATABASE_URL, ITEMS, log, CUSTOMERS, ORDERS);
    searchRow(postgres);
    consoleRows(postgres);
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
    await plotHarness?.close();
    clearTimeout(watchdog);
  });
