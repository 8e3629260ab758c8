// On-site booking for customers (现场预约, issue 9, ADR 0043): the rules are the
// contracts' booking-rules.ts, the same the storefront's calendar runs.
import {
  addDays,
  BOOKING_CLOSED,
  BOOKING_SCHEDULE_DEFAULTS,
  bookableDates,
  bookingAmount,
  bookingError,
  cancelError,
  chinaToday,
  instantOf,
  minuteText,
  parseMinute,
  SLOT_MINUTES,
  SLOT_TAKEN,
  slotStates,
  type BookingSchedule,
} from '@yance/contracts/booking-rules';
import type {
  Reservation,
  ReservationAddBody,
  ReservationDay,
  ReservationListBody,
  ReservationListResponse,
} from '@yance/contracts/booking';
import { BOOKING_EVENT_LABELS, BOOKING_STATE_NAMES } from '@yance/contracts/booking-states';
import { defaultChoices, priceOf, type Fen } from '@yance/contracts/money';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { ATTESTATION_NEEDED, customerName } from '../order/index.ts';
import { bookingMachine, chinaTime, moveBooking } from './booking-transition.ts';
import * as repo from './reservation.repository.ts';
import type { BookingEventRow, BookingRow } from './reservation.repository.ts';

const NO_ITEM = '项目不存在';
type Item = NonNullable<Awaited<ReturnType<typeof repo.findItem>>>;

/** The item's unit price with its options' first choices (what a booking is priced by; ADR 0012's priceOf). */
const unitPriceOf = (item: Item): Fen => {
  const priced = { price_fen: item.priceFen, options: item.options };
  return priceOf(priced, defaultChoices(priced), 1);
};

/** A bookable item: type 2, on the shelf; anything else reads as missing. */
async function bookableItem(ctx: AppContext, rid: string): Promise<Item> {
  const item = await repo.findItem(ctx.db, rid);
  if (!item || !item.onShelf) throw new AppError('NOT_FOUND', NO_ITEM);
  if (item.typeId !== repo.BOOKING_TYPE_ID) throw new AppError('INVALID', '该项目不是现场预约项目，请加入实验方案下单');
  return item;
}

/** The schedule a booking is judged by: the saved one, or closed when none was saved. */
const scheduleOf = (item: { schedule: BookingSchedule | null }): BookingSchedule =>
  item.schedule ?? { ...BOOKING_SCHEDULE_DEFAULTS, enabled: false };

/** The minutes after midnight of the slots held on an instrument on a day. */
async function takenOn(ctx: AppContext, deviceId: number, date: string): Promise<Set<number>> {
  const start = instantOf(date, 0);
  const rows = await repo.takenSlots(ctx.db, deviceId, start, instantOf(addDays(date, 1), 0));
  return new Set(rows.map((at) => Math.round((at.getTime() - start.getTime()) / 60_000)));
}

/** web/reservation/day: the day's slots (free, taken, closed), the bookable dates and the rules; never who booked. */
export async function reservationDay(ctx: AppContext, rid: string, asked?: string): Promise<ReservationDay> {
  const item = await bookableItem(ctx, rid);
  const schedule = scheduleOf(item);
  const now = ctx.clock();
  const dates = bookableDates(chinaToday(now), schedule);
  const date = asked && dates.includes(asked) ? asked : (dates[0] ?? chinaToday(now));
  const slots = dates.includes(date) ? slotStates(schedule, date, now, await takenOn(ctx, item.id, date)) : [];
  return {
    rid: item.rid,
    name: item.name,
    instrument: item.instrument,
    unit: item.unit,
    unit_fen: unitPriceOf(item),
    schedule,
    now: now.toISOString(),
    dates,
    date,
    slots: slots.map((s) => ({ start: minuteText(s.start), state: s.state })),
  };
}

/** The history as a reader sees it: 您 for the customer themselves. */
function historyOf(events: BookingEventRow[], forCustomer: boolean): Reservation['history'] {
  return events.map((e) => ({
    at: e.at.toISOString(),
    actor: e.actorKind === 'customer' ? (forCustomer ? '您' : `客户 ${e.actorName}`) : e.actorName || '系统',
    action: e.action,
    label: BOOKING_EVENT_LABELS[e.action],
    from: e.fromState,
    to: e.toState,
    note: e.note,
  }));
}

/** A booking for its reader; cancelBlock is why the customer may not cancel it now (null: they may). */
export function toReservation(
  r: BookingRow,
  events: BookingEventRow[],
  schedule: BookingSchedule | null,
  now: Date,
  forCustomer = true,
): Reservation {
  return {
    id: r.id,
    rid: r.rid,
    name: r.name,
    instrument: r.instrument,
    date: r.date,
    start: minuteText(r.startMinute),
    end: minuteText(r.startMinute + r.minutes),
    minutes: r.minutes,
    state: r.state,
    unit: r.unit,
    unit_fen: r.unitFen,
    amount_fen: r.amountFen,
    remark: r.remark,
    createdAt: r.createdAt.toISOString(),
    cancelBlock:
      r.state === 'booked' ? cancelError(r, now, schedule ?? BOOKING_SCHEDULE_DEFAULTS) : `预约${BOOKING_STATE_NAMES[r.state]}，不能取消`,
    history: historyOf(
      events.filter((e) => e.bookingId === r.id),
      forCustomer,
    ),
  };
}

