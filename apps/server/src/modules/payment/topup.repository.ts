// Top-ups (ADR 0050): the rows, their compare-and-set move, the customer's and finance's lists.
import { and, desc, eq, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import type { TopupMethod, TopupState } from '@yance/contracts/ledger';
import type { Executor } from '../../db/client.ts';
import { staffAccount, topup, userAccount } from '../../db/schema.ts';

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
