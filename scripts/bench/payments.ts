/**
 * Payments through the API on PostgreSQL (issue 10): payOrder (prestore →
 * revenue inside the order's move, idempotency key, audit, timeline, notice)
 * by 50 concurrent clients, beside a trivial authenticated call (userInfo) by
 * the same 50 clients on the same server in the same run. Each client is a
 * customer paying its own orders, as in the shop; app.inject like the search
 * bench, so the figures are the server's, not a socket's.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { routes, urlOf, type Route } from '@yance/contracts/routes';
import { buildApp, type App } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { seedIfEmpty } from '../../apps/server/src/db/seed/seed.ts';
import { hashPassword } from '../../apps/server/src/modules/account/index.ts';
import { createLocalGateway } from '../../apps/server/src/modules/payment/index.ts';
import { percentile, round } from './stats.ts';

export const PAY_CLIENTS = 50;
const ORDERS_EACH = 40;
const SECRET = 'bench-local-payment-secret-0123';
const PASSWORD = 'Bench-pay 2026!';

export interface PaymentBench {
  clients: number;
  payments: number;
  paymentsPerSecond: number;
  paymentP50: number;
  paymentP99: number;
  trivialPerSecond: number;
  trivialP99: number;
}

async function call(app: App, route: Route, token: string, body: object) {
  const t0 = performance.now();
  const res = await app.inject({
    method: route.method,
    url: urlOf(route),
    headers: { token, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  const ms = performance.now() - t0;
  const env = res.json<{ code: number; msg: string }>();
  if (res.statusCode !== 200 || env.code !== 1) throw new Error(`${urlOf(route)}: ${res.statusCode} ${env.msg}`);
  return ms;
}

/** 50 clients, each running its own list of calls one after another; answers every call's time and the wall time. */
async function concurrently(work: (() => Promise<number>)[][]): Promise<{ times: number[]; seconds: number }> {
  const times: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    work.map(async (calls) => {
      for (const c of calls) times.push(await c());
    }),
  );
  return { times, seconds: (performance.now() - t0) / 1000 };
}

export async function paymentsOnPostgres(url: string, log: (s: string) => void): Promise<PaymentBench> {
  const name = `yance_bench_pay_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'yance-bench-pay-'));
  try {
    const database = await openDatabase({ databaseUrl: dbUrl.toString(), dataDir });
    try {
      await database.migrate();
      await seedIfEmpty(database.db);
      const config = loadConfig({
        ...process.env,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        PAYMENT_GATEWAYS: 'local',
        PAYMENT_LOCAL_SECRET: SECRET,
      });
      const app = await buildApp({ config, database });
      await app.ready();
      try {
        return await measure(app, database.db, log);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  } finally {
    await dropWhenFree(admin, name);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Drops the bench's database once its last connection has gone. Not WITH
 * (FORCE): a connection the closing pool has not let go yet would be killed
 * under it, and the pool's error event would end this process.
 */
async function dropWhenFree(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`drop database if exists ${name}`);
      return;
    } catch (e) {
      if (attempt >= 50) throw e;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** The rows of a raw query (node-postgres and PGlite both answer { rows }). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

async function measure(app: App, db: Parameters<typeof seedIfEmpty>[0], log: (s: string) => void): Promise<PaymentBench> {
  log(`  ${PAY_CLIENTS} enterprise customers, ${ORDERS_EACH} unpaid orders each …`);
  const hash = await hashPassword(PASSWORD);
  const tag = randomUUID().slice(0, 6);
  await db.execute(sql`
    insert into user_account (phone, invite_code, name, company, organization, attested, attestation_state, password_hash, created_at)
    select '17' || lpad(i::text, 9, '0'), 'PAY' || ${tag} || i, '付款客户' || i, '某材料科技有限公司', 2, true, 'approved', ${hash}, now()
    from generate_series(1, ${PAY_CLIENTS}) as i`);
  const users = rowsOf<{ id: number; phone: string }>(
    await db.execute(sql`select id, phone from user_account where invite_code like ${`PAY${tag}%`} order by id`),
  );
  await db.execute(sql`
    insert into orders (no, user_id, state, kind, delivery, total_fen, created_at, updated_at)
    select 'BP' || ${tag} || u.id || '-' || n, u.id, 'unpaid', 'enterprise', 0, 1000 + (n % 40) * 100, now(), now()
    from user_account u, generate_series(1, ${ORDERS_EACH}) as n
    where u.invite_code like ${`PAY${tag}%`}`);
  const gateway = createLocalGateway(SECRET);
  const clients: { token: string; orders: number[] }[] = [];
  for (const u of users) {
    const login = await app.inject({ method: 'POST', url: urlOf(routes.login), payload: { account: u.phone, password: PASSWORD } });
    const token = login.json<{ data: { token: string } }>().data.token;
    const added = await app.inject({
      method: 'POST',
      url: urlOf(routes.prestoreAdd),
      headers: { token },
      payload: { method: 'online', gateway: 'local', amountFen: 1_000_000, idempotencyKey: randomUUID().replaceAll('-', '') },
    });
    const no = added.json<{ data: { topup: { no: string } } }>().data.topup.no;
    const cb = await app.inject({
      method: 'POST',
      url: urlOf(routes.payNotifyLocal),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...gateway.signedCallback(no, 1_000_000) }).toString(),
    });
    if (cb.statusCode !== 200) throw new Error(`top-up callback failed: ${cb.statusCode}`);
    const ids = rowsOf<{ id: number }>(
      await db.execute(sql`select id from orders where user_id = ${u.id} and state = 'unpaid' order by id`),
    );
    clients.push({ token, orders: ids.map((r) => r.id) });
  }
  // Warm-up: one payment and one trivial call per client.
  await concurrently(
    clients.map((c) => [
      () => call(app, routes.payOrder, c.token, { orderId: c.orders.shift()!, idempotencyKey: randomUUID().replaceAll('-', '') }),
    ]),
  );
  await concurrently(clients.map((c) => [() => call(app, routes.userInfo, c.token, {})]));
  log('  payOrder …');
  const pay = await concurrently(
    clients.map((c) =>
      c.orders.map((orderId) => () => call(app, routes.payOrder, c.token, { orderId, idempotencyKey: randomUUID().replaceAll('-', '') })),
    ),
  );
  log('  userInfo …');
  const trivial = await concurrently(
    clients.map((c) => Array.from({ length: ORDERS_EACH - 1 }, () => () => call(app, routes.userInfo, c.token, {}))),
  );
  const paid = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from orders where no like ${`BP${tag}%`} and state = 'awaitingSample'`),
  );
  if (paid[0]?.n !== PAY_CLIENTS * ORDERS_EACH) throw new Error(`expected every order paid, found ${paid[0]?.n}`);
  return {
    clients: PAY_CLIENTS,
    payments: pay.times.length,
    paymentsPerSecond: round(pay.times.length / pay.seconds, 0),
    paymentP50: round(percentile(pay.times, 50), 1),
    paymentP99: round(percentile(pay.times, 99), 1),
    trivialPerSecond: round(trivial.times.length / trivial.seconds, 0),
    trivialP99: round(percentile(trivial.times, 99), 1),
  };
}
