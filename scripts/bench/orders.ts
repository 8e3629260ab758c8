import { sql } from 'drizzle-orm';
import { DEMO_STAFF_PASSWORD } from '@yance/contracts/staff';
import { ORDER_STATES } from '@yance/contracts/order-states';
import { routes, urlOf } from '@yance/contracts/routes';
import type { App } from '../../apps/server/src/app.ts';
import { rowsOf, type Database } from '../../apps/server/src/db/client.ts';
import { hashPassword } from '../../apps/server/src/modules/account/index.ts';
import { run, signIn, type Call, type Caller, type Latency } from './console.ts';
import { round, timed } from './stats.ts';

export interface OrderLatency {
  orders: number;
  /** The customer's own list (order/list) for a customer with `heavyOrders` orders among them. */
  heavyOrders: number;
  customerList: Latency;
  /** The console's order list as admin (every order) and as a manager (their customers'). */
  consoleList: Latency;
}

/** The bench's heavy customer: a research group's shared account with years of orders. */
const HEAVY_PHONE = '13800000042';
const SAMPLE_NAMES = ['样品', '粉末', '薄膜', '电极材料', '催化剂', '合金块', '溶液', '纳米颗粒', '陶瓷片', '聚合物'];

/**
 * Fills `orders` up to `target` rows, spread over the bench's customers (ADR
 * 0035's bench fill) and newest first over two years, in every state but
 * draft, each with one or two lines named after catalogue items and one to
 * three samples; `heavy` of them belong to one customer who can sign in.
 */
async function fillOrders(database: Database, target: number, heavy: number, log: (s: string) => void): Promise<number> {
  const { db } = database;
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
  const [{ id: heavyId }] = rowsOf<{ id: number }>(
    await db.execute(sql`
    insert into user_account (phone, invite_code, password_hash, name, company, organization, attested, attestation_state, created_at)
    values (${HEAVY_PHONE}, 'BENCHHEAVY', ${passwordHash}, '课题组公用', '中国科学院化学研究所', 3, true, 'approved', now() - interval '3 years')
    returning id`),
  ) as [{ id: number }];
  const states = `{${ORDER_STATES.filter((s) => s !== 'draft').join(',')}}`;
  const names = `{${SAMPLE_NAMES.join(',')}}`;
  const { ms } = await timed(async () => {
    // Customers and items to pick from by position (ids are not contiguous after the bench's fills).
    await db.execute(sql`create temporary table bench_customer as
      select row_number() over (order by id) as n, id from user_account where phone like '19%'`);
    await db.execute(sql`create temporary table bench_item as
      select row_number() over (order by id) as n, id, rid, name, type_id, unit, price_fen, turnaround_days from device where id % 50 = 0 or id < 200`);
    await db.execute(sql`alter table bench_customer add primary key (n)`);
    await db.execute(sql`alter table bench_item add primary key (n)`);
    const [{ customers, items }] = rowsOf<{ customers: number; items: number }>(
      await db.execute(
        sql`select (select count(*) from bench_customer)::int as customers, (select count(*) from bench_item)::int as items`,
      ),
    ) as [{ customers: number; items: number }];
    // A bulk load: the keyword index is built once at the end (the same definition as migration 0022's).
    await db.execute(sql`drop index orders_search_grams_idx`);
    await db.execute(sql`
      insert into orders (no, user_id, state, kind, delivery, total_fen, created_at, updated_at)
      select 'YC' || to_char((now() - make_interval(secs => i * 631)) at time zone 'Asia/Shanghai', 'YYYYMMDD') || '-' || lpad(i::text, 6, '0'),
             case when i % ${Math.max(1, Math.round(target / heavy))} = 0 then ${heavyId}
                  else (select id from bench_customer where n = 1 + i % ${customers}) end,
             (${states}::text[])[1 + i % ${ORDER_STATES.length - 1}],
             case when i % 4 = 2 then 'enterprise' else 'institution' end,
             i % 2,
             10000 + (i * 37) % 400000,
             now() - make_interval(secs => i * 631),
             now() - make_interval(secs => i * 631)
      from generate_series(1, ${target}) as i`);
    await db.execute(sql`
      insert into order_line (order_id, device_id, rid, name, type_id, unit, unit_fen, count, amount_fen, turnaround_days, sort)
      select o.id, it.id, it.rid, it.name, it.type_id, it.unit, it.price_fen, 1 + o.id % 3, it.price_fen * (1 + o.id % 3), it.turnaround_days, k
      from orders o
      cross join generate_series(0, 1) as k
      join bench_item it on it.n = 1 + (o.id * 7 + k * 13) % ${items}
      where k = 0 or o.id % 3 = 0`);
    await db.execute(sql`
      insert into order_sample (no, order_id, line_id, name, count, form)
      select o.no || '-' || lpad(s::text, 2, '0'), o.id, l.id,
             (${names}::text[])[1 + (o.id + s) % ${SAMPLE_NAMES.length}] || '-' || s, 1 + s % 2, 'powder'
      from orders o
      join order_line l on l.order_id = o.id and l.sort = 0
      cross join generate_series(1, 3) as s
      where s <= 1 + o.id % 3`);
    // What the service writes with the lines (lower-case is its normalisation for these names).
    await db.execute(sql`
      update orders o set search_text = lower(concat_ws(' ', o.no,
        (select string_agg(l.name, ' ' order by l.sort) from order_line l where l.order_id = o.id),
        (select string_agg(s.name || ' ' || s.no, ' ' order by s.id) from order_sample s where s.order_id = o.id)))`);
    await db.execute(
      sql`create index orders_search_grams_idx on orders using gin (search_grams(search_text)) with (gin_pending_list_limit = 64)`,
    );
    await db.execute(sql`drop table bench_customer`);
    await db.execute(sql`drop table bench_item`);
    await db.execute(sql`analyze`);
  });
  log(`  filled to ${target} orders (${heavy} of one customer) in ${round(ms / 1000, 1)} s`);
  return heavyId;
}

