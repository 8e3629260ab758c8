// The one place a booking's state changes (ADR 0043, ADR 0058): a booking is
// made by the machine's `book` (reservation/add), and the customer's cancel and
// every console action go through moveBooking with an action of the contracts'
// BOOKING_TRANSITIONS, on the one state-machine engine.
import {
  BOOKING_SCHEDULE_DEFAULTS,
  cancelError,
  chinaToday,
  NO_SHOW_POLICY_DEFAULTS,
  type NoShowPolicy,
} from '@yance/contracts/booking-rules';
import { noShowPolicy } from '@yance/contracts/booking';
import { BOOKING_STATE_NAMES, BOOKING_TRANSITIONS, type BookingAction, type BookingState } from '@yance/contracts/booking-states';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { actorOf, defineMachine, type Actor, type Mover } from '../../lib/state-machine.ts';
import { recordAudit } from '../audit/index.ts';
import { customerName } from '../order/index.ts';
import { getSettingValue } from '../setting/index.ts';
import * as repo from './reservation.repository.ts';
import type { BookingRow } from './reservation.repository.ts';

export const NO_BOOKING = '预约不存在';
export const NO_SHOW_POLICY_KEY = 'bookingNoShowPolicy';

/** The staff actions' rule of time: check-in from the booking's day, no-show after its start. */
function staffTimingError(row: Pick<BookingRow, 'date' | 'startsAt'>, action: BookingAction, now: Date): string | null {
  if (action === 'checkIn' && chinaToday(now) < row.date) return '未到预约当天，不能签到';
  if (action === 'noShow' && now < row.startsAt) return '预约尚未开始，不能标记爽约';
  return null;
}

/** The no-show rule the console saved, else product.md's (3 within 90 days → 30 days). */
export async function readNoShowPolicy(ctx: AppContext): Promise<NoShowPolicy> {
  const parsed = noShowPolicy.safeParse(await getSettingValue(ctx, NO_SHOW_POLICY_KEY));
  return parsed.success ? parsed.data : NO_SHOW_POLICY_DEFAULTS;
}

const DAY_MS = 24 * 3600_000;
/** 2026-12-24 10:00 in China time. */
export const chinaTime = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

/**
 * With a no-show, under the customer's lock, before the booking's state is
 * written: counts their no-shows of bookings that started within the policy's
 * window and after their last suspension began, this one included; the
 * limit-th suspends booking for suspendDays. Answers the timeline's words for it.
 */
async function suspendIfRepeated(t: AppContext, row: BookingRow, actor: Actor, ip: string): Promise<string> {
  await repo.lockCustomer(t.db, row.userId);
  const policy = await readNoShowPolicy(t);
  const now = t.clock();
  const windowStart = new Date(now.getTime() - policy.windowDays * DAY_MS);
  const last = await repo.lastSuspensionStart(t.db, row.userId);
  const since = last && last > windowStart ? last : windowStart;
  const n = (await repo.countNoShows(t.db, row.userId, since)) + (row.startsAt > since ? 1 : 0);
  if (n < policy.limit) return `${policy.windowDays}天内第${n}次爽约`;
  const endsAt = new Date(now.getTime() + policy.suspendDays * DAY_MS);
  await repo.insertSuspension(t.db, { userId: row.userId, startsAt: now, endsAt, bookingId: row.id });
  await recordAudit(t, {
    actor,
    action: 'booking.suspend',
    objectType: 'user',
    objectId: row.userId,
    changes: { suspendedUntil: [null, endsAt.toISOString()], noShows: [null, n] },
    ip,
  });
  return `${policy.windowDays}天内第${n}次爽约，暂停预约至 ${chinaTime(endsAt)}`;
}

/** The rule of the action beyond the table: a customer's cancel window, check-in from the booking's day, no-show after its start. */
async function checkTiming(t: AppContext, mover: Mover, row: BookingRow, action: BookingAction): Promise<void> {
  const now = t.clock();
  if (action === 'cancel' && mover.kind === 'customer') {
    const item = row.deviceId === null ? undefined : await repo.findInstrument(t.db, row.deviceId);
    const error = cancelError(row, now, item?.schedule ?? BOOKING_SCHEDULE_DEFAULTS);
    if (error) throw new AppError('CONFLICT', error);
  }
  const error = staffTimingError(row, action, now);
  if (error) throw new AppError('CONFLICT', error);
}

