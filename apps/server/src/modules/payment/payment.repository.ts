import { and, asc, desc, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { OrderState } from '@yance/contracts/order-states';
import type { TopupMethod, TopupState } from '@yance/contracts/ledger';
import { rowsOf, type Executor } from '../../db/client.ts';
import {
  ledgerAccount,
  ledgerEntry,
  ledgerLine,
  orderAdjustment,
  orders,
  refund,
  staffAccount,
  topup,
  userAccount,
} from '../../db/schema.ts';

export type TopupRow = typeof topup.$inferSelect;
export type NewTopupRow = typeof topup.$inferInsert;

export async function insertTopup(db: Executor, row: NewTopupRow): Promise<TopupRow> {
  const [created] = await db.insert(topup).values(row).returning();
  if (!created) throw new Error('topup insert returned nothing');
  return created;
}

export async function setTopupNo(db: Executor, id: number, no: string): Promise<TopupRow> {
  const [row] = await db.update(topup).set({ no }).where(eq(topup.id, id)).returning();
  if (!row) throw new Error('topup vanished');
  return row;
}

export async function lockTopup(db: Executor, id: number): Promise<TopupRow | undefined> {
  const [row] = await db.select().from(topup).where(eq(topup.id, id)).for('update');
  return row;
}

export async function lockTopupByNo(db: Executor, no: string): Promise<TopupRow | undefined> {
  const [row] = await db.select().from(topup).where(eq(topup.no, no)).for('update');
  return row;
}

export async function findTopupByNo(db: Executor, no: string): Promise<TopupRow | undefined> {
  const [row] = await db.select().from(topup).where(eq(topup.no, no));
  return row;
}

/** Compare-and-set of a top-up's state, with what the move records. */
export async function moveTopup(
  db: Executor,
  id: number,
  from: TopupState,
  set: Partial<Pick<TopupRow, 'state' | 'note' | 'staffId' | 'creditedAt' | 'gatewayTradeNo' | 'callback'>> & { state: TopupState },
): Promise<TopupRow | undefined> {
  const [row] = await db
    .update(topup)
    .set(set)
    .where(and(eq(topup.id, id), eq(topup.state, from)))
    .returning();
  return row;
}

export async function listUserTopups(db: Executor, userId: number, state: TopupState | undefined, limit: number, offset: number) {
  const where = and(eq(topup.userId, userId), state ? eq(topup.state, state) : undefined);
  const [rows, [total]] = [
    await db.select().from(topup).where(where).orderBy(desc(topup.id)).limit(limit).offset(offset),
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(topup)
      .where(where),
  ];
  return { rows, total: total?.n ?? 0 };
}

export async function countPendingTopups(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(topup)
    .where(and(eq(topup.userId, userId), eq(topup.state, 'pending')));
  return row?.n ?? 0;
}

export interface AdminTopupFilter {
  state?: TopupState | undefined;
  method?: TopupMethod | undefined;
  keyword?: string | undefined;
}

export async function listAdminTopups(db: Executor, f: AdminTopupFilter, limit: number, offset: number) {
  const kw = f.keyword?.trim();
  const where: SQL | undefined = and(
    f.state ? eq(topup.state, f.state) : undefined,
    f.method ? eq(topup.method, f.method) : undefined,
    kw ? or(ilike(topup.no, `${kw.replace(/[\\%_]/g, '\\$&')}%`), like(userAccount.phone, `${kw.replace(/[\\%_]/g, '\\$&')}%`)) : undefined,
  );
  const base = db
    .select({ t: topup, phone: userAccount.phone, name: userAccount.name, staffName: staffAccount.name })
    .from(topup)
    .innerJoin(userAccount, eq(userAccount.id, topup.userId))
    .leftJoin(staffAccount, eq(staffAccount.id, topup.staffId))
    .where(where);
  const rows = await base.orderBy(desc(topup.id)).limit(limit).offset(offset);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(topup)
    .innerJoin(userAccount, eq(userAccount.id, topup.userId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findAdminTopup(db: Executor, id: number) {
  const [row] = await db
    .select({ t: topup, phone: userAccount.phone, name: userAccount.name, staffName: staffAccount.name })
    .from(topup)
    .innerJoin(userAccount, eq(userAccount.id, topup.userId))
    .leftJoin(staffAccount, eq(staffAccount.id, topup.staffId))
    .where(eq(topup.id, id));
  return row;
}

// ---- orders and their money ------------------------------------------------------------

/** An order's money facts: its total, the sum of its price adjustments, and what the ledger booked as its revenue. */
export interface OrderMoneyRow {
  id: number;
  no: string;
  userId: number;
  state: OrderState;
  kind: 'institution' | 'enterprise';
  totalFen: number | null;
  adjustFen: number;
  /** Revenue booked for the order (paid, or billed for settlement), net of refunds. */
  revenueFen: number;
  /** Still owed on the shop's receivables (billed, not yet settled). */
  owedFen: number;
  /** The coupon's and the points' fen the order holds (order_discount, ADR 0053). */
  couponFen: number;
  pointsFen: number;
  /** What of them the ledger already booked to the coupon and points expense accounts (net of give-backs). */
  couponPostedFen: number;
  pointsPostedFen: number;
  updatedAt: Date;
}

// Written out in SQL: drizzle drops the table of a column inside a subquery of a one-table select.
const adjustSum = sql<string>`(select coalesce(sum(a.amount_fen), 0) from order_adjustment a where a.order_id = "orders"."id")`;
const discountOf = (column: 'coupon_fen' | 'points_fen') =>
  sql<string>`(select coalesce(sum(d.${sql.raw(column)}), 0) from order_discount d where d.order_id = "orders"."id")`;
const accountSum = (kind: 'revenue' | 'receivable' | 'coupon' | 'points') =>
  sql<string>`(select coalesce(sum(l.amount_fen), 0) from ledger_line l
    join ledger_entry e on e.id = l.entry_id
    join ledger_account acc on acc.id = l.account_id
    where e.order_id = "orders"."id" and acc.kind = ${kind})`;

const moneyColumns = {
  id: orders.id,
  no: orders.no,
  userId: orders.userId,
  state: orders.state,
  kind: orders.kind,
  totalFen: orders.totalFen,
  adjustFen: adjustSum,
  revenueFen: accountSum('revenue'),
  receivableFen: accountSum('receivable'),
  couponFen: discountOf('coupon_fen'),
  pointsFen: discountOf('points_fen'),
  couponLinesFen: accountSum('coupon'),
  pointsLinesFen: accountSum('points'),
  updatedAt: orders.updatedAt,
};

type Sums = 'adjustFen' | 'revenueFen' | 'owedFen' | 'couponFen' | 'pointsFen' | 'couponPostedFen' | 'pointsPostedFen';
const toMoney = (
  r: {
    adjustFen: string;
    revenueFen: string;
    receivableFen: string;
    couponFen: string;
    pointsFen: string;
    couponLinesFen: string;
    pointsLinesFen: string;
  } & Omit<OrderMoneyRow, Sums>,
): OrderMoneyRow => ({
  id: r.id,
  no: r.no,
  userId: r.userId,
  state: r.state,
  kind: r.kind,
  totalFen: r.totalFen,
  adjustFen: Number(r.adjustFen),
  revenueFen: Number(r.revenueFen),
  owedFen: -Number(r.receivableFen),
  couponFen: Number(r.couponFen),
  pointsFen: Number(r.pointsFen),
  couponPostedFen: -Number(r.couponLinesFen),
  pointsPostedFen: -Number(r.pointsLinesFen),
  updatedAt: r.updatedAt,
});

/** The money facts of these orders (call under the orders' locks for a decision). */
export async function orderMoney(db: Executor, ids: readonly number[]): Promise<OrderMoneyRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .select(moneyColumns)
    .from(orders)
    .where(inArray(orders.id, [...ids]));
  return rows.map(toMoney);
}

/** The customer's orders in these states, oldest first, with their money facts and first item names. */
export async function userOrdersInStates(db: Executor, userId: number, states: readonly OrderState[]) {
  const rows = await db
    .select({
      ...moneyColumns,
      title: sql<string>`(select string_agg(s.name, '、') from (select ol.name from order_line ol where ol.order_id = ${orders.id} order by ol.id limit 3) s)`,
      since: sql<
        string | null
      >`(select max(ev.at) from order_event ev where ev.order_id = "orders"."id" and ev.to_state = "orders"."state")`,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.state, [...states])))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return rows.map((r) => ({ ...toMoney(r), title: r.title ?? '', since: r.since ? new Date(r.since) : r.updatedAt }));
}

/** Institution orders still owed across customers (for reconciliation): their unpaid billed amounts. */
export async function owedAcrossOrders(db: Executor): Promise<number> {
  const [row] = await db
    .select({ s: sql<string>`coalesce(sum(-${ledgerLine.amountFen}), 0)` })
    .from(ledgerLine)
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerLine.accountId))
    .innerJoin(ledgerEntry, eq(ledgerEntry.id, ledgerLine.entryId))
    .innerJoin(orders, eq(orders.id, ledgerEntry.orderId))
    .where(and(eq(ledgerAccount.kind, 'receivable'), inArray(orders.state, ['unsettled', 'overdue'])));
  return Number(row?.s ?? 0);
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

/** Per gateway: the verified callbacks of credited online top-ups (count and amount). */
export async function gatewayCallbackSums(db: Executor) {
  const rows = await db
    .select({ gateway: topup.gateway, n: sql<number>`count(*)::int`, s: sql<string>`coalesce(sum(${topup.amountFen}), 0)` })
    .from(topup)
    .where(and(eq(topup.method, 'online'), eq(topup.state, 'credited'), sql`${topup.callback} is not null`))
    .groupBy(topup.gateway);
  return rows.map((r) => ({ gateway: r.gateway, callbacks: r.n, callbackFen: Number(r.s) }));
}

/** Sum of each gateway clearing account's lines, by its key ("gateway:local"). */
export async function gatewayClearingSums(db: Executor) {
  const rows = await db
    .select({ key: ledgerAccount.key, s: sql<string>`coalesce(sum(${ledgerLine.amountFen}), 0)` })
    .from(ledgerAccount)
    .leftJoin(ledgerLine, eq(ledgerLine.accountId, ledgerAccount.id))
    .where(eq(ledgerAccount.kind, 'gateway'))
    .groupBy(ledgerAccount.key);
  return new Map(rows.map((r) => [r.key, Number(r.s)]));
}

/** Institution orders in 待结算 that entered it before `before` (the overdue job). */
export async function unsettledSince(db: Executor, before: Date, limit: number): Promise<{ id: number; userId: number; no: string }[]> {
  return db
    .select({ id: orders.id, userId: orders.userId, no: orders.no })
    .from(orders)
    .where(
      and(
        eq(orders.state, 'unsettled'),
        sql`(select max(ev.at) from order_event ev where ev.order_id = "orders"."id" and ev.to_state = 'unsettled') < ${before}`,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(limit);
}

/**
 * Orders 欠款中 whose next reminder is due: `round` whole periods of
 * `everyDays` since they became overdue (at least one), and no message of
 * that round yet (its key, notify's overdueReminderKey). Oldest first.
 */
export async function overdueToRemind(
  db: Executor,
  now: Date,
  everyDays: number,
  limit: number,
): Promise<{ id: number; userId: number; no: string; round: number; days: number }[]> {
  const rows = rowsOf<{ id: number; user_id: number; no: string; round: number; days: number }>(
    await db.execute(sql`
    select o.id, o.user_id, o.no, o.days / ${everyDays} as round, o.days
    from (
      select orders.id, orders.user_id, orders.no,
        floor(extract(epoch from (${now}::timestamptz - (
          select max(ev.at) from order_event ev where ev.order_id = orders.id and ev.to_state = 'overdue'
        ))) / 86400)::int as days
      from orders
      where orders.state = 'overdue'
    ) o
    where o.days >= ${everyDays}
      and not exists (select 1 from message m where m.key = 'order:' || o.id || ':overdueRemind:' || (o.days / ${everyDays}))
    order by o.id
    limit ${limit}`),
  );
  return rows.map((r) => ({ id: Number(r.id), userId: Number(r.user_id), no: r.no, round: Number(r.round), days: Number(r.days) }));
}

/** Online trades still pending after their validity (the sweep closes them). */
export async function expiredPendingTopups(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: topup.id })
    .from(topup)
    .where(and(eq(topup.method, 'online'), eq(topup.state, 'pending'), sql`${topup.expiresAt} < ${now}`))
    .orderBy(asc(topup.id))
    .limit(limit);
  return rows.map((r) => r.id);
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

// ---- refunds -----------------------------------------------------------------------------

export type RefundRow = typeof refund.$inferSelect;

/** The refund of an order, added once (a second cancel cannot happen: the order is cancelled). */
export async function insertRefund(db: Executor, row: typeof refund.$inferInsert): Promise<RefundRow> {
  const [created] = await db.insert(refund).values(row).returning();
  if (!created) throw new Error('refund insert returned nothing');
  return created;
}

export async function lockRefund(db: Executor, id: number): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refund).where(eq(refund.id, id)).for('update');
  return row;
}

