import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { OrderKind, OrderState } from '@yance/contracts/order-states';
import { rowsOf, type Executor } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { batchedInsert, flushWrites } from '../../db/write-batch.ts';
import { narrowByKeyword, withinCustomer, type KeywordNarrowing } from './order-keyword.repository.ts';
import { device, orderEvent, orderLine, orderNoCounter, orderSample, orders, staffAccount, userAccount } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type LineRow = typeof orderLine.$inferSelect;
export type NewLineRow = typeof orderLine.$inferInsert;
export type SampleRow = typeof orderSample.$inferSelect;
export type NewSampleRow = typeof orderSample.$inferInsert;
export type EventRow = typeof orderEvent.$inferSelect;
export type NewEventRow = typeof orderEvent.$inferInsert;

/**
 * The day's next order number, unique across processes: the counter row of
 * the day is created or bumped in one statement, and its row lock holds
 * other orders of the day back until this transaction ends.
 */
export async function nextOrderSeq(db: Executor, day: string): Promise<number> {
  const [row] = await db
    .insert(orderNoCounter)
    .values({ day, last: 1 })
    .onConflictDoUpdate({ target: orderNoCounter.day, set: { last: sql`${orderNoCounter.last} + 1` } })
    .returning({ last: orderNoCounter.last });
  return row!.last;
}

export async function insertOrder(db: Executor, row: NewOrderRow): Promise<OrderRow> {
  const [out] = await db.insert(orders).values(row).returning();
  return out!;
}

export async function findOrder(db: Executor, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** The order, locked until the transaction ends: every change of one order queues here. */
export async function lockOrder(db: Executor, id: number): Promise<OrderRow | undefined> {
  const [row] = await lockOrderById(db).execute({ id });
  return row;
}

const lockOrderById = preparedStatement('order_lock', (db, name) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .for('update')
    .prepare(name),
);

/**
 * The order locked (as lockOrder) with the name and phone of the customer who acts on it, in one statement (the
 * payment's, ADR 0066); undefined when either is missing.
 */
export async function lockOrderWithCustomer(db: Executor, id: number, userId: number) {
  const [row] = await lockWithCustomer(db).execute({ id, userId });
  return row;
}

const lockWithCustomer = preparedStatement('order_lock_with_customer', (db, name) =>
  db
    .select({ order: orders, customer: { name: userAccount.name, phone: userAccount.phone } })
    .from(orders)
    .innerJoin(userAccount, eq(userAccount.id, sql.placeholder('userId')))
    .where(eq(orders.id, sql.placeholder('id')))
    .for('update', { of: orders })
    .prepare(name),
);

/** These orders (any that exist). */
export async function findOrders(db: Executor, ids: readonly number[]): Promise<OrderRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...ids]));
}

/** The customer's orders in one of the states listed for their kind (enterprise, institution), newest first. */
export async function listCustomerOrdersIn(
  db: Executor,
  userId: number,
  statesByKind: Readonly<Partial<Record<OrderKind, readonly OrderState[]>>>,
  limit: number,
): Promise<OrderRow[]> {
  const byKind = Object.entries(statesByKind).flatMap(([kind, states]) =>
    states && states.length > 0 ? [and(eq(orders.kind, kind as OrderKind), inArray(orders.state, [...states]))!] : [],
  );
  if (byKind.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), or(...byKind)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** Compare-and-set: moves the order only if it is still in `from`; answers the row, or undefined when someone moved it first. */
export async function moveState(db: Executor, id: number, from: OrderState, to: OrderState, at: Date): Promise<OrderRow | undefined> {
  const [row] = await moveStateOf(db).execute({ id, from, to, at });
  return row;
}

/** Every move of every order writes its state here: prepared once (ADR 0066). */
const moveStateOf = preparedStatement('order_move_state', (db, name) =>
  db
    .update(orders)
    .set({ state: sql.placeholder('to') as never, updatedAt: sql.placeholder('at') as never })
    .where(and(eq(orders.id, sql.placeholder('id')), eq(orders.state, sql.placeholder('from'))))
    .returning()
    .prepare(name),
);

export async function updateOrder(
  db: Executor,
  id: number,
  patch: Partial<
    Pick<
      OrderRow,
      | 'kind'
      | 'delivery'
      | 'returnAddress'
      | 'agreementVersion'
      | 'agreementAcceptedAt'
      | 'remark'
      | 'attachments'
      | 'totalFen'
      | 'searchText'
      | 'updatedAt'
    >
  >,
): Promise<void> {
  await db.update(orders).set(patch).where(eq(orders.id, id));
}

/**
 * Whether this is the customer's first order for the promotion rules (issue 21): no other order of theirs was ever
 * sent and not cancelled (drafts do not count). Read under the customer's row lock order/add holds, so two orders sent
 * at once cannot both be the first.
 */
export async function isFirstOrder(db: Executor, userId: number, orderId?: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        orderId === undefined ? undefined : ne(orders.id, orderId),
        sql`${orders.state} not in ('draft', 'cancelled')`,
      ),
    );
  return (row?.n ?? 0) === 0;
}

