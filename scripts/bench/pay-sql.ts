/**
 * The payment's SQL alone (issue 22, ADR 0084): what pay/order asks of PostgreSQL, with no Node, HTTP or driver in
 * front of it. pay-sql.pgbench holds the statements a payment sends (test/money-round-trips.test.ts names them),
 * every one of a payment in one round trip (pgbench's pipeline mode, more than the server can do); pgbench, a C
 * client, drives them with as many clients as wrk's payments, on a copy of the bench's database taken before its
 * first payment — the same customers, balances, orders and ledger — each transaction paying the next unpaid order.
 * Measured beside the payments over HTTP it says how much of a payment is the database's own work: the rate the
 * server cannot pass on this machine whatever its JavaScript does. The rows each run added per payment, table by
 * table, are printed for both, so a script that drifted from the server shows.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { dropDatabaseWhenFree } from './api-server.ts';
import { databaseCpuUs } from './cpu-time.ts';
import { round } from './stats.ts';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pay-sql.pgbench');

/** The tables a payment adds rows to. */
const WRITTEN = [
  'idempotency_key',
  'ledger_entry',
  'ledger_line',
  'points_entry',
  'order_event',
  'audit_log',
  'message',
  'paid_order_item',
];

export type RowCounts = Map<string, number>;

/** What counts the payments made: the orders no longer 待付款. */
const PAID = 'orders paid';

/**
 * Rows in the tables a payment adds to, and the orders paid (exact counts: PostgreSQL's statistics lag behind an
 * idle backend).
 */
export async function rowCounts(db: pg.Client): Promise<RowCounts> {
  const { rows } = await db.query<{ t: string; n: string }>(
    [
      ...WRITTEN.map((t) => `select '${t}' as t, count(*)::text as n from ${t}`),
      `select '${PAID}', count(*)::text from orders where state <> 'unpaid'`,
    ].join(' union all '),
  );
  return new Map(rows.map((r) => [r.t, Number(r.n)]));
}

/** Rows added per order paid between two counts: "ledger_line 2, order_event 1, …". */
export function rowsPer(before: RowCounts, after: RowCounts): string {
  const delta = (t: string) => (after.get(t) ?? 0) - (before.get(t) ?? 0);
  const paid = delta(PAID);
  if (paid <= 0) return 'no order paid';
  return WRITTEN.map((t) => `${t} ${round(delta(t) / paid, 2)}`).join(', ');
}

/** A program the SQL alone needs is not on the machine: the bench goes on without that figure. */
export class ToolMissing extends Error {}

const missing = (cmd: string) => new ToolMissing(`${cmd} is not installed (it comes with PostgreSQL's client packages)`);

