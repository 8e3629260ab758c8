import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';

export interface Row {
  figure: string;
  value: string;
  budget: string;
  pass: boolean | null;
}

/** One line about the machine the figures were taken on. */
export function machineNote(chromium: string): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const mem = Math.round(os.totalmem() / 2 ** 30);
  return `${os.cpus().length}× ${cpu}, ${mem} GiB, ${os.type()} ${os.release()}, Node ${process.version}, ${chromium}`;
}

const mark = (pass: boolean | null) => (pass === null ? '–' : pass ? 'pass' : '**FAIL**');

export function renderTable(rows: Row[]): string {
  const lines = ['| Figure | Measured | Budget | Result |', '|---|---|---|---|'];
  for (const r of rows) lines.push(`| ${r.figure} | ${r.value} | ${r.budget} | ${mark(r.pass)} |`);
  return lines.join('\n');
}

/** Writes docs/benchmarks.md: the table, the machine, how each figure was taken, and the details. */
/** Everything after this line in docs/benchmarks.md is history written by hand (before/after of a change); a run keeps it. */
const HISTORY_MARK = '<!-- history: kept by npm run bench -->';

export async function writeReport(file: string, opts: { date: string; machine: string; seconds: number; rows: Row[]; details: string[] }) {
  const old = await readFile(file, 'utf8').catch(() => '');
  const at = old.indexOf(HISTORY_MARK);
  const history = at >= 0 ? old.slice(at) : `${HISTORY_MARK}\n`;
  const text = `# Benchmarks

Written by \`npm run bench\` (scripts/bench.ts); do not edit by hand — run it again (the history at the end is kept).

- Date: ${opts.date}
- Machine: ${opts.machine}
- Whole run: ${opts.seconds} s (build excluded)

${renderTable(opts.rows)}

## How each figure is taken

- **Home initial JS**: Chromium loads \`/\` from the production server (child process, built web app);
  every JavaScript response fetched until the network is idle is gzipped here with zlib (level 6),
  so the figure does not depend on the server's compression. Budget ≤ 170 kB.
- **Lighthouse mobile**: the lighthouse package (12.8, the last for Node 20) drives Debian's Chromium
  with its defaults (a mid-range phone, simulated slow 4G, 4× CPU slowdown) on \`/\`, the most
  ordered item's \`/detail/:rid\` and \`/project/1/送样检测\`; performance score, FCP and LCP are the
  median of 3 runs each, a new Chromium (empty profile) for every run. Budgets: score ≥ 95, FCP ≤ 1.2 s, LCP ≤ 2.0 s.
- **Lighthouse TBT**: total blocking time of the same runs (median), budget ≤ 200 ms (issue 22). Lighthouse times
  the tasks by the wall clock, so other load on the machine counts; the details list each page's main thread by
  script (its bootup-time audit, the run with the median TBT). \`BENCH_ONLY=lighthouse\` runs the home page's
  initial JS and these runs alone; \`scripts/trace-page.ts\` estimates the same from CPU time (ADR 0068).
- **API throughput** (issue 22): wrk (Debian's package, a load generator in C), one thread, 50 keep-alive
  connections, over HTTP against the production build in a child process (\`node apps/server/dist/server.js\`,
  LOG_LEVEL=warn) on a throw-away PostgreSQL database and Redis when \`DATABASE_URL\` / \`REDIS_URL\` are set
  (else PGlite, and no signed-in or payment figures). Side by side in nine rounds of alternating 1 s slices, so
  background load hits them alike: a same-bytes ceiling (a tiny Fastify in its own process answering the home API's recorded
  status, headers and gzipped body from memory), the home API, the rendered page \`GET /\`, \`POST
  /api/auth/user/info\` with 50 customers' tokens in turn (wrk-api.lua), and the ceiling of user/info's bytes.
  The browser's \`accept-encoding\` is sent. Figures: home API ÷ ceiling ≥ 0.9, user/info ÷ home API ≥ 0.5,
  rendered page ÷ home API ≥ 0.5 (issue 7), each the median of the nine rounds' ratios (a round's two slices one
  after the other, so a burst of load elsewhere moves one round, not the figure), the req/s over all rounds beside
  it. CPU per request: the answering process's user + system time (/proc) over the slices ÷ answers, and its
  database's PostgreSQL backends'.
- **Payments** (issue 22): 50 customers with 600 unpaid orders each (\`BENCH_PAY_ORDERS\`) and a balance topped up through the local
  gateway's signed callback; 3 s of payments, then ANALYZE, so the measured ones meet a ledger with a history and
  statistics (ADR 0079); then wrk with 50 connections for 10 s, each request another unpaid order (one line per
  payment, interleaved by customer) with a fresh idempotency key. Budgets ≥ 1000 payments/s, p99 ≤ 100 ms. Then
  the ledger's reconciliation (GET /api/admin/ledger/reconcile, as the finance staff) must pass. Before them, the
  same payments' SQL alone (ADR 0084): \`scripts/bench/pay-sql.pgbench\` — the statements pay/order sends, a
  payment's in one round trip — driven by pgbench with 50 clients (warm-up, ANALYZE, 10 s) on a copy of the
  database taken before the first payment; its payments/s, PostgreSQL CPU a payment and rows a payment are printed
  beside the HTTP run's, with pay/order ÷ it (no budget: it says what PostgreSQL allows on the machine).
  \`BENCH_ONLY=api\` runs the API figures and payments alone; \`BENCH_ONLY=api-calls\` the API figures without
  the payments; \`BENCH_ONLY=pay\` the payments alone.
- **Search p95**: a temp PGlite migrated and seeded, then filled to 100 000 items in batches of 1 000
  (names built from the seed's technique names with prefixes, suffixes and instrument makers;
  search columns from the server's \`deviceSearchFields\`), \`ANALYZE\`d; then a fixed mix of
  keywords (Chinese names, lower-case aliases, category names, common and rare words, nothing,
  mixed-script and glued keywords such as bet比表面 and 核磁氢谱, with and without typeId, page 1
  and later pages) through \`app.inject\` on \`buildApp\`, after 30 warm-up queries. Budget < 50 ms.
  When \`DATABASE_URL\` is set the same runs on PostgreSQL in a throw-away database.
- **Data plot first render** (issue 9): vite.plot-harness.config.ts builds a page holding only the
  order detail's data plot (the app's vite settings; the page and its synthetic data files exist only in
  that build, in a temp folder served on loopback). Chromium opens it on a 100 000-point XRD-like .xy file
  (1.4 MB) with the CPU slowed 4× (DevTools protocol \`Emulation.setCPUThrottlingRate\`), a fresh context
  per run, 5 runs. Budgeted: the median from the plot's code being asked for (its lazy chunk with uPlot)
  to its first frame — fetching, parsing, peak finding and drawing; the page's own boot (React, antd) is
  shown beside it. Budget < 1 s. \`BENCH_ONLY=plot npx tsx scripts/bench.ts\` runs this figure alone.
- **Suggest p95**: on the same catalogue, \`device/suggest\` for keystrokes as typed (x, xr, xrd,
  扫, 扫描 … bet比, xrd测, 核磁氢, zzqq; size 8), 8 rounds, the first one a warm-up. Budget ≤ 50 ms.

Figures move with other load on the machine (2 cores, shared with builds and test runs while
developing): the throughput ratio in particular ranged from 0.72 to 1.14 across runs on the
same code. Budgets are checked on each run as it came out.

## Details

${opts.details.join('\n')}

${history}`;
  await writeFile(file, text);
}
