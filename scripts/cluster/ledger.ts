// The ledger reconciliation in SQL, as the console's 对账 checks it (ledger.service
// reconcileLedger: the whole sums to zero, each entry balances, each owned
// balance equals its lines, none negative) plus what a payment fault could
// break: a running balance off, an order paid twice, an order whose state and
// payments disagree, a payment the customer was told of that is not there.
import pg from 'pg';

export interface LedgerCheck {
  ok: boolean;
  /** One line: entries, lines, orders paid. */
  summary: string;
  problems: string[];
}

/**
 * Checks the ledger of `url` in one snapshot. `customers` are the load's
 * (enterprise, prepaid) customers; `clientPaid`, when given, is every order a
 * client was told was paid, which must be exactly their paid orders.
 */
export async function reconcile(url: string, customers: number[], clientPaid?: Set<number>): Promise<LedgerCheck> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const rows = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as T[];
  const problems: string[] = [];
  try {
    await client.query('begin isolation level repeatable read read only');
    const [totals] = await rows<{ sum: string; lines: number; entries: number }>(
      'select coalesce(sum(amount_fen), 0)::text as sum, count(*)::int as lines, count(distinct entry_id)::int as entries from ledger_line',
    );
    if (!totals || totals.sum !== '0') problems.push(`the ledger's lines sum to ${totals?.sum} fen, not 0`);

    const unbalanced = await rows<{ entry_id: string; sum: string }>(
      'select entry_id::text, sum(amount_fen)::text as sum from ledger_line group by entry_id having sum(amount_fen) <> 0 limit 10',
    );
    for (const u of unbalanced) problems.push(`entry ${u.entry_id}: its lines sum to ${u.sum} fen`);

    const mismatched = await rows<{ key: string; balance: string; sum: string }>(
      `select a.key, a.balance_fen::text as balance, coalesce(sum(l.amount_fen), 0)::text as sum
       from ledger_account a left join ledger_line l on l.account_id = a.id
       where a.balance_fen is not null
       group by a.id having a.balance_fen <> coalesce(sum(l.amount_fen), 0) limit 10`,
    );
    for (const m of mismatched) problems.push(`account ${m.key}: balance ${m.balance} fen, its lines sum to ${m.sum}`);

    const negative = await rows<{ key: string; balance: string }>(
      'select key, balance_fen::text as balance from ledger_account where balance_fen < 0 limit 10',
    );
    for (const n of negative) problems.push(`account ${n.key}: negative balance ${n.balance} fen`);

    // The statement's running balance: each owned account's line says the balance right after it.
    const running = await rows<{ key: string; line: string; after: string; sum: string }>(
      `select a.key, x.id::text as line, x.balance_after_fen::text as after, x.running::text as sum
       from (select l.id, l.account_id, l.balance_after_fen,
                    sum(l.amount_fen) over (partition by l.account_id order by l.id) as running
             from ledger_line l where l.balance_after_fen is not null) x
       join ledger_account a on a.id = x.account_id
       where x.balance_after_fen <> x.running limit 10`,
    );
    for (const r of running) problems.push(`account ${r.key}, line ${r.line}: balance after ${r.after} fen, running sum ${r.sum}`);

    const twice = await rows<{ order_id: number; n: number }>(
      `select order_id, count(*)::int as n from ledger_entry where kind = 'orderPay' and order_id is not null
       group by order_id having count(*) > 1 limit 10`,
    );
    for (const t of twice) problems.push(`order ${t.order_id} paid ${t.n} times`);

    // The load's customers' orders: paid exactly when their state left 待付款.
    const orders = await rows<{ id: number; state: string; pays: number }>(
      `select o.id, o.state, (select count(*)::int from ledger_entry e where e.order_id = o.id and e.kind = 'orderPay') as pays
       from orders o where o.user_id = any($1::int[])`,
      [customers],
    );
    const paid = new Set<number>();
    for (const o of orders) {
      if (o.state !== 'unpaid') paid.add(o.id);
      if (o.state === 'unpaid' && o.pays > 0) problems.push(`order ${o.id} is 待付款 but has a payment`);
      if (o.state !== 'unpaid' && o.pays !== 1) problems.push(`order ${o.id} is ${o.state} with ${o.pays} payments`);
    }
    if (clientPaid) {
      const lost = [...clientPaid].filter((id) => !paid.has(id));
      const unseen = [...paid].filter((id) => !clientPaid.has(id));
      if (lost.length)
        problems.push(`${lost.length} payments a client was told of are not in the database (orders ${lost.slice(0, 5).join(', ')})`);
      if (unseen.length) problems.push(`${unseen.length} orders paid that no client was told of (orders ${unseen.slice(0, 5).join(', ')})`);
    }
    await client.query('commit');
    return {
      ok: problems.length === 0,
      summary: `${totals?.entries ?? 0} entries, ${totals?.lines ?? 0} lines, ${paid.size} load orders paid`,
      problems: problems.slice(0, 20),
    };
  } finally {
    await client.end();
  }
}
