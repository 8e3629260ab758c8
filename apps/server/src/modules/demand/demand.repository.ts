import { and, asc, count, desc, eq, ilike, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { DemandState } from '@yance/contracts/demand';
import type { Executor } from '../../db/client.ts';
import { demand, demandEvent, demandQuoteLine, staffAccount, userAccount } from '../../db/schema.ts';

export type DemandRow = typeof demand.$inferSelect;
export type NewDemandRow = typeof demand.$inferInsert;
export type QuoteLineRow = typeof demandQuoteLine.$inferSelect;
export type DemandEventRow = typeof demandEvent.$inferSelect;

export async function insertDemand(db: Executor, row: NewDemandRow): Promise<DemandRow> {
  const [created] = await db.insert(demand).values(row).returning();
  return created!;
}

/** Quoted demands whose quote was valid only before `today` (YYYY-MM-DD, China time). */
export async function quotedBefore(db: Executor, today: string): Promise<number[]> {
  const rows = await db
    .select({ id: demand.id })
    .from(demand)
    .where(and(eq(demand.state, 'quoted'), lt(demand.validUntil, today)))
    .orderBy(asc(demand.id));
  return rows.map((r) => r.id);
}

export async function findDemand(db: Executor, id: number): Promise<DemandRow | undefined> {
  const [row] = await db.select().from(demand).where(eq(demand.id, id));
  return row;
}

export async function lockDemand(db: Executor, id: number): Promise<DemandRow | undefined> {
  const [row] = await db.select().from(demand).where(eq(demand.id, id)).for('update');
  return row;
}

/** Writes the new state only if the demand is still in `from` (compare-and-set); answers the row, or undefined. */
export async function moveState(db: Executor, id: number, from: DemandState, to: DemandState, at: Date, patch: Partial<NewDemandRow> = {}) {
  const [row] = await db
    .update(demand)
    .set({ ...patch, state: to, updatedAt: at })
    .where(and(eq(demand.id, id), eq(demand.state, from)))
    .returning();
  return row;
}

export async function listLines(db: Executor, demandId: number): Promise<QuoteLineRow[]> {
  return db.select().from(demandQuoteLine).where(eq(demandQuoteLine.demandId, demandId)).orderBy(asc(demandQuoteLine.sort));
}

/** Replaces the quote's lines (a new quote before the customer accepted). */
export async function replaceLines(db: Executor, demandId: number, rows: Omit<typeof demandQuoteLine.$inferInsert, 'demandId'>[]) {
  await db.delete(demandQuoteLine).where(eq(demandQuoteLine.demandId, demandId));
  if (rows.length) await db.insert(demandQuoteLine).values(rows.map((r) => ({ ...r, demandId })));
}

export async function insertEvent(db: Executor, row: typeof demandEvent.$inferInsert): Promise<void> {
  await db.insert(demandEvent).values(row);
}

export async function listEvents(db: Executor, demandId: number): Promise<DemandEventRow[]> {
  return db.select().from(demandEvent).where(eq(demandEvent.demandId, demandId)).orderBy(asc(demandEvent.id));
}

/** The customer's demands, newest first. */
export async function pageCustomerDemands(db: Executor, userId: number, page: number, pageSize: number) {
  const where = eq(demand.userId, userId);
  const rows = await db
    .select()
    .from(demand)
    .where(where)
    .orderBy(desc(demand.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(demand).where(where);
  return { rows, total: total?.n ?? 0 };
}

export interface DemandFilter {
  state?: DemandState;
  kw?: string;
  /** A manager: their customers' demands and those of customers without a manager. */
  managerId?: number;
}

/** The console's list: newest first, with the customer's columns. */
export async function pageAdminDemands(db: Executor, f: DemandFilter, page: number, pageSize: number) {
  const like = f.kw ? `%${f.kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const conditions: (SQL | undefined)[] = [
    f.state ? eq(demand.state, f.state) : undefined,
    f.managerId !== undefined ? or(eq(userAccount.managerId, f.managerId), isNull(userAccount.managerId)) : undefined,
    like
      ? or(ilike(demand.title, like), ilike(userAccount.name, like), ilike(userAccount.phone, like), ilike(userAccount.company, like))
      : undefined,
  ];
  const where = and(...conditions);
  const rows = await db
    .select({
      d: demand,
      customerName: userAccount.name,
      customerPhone: userAccount.phone,
      company: userAccount.company,
      managerName: staffAccount.name,
    })
    .from(demand)
    .innerJoin(userAccount, eq(userAccount.id, demand.userId))
    .leftJoin(staffAccount, eq(staffAccount.id, userAccount.managerId))
    .where(where)
    .orderBy(desc(demand.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(demand).innerJoin(userAccount, eq(userAccount.id, demand.userId)).where(where);
  return { rows, total: total?.n ?? 0 };
}