export async function markRefunded(
  db: Executor,
  id: number,
  set: { note: string; staffId: number; refundedAt: Date },
): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(refund)
    .set({ state: 'refunded', ...set })
    .where(and(eq(refund.id, id), eq(refund.state, 'pending')))
    .returning();
  return row;
}

const refundColumns = { r: refund, orderNo: orders.no, phone: userAccount.phone, name: userAccount.name, staffName: staffAccount.name };

export async function listRefunds(db: Executor, state: RefundRow['state'] | undefined, limit: number, offset: number) {
  const where = state ? eq(refund.state, state) : undefined;
  const rows = await db
    .select(refundColumns)
    .from(refund)
    .innerJoin(orders, eq(orders.id, refund.orderId))
    .innerJoin(userAccount, eq(userAccount.id, refund.userId))
    .leftJoin(staffAccount, eq(staffAccount.id, refund.staffId))
    .where(where)
    .orderBy(desc(refund.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(refund)
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findRefundView(db: Executor, id: number) {
  const [row] = await db
    .select(refundColumns)
    .from(refund)
    .innerJoin(orders, eq(orders.id, refund.orderId))
    .innerJoin(userAccount, eq(userAccount.id, refund.userId))
    .leftJoin(staffAccount, eq(staffAccount.id, refund.staffId))
    .where(eq(refund.id, id));
  return row;
}

/** What the refunds waiting for finance add up to (the reconciliation's refunds payable). */
export async function pendingRefundSum(db: Executor): Promise<number> {
  const [row] = await db
    .select({ s: sql<string>`coalesce(sum(${refund.amountFen}), 0)` })
    .from(refund)
    .where(eq(refund.state, 'pending'));
  return Number(row?.s ?? 0);
}

export async function findOrderRow(db: Executor, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}