export async function insertLines(db: Executor, rows: NewLineRow[]): Promise<LineRow[]> {
  return rows.length ? db.insert(orderLine).values(rows).returning() : [];
}

export async function insertSamples(db: Executor, rows: NewSampleRow[]): Promise<void> {
  if (rows.length) await db.insert(orderSample).values(rows);
}

/** Removes an order's lines and, with them, their samples (a draft being rewritten). */
export async function deleteLines(db: Executor, orderId: number): Promise<void> {
  await db.delete(orderLine).where(eq(orderLine.orderId, orderId));
}

export async function setLineAmount(db: Executor, orderId: number, lineId: number, amountFen: number): Promise<void> {
  await db
    .update(orderLine)
    .set({ amountFen: amountFen as LineRow['amountFen'] })
    .where(and(eq(orderLine.id, lineId), eq(orderLine.orderId, orderId)));
}

export async function listLines(db: Executor, orderId: number): Promise<LineRow[]> {
  return db.select().from(orderLine).where(eq(orderLine.orderId, orderId)).orderBy(asc(orderLine.sort), asc(orderLine.id));
}

export async function listSamples(db: Executor, orderId: number): Promise<SampleRow[]> {
  return db.select().from(orderSample).where(eq(orderSample.orderId, orderId)).orderBy(asc(orderSample.id));
}

/** A timeline row, held by the writing transaction and written with its other batched rows before it commits (ADR 0066). */
export const insertEvent: (db: Executor, row: NewEventRow) => Promise<void> = batchedInsert(orderEvent);

export async function listEvents(db: Executor, orderId: number): Promise<EventRow[]> {
  // Inside a transaction that moved the order, its own timeline rows first (they wait in the batch).
  await flushWrites(db);
  return db.select().from(orderEvent).where(eq(orderEvent.orderId, orderId)).orderBy(asc(orderEvent.id));
}

/** What an order line snapshots of its item. */
export async function findDevicesForLines(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: device.id,
      rid: device.rid,
      name: device.name,
      typeId: device.typeId,
      unit: device.unit,
      priceFen: device.priceFen,
      options: device.options,
      turnaroundDays: device.turnaroundDays,
      onShelf: device.onShelf,
    })
    .from(device)
    .where(inArray(device.id, [...ids]));
}

export interface OrderFilter {
  userId?: number;
  states?: readonly OrderState[];
  /** Only orders of customers whose current manager is this staff member (orders.manager_id, kept in step by the database). */
  managerId?: number;
  /** Leave drafts out (the console never sees a customer's unsent draft). */
  noDrafts?: boolean;
  kw?: string;
  /** The console's keyword also matches the customer's phone and name. */
  kwCustomer?: boolean;
}

/** The filter's conditions but the keyword's, which narrowByKeyword decides with a look at the indexes first. */
function whereOf(f: OrderFilter, keyword: SQL | undefined): SQL | undefined {
  return and(
    f.userId === undefined ? undefined : eq(orders.userId, f.userId),
    f.states ? inArray(orders.state, [...f.states]) : undefined,
    f.managerId === undefined ? undefined : eq(orders.managerId, f.managerId),
    f.noDrafts ? ne(orders.state, 'draft') : undefined,
    keyword,
  );
}

/**
 * The keyword: within one customer's orders (hundreds, maybe thousands) position() alone checks search_text; across
 * all orders narrowByKeyword gathers the hits through the indexes (and the customer's phone and name with kwCustomer).
 */
async function keywordOf(db: Executor, f: OrderFilter, gatherMax?: number): Promise<KeywordNarrowing | undefined> {
  if (!f.kw) return undefined;
  return f.userId !== undefined ? withinCustomer(f.kw) : narrowByKeyword(db, f.kw, f.kwCustomer === true, gatherMax);
}

export type OrderListRow = OrderRow & { customerName: string; customerPhone: string; company: string; managerName: string | null };

/**
 * Across customers (the console) a count stops here and the list says "超过 …": counting a manager's 98 000 orders
 * through the customer join took longer than the page itself, and no one pages past the 250th page.
 */
export const CONSOLE_COUNT_MAX = 5_000;

/**
 * One page of orders, newest first, with their customer and the customer's manager, and how many match; across
 * customers `more` when more than CONSOLE_COUNT_MAX match and total stops there.
 */