/** Bookings with their histories and their instruments' schedules, for readers. */
export async function withDetails(ctx: AppContext, rows: BookingRow[], forCustomer: boolean): Promise<Reservation[]> {
  const events = await repo.eventsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const schedules = new Map<number, BookingSchedule | null>();
  for (const id of new Set(rows.flatMap((r) => (r.deviceId === null ? [] : [r.deviceId]))))
    schedules.set(id, (await repo.findInstrument(ctx.db, id))?.schedule ?? null);
  const now = ctx.clock();
  return rows.map((r) => toReservation(r, events, r.deviceId === null ? null : (schedules.get(r.deviceId) ?? null), now, forCustomer));
}

export const suspendedMessage = (until: Date) => `因多次爽约，您的预约资格已暂停至 ${chinaTime(until)}`;

/**
 * reservation/add: one booking of a type-2 item on the shelf, every rule of
 * the calendar checked again here; the customer's account is locked (their
 * attestation and suspension are read under it), and the half hours are
 * claimed in booking_slot, whose key refuses a second holder even from
 * another process: then 409 and nothing is written.
 */
export async function addReservation(ctx: AppContext, userId: number, body: ReservationAddBody, ip: string): Promise<Reservation> {
  const item = await bookableItem(ctx, body.rid);
  const schedule = scheduleOf(item);
  if (!schedule.enabled) throw new AppError('CONFLICT', BOOKING_CLOSED);
  const wish = { date: body.date, start: parseMinute(body.start), minutes: body.minutes };
  if (Number.isNaN(wish.start)) throw new AppError('INVALID', '[开始时间]格式不正确');
  const error = bookingError(wish, ctx.clock(), schedule);
  if (error) throw new AppError('INVALID', error);
  return ctx.tx(async (t) => {
    const user = await repo.lockCustomer(t.db, userId);
    if (!user) throw new AppError('UNAUTHENTICATED', '登录已过期，请重新登录');
    if (!user.attested) throw new AppError('FORBIDDEN', ATTESTATION_NEEDED);
    const now = t.clock();
    const suspension = await repo.activeSuspension(t.db, userId, now);
    if (suspension) throw new AppError('FORBIDDEN', suspendedMessage(suspension.endsAt));
    const unitFen = unitPriceOf(item);
    const startsAt = instantOf(wish.date, wish.start);
    const row = await repo.insertBooking(t.db, {
      userId,
      deviceId: item.id,
      rid: item.rid,
      name: item.name,
      instrument: item.instrument,
      unit: item.unit,
      unitFen,
      amountFen: bookingAmount(unitFen, item.unit, wish.minutes),
      date: wish.date,
      startMinute: wish.start,
      minutes: wish.minutes,
      startsAt,
      endsAt: new Date(startsAt.getTime() + wish.minutes * 60_000),
      remark: body.remark,
      createdAt: now,
      updatedAt: now,
    });
    const halfHours = Array.from(
      { length: wish.minutes / SLOT_MINUTES },
      (_, i) => new Date(startsAt.getTime() + i * SLOT_MINUTES * 60_000),
    );
    if ((await repo.claimSlots(t.db, item.id, row.id, halfHours)) < halfHours.length) throw new AppError('CONFLICT', SLOT_TAKEN);
    // Made on the booking machine (book, from: []): the history's entry and the audit row with it.
    await bookingMachine.created(t, { kind: 'customer', userId, name: customerName(user), ip }, row, 'book', {
      note: `${row.name} ${row.date} ${minuteText(row.startMinute)}–${minuteText(row.startMinute + row.minutes)}`,
      changes: {
        device: [null, row.rid],
        date: [null, row.date],
        start: [null, minuteText(row.startMinute)],
        minutes: [null, row.minutes],
        amountFen: [null, row.amountFen],
      },
    });
    return (await withDetails(t, [row], true))[0]!;
  });
}

/** reservation/list: the caller's bookings (upcoming first by time, or all newest first) and their suspension, if any. */
export async function listReservations(ctx: AppContext, userId: number, q: ReservationListBody): Promise<ReservationListResponse> {
  const { rows, total } = await repo.pageOwn(ctx.db, userId, q.tab === 'upcoming', q.page, q.pageSize);
  const suspension = await repo.activeSuspension(ctx.db, userId, ctx.clock());
  return {
    list: await withDetails(ctx, rows, true),
    total,
    page: q.page,
    pageSize: q.pageSize,
    suspendedUntil: suspension?.endsAt.toISOString() ?? null,
  };
}

/** reservation/cancel: the caller's own booking, within the instrument's cancel window (another customer's is 404). */
export async function cancelReservation(ctx: AppContext, userId: number, id: number, ip: string): Promise<Reservation> {
  return ctx.tx(async (t) => {
    // The booking machine names the customer as their account reads under its lock.
    const row = await moveBooking(t, { kind: 'customer', userId, name: '', ip }, id, 'cancel');
    return (await withDetails(t, [row], true))[0]!;
  });
}
