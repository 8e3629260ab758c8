// Invoices' tables (ADR 0052): titles, applications and their lines.
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { INVOICE_HOLDING_STATES, type InvoiceSource, type InvoiceState } from '@yance/contracts/invoice-states';
import type { Executor } from '../../db/client.ts';
import { invoiceApplication, invoiceLine, invoiceTitle, userAccount } from '../../db/schema.ts';

export type TitleRow = typeof invoiceTitle.$inferSelect;
export type NewTitleRow = typeof invoiceTitle.$inferInsert;
export type TitleFields = Omit<NewTitleRow, 'id' | 'userId' | 'isDefault' | 'createdAt' | 'updatedAt'>;
export type ApplicationRow = typeof invoiceApplication.$inferSelect;
export type NewApplicationRow = typeof invoiceApplication.$inferInsert;
export type LineRow = typeof invoiceLine.$inferSelect;
export type NewLineRow = typeof invoiceLine.$inferInsert;

// ---- titles ------------------------------------------------------------------

/** The customer's titles, the default first, then newest. */
export async function listTitles(db: Executor, userId: number): Promise<TitleRow[]> {
  return db.select().from(invoiceTitle).where(eq(invoiceTitle.userId, userId)).orderBy(desc(invoiceTitle.isDefault), desc(invoiceTitle.id));
}

/** A title only when it is the customer's: ownership is part of the lookup. */
export async function findOwnedTitle(db: Executor, userId: number, id: number): Promise<TitleRow | undefined> {
  const [row] = await db
    .select()
    .from(invoiceTitle)
    .where(and(eq(invoiceTitle.id, id), eq(invoiceTitle.userId, userId)));
  return row;
}

export async function countTitles(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(invoiceTitle).where(eq(invoiceTitle.userId, userId));
  return row?.n ?? 0;
}

/** Clears the default flag of the customer's titles other than keepId. */
export async function clearDefaultTitle(db: Executor, userId: number, keepId?: number): Promise<void> {
  const others = keepId === undefined ? undefined : ne(invoiceTitle.id, keepId);
  await db
    .update(invoiceTitle)
    .set({ isDefault: false })
    .where(and(eq(invoiceTitle.userId, userId), eq(invoiceTitle.isDefault, true), others));
}

export async function insertTitle(db: Executor, row: NewTitleRow): Promise<TitleRow> {
  const [created] = await db.insert(invoiceTitle).values(row).returning();
  return created!;
}

export async function updateTitle(
  db: Executor,
  userId: number,
  id: number,
  patch: Partial<TitleFields> & { isDefault?: boolean; updatedAt: Date },
): Promise<TitleRow> {
  const [row] = await db
    .update(invoiceTitle)
    .set(patch)
    .where(and(eq(invoiceTitle.id, id), eq(invoiceTitle.userId, userId)))
    .returning();
  return row!;
}

/** Deletes the title; answers whether it was the default. */
export async function deleteTitle(db: Executor, userId: number, id: number): Promise<boolean> {
  const [gone] = await db
    .delete(invoiceTitle)
    .where(and(eq(invoiceTitle.id, id), eq(invoiceTitle.userId, userId)))
    .returning({ isDefault: invoiceTitle.isDefault });
  return gone?.isDefault ?? false;
}

export async function findNewestTitleId(db: Executor, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: invoiceTitle.id })
    .from(invoiceTitle)
    .where(eq(invoiceTitle.userId, userId))
    .orderBy(desc(invoiceTitle.id))
    .limit(1);
  return row?.id;
}

// ---- applications ----------------------------------------------------------------

/** What the applications that hold their amounts (申请中, 已开票) already ask of each source. */
export async function heldBySource(db: Executor, source: InvoiceSource, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ sourceId: invoiceLine.sourceId, sum: sql<number>`sum(${invoiceLine.amountFen})::int` })
    .from(invoiceLine)
    .innerJoin(invoiceApplication, eq(invoiceApplication.id, invoiceLine.applicationId))
    .where(
      and(
        eq(invoiceLine.sourceKind, source),
        inArray(invoiceLine.sourceId, [...ids]),
        inArray(invoiceApplication.state, [...INVOICE_HOLDING_STATES]),
      ),
    )
    .groupBy(invoiceLine.sourceId);
  return new Map(rows.map((r) => [r.sourceId, r.sum]));
}

