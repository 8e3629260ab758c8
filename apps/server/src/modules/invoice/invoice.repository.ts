// Invoices' tables (ADR 0052): titles, applications and their lines.
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { INVOICE_HOLDING_STATES, type InvoiceSource, type InvoiceState } from '@yance/contracts/invoice-states';
import { rowsOf, type Executor } from '../../db/client.ts';
import { invoiceApplication, invoiceLine, invoiceTitle, topup, userAccount } from '../../db/schema.ts';

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

// ---- top-ups and the prestore pool (ADR 0052 addendum) -------------------------------------

export type TopupRow = typeof topup.$inferSelect;

/** A top-up for invoicing: one of the customer's own that is not a pay/online trade (its order is invoiced instead). */
const ownPlainTopup = (userId: number) => and(eq(topup.userId, userId), sql`cardinality(${topup.payOrderIds}) = 0`);

/** The customer's credited top-ups, newest first. */
export async function creditedTopups(db: Executor, userId: number, limit: number): Promise<TopupRow[]> {
  return db
    .select()
    .from(topup)
    .where(and(ownPlainTopup(userId), eq(topup.state, 'credited')))
    .orderBy(desc(topup.id))
    .limit(limit);
}

/** Top-ups by id (the invoice.topup job reads its own). */
export async function topupsByIds(db: Executor, ids: readonly number[]): Promise<TopupRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(topup)
    .where(inArray(topup.id, [...ids]));
}

/** The customer's default title, if any. */
export async function findDefaultTitleId(db: Executor, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: invoiceTitle.id })
    .from(invoiceTitle)
    .where(and(eq(invoiceTitle.userId, userId), eq(invoiceTitle.isDefault, true)));
  return row?.id;
}

/** Locks the customer's own top-ups of these ids (in id order); another's or a trade's are left out. */
export async function lockOwnTopups(db: Executor, userId: number, ids: readonly number[]): Promise<TopupRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(topup)
    .where(and(ownPlainTopup(userId), inArray(topup.id, [...ids])))
    .orderBy(asc(topup.id))
    .for('update');
}

/** An order line paid from the customer's prestore: its order has a payment line taking from their prestore account. */
const paidFromPrestore = (userId: number, orderId: SQL) => sql`exists (
  select 1 from ledger_entry e
  join ledger_line l on l.entry_id = e.id
  join ledger_account a on a.id = l.account_id
  where e.order_id = ${orderId} and a.kind = 'prestore' and a.owner_id = ${userId} and l.amount_fen < 0)`;

/** Of these orders, those paid (at least partly) from the customer's prestore balance. */
export async function ordersPaidFromPrestore(db: Executor, userId: number, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = rowsOf<{ id: number }>(
    await db.execute(
      sql`select o.id from orders o where o.id in (${sql.join(
        orderIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and ${paidFromPrestore(userId, sql`o.id`)}`,
    ),
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * The customer's prestore pool: the principal of their credited top-ups
 * (pay/online trades included: their money paid an order from the balance),
 * what they moved into research groups net of what came back, and what
 * applications 申请中 or 已开票 already hold of top-ups and of orders paid
 * from their prestore.
 */
export async function prestorePool(db: Executor, userId: number): Promise<{ principal: number; toGroups: number; held: number }> {
  const holding = sql.join(
    INVOICE_HOLDING_STATES.map((s) => sql`${s}`),
    sql`, `,
  );
  const [row] = rowsOf<{ principal: number; to_groups: number; held: number }>(
    await db.execute(sql`select
      (select coalesce(sum(t.amount_fen), 0) from topup t where t.user_id = ${userId} and t.state = 'credited')::bigint as principal,
      (select coalesce(-sum(l.amount_fen), 0) from ledger_line l
        join ledger_entry e on e.id = l.entry_id
        join ledger_account a on a.id = l.account_id
        where a.kind = 'prestore' and a.owner_id = ${userId} and e.kind in ('groupIn', 'groupOut'))::bigint as to_groups,
      (select coalesce(sum(il.amount_fen), 0) from invoice_line il
        join invoice_application ia on ia.id = il.application_id
        where ia.user_id = ${userId} and ia.state in (${holding})
          and ((il.source_kind = 'topup')
            or (il.source_kind = 'order' and ${paidFromPrestore(userId, sql`il.source_id`)})))::bigint as held`),
  );
  return { principal: Number(row?.principal ?? 0), toGroups: Number(row?.to_groups ?? 0), held: Number(row?.held ?? 0) };
}
