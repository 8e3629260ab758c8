import { and, asc, count, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { BookingSchedule } from '@yance/contracts/booking-rules';
import type { BookingState } from '@yance/contracts/booking-states';
import type { Executor } from '../../db/client.ts';
import { booking, bookingEvent, bookingSchedule, bookingSlot, bookingSuspension, device, userAccount } from '../../db/schema.ts';

export type BookingRow = typeof booking.$inferSelect;
export type NewBookingRow = typeof booking.$inferInsert;
export type BookingEventRow = typeof bookingEvent.$inferSelect;

/** Type 2 (现场预约) of the catalogue: the items one books time on. */
export const BOOKING_TYPE_ID = 2;

const itemColumns = {
  id: device.id,
  rid: device.rid,
  name: device.name,
  instrument: device.instrument,
  typeId: device.typeId,
  onShelf: device.onShelf,
  priceFen: device.priceFen,
  unit: device.unit,
  options: device.options,
  schedule: bookingSchedule.schedule,
};

/** A catalogue item by rid with its booking schedule (null when none was saved). */
export async function findItem(db: Executor, rid: string) {
  const [row] = await db
    .select(itemColumns)
    .from(device)
    .leftJoin(bookingSchedule, eq(bookingSchedule.deviceId, device.id))
    .where(eq(device.rid, rid));
  return row;
}

/** Every type-2 item (on the shelf or not) with its schedule, in the console's order. */
export async function listInstruments(db: Executor) {
  return db
    .select(itemColumns)
    .from(device)
    .leftJoin(bookingSchedule, eq(bookingSchedule.deviceId, device.id))
    .where(eq(device.typeId, BOOKING_TYPE_ID))
    .orderBy(asc(device.sort), asc(device.id));
}

export async function findInstrument(db: Executor, deviceId: number) {
  const [row] = await db
    .select(itemColumns)
    .from(device)
    .leftJoin(bookingSchedule, eq(bookingSchedule.deviceId, device.id))
    .where(eq(device.id, deviceId));
  return row;
}

export async function saveSchedule(db: Executor, deviceId: number, schedule: BookingSchedule, at: Date): Promise<void> {
  await db
    .insert(bookingSchedule)
    .values({ deviceId, schedule, updatedAt: at })
    .onConflictDoUpdate({ target: bookingSchedule.deviceId, set: { schedule, updatedAt: at } });
}

/** The slots held on an instrument between two instants. */
export async function takenSlots(db: Executor, deviceId: number, from: Date, to: Date): Promise<Date[]> {
  const rows = await db
    .select({ startsAt: bookingSlot.startsAt })
    .from(bookingSlot)
    .where(and(eq(bookingSlot.deviceId, deviceId), gte(bookingSlot.startsAt, from), sql`${bookingSlot.startsAt} < ${to}`));
  return rows.map((r) => r.startsAt);
}

/**
 * Claims the booking's half hours. ON CONFLICT DO NOTHING: a slot another
 * transaction holds makes this one wait for it, then skip the row; fewer rows
 * than asked means the time is taken (the caller rolls back).
 */
export async function claimSlots(db: Executor, deviceId: number, bookingId: number, starts: Date[]): Promise<number> {
  const rows = await db
    .insert(bookingSlot)
    .values(starts.map((startsAt) => ({ deviceId, startsAt, bookingId })))
    .onConflictDoNothing()
    .returning({ startsAt: bookingSlot.startsAt });
  return rows.length;
}

export async function releaseSlots(db: Executor, bookingId: number): Promise<void> {
  await db.delete(bookingSlot).where(eq(bookingSlot.bookingId, bookingId));
}

/** The booking customer's account, locked until the transaction ends (their bookings and no-show count queue here). */
export async function lockCustomer(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: userAccount.id, name: userAccount.name, phone: userAccount.phone, attested: userAccount.attested })
    .from(userAccount)
    .where(eq(userAccount.id, userId))
    .for('update');
  return row;
}

