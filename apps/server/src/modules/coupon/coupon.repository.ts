// Coupons and points (ADR 0053): the only code that touches their tables.
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { CouponOrigin, CouponTab } from '@yance/contracts/coupon-states';
import type { Executor } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';
import {
  couponTemplate,
  device,
  orderDiscount,
  orders,
  pointsAccount,
  pointsEntry,
  projectType,
  userAccount,
  userCoupon,
} from '../../db/schema.ts';

export type TemplateRow = typeof couponTemplate.$inferSelect;
export type CouponRow = typeof userCoupon.$inferSelect;
export type DiscountRow = typeof orderDiscount.$inferSelect;
export type PointsRow = typeof pointsEntry.$inferSelect;

// ---- templates --------------------------------------------------------------------------

export async function insertTemplate(db: Executor, row: typeof couponTemplate.$inferInsert): Promise<TemplateRow> {
  const [created] = await db.insert(couponTemplate).values(row).returning();
  if (!created) throw new Error('coupon template insert returned nothing');
  return created;
}

export async function listTemplates(db: Executor) {
  const rows = await db.select().from(couponTemplate).orderBy(desc(couponTemplate.id));
  const counts = await db
    .select({
      templateId: userCoupon.templateId,
      issued: sql<number>`count(*)::int`,
      used: sql<number>`count(*) filter (where ${userCoupon.state} = 'used')::int`,
    })
    .from(userCoupon)
    .groupBy(userCoupon.templateId);
  const byId = new Map(counts.map((c) => [c.templateId, c]));
  return rows.map((r) => ({ row: r, issued: byId.get(r.id)?.issued ?? 0, used: byId.get(r.id)?.used ?? 0 }));
}

export async function findTemplate(db: Executor, id: number): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(couponTemplate).where(eq(couponTemplate.id, id));
  return row;
}

/** The template locked: issuing under it counts the customer's coupons of it without a race. */
export async function lockTemplate(db: Executor, id: number): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(couponTemplate).where(eq(couponTemplate.id, id)).for('update');
  return row;
}

export async function setTemplateActive(db: Executor, id: number, active: boolean): Promise<TemplateRow | undefined> {
  const [row] = await db.update(couponTemplate).set({ active }).where(eq(couponTemplate.id, id)).returning();
  return row;
}

export const signupTemplates = (db: Executor) =>
  db
    .select()
    .from(couponTemplate)
    .where(and(eq(couponTemplate.onSignup, true), eq(couponTemplate.active, true)))
    .orderBy(asc(couponTemplate.id));

