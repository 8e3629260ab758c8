// The lab's tables (ADR 0041): sample states and tracking, test records, result
// files, price adjustments, retests — and the sample lists of both sides.
import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ResultFileState } from '@yance/contracts/result-file-states';
import { LAB_RECEIVES } from '@yance/contracts/order-states';
import type { SampleState } from '@yance/contracts/sample-states';
import type { Executor } from '../../db/client.ts';
import { orderAdjustment, orderLine, orderRetest, orderSample, orders, resultFile, testRecord, userAccount } from '../../db/schema.ts';

export type SampleRow = typeof orderSample.$inferSelect;
export type FileRow = typeof resultFile.$inferSelect;
export type SampleFields = Partial<
  Pick<SampleRow, 'expressCompany' | 'expressNo' | 'returnCompany' | 'returnNo' | 'checkedInAt' | 'keptUntil' | 'destroyNoticeAt'>
>;

const containing = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---- samples ------------------------------------------------------------------------

/** The order's samples (or these of them), locked until the transaction ends, by id. */
export async function lockSamples(db: Executor, orderId: number, ids?: readonly number[]): Promise<SampleRow[]> {
  const where = ids ? and(eq(orderSample.orderId, orderId), inArray(orderSample.id, [...ids])) : eq(orderSample.orderId, orderId);
  return db.select().from(orderSample).where(where).orderBy(asc(orderSample.id)).for('update');
}

/** Compare-and-set of one sample's state, with the fields that go with it. */
export async function setSampleState(db: Executor, id: number, from: SampleState, to: SampleState, at: Date, fields: SampleFields = {}) {
  const [row] = await db
    .update(orderSample)
    .set({ ...fields, state: to, stateAt: at })
    .where(and(eq(orderSample.id, id), eq(orderSample.state, from)))
    .returning();
  return row;
}

/** The state of a sample's order (read in the transaction that holds the order's lock). */
export async function orderStateOf(db: Executor, orderId: number) {
  const [row] = await db.select({ state: orders.state }).from(orders).where(eq(orders.id, orderId));
  return row?.state;
}

/** The customer of a sample's order. */
export async function orderOwnerOf(db: Executor, orderId: number) {
  const [row] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  return row?.userId;
}

export async function findSample(db: Executor, id: number): Promise<SampleRow | undefined> {
  const [row] = await db.select().from(orderSample).where(eq(orderSample.id, id));
  return row;
}

export async function findOrderSample(db: Executor, orderId: number, id: number): Promise<SampleRow | undefined> {
  const [row] = await db
    .select()
    .from(orderSample)
    .where(and(eq(orderSample.id, id), eq(orderSample.orderId, orderId)));
  return row;
}

/** Samples of the order in these states (not asked back when `kept`), by id. */
export async function sampleIdsIn(db: Executor, orderId: number, states: readonly SampleState[], notReturned = false): Promise<number[]> {
  const rows = await db
    .select({ id: orderSample.id })
    .from(orderSample)
    .where(
      and(
        eq(orderSample.orderId, orderId),
        inArray(orderSample.state, [...states]),
        notReturned ? eq(orderSample.returnSample, false) : undefined,
      ),
    )
    .orderBy(asc(orderSample.id));
  return rows.map((r) => r.id);
}

const itemName = sql<string>`(select ${orderLine.name} from ${orderLine} where ${orderLine.id} = ${orderSample.lineId})`;

function sampleJoin(db: Executor) {
  return db
    .select({ s: orderSample, o: orders, item: itemName, customerName: userAccount.name, customerPhone: userAccount.phone })
    .from(orderSample)
    .innerJoin(orders, eq(orders.id, orderSample.orderId))
    .innerJoin(userAccount, eq(userAccount.id, orders.userId));
}
export type SampleJoinRow = Awaited<ReturnType<ReturnType<typeof sampleJoin>['where']>>[number];

async function pageSamples(db: Executor, where: SQL | undefined, order: SQL[], page: number, pageSize: number) {
  const rows = await sampleJoin(db)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ total }] = (await db
    .select({ total: count() })
    .from(orderSample)
    .innerJoin(orders, eq(orders.id, orderSample.orderId))
    .where(where)) as [{ total: number }];
  return { rows, total };
}

