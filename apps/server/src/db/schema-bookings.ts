// On-site bookings of instruments (现场预约, issue 9, ADR 0043).
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { BookingSchedule } from '@yance/contracts/booking-rules';
import { BOOKING_EVENT_ACTIONS, BOOKING_STATES, type BookingEventAction, type BookingState } from '@yance/contracts/booking-states';
import { PRICE_UNITS, type Fen, type PriceUnit } from '@yance/contracts/money';
import { AUDIT_ACTOR_KINDS, type AuditActorKind } from '@yance/contracts/staff';
import { notNegative, oneOf } from './checks.ts';
import { device } from './schema.ts';
import { userAccount } from './schema-accounts.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** An instrument's booking schedule (contracts' BookingSchedule); no row = not open for booking. */
export const bookingSchedule = pgTable('booking_schedule', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => device.id, { onDelete: 'cascade' }),
  schedule: jsonb('schedule').$type<BookingSchedule>().notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * A booking: the item as it was (rid, name, instrument, unit price), the day
 * and minutes in China time and the instants they denote, the amount in fen
 * (null when the item has no fixed price). state changes only through the
 * contracts' BOOKING_TRANSITIONS (modules/reservation/booking-transition.ts).
 */
export const booking = pgTable(
  'booking',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id),
    deviceId: integer('device_id').references(() => device.id, { onDelete: 'set null' }),
    rid: text('rid').notNull(),
    name: text('name').notNull(),
    instrument: text('instrument').notNull().default(''),
    unit: text('unit').$type<PriceUnit>().notNull(),
    unitFen: integer('unit_fen').$type<Fen>().notNull(),
    amountFen: integer('amount_fen').$type<Fen>(),
    /** YYYY-MM-DD in China time; start is minutes after its midnight. */
    date: text('date').notNull(),
    startMinute: integer('start_minute').notNull(),
    minutes: integer('minutes').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    state: text('state').$type<BookingState>().notNull().default('booked'),
    remark: text('remark').notNull().default(''),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    oneOf('booking_state_check', t.state, BOOKING_STATES),
    oneOf('booking_unit_check', t.unit, Object.keys(PRICE_UNITS)),
    notNegative('booking_unit_fen_check', t.unitFen),
    notNegative('booking_amount_fen_check', t.amountFen),
    check('booking_minutes_check', sql`${t.minutes} > 0 and ${t.minutes} % 30 = 0 and ${t.startMinute} % 30 = 0`),
    // The customer's list (newest first) and the no-show count.
    index('booking_user_starts_idx').on(t.userId, t.startsAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('booking_user_state_idx').on(t.userId, t.state, t.startsAt),
    // The console's room: one day, by instrument and time.
    index('booking_date_device_idx').on(t.date, t.deviceId, t.startMinute),
  ],
);

/**
 * One row per half hour an active booking holds on an instrument. The
 * primary key (device, start) is what makes a double booking impossible,
 * whichever process inserts: the second insert waits for the first
 * transaction and then finds the slot taken. Cancelling deletes the rows.
 */
export const bookingSlot = pgTable(
  'booking_slot',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => device.id, { onDelete: 'cascade' }),
    startsAt: at('starts_at').notNull(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => booking.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'booking_slot_pkey', columns: [t.deviceId, t.startsAt] }), index('booking_slot_booking_idx').on(t.bookingId)],
);

/** A booking's history (the customer sees it): one row per change, written with the audit log in the change's transaction. */
export const bookingEvent = pgTable(
  'booking_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => booking.id, { onDelete: 'cascade' }),
    at: at('at').notNull(),
    actorKind: text('actor_kind').$type<AuditActorKind>().notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull().default(''),
    action: text('action').$type<BookingEventAction>().notNull(),
    fromState: text('from_state').$type<BookingState>(),
    toState: text('to_state').$type<BookingState>().notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [
    index('booking_event_booking_idx').on(t.bookingId, t.id),
    oneOf('booking_event_actor_kind_check', t.actorKind, AUDIT_ACTOR_KINDS),
    oneOf('booking_event_action_check', t.action, BOOKING_EVENT_ACTIONS),
    oneOf('booking_event_from_check', t.fromState, BOOKING_STATES),
    oneOf('booking_event_to_check', t.toState, BOOKING_STATES),
  ],
);

/** Booking suspended after repeated no-shows (爽约): from the no-show that reached the limit until ends_at. */
export const bookingSuspension = pgTable(
  'booking_suspension',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    /** The no-show that reached the limit. */
    bookingId: integer('booking_id').references(() => booking.id, { onDelete: 'set null' }),
  },
  (t) => [index('booking_suspension_user_idx').on(t.userId, t.endsAt.desc().nullsFirst())],
);
