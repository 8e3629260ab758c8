import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { DEMO_STAFF_PASSWORD } from '@yance/contracts/staff';
import { routes, urlOf, type Route } from '@yance/contracts/routes';
import type { App } from '../../apps/server/src/app.ts';
import type { Database } from '../../apps/server/src/db/client.ts';
import { percentile, round, timed } from './stats.ts';

export interface Latency {
  queries: number;
  p50: number;
  p95: number;
  max: number;
  slowest: { query: string; total: number; medianMs: number }[];
}

export interface ConsoleLatency {
  customers: number;
  customerList: Latency;
  itemList: Latency;
}

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高'];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '磊',
  '洋',
  '勇',
  '艳',
  '杰',
  '涛',
  '明',
  '超',
  '秀英',
  '丽',
  '强',
  '晨',
  '雪',
  '浩然',
  '子涵',
];
const COMPANIES = [
  '清华大学材料学院',
  '北京大学化学学院',
  '浙江大学高分子系',
  '复旦大学物理系',
  '中国科学院化学研究所',
  '上海交通大学',
  '华为技术有限公司',
  '宁德时代新能源科技',
  '比亚迪股份有限公司',
  '武汉大学',
  '中山大学',
  '南京大学',
  'Sinopec 研究院',
  '中南大学粉末冶金研究院',
  '苏州纳米所',
];

/**
 * Fills user_account up to `target` customers in one statement: names,
 * companies and kinds cycle through realistic values, a third have filled
 * the attestation form (some pending, some reviewed), each has one of the
 * demo managers, registrations spread over two years.
 */
export async function fillCustomers(database: Database, target: number, log: (s: string) => void): Promise<void> {
  // One text[] parameter each (a JS array would become a list of parameters).
  const arr = (values: string[]) => `{${values.map((v) => `"${v}"`).join(',')}}`;
  const { ms } = await timed(async () => {
    await database.db.execute(sql`
      with managers as (select array_agg(id order by id) as ids from staff_account where 'manager' = any(roles))
      insert into user_account (phone, invite_code, name, company, organization, attested, attestation_state, disabled, manager_id, created_at)
      select '19' || lpad(i::text, 9, '0'),
             'BENCH' || i,
             (${arr(SURNAMES)}::text[])[1 + i % ${SURNAMES.length}] || (${arr(GIVEN)}::text[])[1 + (i / ${SURNAMES.length}) % ${GIVEN.length}],
             (${arr(COMPANIES)}::text[])[1 + (i / 7) % ${COMPANIES.length}],
             i % 4,
             i % 3 = 0,
             case when i % 3 <> 0 then 'none' when i % 9 = 0 then 'pending' when i % 9 = 3 then 'rejected' else 'approved' end,
             i % 97 = 0,
             (select ids[1 + i % array_length(ids, 1)] from managers),
             now() - make_interval(secs => i * 631)
      from generate_series(1, ${target}) as i
      on conflict do nothing`);
    await database.db.execute(sql`analyze user_account`);
  });
  log(`  filled to ${target} customers in ${round(ms / 1000, 1)} s`);
}

export interface Caller {
  app: App;
  token: string;
}

/** One list call: a GET's filters go in the query string, a POST's (the storefront's calls) in the body. */
async function get(c: Caller, route: Route, query: Record<string, string | number>): Promise<number> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res =
    route.method === 'GET'
      ? await c.app.inject({ method: 'GET', url: `${urlOf(route)}?${qs}`, headers: { token: c.token } })
      : await c.app.inject({ method: route.method, url: urlOf(route), payload: query, headers: { token: c.token } });
  const body = res.json<{ code: number; msg: string; data: { total: number } | null }>();
  if (res.statusCode !== 200 || body.code !== 1 || !body.data) throw new Error(`${route.path}?${qs} failed: ${res.statusCode} ${body.msg}`);
  return body.data.total;
}

const sessions = new WeakMap<App, Map<string, Promise<string>>>();

/**
 * A full staff session, one per account and app: the demo admin enrols TOTP
 * at first sign-in (ADR 0038), as a person would with an authenticator app.
 */
export function signIn(app: App, account: string): Promise<string> {
  const mine = sessions.get(app) ?? new Map<string, Promise<string>>();
  sessions.set(app, mine);
  const session = mine.get(account) ?? firstSignIn(app, account);
  mine.set(account, session);
  return session;
}