/** The console's arrivals: samples in these states of orders the lab may receive (or every sample), by keyword; in transit first. */
export function pageArrivals(db: Executor, f: { states?: readonly SampleState[]; kw?: string }, page: number, pageSize: number) {
  const kw = f.kw ? containing(f.kw) : undefined;
  const where = and(
    ne(orders.state, 'draft'),
    f.states ? and(inArray(orderSample.state, [...f.states]), inArray(orders.state, [...LAB_RECEIVES])) : undefined,
    kw ? or(ilike(orderSample.no, kw), ilike(orderSample.name, kw), ilike(orderSample.expressNo, kw), ilike(orders.no, kw)) : undefined,
  );
  return pageSamples(db, where, [desc(orderSample.state), desc(orderSample.id)], page, pageSize);
}

/** Every sample of a customer's sent orders, newest order first. */
export function pageCustomerSamples(db: Executor, userId: number, state: SampleState | undefined, page: number, pageSize: number) {
  const where = and(eq(orders.userId, userId), ne(orders.state, 'draft'), state ? eq(orderSample.state, state) : undefined);
  return pageSamples(db, where, [desc(orderSample.orderId), asc(orderSample.id)], page, pageSize);
}

export async function sampleJoinById(db: Executor, id: number): Promise<SampleJoinRow | undefined> {
  const [row] = await sampleJoin(db).where(eq(orderSample.id, id));
  return row;
}

/** A customer's sent order by its number, or the order of one of their samples by the sample's number. */
export async function findOwnByNo(db: Executor, userId: number, no: string) {
  const [order] = await db
    .select({ id: orders.id, no: orders.no })
    .from(orders)
    .where(and(eq(orders.no, no), eq(orders.userId, userId), ne(orders.state, 'draft')));
  if (order) return { orderId: order.id, orderNo: order.no, sampleId: null };
  const [sample] = await db
    .select({ id: orderSample.id, orderId: orders.id, orderNo: orders.no })
    .from(orderSample)
    .innerJoin(orders, eq(orders.id, orderSample.orderId))
    .where(and(eq(orderSample.no, no), eq(orders.userId, userId), ne(orders.state, 'draft')));
  return sample ? { orderId: sample.orderId, orderNo: sample.orderNo, sampleId: sample.id } : undefined;
}

// ---- kept samples (the sample.keep job) ------------------------------------------------

/** Kept samples due by `soon` whose notice has not gone out, by order. */
export async function keptToNotice(db: Executor, soon: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ orderId: orderSample.orderId })
    .from(orderSample)
    .where(and(eq(orderSample.state, 'kept'), lte(orderSample.keptUntil, soon), isNull(orderSample.destroyNoticeAt)))
    .limit(1000);
  return rows.map((r) => r.orderId);
}

/** Marks the notice sent for the order's kept samples due by `soon`; answers the ones marked now. */
export async function markNoticed(db: Executor, orderId: number, soon: Date, now: Date): Promise<SampleRow[]> {
  return db
    .update(orderSample)
    .set({ destroyNoticeAt: now })
    .where(
      and(
        eq(orderSample.orderId, orderId),
        eq(orderSample.state, 'kept'),
        lte(orderSample.keptUntil, soon),
        isNull(orderSample.destroyNoticeAt),
      ),
    )
    .returning();
}

/** Orders with kept samples past their day. */
export async function keptDueOrders(db: Executor, now: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ orderId: orderSample.orderId })
    .from(orderSample)
    .where(and(eq(orderSample.state, 'kept'), lte(orderSample.keptUntil, now)))
    .limit(1000);
  return rows.map((r) => r.orderId);
}

export async function keptDueIds(db: Executor, orderId: number, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: orderSample.id })
    .from(orderSample)
    .where(and(eq(orderSample.orderId, orderId), eq(orderSample.state, 'kept'), lte(orderSample.keptUntil, now)));
  return rows.map((r) => r.id);
}

// ---- test records ----------------------------------------------------------------------