export async function insertApplication(db: Executor, row: NewApplicationRow, lines: Omit<NewLineRow, 'applicationId'>[]) {
  const [created] = await db.insert(invoiceApplication).values(row).returning();
  await db.insert(invoiceLine).values(lines.map((l) => ({ ...l, applicationId: created!.id })));
  return created!;
}

export async function findApplication(db: Executor, id: number): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(invoiceApplication).where(eq(invoiceApplication.id, id));
  return row;
}

/** The application, locked until the transaction ends: every move of one application queues here. */
export async function lockApplication(db: Executor, id: number): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(invoiceApplication).where(eq(invoiceApplication.id, id)).for('update');
  return row;
}

/** Compare-and-set: moves the application only if it is still in `from`, with the fields the move writes. */
export async function moveApplication(
  db: Executor,
  id: number,
  from: InvoiceState,
  to: InvoiceState,
  patch: Partial<NewApplicationRow> & { updatedAt: Date },
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(invoiceApplication)
    .set({ ...patch, state: to })
    .where(and(eq(invoiceApplication.id, id), eq(invoiceApplication.state, from)))
    .returning();
  return row;
}

/** The lines of these applications, in the order they were written. */
export async function listLines(db: Executor, applicationIds: readonly number[]): Promise<LineRow[]> {
  if (applicationIds.length === 0) return [];
  return db
    .select()
    .from(invoiceLine)
    .where(inArray(invoiceLine.applicationId, [...applicationIds]))
    .orderBy(asc(invoiceLine.id));
}

/** The applications of a source in these states (a refunded order's invoices). */
export async function applicationsOfSource(db: Executor, source: InvoiceSource, sourceId: number, states: readonly InvoiceState[]) {
  const rows = await db
    .selectDistinct({ id: invoiceApplication.id })
    .from(invoiceLine)
    .innerJoin(invoiceApplication, eq(invoiceApplication.id, invoiceLine.applicationId))
    .where(and(eq(invoiceLine.sourceKind, source), eq(invoiceLine.sourceId, sourceId), inArray(invoiceApplication.state, [...states])));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Whether an application already carries this invoice number. */
export async function invoiceNoUsed(db: Executor, invoiceNo: string): Promise<boolean> {
  const [row] = await db.select({ id: invoiceApplication.id }).from(invoiceApplication).where(eq(invoiceApplication.invoiceNo, invoiceNo));
  return row !== undefined;
}

/** The customer's applications, newest first. */
export async function pageCustomerApplications(db: Executor, userId: number, state: InvoiceState | undefined, page: number, size: number) {
  const where = and(eq(invoiceApplication.userId, userId), state ? eq(invoiceApplication.state, state) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(invoiceApplication)
      .where(where)
      .orderBy(desc(invoiceApplication.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(invoiceApplication).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

const customerColumns = {
  customerName: userAccount.name,
  customerPhone: userAccount.phone,
  company: userAccount.company,
};

export interface AdminApplicationFilter {
  state?: InvoiceState;
  kw?: string;
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The console's queue: oldest first (first come, first served), with the customer's name, phone and company. */
export async function pageAdminApplications(db: Executor, f: AdminApplicationFilter, page: number, size: number) {
  const conditions: (SQL | undefined)[] = [f.state ? eq(invoiceApplication.state, f.state) : undefined];
  if (f.kw) {
    const kw = f.kw.trim();
    const no = /^FP0*(\d{1,9})$/i.exec(kw);
    conditions.push(
      or(
        no ? eq(invoiceApplication.id, Number(no[1])) : undefined,
        ilike(sql`${invoiceApplication.title}->>'name'`, `%${escapeLike(kw)}%`),
        ilike(userAccount.phone, `${escapeLike(kw)}%`),
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ a: invoiceApplication, ...customerColumns })
      .from(invoiceApplication)
      .innerJoin(userAccount, eq(userAccount.id, invoiceApplication.userId))
      .where(where)
      .orderBy(f.state === 'applied' ? asc(invoiceApplication.id) : desc(invoiceApplication.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(invoiceApplication).innerJoin(userAccount, eq(userAccount.id, invoiceApplication.userId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One application with its customer's card (the console's detail). */
export async function findAdminApplication(db: Executor, id: number) {
  const [row] = await db
    .select({ a: invoiceApplication, ...customerColumns })
    .from(invoiceApplication)
    .innerJoin(userAccount, eq(userAccount.id, invoiceApplication.userId))
    .where(eq(invoiceApplication.id, id));
  return row;
}
