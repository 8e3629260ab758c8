// Promotion's rows (ADR 0055, ADR 0069): promoters, rebate wallets, rebates, withdrawals. Money is in the ledger.
import { and, asc, desc, eq, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PromoterState, RebateKind, RebateState, WithdrawState } from '@yance/contracts/promotion-states';
import type { Executor } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { orders, promoter, rebate, staffAccount, userAccount, wallet, withdrawal } from '../../db/schema.ts';

export type PromoterRow = typeof promoter.$inferSelect;
export type RebateRow = typeof rebate.$inferSelect;
export type WalletRow = typeof wallet.$inferSelect;
export type WithdrawalRow = typeof withdrawal.$inferSelect;

const containing = (kw: string) => `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---- promoters ------------------------------------------------------------------------------

export async function findPromoterByUser(db: Executor, userId: number): Promise<PromoterRow | undefined> {
  const [row] = await db.select().from(promoter).where(eq(promoter.userId, userId));
  return row;
}

/** The promoter's row locked (their application's moves). */
export async function lockPromoterByUser(db: Executor, userId: number): Promise<PromoterRow | undefined> {
  const [row] = await db.select().from(promoter).where(eq(promoter.userId, userId)).for('update');
  return row;
}

export async function lockPromoter(db: Executor, id: number): Promise<PromoterRow | undefined> {
  const [row] = await db.select().from(promoter).where(eq(promoter.id, id)).for('update');
  return row;
}

export async function insertPromoter(db: Executor, row: typeof promoter.$inferInsert): Promise<PromoterRow | undefined> {
  const [created] = await db.insert(promoter).values(row).onConflictDoNothing({ target: promoter.userId }).returning();
  return created;
}

/** Compare-and-set of the state (with the fields the move changes). */
export async function movePromoter(
  db: Executor,
  id: number,
  from: PromoterState,
  set: Partial<typeof promoter.$inferInsert> & { state: PromoterState },
): Promise<PromoterRow | undefined> {
  const [row] = await db
    .update(promoter)
    .set(set)
    .where(and(eq(promoter.id, id), eq(promoter.state, from)))
    .returning();
  return row;
}

// ---- wallets --------------------------------------------------------------------------------

export async function findWallet(db: Executor, userId: number): Promise<WalletRow | undefined> {
  const [row] = await db.select().from(wallet).where(eq(wallet.userId, userId));
  return row;
}

/** The customer's wallet row, made with their first rebate (a repeat is a no-op). */
export async function ensureWallet(db: Executor, userId: number, now: Date): Promise<void> {
  await db.insert(wallet).values({ userId, createdAt: now }).onConflictDoNothing({ target: wallet.userId });
}

/** The wallet's row locked: every movement of the customer's wallet takes it first. */
export async function lockWallet(db: Executor, userId: number): Promise<WalletRow | undefined> {
  const [row] = await db.select().from(wallet).where(eq(wallet.userId, userId)).for('update');
  return row;
}

export async function setOwed(db: Executor, userId: number, owedFen: number): Promise<void> {
  await db.update(wallet).set({ owedFen }).where(eq(wallet.userId, userId));
}

/** The customer's inviter when the inviter is an approved promoter. */
export async function activePromoterOf(db: Executor, customerId: number): Promise<number | undefined> {
  const [row] = await promoterOfCustomer(db).execute({ customerId });
  return row?.id;
}

/** Asked on every payment (its move's subscriber): prepared once (ADR 0066). */
const promoterOfCustomer = preparedStatement('promoter_of_customer', (db, name) =>
  db
    .select({ id: promoter.userId })
    .from(userAccount)
    .innerJoin(promoter, and(eq(promoter.userId, userAccount.inviterId), eq(promoter.state, 'approved')))
    .where(eq(userAccount.id, sql.placeholder('customerId')))
    .prepare(name),
);

export async function pageAdminPromoters(
  db: Executor,
  f: { state?: PromoterState | undefined; kw?: string | undefined; id?: number },
  limit: number,
  offset: number,
) {
  const where = and(
    f.id !== undefined ? eq(promoter.id, f.id) : undefined,
    f.state ? eq(promoter.state, f.state) : undefined,
    f.kw ? or(ilike(promoter.name, containing(f.kw)), ilike(userAccount.phone, containing(f.kw))) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        p: promoter,
        phone: userAccount.phone,
        customers: sql<number>`(select count(*)::int from ${userAccount} c where c.inviter_id = "promoter"."user_id")`,
        earnedFen: sql<number>`(select coalesce(sum(r.amount_fen), 0)::int from ${rebate} r where r.promoter_id = "promoter"."user_id" and r.state <> 'reversed')`,
        withdrawnFen: sql<number>`(select coalesce(sum(w.amount_fen), 0)::int from ${withdrawal} w where w.user_id = "promoter"."user_id" and w.state = 'paid')`,
        owedFen: sql<number>`(select coalesce(max(o.owed_fen), 0)::int from ${wallet} o where o.user_id = "promoter"."user_id")`,
      })
      .from(promoter)
      .innerJoin(userAccount, eq(userAccount.id, promoter.userId))
      .where(where)
      .orderBy(desc(promoter.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(promoter)
      .innerJoin(userAccount, eq(userAccount.id, promoter.userId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---- customers and rebates ------------------------------------------------------------------

export async function countCustomers(db: Executor, promoterId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userAccount)
    .where(eq(userAccount.inviterId, promoterId));
  return row?.n ?? 0;
}

export async function pageCustomers(db: Executor, promoterId: number, limit: number, offset: number) {
  return db
    .select({
      phone: userAccount.phone,
      name: userAccount.name,
      createdAt: userAccount.createdAt,
      rebateFen: sql<number>`(select coalesce(sum(r.amount_fen), 0)::int from ${rebate} r where r.customer_id = "user_account"."id" and r.promoter_id = ${promoterId} and r.state <> 'reversed')`,
    })
    .from(userAccount)
    .where(eq(userAccount.inviterId, promoterId))
    .orderBy(desc(userAccount.id))
    .limit(limit)
    .offset(offset);
}

/** A rebate for a payment entry, unless one exists (the unique entry makes a repeat a no-op). */
export async function insertRebate(db: Executor, row: typeof rebate.$inferInsert): Promise<RebateRow | undefined> {
  const [created] = await db.insert(rebate).values(row).onConflictDoNothing({ target: rebate.paymentEntryId }).returning();
  return created;
}

export async function rebatedEntries(db: Executor, orderId: number): Promise<Set<number>> {
  const rows = await db.select({ id: rebate.paymentEntryId }).from(rebate).where(eq(rebate.orderId, orderId));
  return new Set(rows.map((r) => r.id));
}

/** The order completed at `now`: its pending rebates without a date become due their own hold days later. */
export async function setReleaseAt(db: Executor, orderId: number, now: Date): Promise<void> {
  await db
    .update(rebate)
    .set({ releaseAt: sql`${now.toISOString()}::timestamptz + ${rebate.holdDays} * interval '1 day'` })
    .where(and(eq(rebate.orderId, orderId), eq(rebate.state, 'pending'), isNull(rebate.releaseAt)));
}

/** A kind of rebate's earnings from each customer (all, or those listed; one earner's, or anyone's), reversed ones excluded, with the first one's time. */
export async function rebatesByCustomer(db: Executor, f: { earnerId?: number; kind: RebateKind; customerIds?: readonly number[] }) {
  const { earnerId, kind, customerIds } = f;
  if (customerIds && !customerIds.length) return new Map<number, { fen: number; firstAt: Date }>();
  const rows = await db
    .select({
      customerId: rebate.customerId,
      fen: sql<number>`coalesce(sum(${rebate.amountFen}), 0)::int`,
      firstAt: sql<Date>`min(${rebate.createdAt})`.mapWith(rebate.createdAt),
    })
    .from(rebate)
    .where(
      and(
        earnerId !== undefined ? eq(rebate.promoterId, earnerId) : undefined,
        eq(rebate.kind, kind),
        ne(rebate.state, 'reversed'),
        customerIds ? inArray(rebate.customerId, [...customerIds]) : undefined,
      ),
    )
    .groupBy(rebate.customerId);
  return new Map(rows.map((r) => [r.customerId, { fen: r.fen, firstAt: r.firstAt }]));
}

export async function lockRebate(db: Executor, id: number): Promise<RebateRow | undefined> {
  const [row] = await db.select().from(rebate).where(eq(rebate.id, id)).for('update');
  return row;
}

/** The state of a rebate's order (the gate of its release). */
export async function orderStateOf(db: Executor, orderId: number) {
  const [row] = await db.select({ state: orders.state }).from(orders).where(eq(orders.id, orderId));
  return row?.state;
}

export async function lockLiveRebatesOfOrder(db: Executor, orderId: number): Promise<RebateRow[]> {
  return db
    .select()
    .from(rebate)
    .where(and(eq(rebate.orderId, orderId), inArray(rebate.state, ['pending', 'available'])))
    .orderBy(asc(rebate.id))
    .for('update');
}

export async function moveRebate(
  db: Executor,
  id: number,
  from: RebateState,
  set: Partial<typeof rebate.$inferInsert> & { state: RebateState },
): Promise<RebateRow | undefined> {
  const [row] = await db
    .update(rebate)
    .set(set)
    .where(and(eq(rebate.id, id), eq(rebate.state, from)))
    .returning();
  return row;
}

/** Promoters with rebates due by now (the release job's batch). */
export async function promotersWithDueRebates(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: rebate.promoterId })
    .from(rebate)
    .where(and(eq(rebate.state, 'pending'), lte(rebate.releaseAt, now)))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function lockDueRebates(db: Executor, promoterId: number, now: Date): Promise<RebateRow[]> {
  return db
    .select()
    .from(rebate)
    .where(and(eq(rebate.promoterId, promoterId), eq(rebate.state, 'pending'), lte(rebate.releaseAt, now)))
    .orderBy(asc(rebate.id))
    .for('update');
}

export async function pageRebates(db: Executor, promoterId: number, limit: number, offset: number) {
  const where: SQL | undefined = eq(rebate.promoterId, promoterId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ r: rebate, orderNo: orders.no, phone: userAccount.phone })
      .from(rebate)
      .innerJoin(orders, eq(orders.id, rebate.orderId))
      .innerJoin(userAccount, eq(userAccount.id, rebate.customerId))
      .where(where)
      .orderBy(desc(rebate.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(rebate)
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---- withdrawals ----------------------------------------------------------------------------

export async function insertWithdrawal(db: Executor, row: typeof withdrawal.$inferInsert): Promise<WithdrawalRow> {
  const [created] = await db.insert(withdrawal).values(row).returning();
  if (!created) throw new Error('withdrawal insert returned nothing');
  return created;
}

export async function lockWithdrawal(db: Executor, id: number): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawal).where(eq(withdrawal.id, id)).for('update');
  return row;
}

export async function moveWithdrawal(
  db: Executor,
  id: number,
  from: WithdrawState,
  set: Partial<typeof withdrawal.$inferInsert> & { state: WithdrawState },
): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .update(withdrawal)
    .set(set)
    .where(and(eq(withdrawal.id, id), eq(withdrawal.state, from)))
    .returning();
  return row;
}

export async function pageWithdrawals(db: Executor, userId: number, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db.select().from(withdrawal).where(eq(withdrawal.userId, userId)).orderBy(desc(withdrawal.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(withdrawal)
      .where(eq(withdrawal.userId, userId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function withdrawingFen(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${withdrawal.amountFen}), 0)::int` })
    .from(withdrawal)
    .where(and(eq(withdrawal.userId, userId), inArray(withdrawal.state, ['applied', 'approved'])));
  return row?.n ?? 0;
}

export async function findAdminWithdrawal(db: Executor, id: number) {
  const [row] = await adminWithdrawalSelect(db).where(eq(withdrawal.id, id));
  return row;
}

const adminWithdrawalSelect = (db: Executor) =>
  db
    .select({ w: withdrawal, phone: userAccount.phone, promoterName: promoter.name, staffName: staffAccount.name })
    .from(withdrawal)
    .innerJoin(userAccount, eq(userAccount.id, withdrawal.userId))
    .leftJoin(promoter, eq(promoter.userId, withdrawal.userId))
    .leftJoin(staffAccount, eq(staffAccount.id, withdrawal.staffId));

export async function pageAdminWithdrawals(db: Executor, state: WithdrawState | undefined, limit: number, offset: number) {
  const where = state ? eq(withdrawal.state, state) : undefined;
  const [rows, [total]] = await Promise.all([
    adminWithdrawalSelect(db).where(where).orderBy(desc(withdrawal.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(withdrawal)
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findAdminPromoter(db: Executor, id: number) {
  const { rows } = await pageAdminPromoters(db, { id }, 1, 0);
  return rows[0];
}
