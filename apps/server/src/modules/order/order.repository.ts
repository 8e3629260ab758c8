import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { OrderState } from '@yance/contracts/order-states';
import { textArray, type Executor } from '../../db/client.ts';
import { normalizeSearch, queryGrams } from '../../lib/search-grams.ts';
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
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/** Compare-and-set: moves the order only if it is still in `from`; answers the row, or undefined when someone moved it first. */
export async function moveState(db: Executor, id: number, from: OrderState, to: OrderState, at: Date): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ state: to, updatedAt: at })
    .where(and(eq(orders.id, id), eq(orders.state, from)))
    .returning();
  return row;
}

export async function updateOrder(
  db: Executor,
  id: number,
  patch: Partial<Pick<OrderRow, 'kind' | 'delivery' | 'remark' | 'attachments' | 'managerId' | 'totalFen' | 'searchText' | 'updatedAt'>>,
): Promise<void> {
  await db.update(orders).set(patch).where(eq(orders.id, id));
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

export async function insertEvent(db: Executor, row: NewEventRow): Promise<void> {
  await db.insert(orderEvent).values(row);
}

export async function listEvents(db: Executor, orderId: number): Promise<EventRow[]> {
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

/** 'x%' with the user's own % and _ taken literally. */
const startingWith = (v: string) => `${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Orders whose search_text (number, item and sample names, sample numbers)
 * holds every word of kw. One customer's orders (hundreds, maybe thousands)
 * are checked with position() alone. Across all orders the GIN index on the
 * grams narrows (ADR 0004's rule) inside a fenced subquery (OFFSET 0): the
 * planner cannot fold it into a walk of the newest-first index that would
 * compute search_grams() for every order it passes (seconds at 100 000).
 */
function keywordOf(kw: string, oneCustomer: boolean): SQL | undefined {
  const words = normalizeSearch(kw).split(' ').filter(Boolean);
  if (words.length === 0) return undefined;
  const contains = (text: SQL | typeof orders.searchText) => and(...words.map((w) => sql`position(${w} in ${text}) > 0`))!;
  if (oneCustomer) return contains(orders.searchText);
  return sql`${orders.id} in (select o.id from ${orders} o
    where search_grams(o.search_text) @> ${textArray(queryGrams(words))} and ${contains(sql`o.search_text`)} offset 0)`;
}

/**
 * The console's keyword also finds a customer's orders by the start of their
 * phone or name (the customer list's prefix indexes, ADR 0035): their ids
 * in a fenced subquery, which the page's walk probes as a hash.
 */
function customerKeywordOf(kw: string): SQL | undefined {
  const key = kw.trim().toLowerCase();
  if (!key) return undefined;
  const who = /^\d+$/.test(key) ? sql`u.phone like ${startingWith(key)}` : sql`lower(u.name) like ${startingWith(key)}`;
  return sql`${orders.userId} in (select u.id from ${userAccount} u where ${who} offset 0)`;
}

export interface OrderFilter {
  userId?: number;
  states?: readonly OrderState[];
  /** Only orders of customers whose current manager is this staff member. */
  managerId?: number;
  /** Leave drafts out (the console never sees a customer's unsent draft). */
  noDrafts?: boolean;
  kw?: string;
  /** The console's keyword also matches the customer's phone and name. */
  kwCustomer?: boolean;
}

function whereOf(f: OrderFilter): SQL | undefined {
  const keyword = f.kw ? keywordOf(f.kw, f.userId !== undefined) : undefined;
  const customer = f.kw && f.kwCustomer ? customerKeywordOf(f.kw) : undefined;
  return and(
    f.userId === undefined ? undefined : eq(orders.userId, f.userId),
    f.states ? inArray(orders.state, [...f.states]) : undefined,
    f.managerId === undefined ? undefined : eq(userAccount.managerId, f.managerId),
    f.noDrafts ? ne(orders.state, 'draft') : undefined,
    f.kw ? (customer && keyword ? or(keyword, customer) : (keyword ?? customer ?? sql`false`)) : undefined,
  );
}

export type OrderListRow = OrderRow & { customerName: string; customerPhone: string; company: string; managerName: string | null };

/** One page of orders, newest first, with their customer and the customer's manager, and how many match. */
export async function pageOrders(
  db: Executor,
  f: OrderFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: OrderListRow[]; total: number }> {
  const where = whereOf(f);
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
  // The count joins the customer only when the manager's reach needs it: every order has one.
  const counted = db.select({ total: count() }).from(orders);
  const [{ total }] = (await (f.managerId === undefined
    ? counted.where(where)
    : counted.innerJoin(userAccount, eq(userAccount.id, orders.userId)).where(where))) as [{ total: number }];
  return {
    rows: rows.map((r) => ({
      ...r.order,
      customerName: r.customerName,
      customerPhone: r.customerPhone,
      company: r.company,
      managerName: r.managerName,
    })),
    total,
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
      managerId: userAccount.managerId,
      managerName: staffAccount.name,
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
    })
    .from(userAccount)
    .where(eq(userAccount.id, userId))
    .for('update');
  return row;
}
