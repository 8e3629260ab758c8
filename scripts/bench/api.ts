/**
 * The API as a client sees it (issue 22): every figure over HTTP with wrk
 * against the production build in a child process — the home API beside a
 * same-bytes ceiling, the rendered home page, user/info signed in, and
 * payments by 50 clients each a distinct payment — then the ledger's
 * reconciliation as the console's finance staff reads it.
 */
import path from 'node:path';
import type pg from 'pg';
import { endpoints } from '@yance/contracts/endpoints';
import { envelope } from '@yance/contracts/envelope';
import { routes, urlOf } from '@yance/contracts/routes';
import { record, startCeiling, type Ceiling } from './ceiling.ts';
import { databaseCpuUs, processCpuUs } from './cpu-time.ts';
import {
  paymentGroupsOverHttp,
  preparePayClients,
  reconcileOverHttp,
  writeTokens,
  writeUnpaid,
  type PayClient,
  type PaymentGroups,
} from './pay-clients.ts';
import { paymentSqlAlone, rowCounts, rowsPer, ToolMissing } from './pay-sql.ts';
import type { Row } from './report.ts';
import { round } from './stats.ts';
import {
  apiTarget,
  callOf,
  measureSideBySide,
  pageTarget,
  pairedRatio,
  wrk,
  type CpuMeters,
  type Target,
  type Throughput,
} from './throughput.ts';

export const API_CONNECTIONS = 50;
const PAY_SECONDS = 10;
/** Payments before the measured ones, then ANALYZE: the ledger the measured payments meet has a history. */
const PAY_WARMUP_SECONDS = Number(process.env.BENCH_PAY_WARMUP ?? 3);
/**
 * Unpaid orders prepared per client: enough for the warm-up and the measured run at twice the budget's rate (50 × 600
 * = 30 000 for 13 s). At 200 each a fast machine paid every order before the time was up, so its rate read ~800/s
 * whatever the server did (ADR 0085).
 */
const PAY_ORDERS_EACH = Number(process.env.BENCH_PAY_ORDERS ?? 600);
const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

export interface ApiServer {
  baseUrl: string;
  pid: number;
  /** The server's PostgreSQL database and a client on it (pay clients, CPU of its backends); absent on PGlite. */
  postgres?: { name: string; client: pg.Client; admin: pg.Client };
}

export interface ApiFigures {
  rows: Row[];
  details: string[];
}

const fmtCpu = (t: Throughput) =>
  t.nodeUsPerRequest === undefined
    ? '—'
    : `${round(t.nodeUsPerRequest, 0)} µs${t.databaseUsPerRequest !== undefined ? ` + ${round(t.databaseUsPerRequest, 0)} µs PostgreSQL` : ''}`;

function checkClean(t: Throughput) {
  if (t.non2xx > 0 || t.errors > 0) throw new Error(`${t.call} answered ${t.non2xx} non-2xx and ${t.errors} errors under load`);
}

