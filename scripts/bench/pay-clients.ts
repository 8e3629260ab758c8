/**
 * Customers who pay over HTTP (issue 22): enterprise customers with unpaid
 * orders and a prestore balance, signed in through the API, topped up through
 * the local gateway's signed callback as a real top-up is; and the data files
 * wrk-api.lua reads (their tokens; one line per payment).
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type pg from 'pg';
import { generate } from 'otplib';
import { routes, urlOf, type Route } from '@yance/contracts/routes';
import { DEMO_STAFF_PASSWORD } from '@yance/contracts/staff';
import { hashPassword } from '../../apps/server/src/modules/account/index.ts';
import { createLocalGateway } from '../../apps/server/src/modules/payment/index.ts';

/** The local gateway's secret of the bench's server (PAYMENT_LOCAL_SECRET), so the bench can sign its callbacks. */
export const BENCH_PAYMENT_SECRET = 'bench-local-payment-secret-0123';
const PASSWORD = 'Bench-pay 2026!';
/** Largest top-up the bench makes in one call; orders cost 10–49 yuan. */
const TOPUP_FEN = 1_000_000;

export interface PayClient {
  token: string;
  /** Unpaid orders, oldest first. */
  orders: number[];
}

async function post<T>(baseUrl: string, route: Route, payload: object, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}${urlOf(route)}`, {
    method: route.method,
    headers: { 'content-type': 'application/json', ...(token && { token }) },
    body: JSON.stringify(payload),
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (res.status !== 200 || body.code !== 1) throw new Error(`${urlOf(route)}: ${res.status} ${body.msg}`);
  return body.data;
}

/**
 * `count` customers with `ordersEach` unpaid orders each and enough prestore
 * money for all of them. Accounts and orders are written in SQL (bench fill);
 * sign-in and top-ups go through the API.
 */
export async function preparePayClients(
  baseUrl: string,
  db: pg.Client,
  count: number,
  ordersEach: number,
  log: (s: string) => void,
): Promise<PayClient[]> {
  log(`  ${count} enterprise customers, ${ordersEach} unpaid orders each, topped up through the local gateway …`);
  const hash = await hashPassword(PASSWORD);
  const tag = randomUUID().slice(0, 6);
  await db.query(
    `insert into user_account (phone, invite_code, name, company, organization, attested, attestation_state, password_hash, created_at)
     select '17' || lpad(i::text, 9, '0'), 'PAY' || $1 || i, '付款客户' || i, '某材料科技有限公司', 2, true, 'approved', $2, now()
     from generate_series(1, $3::int) as i`,
    [tag, hash, count],
  );
  await db.query(
    `insert into orders (no, user_id, state, kind, delivery, total_fen, created_at, updated_at)
     select 'BP' || $1 || u.id || '-' || n, u.id, 'unpaid', 'enterprise', 0, 1000 + (n % 40) * 100, now(), now()
     from user_account u, generate_series(1, $2::int) as n
     where u.invite_code like 'PAY' || $1 || '%'`,
    [tag, ordersEach],
  );
  // Each order has one line of one of the three most ordered items, as real orders do: paying it counts the item's
  // 已下单 (issue 21), so the payments meet where every customer's orders meet — the popular items.
  await db.query(
    `insert into order_line (order_id, device_id, rid, name, type_id, unit, unit_fen, count, amount_fen, turnaround_days)
     select o.id, d.id, d.rid, d.name, d.type_id, d.unit, o.total_fen, 1, o.total_fen, d.turnaround_days
     from orders o
     join user_account u on u.id = o.user_id and u.invite_code like 'PAY' || $1 || '%'
     join (select id, rid, name, type_id, unit, turnaround_days, row_number() over (order by order_count desc, id) - 1 as k
           from device where on_shelf order by order_count desc, id limit 3) d on d.k = o.id % 3`,
    [tag],
  );
  const { rows: users } = await db.query<{ id: number; phone: string; owed: string }>(
    `select u.id, u.phone, (select sum(total_fen) from orders o where o.user_id = u.id)::text as owed
     from user_account u where u.invite_code like 'PAY' || $1 || '%' order by u.id`,
    [tag],
  );
  const gateway = createLocalGateway(BENCH_PAYMENT_SECRET);
  const clients: PayClient[] = [];
  for (const u of users) {
    const { token } = await post<{ token: string }>(baseUrl, routes.login, { account: u.phone, password: PASSWORD });
    for (let left = Number(u.owed); left > 0; left -= TOPUP_FEN) {
      const added = await post<{ topup: { no: string } }>(
        baseUrl,
        routes.prestoreAdd,
        { method: 'online', gateway: 'local', amountFen: TOPUP_FEN, idempotencyKey: randomUUID().replaceAll('-', '') },
        token,
      );
      const cb = await fetch(`${baseUrl}${urlOf(routes.payNotifyLocal)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...gateway.signedCallback(added.topup.no, TOPUP_FEN) }).toString(),
      });
      if (cb.status !== 200) throw new Error(`top-up callback failed: ${cb.status}`);
    }
    const { rows } = await db.query<{ id: number }>(`select id from orders where user_id = $1 and state = 'unpaid' order by id`, [u.id]);
    clients.push({ token, orders: rows.map((r) => r.id) });
  }
  return clients;
}