async function firstSignIn(app: App, account: string): Promise<string> {
  const post = async (route: Route, payload: object, token?: string) => {
    const res = await app.inject({ method: 'POST', url: urlOf(route), payload, headers: token ? { token } : {} });
    const body = res.json<{ code: number; msg: string; data: Record<string, unknown> }>();
    if (body.code !== 1) throw new Error(`${route.path} as ${account}: ${body.msg}`);
    return body.data;
  };
  const { token } = (await post(routes.adminLogin, { account, password: DEMO_STAFF_PASSWORD })) as { token: string };
  const me = (await post(routes.adminMe, {}, token)) as { totpRequired: boolean; totpEnabled: boolean };
  if (me.totpRequired && !me.totpEnabled) {
    const { secret } = (await post(routes.totpSetup, {}, token)) as { secret: string };
    await post(routes.totpEnable, { code: await generate({ secret }) }, token);
  }
  return token;
}

export interface Call {
  who: string;
  caller: Caller;
  route: Route;
  query: Record<string, string | number>;
}

export async function run(calls: Call[], rounds: number): Promise<Latency> {
  const readable = (q: Record<string, string | number>) =>
    Object.entries(q)
      .map(([k, v]) => `${k}=${v}`)
      .join('&') || '(no filter)';
  for (const c of calls) await get(c.caller, c.route, c.query);
  const times: number[] = [];
  const per = new Map<string, { total: number; ms: number[] }>();
  for (let r = 0; r < rounds; r++) {
    for (const c of calls) {
      const { ms, value } = await timed(() => get(c.caller, c.route, c.query));
      times.push(ms);
      const key = `${c.who} ${readable(c.query)}`;
      const entry = per.get(key) ?? { total: value, ms: [] };
      entry.ms.push(ms);
      per.set(key, entry);
    }
  }
  return {
    queries: times.length,
    p50: round(percentile(times, 50), 2),
    p95: round(percentile(times, 95), 2),
    max: round(Math.max(...times), 2),
    slowest: [...per]
      .map(([query, e]) => ({ query, total: e.total, medianMs: round(percentile(e.ms, 50), 1) }))
      .sort((a, b) => b.medianMs - a.medianMs)
      .slice(0, 6),
  };
}

/**
 * The console's two big lists at scale (issue 8): customer search at
 * `customers` customers (as admin, who sees all, and as a manager, who sees
 * their own) and the item list at the catalogue already filled, through
 * app.inject like the search bench.
 */
export async function consoleLatency(app: App, database: Database, customers: number, log: (s: string) => void): Promise<ConsoleLatency> {
  await fillCustomers(database, customers, log);
  const admin: Caller = { app, token: await signIn(app, 'admin') };
  const manager: Caller = { app, token: await signIn(app, 'manager') };
  const list = routes.customerList;
  const customerQueries: Call['query'][] = [
    {},
    { page: 40 },
    { phone: '1900001' },
    { phone: '19000123456' },
    { name: '王' },
    { name: '李芳' },
    { company: '清华' },
    { company: 'sinopec' },
    { organization: 2 },
    { attestation: 'pending' },
    { attestation: 'pending', organization: 2 },
    { disabled: 'true' },
    { sort: 'createdAsc', page: 3 },
    { name: '张', company: '中国科学院' },
  ];
  const customerCalls = customerQueries.flatMap((query): Call[] => [
    { who: 'admin', caller: admin, route: list, query },
    { who: 'manager', caller: manager, route: list, query },
  ]);
  log('  customer/list …');
  const customerList = await run(customerCalls, 6);
  const items = routes.catalogDeviceList;
  const itemQueries: Call['query'][] = [
    {},
    { page: 200 },
    { kw: 'XRD' },
    { kw: '原位' },
    { kw: '扫描电镜', typeId: 1 },
    { typeId: 2 },
    { childId: 3, page: 2 },
    { shelf: 'off' },
    { sort: 'price_asc' },
    { sort: 'newest', page: 10 },
    { sort: 'order' },
    { kw: 'BN0012345' },
  ];
  const itemCalls = itemQueries.map((query): Call => ({ who: 'admin', caller: admin, route: items, query }));
  log('  catalog/device/list …');
  const itemList = await run(itemCalls, 10);
  return { customers, customerList, itemList };
}