export async function apiFigures(
  server: ApiServer,
  workDir: string,
  log: (s: string) => void,
  opts: { payments: boolean } = { payments: true },
): Promise<ApiFigures> {
  const rows: Row[] = [];
  const details: string[] = [];
  for (const e of [endpoints.ping, endpoints.home]) {
    const res = await fetch(`${server.baseUrl}${urlOf(e)}`, { method: e.method });
    if (res.status !== 200 || !envelope(e.response).safeParse(await res.json()).success)
      throw new Error(`${urlOf(e)} does not answer its contract's success envelope (${res.status})`);
  }
  const page = await fetch(`${server.baseUrl}/`, { headers: { accept: 'text/html' } });
  if (page.status !== 200 || !(await page.text()).includes('id="server-state"'))
    throw new Error('GET / does not answer a server-rendered page');

  const pg = server.postgres;
  const meters: CpuMeters = {
    node: () => processCpuUs(server.pid),
    ...(pg && { database: () => databaseCpuUs(pg.admin, pg.name) }),
  };
  const clients = pg ? await preparePayClients(server.baseUrl, pg.client, API_CONNECTIONS, opts.payments ? PAY_ORDERS_EACH : 0, log) : [];
  const tokens = path.join(workDir, 'tokens.txt');
  if (clients.length) await writeTokens(tokens, clients);

  // The ceiling answers the home API's bytes (gzipped, as a browser asks) and user/info's, headers and all.
  const home: Target = { ...apiTarget(routes.home), cpu: meters };
  const info: Target | undefined = clients.length
    ? { ...apiTarget(routes.userInfo), calls: { mode: 'info', dataFile: tokens }, cpu: meters }
    : undefined;
  const recorded = [await record(server.baseUrl, { method: 'GET', path: urlOf(routes.home), headers: BROWSER_HEADERS })];
  if (info)
    recorded.push(
      await record(server.baseUrl, {
        method: 'POST',
        path: urlOf(routes.userInfo),
        headers: { ...BROWSER_HEADERS, 'content-type': 'application/json', token: clients[0]!.token },
        body: '{}',
      }),
    );
  const ceiling: Ceiling = await startCeiling(recorded, path.join(workDir, 'ceiling.json'));
  try {
    const ceilingMeters: CpuMeters = { node: () => processCpuUs(ceiling.pid) };
    const targets: Target[] = [
      { ...home, baseUrl: ceiling.baseUrl, label: `ceiling: ${callOf(home)}'s bytes`, cpu: ceilingMeters },
      home,
      { ...pageTarget('/'), cpu: meters },
      ...(info ? [info, { ...info, baseUrl: ceiling.baseUrl, label: `ceiling: ${callOf(info)}'s bytes`, cpu: ceilingMeters }] : []),
    ];
    // Nine rounds of 1 s slices: each ratio is the median of the nine rounds' (pairedRatio).
    const opts = { seconds: 9, warmup: 1, connections: API_CONNECTIONS, rounds: 9 };
    log(
      `API throughput (${opts.connections} connections, ${opts.seconds} s each in ${opts.rounds} alternating slices, after ${opts.warmup} s warm-up) …`,
    );
    const results = await measureSideBySide(server.baseUrl, targets, opts);
    for (const t of results) {
      log(
        `  ${t.call}: ${round(t.rps, 0)} req/s, p50 ${t.p50Ms} ms, p99 ${t.p99Ms} ms, ${t.requests} requests of ${round(t.bytesPerResponse, 0)} B, CPU per request ${fmtCpu(t)}, non-2xx ${t.non2xx}, errors ${t.errors}`,
      );
      checkClean(t);
    }
    const [cHome, rHome, rPage, rInfo, cInfo] = results as [Throughput, Throughput, Throughput, Throughput?, Throughput?];
    const ratio = (a: Throughput, b: Throughput) =>
      `${round(pairedRatio(a, b), 2)} (median of ${opts.rounds} rounds; overall ${round(a.rps, 0)} / ${round(b.rps, 0)})`;
    rows.push({
      figure: `${rHome.call} req/s ÷ the same bytes from memory (ceiling)`,
      value: ratio(rHome, cHome),
      budget: '≥ 0.9',
      pass: pairedRatio(rHome, cHome) >= 0.9,
    });
    rows.push({
      figure: `${rPage.call} (rendered page) req/s ÷ ${rHome.call} req/s`,
      value: ratio(rPage, rHome),
      budget: '≥ 0.5',
      pass: pairedRatio(rPage, rHome) >= 0.5,
    });
    if (rInfo && cInfo) {
      rows.push({
        figure: `${rInfo.call} req/s ÷ ${rHome.call} req/s (PostgreSQL)`,
        value: ratio(rInfo, rHome),
        budget: '≥ 0.5',
        pass: pairedRatio(rInfo, rHome) >= 0.5,
      });
      rows.push({ figure: `${rInfo.call} req/s ÷ its bytes from memory (ceiling)`, value: ratio(rInfo, cInfo), budget: '—', pass: null });
    }
    details.push(
      `### API throughput\n\nwrk, ${opts.connections} keep-alive connections, ${opts.rounds} rounds of alternating slices of ${opts.seconds / opts.rounds} s each; ` +
        'a ratio is the median of its rounds’ ratios (the two slices of a round taken one after the other), the req/s below are over all rounds. ' +
        'CPU per request: the process answering (user + system time from /proc over the slices ÷ answers), and the PostgreSQL backends of its database.\n',
      '| Call | req/s | p50 | p99 | requests | bytes per response | CPU per request |',
      '|---|---|---|---|---|---|---|',
      ...results.map(
        (t) =>
          `| \`${t.call}\` | ${round(t.rps, 0)} | ${t.p50Ms} ms | ${t.p99Ms} ms | ${t.requests} | ${round(t.bytesPerResponse, 0)} | ${fmtCpu(t)} |`,
      ),
      '',
    );
  } finally {
    await ceiling.stop();
  }

  if (!opts.payments) {
    log('payments: BENCH_ONLY=api-calls, skipped');
    return { rows, details };
  }
  const paid = await paymentFigures(server, workDir, log, clients);
  return { rows: [...rows, ...paid.rows], details: [...details, ...paid.details] };
}