export async function insertTestRecord(db: Executor, row: typeof testRecord.$inferInsert) {
  const [out] = await db.insert(testRecord).values(row).returning();
  return out!;
}

export async function listTestRecords(db: Executor, orderId: number) {
  return db
    .select({ r: testRecord, no: orderSample.no, name: orderSample.name })
    .from(testRecord)
    .innerJoin(orderSample, eq(orderSample.id, testRecord.sampleId))
    .where(eq(testRecord.orderId, orderId))
    .orderBy(asc(testRecord.testedAt), asc(testRecord.id));
}

// ---- adjustments and retests ------------------------------------------------------------

export async function listAdjustments(db: Executor, orderId: number) {
  return db.select().from(orderAdjustment).where(eq(orderAdjustment.orderId, orderId)).orderBy(asc(orderAdjustment.id));
}

/** The sum of each order's adjustments (补差价 +, 退差价 −), for the orders that have any. */
export async function sumAdjustments(db: Executor, orderIds: readonly number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderAdjustment.orderId, sum: sql<number>`sum(${orderAdjustment.amountFen})::int` })
    .from(orderAdjustment)
    .where(inArray(orderAdjustment.orderId, [...orderIds]))
    .groupBy(orderAdjustment.orderId);
  return new Map(rows.map((r) => [r.orderId, r.sum]));
}

export async function insertAdjustment(db: Executor, row: typeof orderAdjustment.$inferInsert): Promise<void> {
  await db.insert(orderAdjustment).values(row);
}

export async function findRetest(db: Executor, orderId: number) {
  const [row] = await db.select().from(orderRetest).where(eq(orderRetest.orderId, orderId));
  return row;
}

/** The order's one retest; false when it had one already. */
export async function insertRetest(db: Executor, orderId: number, reason: string, at: Date): Promise<boolean> {
  const rows = await db.insert(orderRetest).values({ orderId, reason, createdAt: at }).onConflictDoNothing().returning();
  return rows.length > 0;
}

// ---- result files ------------------------------------------------------------------------

export async function listFiles(db: Executor, orderId: number, approvedOnly: boolean) {
  return db
    .select({ f: resultFile, sampleNo: orderSample.no })
    .from(resultFile)
    .leftJoin(orderSample, eq(orderSample.id, resultFile.sampleId))
    .where(and(eq(resultFile.orderId, orderId), approvedOnly ? eq(resultFile.state, 'approved') : undefined))
    .orderBy(asc(resultFile.id));
}
export type ListedFile = Awaited<ReturnType<typeof listFiles>>[number];

export async function fileWithSample(db: Executor, id: number): Promise<ListedFile | undefined> {
  const [row] = await db
    .select({ f: resultFile, sampleNo: orderSample.no })
    .from(resultFile)
    .leftJoin(orderSample, eq(orderSample.id, resultFile.sampleId))
    .where(eq(resultFile.id, id));
  return row;
}

export async function findFile(db: Executor, id: number): Promise<FileRow | undefined> {
  const [row] = await db.select().from(resultFile).where(eq(resultFile.id, id));
  return row;
}

export async function lockFile(db: Executor, id: number): Promise<FileRow | undefined> {
  const [row] = await db.select().from(resultFile).where(eq(resultFile.id, id)).for('update');
  return row;
}

export async function insertFile(db: Executor, row: typeof resultFile.$inferInsert): Promise<FileRow> {
  const [out] = await db.insert(resultFile).values(row).returning();
  return out!;
}

/** The result-file machine's write: the state (and the review's fields) with a compare-and-set on `from`. */
export async function setFileState(
  db: Executor,
  id: number,
  from: ResultFileState,
  to: ResultFileState,
  set: Partial<typeof resultFile.$inferInsert>,
): Promise<FileRow | undefined> {
  const [row] = await db
    .update(resultFile)
    .set({ ...set, state: to })
    .where(and(eq(resultFile.id, id), eq(resultFile.state, from)))
    .returning();
  return row;
}

export async function hasApprovedFile(db: Executor, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: resultFile.id })
    .from(resultFile)
    .where(and(eq(resultFile.orderId, orderId), eq(resultFile.state, 'approved')))
    .limit(1);
  return row !== undefined;
}