/** wrk-api.lua's `info` data: one token a line. */
export const writeTokens = (file: string, clients: readonly PayClient[]) => writeFile(file, clients.map((c) => `${c.token}\n`).join(''));

/**
 * wrk-api.lua's `pay` data: the orders still unpaid, one "<token> <orderId>"
 * a line, interleaved by customer (the first order of each, then the second …).
 */
export async function writeUnpaid(file: string, db: pg.Client, clients: readonly PayClient[]): Promise<number> {
  const ids = clients.flatMap((c) => c.orders);
  const unpaidNow = async () =>
    (await db.query<{ id: number }>(`select id from orders where id = any($1::int[]) and state = 'unpaid'`, [ids])).rows;
  // Payments sent before wrk stopped are still being answered: wait until none is, or they would be paid twice.
  let rows = await unpaidNow();
  for (let settled = false; !settled;) {
    await new Promise((r) => setTimeout(r, 500));
    const again = await unpaidNow();
    settled = again.length === rows.length;
    rows = again;
  }
  const unpaid = new Set(rows.map((r) => r.id));
  const queues = clients.map((c) => c.orders.filter((id) => unpaid.has(id)));
  const lines: string[] = [];
  for (let i = 0; queues.some((q) => i < q.length); i++)
    queues.forEach((q, c) => {
      if (i < q.length) lines.push(`${clients[c]!.token} ${q[i]}\n`);
    });
  await writeFile(file, lines.join(''));
  return lines.length;
}

/** pay/order's groups so far (ADR 0085), as the server's /metrics counts them (a loopback scrape needs no token). */
export interface PaymentGroups {
  committed: number;
  broken: number;
  /** Calls that went in a committed group, and in a broken one (each of those then ran alone). */
  groupedCommitted: number;
  groupedBroken: number;
}

export async function paymentGroupsOverHttp(baseUrl: string): Promise<PaymentGroups> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const count = (metric: string, outcome: string) =>
    Number(new RegExp(`^yance_${metric}\\{outcome="${outcome}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  return {
    committed: count('payment_groups_total', 'committed'),
    broken: count('payment_groups_total', 'broken'),
    groupedCommitted: count('grouped_payments_total', 'committed'),
    groupedBroken: count('grouped_payments_total', 'broken'),
  };
}

/**
 * The ledger's reconciliation (对账) as the console's finance staff reads it:
 * the demo finance account signs in and enrols TOTP as a person would.
 */
export async function reconcileOverHttp(baseUrl: string): Promise<{ ok: boolean; summary: string }> {
  const { token } = await post<{ token: string }>(baseUrl, routes.adminLogin, { account: 'finance', password: DEMO_STAFF_PASSWORD });
  const me = await post<{ totpRequired: boolean; totpEnabled: boolean }>(baseUrl, routes.adminMe, {}, token);
  if (me.totpRequired && !me.totpEnabled) {
    const { secret } = await post<{ secret: string }>(baseUrl, routes.totpSetup, {}, token);
    await post(baseUrl, routes.totpEnable, { code: await generate({ secret }) }, token);
  }
  const res = await fetch(`${baseUrl}${urlOf(routes.adminLedgerReconcile)}`, { headers: { token } });
  const body = (await res.json()) as {
    code: number;
    msg: string;
    data: {
      ok: boolean;
      sumFen: number;
      entries: number;
      lines: number;
      unbalanced: unknown[];
      mismatched: unknown[];
      negative: unknown[];
      gateways: { gateway: string; matches: boolean }[];
      receivable: { matches: boolean };
      refunds: { matches: boolean };
    };
  };
  if (body.code !== 1) throw new Error(`ledger/reconcile: ${body.msg}`);
  const r = body.data;
  const summary =
    `${r.ok ? 'passes' : 'FAILS'}: ${r.entries} entries, ${r.lines} lines, sum ${r.sumFen} fen, ` +
    `${r.unbalanced.length} unbalanced, ${r.mismatched.length} balances differing from their lines, ${r.negative.length} negative; ` +
    `gateways ${r.gateways.every((g) => g.matches) ? 'match' : 'differ'}, receivables ${r.receivable.matches ? 'match' : 'differ'}, ` +
    `refunds ${r.refunds.matches ? 'match' : 'differ'}`;
  return { ok: r.ok, summary };
}
