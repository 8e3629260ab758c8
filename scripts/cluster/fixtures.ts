// The data the load needs, loaded before production starts (production refuses
// demo data and the local payment gateway): one development run of the server
// seeds the demo shop into the empty cluster database; then each load customer
// gets unpaid orders and a balance topped up through the local gateway's
// signed callback — the same path a real gateway's callback takes.
import { randomUUID } from 'node:crypto';
import { routes, urlOf, type Route } from '@yance/contracts/routes';
import { createLocalGateway } from '../../apps/server/src/modules/payment/index.ts';
import { AppProcess, fixtureEnv, type Secrets, type Shared } from './app.ts';
import type { Postgres } from './postgres.ts';

/** The demo password (README): demo customers and staff sign in with it. */
export const DEMO_PASSWORD = 'yance-demo-2026';
/** A demo customer, used for the sign-in checks. */
export const DEMO_CUSTOMER = '13900000002';
const TOPUP_FEN = 5_000_000;

export interface LoadCustomer {
  phone: string;
  userId: number;
  orderIds: number[];
}

export const idempotencyKey = () => randomUUID().replaceAll('-', '');

/** One API call; throws unless it answers 200 with code 1. */
export async function call<T>(baseUrl: string, route: Route, body: object | undefined, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}${urlOf(route)}`, {
    method: route.method,
    headers: { ...(token ? { token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let env: { code?: number; msg?: string; data?: T } = {};
  try {
    env = JSON.parse(text) as typeof env;
  } catch {
    // not an envelope: reported below
  }
  if (res.status !== 200 || env.code !== 1)
    throw new Error(`${route.method} ${urlOf(route)}: ${res.status} ${env.msg ?? text.slice(0, 200)}`);
  return env.data as T;
}

export const login = (baseUrl: string, account: string) =>
  call<{ token: string }>(baseUrl, routes.login, { account, password: DEMO_PASSWORD }).then((d) => d.token);

/**
 * Starts the development run, waits until it has seeded the demo shop, adds
 * the load customers with their orders and balances, and stops it.
 */
export async function loadFixtures(opts: {
  shared: Shared;
  secrets: Secrets;
  pg: Postgres;
  database: string;
  port: number;
  customers: number;
  ordersEach: number;
  log: (s: string) => void;
}): Promise<LoadCustomer[]> {
  const dev = new AppProcess('fixtures-dev', opts.port, fixtureEnv(opts.shared, opts.secrets), opts.shared);
  dev.start();
  try {
    await dev.waitReady(180_000);
    opts.log(`  demo shop seeded (development run, pid ${dev.pid})`);
    const customers = await insertCustomers(opts.pg, opts.database, opts.customers, opts.ordersEach);
    opts.log(`  ${customers.length} enterprise customers with ${opts.ordersEach} unpaid orders each`);
    const gateway = createLocalGateway(opts.secrets.localPaymentSecret);
    for (const c of customers) {
      const token = await login(dev.baseUrl, c.phone);
      const added = await call<{ topup: { no: string } }>(
        dev.baseUrl,
        routes.prestoreAdd,
        { method: 'online', gateway: 'local', amountFen: TOPUP_FEN, idempotencyKey: idempotencyKey() },
        token,
      );
      const res = await fetch(`${dev.baseUrl}${urlOf(routes.payNotifyLocal)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...gateway.signedCallback(added.topup.no, TOPUP_FEN) }).toString(),
      });
      if (res.status !== 200) throw new Error(`top-up callback for ${c.phone}: ${res.status} ${await res.text()}`);
      const info = await call<{ balanceFen: number }>(dev.baseUrl, routes.prestoreInfo, undefined, token);
      if (info.balanceFen < TOPUP_FEN) throw new Error(`top-up of ${c.phone} not credited (balance ${info.balanceFen})`);
    }
    opts.log(`  each balance topped up with ¥${TOPUP_FEN / 100} through the local gateway's signed callback`);
    return customers;
  } finally {
    const how = await dev.stop('SIGTERM');
    if (how !== 0) opts.log(`  development run ended with ${how}`);
  }
}

/** Enterprise (prepaid) customers with the demo customer's password hash, and their unpaid orders. */
async function insertCustomers(pg: Postgres, database: string, count: number, ordersEach: number): Promise<LoadCustomer[]> {
  const [demo] = await pg.query<{ password_hash: string }>(database, 'select password_hash from user_account where phone = $1', [
    DEMO_CUSTOMER,
  ]);
  if (!demo?.password_hash) throw new Error(`demo customer ${DEMO_CUSTOMER} not seeded`);
  const users = await pg.query<{ id: number; phone: string }>(
    database,
    `insert into user_account (phone, invite_code, name, company, organization, attested, attestation_state, password_hash, created_at)
     select '1770000' || lpad(i::text, 4, '0'), 'CLUSTER' || i, '压测客户' || i, '集群测试材料有限公司', 2, true, 'approved', $1, now()
     from generate_series(1, $2::int) as i
     returning id, phone`,
    [demo.password_hash, count],
  );
  await pg.query(
    database,
    `insert into orders (no, user_id, state, kind, delivery, total_fen, created_at, updated_at)
     select 'CL' || u.id || '-' || n, u.id, 'unpaid', 'enterprise', 0, 1000 + (n % 40) * 100, now(), now()
     from user_account u, generate_series(1, $2::int) as n
     where u.id = any($1::int[])`,
    [users.map((u) => u.id), ordersEach],
  );
  const orders = await pg.query<{ id: number; user_id: number }>(
    database,
    `select id, user_id from orders where user_id = any($1::int[]) order by id`,
    [users.map((u) => u.id)],
  );
  return users
    .sort((a, b) => a.id - b.id)
    .map((u) => ({ phone: u.phone, userId: u.id, orderIds: orders.filter((o) => o.user_id === u.id).map((o) => o.id) }));
}