/** The audit change that carries a no-show's count (and suspension) to the timeline's note. */
const NO_SHOWS = 'noShows';

/**
 * The booking's machine: another customer's booking answers as a missing one,
 * the timing rules are its check, a cancelled booking frees its slots with the
 * state, and every move is written to the booking's history (booking_event).
 */
export const bookingMachine = defineMachine<AppContext, BookingRow, BookingState, typeof BOOKING_TRANSITIONS>({
  objectType: 'booking',
  table: BOOKING_TRANSITIONS,
  names: BOOKING_STATE_NAMES,
  noun: '预约',
  missing: NO_BOOKING,
  lock: (t, id) => repo.lockBooking(t.db, id),
  reach: (_t, mover, row) => mover.kind !== 'customer' || row.userId === mover.userId,
  write: async (t, row, from, to, at) => {
    const moved = await repo.moveState(t.db, row.id, from, to, at);
    if (moved && to === 'cancelled') await repo.releaseSlots(t.db, row.id);
    return moved;
  },
  check: checkTiming,
  // The customer hears of a cancel, a completion or a no-show (notices.ts): which instrument, when.
  audience: async (t, row, _action, note) => ({
    userId: row.userId,
    orderId: null,
    vars: {
      name: row.deviceId === null ? '' : ((await repo.findInstrument(t.db, row.deviceId))?.name ?? ''),
      date: row.date,
      time: chinaTime(row.startsAt).slice(11),
      note: note ? `（${note}）` : '',
    },
  }),
  // A customer is named as they are now, read under their account's lock.
  actor: async (t, mover, row, permissions) => {
    if (mover.kind !== 'customer') return actorOf(mover, permissions);
    const c = await repo.lockCustomer(t.db, row.userId);
    return { kind: 'customer', id: row.userId, name: c ? customerName(c) : '' };
  },
  timeline: async (t, m) => {
    const words = m.changes[NO_SHOWS]?.[1];
    const note = typeof words === 'string' ? (m.note ? `${m.note}（${words}）` : words) : m.note;
    await repo.insertEvent(t.db, {
      bookingId: m.objectId,
      at: m.at,
      actorKind: m.actor.kind,
      actorId: m.actor.id,
      actorName: m.actor.name,
      action: m.action,
      fromState: m.from,
      toState: m.to,
      note,
    });
  },
});

export const staleBooking = (state: BookingState) => bookingMachine.stale(state);

/** The actions this staff member may take on this booking now (the room's buttons: none the server would refuse). */
export const staffActions = (caller: StaffCaller, row: BookingRow, now: Date): BookingAction[] =>
  bookingMachine
    .actionsFor({ kind: 'staff', caller }, row.state)
    .filter((a): a is BookingAction => a !== 'book' && staffTimingError(row, a, now) === null);

export interface BookingMoveOptions {
  /** The state the staff member saw: another one answers 409. */
  expect?: BookingState;
  note?: string;
}

/**
 * Moves a booking by one action of the table on the engine, in one
 * transaction: lock, reach (another customer's booking is 404 like a missing
 * one), who may (403), the state (409), the action's timing rule (409); a
 * no-show may suspend the customer, the new state is written with a
 * compare-and-set (a cancel frees the slots), then the booking's history and
 * the audit log.
 */
export function moveBooking(
  ctx: AppContext,
  mover: Mover,
  id: number,
  action: BookingAction,
  opts: BookingMoveOptions = {},
): Promise<BookingRow> {
  return bookingMachine.move(ctx, mover, id, action, {
    ...opts,
    apply: async (t, row) => {
      if (action !== 'noShow') return;
      const words = await suspendIfRepeated(
        t,
        row,
        bookingMachine.actorFor(mover, action),
        mover.kind === 'system' ? '' : (mover.ip ?? ''),
      );
      return { [NO_SHOWS]: [null, words] };
    },
  });
}