/** Serialises the making of a programme's template until the transaction ends (two sign-ups at once make one). */
export async function lockOrigin(db: Executor, origin: CouponOrigin): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`yance:coupon-origin:${origin}`}))`);
}

/** The programme's active template (at most one: a unique partial index). */
export async function activeOriginTemplate(db: Executor, origin: CouponOrigin): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(couponTemplate)
    .where(and(eq(couponTemplate.origin, origin), eq(couponTemplate.active, true)));
  return row;
}

/** Stops the programme's template (its settings changed; issued coupons keep their terms). */
export async function retireOriginTemplate(db: Executor, origin: CouponOrigin): Promise<void> {
  await db
    .update(couponTemplate)
    .set({ active: false })
    .where(and(eq(couponTemplate.origin, origin), eq(couponTemplate.active, true)));
}

/** Whether the customer holds a coupon of this source (an invitee's coupon is one: user_coupon_invite_idx). */
export async function hasCouponFrom(db: Executor, userId: number, source: CouponRow['source']): Promise<boolean> {
  const [row] = await db
    .select({ id: userCoupon.id })
    .from(userCoupon)
    .where(and(eq(userCoupon.userId, userId), eq(userCoupon.source, source)))
    .limit(1);
  return !!row;
}

export async function countUserCoupons(db: Executor, templateId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userCoupon)
    .where(and(eq(userCoupon.templateId, templateId), eq(userCoupon.userId, userId)));
  return row?.n ?? 0;
}

export async function insertCoupon(db: Executor, row: typeof userCoupon.$inferInsert): Promise<CouponRow> {
  const [created] = await db.insert(userCoupon).values(row).returning();
  if (!created) throw new Error('coupon insert returned nothing');
  return created;
}

export async function listIssued(db: Executor, templateId: number, limit: number, offset: number) {
  const where = eq(userCoupon.templateId, templateId);
  const rows = await db
    .select({ c: userCoupon, phone: userAccount.phone, name: userAccount.name, orderNo: orders.no })
    .from(userCoupon)
    .innerJoin(userAccount, eq(userAccount.id, userCoupon.userId))
    .leftJoin(orders, eq(orders.id, userCoupon.orderId))
    .where(where)
    .orderBy(desc(userCoupon.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userCoupon)
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

// ---- the customer's coupons ---------------------------------------------------------------

const tabWhere = (tab: CouponTab, today: string): SQL | undefined =>
  tab === 'used'
    ? eq(userCoupon.state, 'used')
    : tab === 'usable'
      ? and(eq(userCoupon.state, 'usable'), sql`${userCoupon.validTo} >= ${today}`)
      : and(eq(userCoupon.state, 'usable'), sql`${userCoupon.validTo} < ${today}`);

export async function listUserCoupons(db: Executor, userId: number, tab: CouponTab, today: string, limit: number, offset: number) {
  const where = and(eq(userCoupon.userId, userId), tabWhere(tab, today));
  const rows = await db
    .select({ c: userCoupon, t: couponTemplate, orderNo: orders.no })
    .from(userCoupon)
    .innerJoin(couponTemplate, eq(couponTemplate.id, userCoupon.templateId))
    .leftJoin(orders, eq(orders.id, userCoupon.orderId))
    .where(where)
    .orderBy(tab === 'usable' ? asc(userCoupon.validTo) : desc(userCoupon.id), desc(userCoupon.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userCoupon)
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function countTabs(db: Executor, userId: number, today: string) {
  const [row] = await db
    .select({
      usable: sql<number>`count(*) filter (where ${userCoupon.state} = 'usable' and ${userCoupon.validTo} >= ${today})::int`,
      used: sql<number>`count(*) filter (where ${userCoupon.state} = 'used')::int`,
      expired: sql<number>`count(*) filter (where ${userCoupon.state} = 'usable' and ${userCoupon.validTo} < ${today})::int`,
    })
    .from(userCoupon)
    .where(eq(userCoupon.userId, userId));
  return row ?? { usable: 0, used: 0, expired: 0 };
}

/** The customer's coupons usable today (the window contains today). */
export const usableCoupons = (db: Executor, userId: number, today: string) =>
  db
    .select({ c: userCoupon, t: couponTemplate })
    .from(userCoupon)
    .innerJoin(couponTemplate, eq(couponTemplate.id, userCoupon.templateId))
    .where(
      and(
        eq(userCoupon.userId, userId),
        eq(userCoupon.state, 'usable'),
        sql`${userCoupon.validFrom} <= ${today}`,
        sql`${userCoupon.validTo} >= ${today}`,
      ),
    )
    .orderBy(asc(userCoupon.validTo), asc(userCoupon.id));

/** The coupon locked with its template (any owner: the caller checks). */
export async function lockCoupon(db: Executor, id: number) {
  const [row] = await db
    .select({ c: userCoupon, t: couponTemplate })
    .from(userCoupon)
    .innerJoin(couponTemplate, eq(couponTemplate.id, userCoupon.templateId))
    .where(eq(userCoupon.id, id))
    .for('update', { of: userCoupon });
  return row;
}

/** Compare-and-set of a coupon's state and the order holding it (order_id unique: one order at a time). */
export async function moveCoupon(
  db: Executor,
  id: number,
  from: CouponRow['state'],
  set: { state: CouponRow['state']; orderId: number | null; usedAt: Date | null },
): Promise<CouponRow | undefined> {
  const [row] = await db
    .update(userCoupon)
    .set(set)
    .where(and(eq(userCoupon.id, id), eq(userCoupon.state, from)))
    .returning();
  return row;
}

export async function scopeNames(db: Executor, typeIds: readonly number[], deviceIds: readonly number[]) {
  const types = typeIds.length
    ? await db
        .select({ id: projectType.id, name: projectType.name })
        .from(projectType)
        .where(inArray(projectType.id, [...typeIds]))
    : [];
  const devices = deviceIds.length
    ? await db
        .select({ id: device.id, name: device.name })
        .from(device)
        .where(inArray(device.id, [...deviceIds]))
    : [];
  return { types: new Map(types.map((t) => [t.id, t.name])), devices: new Map(devices.map((d) => [d.id, d.name])) };
}

// ---- order discounts -----------------------------------------------------------------------

export async function insertDiscount(db: Executor, row: typeof orderDiscount.$inferInsert): Promise<void> {
  await db.insert(orderDiscount).values(row);
}

export async function findDiscount(db: Executor, orderId: number): Promise<DiscountRow | undefined> {
  const [row] = await db.select().from(orderDiscount).where(eq(orderDiscount.orderId, orderId));
  return row;
}

/** Marks the order's deductions returned, once (null when they were already or there were none). */
export async function markReturned(db: Executor, orderId: number, at: Date): Promise<DiscountRow | undefined> {
  const [row] = await db
    .update(orderDiscount)
    .set({ returnedAt: at })
    .where(and(eq(orderDiscount.orderId, orderId), isNull(orderDiscount.returnedAt)))
    .returning();
  return row;
}

// ---- points ---------------------------------------------------------------------------------

export async function ensurePointsAccount(db: Executor, userId: number): Promise<void> {
  await db.insert(pointsAccount).values({ userId, balance: 0 }).onConflictDoNothing();
}

/**
 * Points earned on a payment, in one statement (ADR 0066): the account made or credited by one upsert (its row
 * lock), and the history line with the balance after it.
 */
export async function earnPointsLine(db: Executor, row: { userId: number; points: number; orderId: number; expiresAt: Date; at: Date }) {
  await earn(db, { ...row, expiresAt: row.expiresAt.toISOString(), at: row.at.toISOString() });
}

const earn = preparedSql('points_earn', () => {
  const p = (name: string) => sql.placeholder(name);
  return sql`
    with acc as (
      insert into points_account (user_id, balance) values (${p('userId')}::integer, ${p('points')}::integer)
      on conflict (user_id) do update set balance = points_account.balance + excluded.balance
      returning balance
    )
    insert into points_entry (user_id, reason, points, balance_after, order_id, expires_at, "left", created_at)
    select ${p('userId')}::integer, 'earn', ${p('points')}::integer, acc.balance, ${p('orderId')}::integer,
           ${p('expiresAt')}::timestamptz, ${p('points')}::integer, ${p('at')}::timestamptz
    from acc`;
});

/** Moves the balance by delta in one statement under its row lock; undefined when it would go below zero. */
export async function movePoints(db: Executor, userId: number, delta: number): Promise<number | undefined> {
  const [row] = await db
    .update(pointsAccount)
    .set({ balance: sql`${pointsAccount.balance} + ${delta}` })
    .where(and(eq(pointsAccount.userId, userId), sql`${pointsAccount.balance} + ${delta} >= 0`))
    .returning({ balance: pointsAccount.balance });
  return row?.balance;
}

export async function pointsBalance(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ b: pointsAccount.balance }).from(pointsAccount).where(eq(pointsAccount.userId, userId));
  return row?.b ?? 0;
}

export async function insertPoints(db: Executor, row: typeof pointsEntry.$inferInsert): Promise<PointsRow> {
  const [created] = await db.insert(pointsEntry).values(row).returning();
  if (!created) throw new Error('points insert returned nothing');
  return created;
}

/** The customer's lines with points left, the soonest to expire first (locked: call after locking the account). */
export const lockLeftLines = (db: Executor, userId: number) =>
  db
    .select()
    .from(pointsEntry)
    .where(and(eq(pointsEntry.userId, userId), gt(pointsEntry.left, 0)))
    .orderBy(sql`${pointsEntry.expiresAt} asc nulls last`, asc(pointsEntry.id))
    .for('update');

export async function setLeft(db: Executor, id: number, left: number): Promise<void> {
  await db.update(pointsEntry).set({ left }).where(eq(pointsEntry.id, id));
}

/** Empties what is left of the order's earn lines (taken back on cancellation); answers how many points that was. */
export async function emptyOrderEarnLines(db: Executor, orderId: number): Promise<number> {
  const rows = await emptied(db, and(eq(pointsEntry.orderId, orderId), eq(pointsEntry.reason, 'earn'), gt(pointsEntry.left, 0))!);
  return rows.reduce((n, r) => n + r.left, 0);
}

/** Empties what is left of the customer's lines expired by `now` (the account locked by the caller); answers the points. */
export async function emptyExpiredLines(db: Executor, userId: number, now: Date): Promise<number> {
  const rows = await emptied(db, and(eq(pointsEntry.userId, userId), gt(pointsEntry.left, 0), lte(pointsEntry.expiresAt, now))!);
  return rows.reduce((n, r) => n + r.left, 0);
}

/** Sets `left` to 0 where `where` holds (two statements, the lines locked by the first), answering what each had left. */
async function emptied(db: Executor, where: SQL) {
  const rows = await db.select({ left: pointsEntry.left }).from(pointsEntry).where(where).for('update');
  if (rows.length) await db.update(pointsEntry).set({ left: 0 }).where(where);
  return rows;
}

export async function listPoints(db: Executor, userId: number, limit: number, offset: number) {
  const where = eq(pointsEntry.userId, userId);
  const rows = await db
    .select({ p: pointsEntry, orderNo: orders.no })
    .from(pointsEntry)
    .leftJoin(orders, eq(orders.id, pointsEntry.orderId))
    .where(where)
    .orderBy(desc(pointsEntry.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pointsEntry)
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function expiringBefore(db: Executor, userId: number, before: Date) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${pointsEntry.left}), 0)::int`, first: sql<string | null>`min(${pointsEntry.expiresAt})` })
    .from(pointsEntry)
    .where(and(eq(pointsEntry.userId, userId), gt(pointsEntry.left, 0), lte(pointsEntry.expiresAt, before)));
  return { points: row?.n ?? 0, first: row?.first ? new Date(row.first) : null };
}

/** Customers with points left past their expiry. */
export async function usersWithExpired(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: pointsEntry.userId })
    .from(pointsEntry)
    .where(and(gt(pointsEntry.left, 0), lte(pointsEntry.expiresAt, now)))
    .limit(limit);
  return rows.map((r) => r.userId);
}

/** Locks the account row (the points' one lock; taken before their lines). */
export async function lockPointsAccount(db: Executor, userId: number): Promise<number | undefined> {
  const [row] = await db.select({ b: pointsAccount.balance }).from(pointsAccount).where(eq(pointsAccount.userId, userId)).for('update');
  return row?.b;
}

/** The state of the order holding a coupon (the gate of its giving back). */
export async function orderStateOf(db: Executor, orderId: number) {
  const [row] = await db.select({ state: orders.state }).from(orders).where(eq(orders.id, orderId));
  return row?.state;
}