export async function findCustomers(db: Executor, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: userAccount.id, name: userAccount.name, phone: userAccount.phone })
    .from(userAccount)
    .where(inArray(userAccount.id, ids));
}

export async function insertBooking(db: Executor, row: NewBookingRow): Promise<BookingRow> {
  const [created] = await db.insert(booking).values(row).returning();
  return created!;
}

export async function lockBooking(db: Executor, id: number): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(booking).where(eq(booking.id, id)).for('update');
  return row;
}

/** Compare-and-set of the state: undefined when the booking was not in `from`. */
export async function moveState(db: Executor, id: number, from: BookingState, to: BookingState, at: Date): Promise<BookingRow | undefined> {
  const [row] = await db
    .update(booking)
    .set({ state: to, updatedAt: at })
    .where(and(eq(booking.id, id), eq(booking.state, from)))
    .returning();
  return row;
}

export async function insertEvent(db: Executor, row: typeof bookingEvent.$inferInsert): Promise<void> {
  await db.insert(bookingEvent).values(row);
}

export async function eventsOf(db: Executor, ids: number[]): Promise<BookingEventRow[]> {
  if (!ids.length) return [];
  return db.select().from(bookingEvent).where(inArray(bookingEvent.bookingId, ids)).orderBy(asc(bookingEvent.id));
}

/** A customer's bookings, newest start first; `upcoming` = still booked or checked in. */
export async function pageOwn(db: Executor, userId: number, upcoming: boolean, page: number, pageSize: number) {
  const where = and(eq(booking.userId, userId), upcoming ? inArray(booking.state, ['booked', 'checkedIn']) : undefined);
  const rows = await db
    .select()
    .from(booking)
    .where(where)
    .orderBy(upcoming ? asc(booking.startsAt) : desc(booking.startsAt), desc(booking.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(booking).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The bookings of one day (China date), by instrument and time; cancelled ones too, last. */
export async function listDay(db: Executor, date: string, deviceId?: number): Promise<BookingRow[]> {
  return db
    .select()
    .from(booking)
    .where(and(eq(booking.date, date), deviceId === undefined ? undefined : eq(booking.deviceId, deviceId)))
    .orderBy(asc(booking.deviceId), sql`${booking.state} = 'cancelled'`, asc(booking.startMinute), asc(booking.id));
}

/** The customer's suspension in force at `now`, if any (the one ending last). */
export async function activeSuspension(db: Executor, userId: number, now: Date) {
  const [row] = await db
    .select()
    .from(bookingSuspension)
    .where(and(eq(bookingSuspension.userId, userId), gt(bookingSuspension.endsAt, now)))
    .orderBy(desc(bookingSuspension.endsAt))
    .limit(1);
  return row;
}

/** Suspensions in force at `now` for several customers: user → until. */
export async function suspensionsOf(db: Executor, userIds: number[], now: Date): Promise<Map<number, Date>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: bookingSuspension.userId, until: sql<Date>`max(${bookingSuspension.endsAt})`.mapWith(bookingSuspension.endsAt) })
    .from(bookingSuspension)
    .where(and(inArray(bookingSuspension.userId, userIds), gt(bookingSuspension.endsAt, now)))
    .groupBy(bookingSuspension.userId);
  return new Map(rows.map((r) => [r.userId, r.until]));
}

/** When the customer's latest suspension began (no-shows before it counted already), or undefined. */
export async function lastSuspensionStart(db: Executor, userId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ startsAt: bookingSuspension.startsAt })
    .from(bookingSuspension)
    .where(eq(bookingSuspension.userId, userId))
    .orderBy(desc(bookingSuspension.startsAt))
    .limit(1);
  return row?.startsAt;
}

/** The customer's no-shows of bookings that started after `since`. */
export async function countNoShows(db: Executor, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(booking)
    .where(and(eq(booking.userId, userId), eq(booking.state, 'noShow'), gt(booking.startsAt, since)));
  return row?.n ?? 0;
}

export async function insertSuspension(db: Executor, row: typeof bookingSuspension.$inferInsert): Promise<void> {
  await db.insert(bookingSuspension).values(row);
}
