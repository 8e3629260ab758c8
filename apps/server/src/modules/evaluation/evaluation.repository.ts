import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { device, deviceRating, evaluation, orderLine, orders, userAccount } from '../../db/schema.ts';

export type EvaluationRow = typeof evaluation.$inferSelect;
export type NewEvaluationRow = typeof evaluation.$inferInsert;

/** An order line with its order's owner and state: what evaluate/add checks. */
export async function findLineWithOrder(db: Executor, lineId: number) {
  const [row] = await db
    .select({
      lineId: orderLine.id,
      deviceId: orderLine.deviceId,
      rid: orderLine.rid,
      name: orderLine.name,
      orderId: orders.id,
      orderNo: orders.no,
      userId: orders.userId,
      state: orders.state,
    })
    .from(orderLine)
    .innerJoin(orders, eq(orders.id, orderLine.orderId))
    .where(eq(orderLine.id, lineId));
  return row;
}

/** Adds the evaluation unless the line has one (unique order_line_id): answers the row, or undefined for a repeat. */
export async function insertEvaluation(db: Executor, row: NewEvaluationRow): Promise<EvaluationRow | undefined> {
  const [created] = await db.insert(evaluation).values(row).onConflictDoNothing({ target: evaluation.orderLineId }).returning();
  return created;
}

/** Adds stars to the item's rating in one statement (concurrent evaluations of one item add up). */
export async function addToRating(db: Executor, deviceId: number, stars: number): Promise<void> {
  await db
    .insert(deviceRating)
    .values({ deviceId, starSum: stars, starCount: 1 })
    .onConflictDoUpdate({
      target: deviceRating.deviceId,
      set: { starSum: sql`${deviceRating.starSum} + excluded.star_sum`, starCount: sql`${deviceRating.starCount} + 1` },
    });
}

/** The evaluation locked until the transaction ends, with the customer's manager (the console's reach). */
export async function lockEvaluation(db: Executor, id: number) {
  const [row] = await db
    .select({ evaluation, managerId: userAccount.managerId })
    .from(evaluation)
    .innerJoin(userAccount, eq(userAccount.id, evaluation.userId))
    .where(eq(evaluation.id, id))
    .for('update', { of: evaluation });
  return row;
}

export async function writeReply(
  db: Executor,
  id: number,
  patch: Pick<NewEvaluationRow, 'reply' | 'repliedAt' | 'repliedBy' | 'repliedByName'>,
) {
  await db.update(evaluation).set(patch).where(eq(evaluation.id, id));
}

/** What every list shows of an evaluation: the line's item and the order's number. */
const listed = {
  id: evaluation.id,
  orderId: evaluation.orderId,
  orderNo: orders.no,
  lineId: evaluation.orderLineId,
  rid: orderLine.rid,
  name: orderLine.name,
  userId: evaluation.userId,
  stars: evaluation.stars,
  comment: evaluation.comment,
  reply: evaluation.reply,
  repliedAt: evaluation.repliedAt,
  repliedByName: evaluation.repliedByName,
  createdAt: evaluation.createdAt,
};
const newestFirst = [desc(evaluation.createdAt), desc(evaluation.id)];

