// On-site bookings (现场预约, catalogue type 2; issue 9, ADR 0043): their states
// and the one transition table. zod-free: the storefront, the console and the
// server read the same table, and the database's CHECK is generated from it.
import { CUSTOMER, staff, type Transition } from './machine.ts';
import type { Permission } from './staff.ts';

/** A booking's states: booked (已预约) until the lab checks the customer in, or it is cancelled, or the customer does not come (爽约). */
export const BOOKING_STATES = ['booked', 'checkedIn', 'completed', 'cancelled', 'noShow'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

export const BOOKING_STATE_NAMES: Record<BookingState, string> = {
  booked: '已预约',
  checkedIn: '已签到',
  completed: '已完成',
  cancelled: '已取消',
  noShow: '爽约',
};

/** The permission of the console's booking room and instrument settings (实验员 and 管理员). */
export const BOOKING_PERMISSION = 'booking.manage' satisfies Permission;

const LAB = staff(BOOKING_PERMISSION);

/**
 * Every change of a booking's state, and the only one, from its making
 * (`book`, from: []). The server's booking machine (modules/reservation/booking-transition.ts, on the one engine) locks
 * the booking, refuses a move the table does not allow (409) or its timing
 * rule refuses (409), and writes the booking's history and the audit log in
 * the same transaction. A cancelled booking frees its slots; the others keep them.
 */
export const BOOKING_TRANSITIONS = {
  /** The customer books free half hours of an instrument (reservation/add): the booking is made in 已预约. */
  book: { label: '提交预约', from: [], to: 'booked', by: [CUSTOMER] },
  /** The customer (within the instrument's cancel window) or the lab (any time before check-in). */
  cancel: { label: '取消预约', from: ['booked'], to: 'cancelled', by: [CUSTOMER, LAB] },
  /** The customer arrived at the instrument. */
  checkIn: { label: '签到', from: ['booked'], to: 'checkedIn', by: [LAB] },
  /** The session ended. */
  complete: { label: '完成', from: ['checkedIn'], to: 'completed', by: [LAB] },
  /** The customer did not come (after the booked start): counts towards a suspension. */
  noShow: { label: '爽约', from: ['booked'], to: 'noShow', by: [LAB] },
} as const satisfies Record<string, Transition<BookingState> & { to: BookingState }>;
/** The moves of a made booking (the customer's cancel, the console's room); `book` makes one. */
export type BookingAction = Exclude<keyof typeof BOOKING_TRANSITIONS, 'book'>;
export const BOOKING_ACTIONS = (Object.keys(BOOKING_TRANSITIONS) as (keyof typeof BOOKING_TRANSITIONS)[]).filter(
  (a): a is BookingAction => a !== 'book',
);

/** Entries of a booking's history: its creation, then the transitions. */
export const BOOKING_EVENT_ACTIONS = ['book', ...BOOKING_ACTIONS] as const;
export type BookingEventAction = (typeof BOOKING_EVENT_ACTIONS)[number];
export const BOOKING_EVENT_LABELS = Object.fromEntries(BOOKING_EVENT_ACTIONS.map((a) => [a, BOOKING_TRANSITIONS[a].label])) as Record<
  BookingEventAction,
  string
>;