/**
 * order/list at scale (issue 9): the customer's list with every tab and
 * keyword kind for a customer with many orders, and the console's list as
 * admin and as a manager, on a database holding `target` orders.
 */
export async function orderLatency(app: App, database: Database, target: number, log: (s: string) => void): Promise<OrderLatency> {
  const heavy = 2_000;
  const heavyId = await fillOrders(database, target, heavy, log);
  const res = await app.inject({
    method: 'POST',
    url: urlOf(routes.login),
    payload: { account: HEAVY_PHONE, password: DEMO_STAFF_PASSWORD },
  });
  const token = res.json<{ data: { token: string } }>().data.token;
  const customer: Caller = { app, token };
  const customerQueries: Call['query'][] = [
    {},
    { page: 5 },
    { page: 60 },
    { tab: 'testing' },
    { tab: 'completed', page: 3 },
    { tab: 'cancelled' },
    { kw: 'YC2026' },
    { kw: '-000042' },
    { kw: 'XRD' },
    { kw: '扫描电镜' },
    { kw: '催化剂' },
    { kw: '无此订单' },
    { tab: 'settling', kw: '粉末' },
  ];
  log('  order/list (customer) …');
  const customerList = await run(
    customerQueries.map((query): Call => ({ who: 'customer', caller: customer, route: routes.orderList, query })),
    8,
  );
  const admin: Caller = { app, token: await signIn(app, 'admin') };
  const manager: Caller = { app, token: await signIn(app, 'manager') };
  const consoleQueries: Call['query'][] = [
    {},
    { page: 100 },
    { state: 'testing' },
    { state: 'quoting', page: 5 },
    { kw: 'YC2025' },
    { kw: '-004242' },
    { kw: '19000012' },
    { kw: '王芳' },
    { kw: 'XRD' },
    { kw: '催化剂' },
    { kw: '无此订单' },
    { customerId: heavyId },
    { customerId: heavyId, kw: '薄膜' },
  ];
  log('  order/list (console) …');
  const consoleList = await run(
    consoleQueries.flatMap((query): Call[] => [
      { who: 'admin', caller: admin, route: routes.adminOrderList, query },
      { who: 'manager', caller: manager, route: routes.adminOrderList, query },
    ]),
    4,
  );
  return { orders: target, heavyOrders: heavy, customerList, consoleList };
}