/** The customer's evaluations (or one order's), newest first. */
export async function pageCustomerEvaluations(db: Executor, userId: number, orderId: number | undefined, page: number, pageSize: number) {
  const where = and(eq(evaluation.userId, userId), orderId === undefined ? undefined : eq(evaluation.orderId, orderId));
  const rows = await db
    .select(listed)
    .from(evaluation)
    .innerJoin(orderLine, eq(orderLine.id, evaluation.orderLineId))
    .innerJoin(orders, eq(orders.id, evaluation.orderId))
    .where(where)
    .orderBy(...newestFirst)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(evaluation).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The order's catalogue lines that have no evaluation yet. */
export async function unevaluatedLines(db: Executor, orderId: number): Promise<number[]> {
  const rows = await db
    .select({ id: orderLine.id })
    .from(orderLine)
    .leftJoin(evaluation, eq(evaluation.orderLineId, orderLine.id))
    .where(and(eq(orderLine.orderId, orderId), isNotNull(orderLine.deviceId), isNull(evaluation.id)))
    .orderBy(orderLine.sort, orderLine.id);
  return rows.map((r) => r.id);
}

/** An on-shelf item's id and its rating's count (the public list's total, without counting rows). */
export async function findRatedDevice(db: Executor, rid: string) {
  const [row] = await db
    .select({ id: device.id, count: sql<number>`coalesce(${deviceRating.starCount}, 0)`.mapWith(Number) })
    .from(device)
    .leftJoin(deviceRating, eq(deviceRating.deviceId, device.id))
    .where(and(eq(device.rid, rid), eq(device.onShelf, true)));
  return row;
}

/** One page of an item's comments, newest first, with the customer's phone (masked by the caller): one walk of (device, created_at). */
export async function pageItemEvaluations(db: Executor, deviceId: number, page: number, pageSize: number) {
  return db
    .select({
      id: evaluation.id,
      phone: userAccount.phone,
      stars: evaluation.stars,
      comment: evaluation.comment,
      reply: evaluation.reply,
      repliedAt: evaluation.repliedAt,
      createdAt: evaluation.createdAt,
    })
    .from(evaluation)
    .innerJoin(userAccount, eq(userAccount.id, evaluation.userId))
    .where(eq(evaluation.deviceId, deviceId))
    .orderBy(...newestFirst)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export interface AdminEvaluationFilter {
  stars?: number;
  replied?: 'yes' | 'no';
  kw?: string;
  /** Only evaluations of customers whose current manager is this staff member. */
  managerId?: number;
}

const containing = (kw: string) => `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function adminWhere(f: AdminEvaluationFilter): SQL | undefined {
  return and(
    f.stars === undefined ? undefined : eq(evaluation.stars, f.stars),
    f.replied === 'yes' ? isNotNull(evaluation.reply) : f.replied === 'no' ? isNull(evaluation.reply) : undefined,
    f.kw ? or(ilike(orderLine.name, containing(f.kw)), ilike(orderLine.rid, containing(f.kw))) : undefined,
    f.managerId === undefined ? undefined : eq(userAccount.managerId, f.managerId),
  );
}

/** The console's room: newest first, with the item, the order and the customer. */
export async function pageAdminEvaluations(db: Executor, f: AdminEvaluationFilter, page: number, pageSize: number) {
  const where = adminWhere(f);
  const rows = await db
    .select({ ...listed, customerName: userAccount.name, customerPhone: userAccount.phone })
    .from(evaluation)
    .innerJoin(orderLine, eq(orderLine.id, evaluation.orderLineId))
    .innerJoin(orders, eq(orders.id, evaluation.orderId))
    .innerJoin(userAccount, eq(userAccount.id, evaluation.userId))
    .where(where)
    .orderBy(...newestFirst)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(evaluation)
    .innerJoin(orderLine, eq(orderLine.id, evaluation.orderLineId))
    .innerJoin(userAccount, eq(userAccount.id, evaluation.userId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** One evaluation as the lists show it (with the customer for the console). */
export async function findListedEvaluation(db: Executor, id: number) {
  const [row] = await db
    .select({ ...listed, customerName: userAccount.name, customerPhone: userAccount.phone })
    .from(evaluation)
    .innerJoin(orderLine, eq(orderLine.id, evaluation.orderLineId))
    .innerJoin(orders, eq(orders.id, evaluation.orderId))
    .innerJoin(userAccount, eq(userAccount.id, evaluation.userId))
    .where(eq(evaluation.id, id));
  return row;
}

/** How many catalogue lines of each of these orders have no evaluation yet (orders with none left out). */
export async function unevaluatedCounts(db: Executor, orderIds: readonly number[]): Promise<Map<number, number>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .select({ orderId: orderLine.orderId, n: count() })
    .from(orderLine)
    .leftJoin(evaluation, eq(evaluation.orderLineId, orderLine.id))
    .where(and(inArray(orderLine.orderId, [...orderIds]), isNotNull(orderLine.deviceId), isNull(evaluation.id)))
    .groupBy(orderLine.orderId);
  return new Map(rows.map((r) => [r.orderId, Number(r.n)]));
}
