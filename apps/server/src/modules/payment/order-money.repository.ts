// Orders and their money (ADR 0050): each order's money facts as the ledger
// booked them, the customer's orders waiting for money, the console's 应收账款.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderState } from '@yance/contracts/order-states';
import { rowsOf, type Executor } from '../../db/client.ts';
import { orderAdjustment, orders } from '../../db/schema.ts';
import { flushWrites } from '../../db/write-batch.ts';

const accountSum = (kind: 'receivable') =>
  sql<string>`(select coalesce(sum(l.amount_fen), 0) from ledger_line l
    join ledger_entry e on e.id = l.entry_id
    join ledger_account acc on acc.id = l.account_id
    where e.order_id = "orders"."id" and acc.kind = ${kind})`;

/** The customer's orders in these states, oldest first, with their first item names and since when they are in their state (order-facts.ts adds their money). */
export async function userOrderRows(db: Executor, userId: number, states: readonly OrderState[]) {
  // Inside a transaction that moved an order, its timeline rows first (they wait in the batch, ADR 0066).
  await flushWrites(db);
  const rows = await db
    .select({
      id: orders.id,
      updatedAt: orders.updatedAt,
      // "orders"."id" written out: drizzle's ${orders.id} inside this subquery drops its table, and "id" is then the line's own.
      title: sql<
        string | null
      >`(select string_agg(s.name, '、') from (select ol.name from order_line ol where ol.order_id = "orders"."id" order by ol.sort, ol.id limit 3) s)`,
      since: sql<
        string | null
      >`(select max(ev.at) from order_event ev where ev.order_id = "orders"."id" and ev.to_state = "orders"."state")`,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.state, [...states])))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return rows.map((r) => ({ id: r.id, title: r.title ?? '', since: r.since ? new Date(r.since) : r.updatedAt }));
}

/** The console's 应收账款 filter (ADR 0050). */
export interface ReceivableFilter {
  state?: 'unsettled' | 'overdue' | undefined;
  keyword?: string | undefined;
  overCredit: boolean;
}

export interface ReceivableRow {
  id: number;
  no: string;
  state: 'unsettled' | 'overdue';
  userId: number;
  /** What the order still owes: dueOf for 待结算/欠款中, max(0, owedFen) — the same receivable lines orderMoney reads. */
  owedFen: number;
  /** When it entered 待结算 (its order_event), as userOrdersInStates' since. */
  billedAt: Date;
  name: string;
  phone: string;
  company: string;
  creditLimitFen: number | null;
  managerName: string | null;
  /** What all the customer's 待结算 and 欠款中 orders owe (refuseOverCredit's figure). */
  customerOwedFen: number;
}

/**
 * The institution orders still owing (待结算, 欠款中), oldest bill first, with
 * their customer and manager, and per state how many and what they owe under
 * the keyword and credit filters. What an order owes is the negated sum of its
 * receivable lines (accountSum, as orderMoney and the reconciliation read it).
 */
export async function listReceivables(
  db: Executor,
  f: ReceivableFilter,
  limit: number,
  offset: number,
): Promise<{ rows: ReceivableRow[]; totals: { state: 'unsettled' | 'overdue'; orders: number; owedFen: number }[] }> {
  const kw = f.keyword?.trim().toLowerCase() ?? '';
  const like = `${kw.replace(/[\\%_]/g, '\\$&')}%`;
  const hits = sql`
    with due as (
      select orders.id, orders.no, orders.state, orders.user_id,
        greatest(0, -(${accountSum('receivable')}))::bigint as owed,
        coalesce((select max(ev.at) from order_event ev where ev.order_id = orders.id and ev.to_state = 'unsettled'), orders.updated_at) as billed_at
      from orders
      where orders.state in ('unsettled', 'overdue')
    ),
    owing as (select user_id, sum(owed)::bigint as customer_owed from due group by user_id),
    hits as (
      select due.*, owing.customer_owed, u.name, u.phone, u.company, u.credit_limit_fen, s.name as manager_name
      from due
      join owing on owing.user_id = due.user_id
      join user_account u on u.id = due.user_id
      left join staff_account s on s.id = u.manager_id
      where true
        ${kw ? sql`and (upper(due.no) like upper(${like}) or u.phone like ${like} or lower(u.name) like ${like} or lower(u.company) like ${like})` : sql``}
        ${f.overCredit ? sql`and u.credit_limit_fen is not null and owing.customer_owed >= u.credit_limit_fen` : sql``}
    )`;
  const totals = rowsOf<{ state: 'unsettled' | 'overdue'; orders: number; owed: string }>(
    await db.execute(sql`${hits} select state, count(*)::int as orders, coalesce(sum(owed), 0)::bigint as owed from hits group by state`),
  );
  const rows = rowsOf<{
    id: number;
    no: string;
    state: 'unsettled' | 'overdue';
    user_id: number;
    owed: string;
    billed_at: string | Date;
    name: string;
    phone: string;
    company: string;
    credit_limit_fen: number | null;
    manager_name: string | null;
    customer_owed: string;
  }>(
    await db.execute(
      sql`${hits} select * from hits ${f.state ? sql`where state = ${f.state}` : sql``} order by billed_at asc, id asc limit ${limit} offset ${offset}`,
    ),
  );
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      no: r.no,
      state: r.state,
      userId: Number(r.user_id),
      owedFen: Number(r.owed),
      billedAt: new Date(r.billed_at),
      name: r.name,
      phone: r.phone,
      company: r.company,
      creditLimitFen: r.credit_limit_fen === null ? null : Number(r.credit_limit_fen),
      managerName: r.manager_name,
      customerOwedFen: Number(r.customer_owed),
    })),
    totals: (['unsettled', 'overdue'] as const).map((state) => {
      const t = totals.find((x) => x.state === state);
      return { state, orders: t ? Number(t.orders) : 0, owedFen: t ? Number(t.owed) : 0 };
    }),
  };
}

/** The reason of the order's latest price adjustment (the 补差价's words in the statement). */
export async function lastAdjustmentReason(db: Executor, orderId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ reason: orderAdjustment.reason })
    .from(orderAdjustment)
    .where(eq(orderAdjustment.orderId, orderId))
    .orderBy(desc(orderAdjustment.id))
    .limit(1);
  return row?.reason;
}