/** What the groups did between two scrapes: how many formed, how many calls they took, how many broke. */
function groupsOf(before: PaymentGroups, after: PaymentGroups, payments: number): string {
  const d = (k: keyof PaymentGroups) => after[k] - before[k];
  const groups = d('committed') + d('broken');
  const grouped = d('groupedCommitted') + d('groupedBroken');
  return (
    `groups: ${groups} of ${groups ? round(grouped / groups, 1) : 0} calls on average, ${d('broken')} broken (their ${d('groupedBroken')} ` +
    `calls paid again alone); ${payments ? round((100 * d('groupedCommitted')) / payments, 0) : 0} % of the payments paid in a committed group`
  );
}

/**
 * The payments (pay/order from the prestore balance) by 50 clients over HTTP, then the ledger's reconciliation.
 * `BENCH_ONLY=pay` runs this part alone (its own clients), to measure a change to the payment.
 */
export async function paymentFigures(
  server: ApiServer,
  workDir: string,
  log: (s: string) => void,
  prepared?: PayClient[],
): Promise<ApiFigures> {
  const rows: Row[] = [];
  const details: string[] = [];
  const pg = server.postgres;
  if (!pg) {
    log('payments: the server runs on PGlite (no DATABASE_URL), skipped');
    return { rows, details };
  }
  const meters: CpuMeters = { node: () => processCpuUs(server.pid), database: () => databaseCpuUs(pg.admin, pg.name) };
  const clients = prepared ?? (await preparePayClients(server.baseUrl, pg.client, API_CONNECTIONS, PAY_ORDERS_EACH, log));
  const payments = path.join(workDir, 'payments.txt');
  const pay: Target = { ...apiTarget(routes.payOrder), calls: { mode: 'pay', dataFile: payments }, cpu: meters };
  await writeUnpaid(payments, pg.client, clients);
  // The same payments' SQL alone, on a copy of this database as it is now (before its first payment): pgbench.
  log(`payments' SQL alone: pgbench, ${API_CONNECTIONS} clients, each payment's statements in one round trip, on a copy of the database …`);
  const alone = await paymentSqlAlone(
    pg.admin,
    pg.name,
    clients.flatMap((c) => c.orders),
    { clients: API_CONNECTIONS, seconds: PAY_SECONDS, warmupSeconds: PAY_WARMUP_SECONDS, copies: 3 },
    log,
  ).catch((e: unknown) => {
    if (!(e instanceof ToolMissing)) throw e;
    log(`  skipped: ${e.message}`);
    return undefined;
  });
  if (alone)
    log(
      `  ${round(alone.tps, 0)} payments/s, mean ${round(alone.latencyMs, 1)} ms, ${round(alone.databaseUsPerPayment, 0)} µs PostgreSQL CPU a payment; rows a payment: ${alone.writes}`,
    );
  // A shop's ledger has a history and statistics: a warm-up of payments, then ANALYZE (autovacuum's work within a
  // minute). Measured from a near-empty ledger without them, every cached plan keeps costing the ledger as near empty:
  // a payment's foreign-key checks and balance check read the whole of ledger_entry and ledger_line, a cost that
  // grows with every payment (ADR 0079).
  await wrk(server.baseUrl, pay, PAY_WARMUP_SECONDS, API_CONNECTIONS);
  const left = await writeUnpaid(payments, pg.client, clients);
  await pg.client.query('analyze');
  log(`payments: ${API_CONNECTIONS} clients, each request a distinct payment of an unpaid order (${left} ready), ${PAY_SECONDS} s …`);
  const rowsBefore = await rowCounts(pg.client);
  const groupsBefore = await paymentGroupsOverHttp(server.baseUrl);
  const [p] = await measureSideBySide(server.baseUrl, [pay], { seconds: PAY_SECONDS, warmup: 0, connections: API_CONNECTIONS, rounds: 1 });
  if (!p) throw new Error('the payment run returned no figures');
  log(
    `  ${round(p.rps, 0)} payments/s, p50 ${p.p50Ms} ms, p99 ${p.p99Ms} ms, ${p.requests} payments, CPU per payment ${fmtCpu(p)}, non-2xx ${p.non2xx}, errors ${p.errors}`,
  );
  // wrk stops once it has sent the last order; the calls still in flight then are not counted.
  const ranOut = p.requests + API_CONNECTIONS >= left;
  if (ranOut) log('  (every prepared order was paid before the time was up: the rate is a lower bound — raise BENCH_PAY_ORDERS)');
  checkClean(p);
  const groups = groupsOf(groupsBefore, await paymentGroupsOverHttp(server.baseUrl), p.requests);
  log(`  ${groups}`);
  await writeUnpaid(payments, pg.client, clients);
  const written = rowsPer(rowsBefore, await rowCounts(pg.client));
  log(`  rows a payment: ${written}`);
  // The server's share of what PostgreSQL allows: payments/s over HTTP ÷ the SQL alone's.
  const sqlAlone = alone && { ...alone, share: round(p.rps / alone.tps, 2) };
  if (sqlAlone) log(`  payments over HTTP ÷ their SQL alone: ${sqlAlone.share}`);
  const reconciled = await reconcileOverHttp(server.baseUrl);
  log(`  ledger reconciliation after the payments: ${reconciled.summary}`);
  rows.push({
    figure: `pay/order payments/s (${API_CONNECTIONS} clients, PostgreSQL)`,
    value: `${round(p.rps, 0)}${ranOut ? ' (a lower bound: every prepared order was paid)' : ''}`,
    budget: '≥ 1000',
    pass: p.rps >= 1000,
  });
  rows.push({
    figure: `pay/order p99 (${API_CONNECTIONS} clients, PostgreSQL)`,
    value: `${p.p99Ms} ms (p50 ${p.p50Ms})`,
    budget: '≤ 100 ms',
    pass: p.p99Ms <= 100,
  });
  if (sqlAlone)
    rows.push({
      figure: `the payments' SQL alone (pgbench, ${API_CONNECTIONS} clients, one round trip a payment)`,
      value: `${round(sqlAlone.tps, 0)}/s; pay/order ÷ it ${sqlAlone.share}`,
      budget: 'what PostgreSQL allows here',
      pass: null,
    });
  rows.push({
    figure: 'Ledger reconciliation after the payment run',
    value: reconciled.ok ? 'passes' : 'fails',
    budget: 'passes',
    pass: reconciled.ok,
  });
  details.push(
    `### Payments\n\n${p.requests} payments from the prestore balance in ${PAY_SECONDS} s (after ${PAY_WARMUP_SECONDS} s of payments and ANALYZE, ADR 0079) by ${API_CONNECTIONS} wrk connections over HTTP ` +
      `(wrk-api.lua: each request pays another unpaid order of one of ${clients.length} customers, with a fresh idempotency key; ` +
      `in flight, requests belong to different customers): ${round(p.rps, 0)} payments/s, p50 ${p.p50Ms} ms, p99 ${p.p99Ms} ms; ` +
      `CPU per payment ${fmtCpu(p)}. Each order has one line of one of the three most ordered items. A payment locks the order and the ` +
      `customer's balance row, writes the entry, its lines, the idempotency key, the timeline, the audit row, the notice and the ` +
      `item's paid-order row in one transaction, in 10 statements and 3 round trips (ADR 0072, 0082).\n`,
    `Rows a payment added over HTTP: ${written}.\n`,
    `Grouping during the measured run (ADR 0085, the server's /metrics): ${groups}.\n`,
    sqlAlone
      ? `The same payments' SQL alone (ADR 0084): scripts/bench/pay-sql.pgbench — the statements pay/order sends, a payment's in ` +
          `one round trip (pgbench's pipeline mode) — driven by pgbench with ${API_CONNECTIONS} clients for ${PAY_SECONDS} s (after ` +
          `${PAY_WARMUP_SECONDS} s and ANALYZE) on a copy of the database taken before the first payment: ${round(sqlAlone.tps, 0)} ` +
          `payments/s, mean latency ${round(sqlAlone.latencyMs, 1)} ms, ${round(sqlAlone.databaseUsPerPayment, 0)} µs of PostgreSQL CPU a ` +
          `payment; rows a payment: ${sqlAlone.writes}. The payments over HTTP reach ${sqlAlone.share} of it.\n`
      : `The payments' SQL alone (ADR 0084) was not measured: pgbench or pg_dump is not on this machine.\n`,
    `Ledger reconciliation afterwards (GET /api/admin/ledger/reconcile as the finance staff): ${reconciled.summary}.\n`,
  );
  return { rows, details };
}