export async function pageOrders(
  db: Executor,
  f: OrderFilter,
  page: number,
  pageSize: number,
  /** Tests make the limits small (order-keyword.repository.ts). */
  limits: { gather?: number; count?: number } = {},
): Promise<{ rows: OrderListRow[]; total: number; more: boolean }> {
  const countMax = limits.count ?? CONSOLE_COUNT_MAX;
  const keyword = await keywordOf(db, f, limits.gather);
  const where = whereOf(f, keyword?.where);
  const rows = await db
    .select({
      order: orders,
      customerName: userAccount.name,
      customerPhone: userAccount.phone,
      company: userAccount.company,
      managerName: staffAccount.name,
    })
    .from(orders)
    .innerJoin(userAccount, eq(userAccount.id, orders.userId))
    .leftJoin(staffAccount, eq(staffAccount.id, userAccount.managerId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  // The count reads orders alone: every order has its customer, and the manager's reach is on the order.
  const matching = (w: SQL | undefined) => db.select({ id: orders.id }).from(orders).where(w);
  const capped = f.userId === undefined;
  // Each kind of keyword hit is counted apart through its own index (order-keyword.repository.ts), the union counted.
  const parts = capped ? (keyword?.countParts ?? [keyword?.where]) : undefined;
  const total = parts
    ? rowsOf<{ total: number }>(
        await db.execute(
          sql`select count(*)::int as total from (${sql.join(
            parts.map((p) => sql`(${matching(whereOf(f, p)).limit(countMax + 1)})`),
            sql` union `,
          )}) as matching`,
        ),
      )[0]!.total
    : (await db.select({ total: count() }).from(matching(where).as('matching')))[0]!.total;
  return {
    rows: rows.map((r) => ({
      ...r.order,
      customerName: r.customerName,
      customerPhone: r.customerPhone,
      company: r.company,
      managerName: r.managerName,
    })),
    total: capped ? Math.min(total, countMax) : total,
    more: capped && total > countMax,
  };
}

/** The customer's orders by state (for the tab counts). */
export async function countByState(db: Executor, userId: number): Promise<Map<OrderState, number>> {
  const rows = await db.select({ state: orders.state, n: count() }).from(orders).where(eq(orders.userId, userId)).groupBy(orders.state);
  return new Map(rows.map((r) => [r.state, r.n]));
}

/** Item names and sample counts of a page of orders, by order id. */
export async function pageExtras(db: Executor, orderIds: readonly number[]) {
  const items = new Map<number, string[]>();
  const samples = new Map<number, number>();
  if (orderIds.length === 0) return { items, samples };
  const lines = await db
    .select({ orderId: orderLine.orderId, name: orderLine.name })
    .from(orderLine)
    .where(inArray(orderLine.orderId, [...orderIds]))
    .orderBy(asc(orderLine.orderId), asc(orderLine.sort), asc(orderLine.id));
  for (const l of lines) items.set(l.orderId, [...(items.get(l.orderId) ?? []), l.name]);
  const counts = await db
    .select({ orderId: orderSample.orderId, n: sql<number>`coalesce(sum(${orderSample.count}), 0)::int` })
    .from(orderSample)
    .where(inArray(orderSample.orderId, [...orderIds]))
    .groupBy(orderSample.orderId);
  for (const c of counts) samples.set(c.orderId, c.n);
  return { items, samples };
}

/** An order's customer with what the console shows and the reach check needs. */
export async function findOrderCustomer(db: Executor, userId: number) {
  const [row] = await db
    .select({
      id: userAccount.id,
      name: userAccount.name,
      phone: userAccount.phone,
      company: userAccount.company,
      /** The unit's 所在地区 (a county code) and 详细地址, from the customer's basic information. */
      region: userAccount.region,
      address: userAccount.address,
      managerId: userAccount.managerId,
      managerName: staffAccount.name,
      /** The account manager's phone: 乙方's 联系人 on the enterprise contract (issue 21). */
      managerPhone: staffAccount.phone,
    })
    .from(userAccount)
    .leftJoin(staffAccount, eq(staffAccount.id, userAccount.managerId))
    .where(eq(userAccount.id, userId));
  return row;
}

/** The ordering customer's account, locked until the transaction ends (their plan and orders queue here). */
export async function lockOrderCustomer(db: Executor, userId: number) {
  const [row] = await db
    .select({
      id: userAccount.id,
      name: userAccount.name,
      phone: userAccount.phone,
      attested: userAccount.attested,
      organization: userAccount.organization,
      managerId: userAccount.managerId,
      creditLimitFen: userAccount.creditLimitFen,
    })
    .from(userAccount)
    .where(eq(userAccount.id, userId))
    .for('update');
  return row;
}