/** Runs a program to its end; its output, or an error with what it printed. */
function run(cmd: string, args: string[], input?: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    if (input && child.stdin) input.pipe(child.stdin);
    child.on('error', (err: NodeJS.ErrnoException) => reject(err.code === 'ENOENT' ? missing(cmd) : err));
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}: ${out.slice(-2000)}`)),
    );
  });
}

/** A copy of database `from` (the server still connected to it, so not CREATE DATABASE … TEMPLATE): pg_dump into pg_restore. */
async function copyDatabase(admin: pg.Client, baseUrl: string, from: string, to: string): Promise<string> {
  const urlOf = (name: string) => {
    const u = new URL(baseUrl);
    u.pathname = `/${name}`;
    return u.toString();
  };
  await admin.query(`create database ${to}`);
  const dump = spawn('pg_dump', ['--format=custom', `--dbname=${urlOf(from)}`], { stdio: ['ignore', 'pipe', 'inherit'] });
  const dumped = new Promise<void>((resolve, reject) => {
    dump.on('error', (err: NodeJS.ErrnoException) => reject(err.code === 'ENOENT' ? missing('pg_dump') : err));
    dump.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`pg_dump exited ${code}`))));
  });
  await Promise.all([run('pg_restore', ['--no-owner', `--dbname=${urlOf(to)}`], dump.stdout), dumped]);
  return urlOf(to);
}

/**
 * The queue of payments: the bench's unpaid orders (`orderIds`), interleaved by customer as wrk's are (in flight,
 * payments belong to different customers), copied `copies` times over (orders and lines, with the balance to pay
 * them) so that a fast machine does not run out within the run.
 */
async function fillQueue(db: pg.Client, orderIds: readonly number[], copies: number): Promise<void> {
  const columns = async (table: string) =>
    (
      await db.query<{ c: string }>(
        `select quote_ident(column_name) as c from information_schema.columns
         where table_schema = 'public' and table_name = $1 and column_name <> 'id' order by ordinal_position`,
        [table],
      )
    ).rows.map((r) => r.c);
  const orderCols = await columns('orders');
  const lineCols = await columns('order_line');
  await db.query(`create temporary table bench_source as select id, user_id from orders where id = any($1::int[]) and state = 'unpaid'`, [
    orderIds,
  ]);
  for (let copy = 1; copy < copies; copy++) {
    await db.query(
      `insert into orders (${orderCols.join(', ')})
       select ${orderCols.map((c) => (c === 'no' ? `no || '-${copy}'` : c)).join(', ')} from orders where id in (select id from bench_source)`,
    );
    await db.query(
      `insert into order_line (${lineCols.join(', ')})
       select ${lineCols.map((c) => (c === 'order_id' ? 'c.id' : `l.${c}`)).join(', ')}
       from order_line l join orders o on o.id = l.order_id join orders c on c.no = o.no || '-${copy}'
       where o.id in (select id from bench_source)`,
    );
  }
  // The copies' balance: the bench's accounts hold what their own orders cost.
  await db.query(
    `update ledger_account a set balance_fen = a.balance_fen * $1
     where a.key in (select distinct 'prestore:' || user_id from bench_source)`,
    [copies],
  );
  await db.query(`
    create table bench_pay_sql as
    select (row_number() over (order by k, user_id))::int as n, id as oid, user_id as uid, no, total_fen as fen
    from (select o.id, o.user_id, o.no, o.total_fen, row_number() over (partition by o.user_id order by o.id) as k
          from orders o where o.state = 'unpaid' and o.user_id in (select user_id from bench_source)) q`);
  await db.query('alter table bench_pay_sql add primary key (n)');
  await db.query('create sequence bench_pay_sql_next');
  await db.query('analyze');
}

export interface PaySqlFigures {
  /** Transactions a second in the measured run. */
  tps: number;
  latencyMs: number;
  /** CPU of the database's backends per payment. */
  databaseUsPerPayment: number;
  /** Rows added per payment, by table. */
  writes: string;
}

/** pgbench's figures: transactions processed, tps and mean latency. */
function parsePgbench(out: string): { transactions: number; tps: number; latencyMs: number; failed: number } {
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? NaN);
  return {
    transactions: num(/number of transactions actually processed: (\d+)/),
    failed: num(/number of failed transactions: (\d+)/),
    tps: num(/tps = ([\d.]+)/),
    latencyMs: num(/latency average = ([\d.]+) ms/),
  };
}

/** pgbench's backends are read this long before its end, while they are still there. */
const READ_BEFORE_END_S = 0.3;

/**
 * The payment's SQL alone, beside the bench's payments: `source` is the bench's database before its first payment,
 * `orderIds` its unpaid orders. A warm-up, ANALYZE (as the HTTP run has, ADR 0079), then `seconds` measured with
 * `clients` connections.
 */
export async function paymentSqlAlone(
  admin: pg.Client,
  source: string,
  orderIds: readonly number[],
  opts: { clients: number; seconds: number; warmupSeconds: number; copies: number },
  log: (s: string) => void,
): Promise<PaySqlFigures> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('the payment SQL alone runs on PostgreSQL (DATABASE_URL)');
  const name = `${source}_sql`;
  let db: pg.Client | undefined;
  try {
    const url = await copyDatabase(admin, baseUrl, source, name);
    db = new pg.Client({ connectionString: url });
    await db.connect();
    await fillQueue(db, orderIds, opts.copies);
    const pgbench = (seconds: number) =>
      run('pgbench', ['-n', '-M', 'prepared', '-c', String(opts.clients), '-j', '2', '-T', String(seconds), '-f', SCRIPT, url]);
    await pgbench(opts.warmupSeconds);
    await db.query('analyze');
    const before = await rowCounts(db);
    // The CPU of pgbench's own backends (made for this run), read a moment before it ends, while they are there.
    const running = pgbench(opts.seconds);
    await new Promise((r) => setTimeout(r, (opts.seconds - READ_BEFORE_END_S) * 1000));
    const cpu = await databaseCpuUs(admin, name, 'pgbench');
    const out = parsePgbench(await running);
    if (!(out.transactions > 0) || out.failed > 0) throw new Error(`pgbench paid ${out.transactions}, ${out.failed} failed`);
    const after = await rowCounts(db);
    return {
      tps: out.tps,
      latencyMs: out.latencyMs,
      databaseUsPerPayment: cpu / (out.tps * (opts.seconds - READ_BEFORE_END_S)),
      writes: rowsPer(before, after),
    };
  } finally {
    await db?.end().catch(() => {});
    await dropDatabaseWhenFree(admin, name);
    log(`  (the copy ${name} dropped)`);
  }
}
