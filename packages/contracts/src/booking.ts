// On-site bookings (现场预约, issue 9, ADR 0043): the calls' schemas. The rules
// are booking-rules.ts, the states and moves booking-states.ts.
import { z } from 'zod';
import { BOOKING_ACTIONS, BOOKING_EVENT_ACTIONS, BOOKING_STATES } from './booking-states.ts';
import { DAY_MINUTES, scheduleError, SLOT_MINUTES, type BookingSchedule } from './booking-rules.ts';
import { PRICE_UNITS, type PriceUnit } from './money.ts';
import { createKey } from './idempotency.ts';
import { count, fenData, id, integer } from './numbers.ts';
import { pagingQuery } from './paging.ts';
import { optionalText, text } from './text.ts';

const bookingState = z.enum(BOOKING_STATES);
const dateText = (label: string) => text(label, { max: 10 }).regex(/^\d{4}-\d{2}-\d{2}$/, `[${label}]格式不正确`);
const rid = text('项目', { max: 32 });

/** The calendar of one instrument on one day (open: anyone may look; who booked is never shown). */
export const reservationDayQuery = z.object({ rid, date: dateText('预约日期').optional() });

// nullable rather than a union with null: a bad minute is reported at its own place ([开放时间] of that day).
const hours = z.tuple([integer('开放时间', 0, DAY_MINUTES), integer('开放时间', 0, DAY_MINUTES)]).nullable();

/** An instrument's booking schedule as the calendar and the console read it (minutes after midnight, China time). */
export const bookingSchedule = z
  .object({
    enabled: z.boolean({ error: '[开放预约]格式不正确' }),
    hours: z.array(hours).length(7, '[开放时间]须为一周七天'),
    horizonDays: count('可提前预约天数', 0, 90),
    minMinutes: count('最短时长', SLOT_MINUTES, DAY_MINUTES),
    maxMinutes: count('最长时长', SLOT_MINUTES, DAY_MINUTES),
    bookHoursBefore: count('最晚提前预约小时', 0, 168),
    cancelHoursBefore: count('最晚提前取消小时', 0, 168),
    sameDayCancel: z.boolean({ error: '[允许当天取消]格式不正确' }),
  })
  .superRefine((s, c) => {
    const error = scheduleError(s as BookingSchedule);
    if (error) c.addIssue({ code: 'custom', message: error });
  });

/** The same schedule in answers (plain numbers: answers are encoded, never parsed from strings). */
export const bookingScheduleData = z.object({
  enabled: z.boolean(),
  hours: z.array(z.tuple([z.number().int(), z.number().int()]).nullable()),
  horizonDays: z.number().int(),
  minMinutes: z.number().int(),
  maxMinutes: z.number().int(),
  bookHoursBefore: z.number().int(),
  cancelHoursBefore: z.number().int(),
  sameDayCancel: z.boolean(),
});

export const reservationSlot = z.object({ start: z.string(), state: z.enum(['free', 'taken', 'closed']) });

export const reservationDay = z.object({
  rid: z.string(),
  name: z.string(),
  instrument: z.string(),
  unit: z.enum(Object.keys(PRICE_UNITS) as [PriceUnit, ...PriceUnit[]]),
  unit_fen: fenData,
  schedule: bookingScheduleData,
  /** The server's time: the calendar runs the rules with it. */
  now: z.string(),
  /** The days one may book on (today … the horizon, open weekdays). */
  dates: z.array(z.string()),
  /** The day shown (the asked one, else the first bookable). */
  date: z.string(),
  slots: z.array(reservationSlot),
});
export type ReservationDay = z.infer<typeof reservationDay>;

export const reservationAddBody = z.object({
  rid,
  date: dateText('预约日期'),
  start: text('开始时间', { max: 5 }).regex(/^\d{2}:\d{2}$/, '[开始时间]格式不正确'),
  minutes: count('预约时长', SLOT_MINUTES, DAY_MINUTES),
  remark: optionalText('备注', { max: 200, multiline: true }),
  idempotencyKey: createKey,
});
export type ReservationAddBody = z.output<typeof reservationAddBody>;

export const RESERVATION_TABS = { upcoming: '待使用', all: '全部' } as const;
export type ReservationTab = keyof typeof RESERVATION_TABS;
export const reservationListBody = pagingQuery.extend({
  tab: z.enum(Object.keys(RESERVATION_TABS) as [ReservationTab, ...ReservationTab[]], { error: '[预约状态]不存在' }).default('upcoming'),
});
export type ReservationListBody = z.output<typeof reservationListBody>;
export const reservationIdBody = z.object({ id: id('预约') });

/** One entry of a booking's history (the customer sees it): who, when, what. */
export const reservationEvent = z.object({
  at: z.string(),
  actor: z.string(),
  action: z.enum(BOOKING_EVENT_ACTIONS),
  label: z.string(),
  from: bookingState.nullable(),
  to: bookingState,
  note: z.string(),
});

export const reservation = z.object({
  id: z.number().int(),
  rid: z.string(),
  name: z.string(),
  instrument: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  minutes: z.number().int(),
  state: bookingState,
  unit: z.enum(Object.keys(PRICE_UNITS) as [PriceUnit, ...PriceUnit[]]),
  unit_fen: fenData,
  /** null when the item has no fixed price (the lab quotes it). */
  amount_fen: fenData.nullable(),
  remark: z.string(),
  createdAt: z.string(),
  /** Why the customer may not cancel it now (the rule's words), or null when they may. */
  cancelBlock: z.string().nullable(),
  history: z.array(reservationEvent),
});
export type Reservation = z.infer<typeof reservation>;

export const reservationListResponse = z.object({
  list: z.array(reservation),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Booking suspended after repeated no-shows: until when (ISO), else null. */
  suspendedUntil: z.string().nullable(),
});
export type ReservationListResponse = z.infer<typeof reservationListResponse>;

// ——— the console ———

export const adminReservationDayQuery = z.object({ date: dateText('日期'), deviceId: id('仪器').optional() });

export const adminReservation = reservation.extend({
  deviceId: z.number().int().nullable(),
  customer: z.string(),
  phone: z.string(),
  /** What the table lets this staff member do now. */
  actions: z.array(z.enum(BOOKING_ACTIONS)),
  /** The customer's booking is suspended until (ISO), else null. */
  suspendedUntil: z.string().nullable(),
});
export type AdminReservation = z.infer<typeof adminReservation>;

export const bookingInstrument = z.object({
  deviceId: z.number().int(),
  rid: z.string(),
  name: z.string(),
  instrument: z.string(),
  onShelf: z.boolean(),
  /** null until the console saves a schedule: not open for booking. */
  schedule: bookingScheduleData.nullable(),
});
export type BookingInstrument = z.infer<typeof bookingInstrument>;

export const adminReservationDay = z.object({
  date: z.string(),
  instruments: z.array(bookingInstrument),
  list: z.array(adminReservation),
});
export type AdminReservationDay = z.infer<typeof adminReservationDay>;

/** Staff moving a booking: the state they saw (a stale page gets 409) and an optional note. */
export const adminReservationMoveBody = reservationIdBody.extend({
  expect: z.enum(BOOKING_STATES, { error: '[预约状态]不存在' }),
  note: optionalText('备注', { max: 200, multiline: true }),
});
export type AdminReservationMoveBody = z.output<typeof adminReservationMoveBody>;

export const bookingScheduleSaveBody = z.object({ deviceId: id('仪器'), schedule: bookingSchedule });
export type BookingScheduleSaveBody = z.output<typeof bookingScheduleSaveBody>;

export const noShowPolicyData = z.object({ limit: z.number().int(), windowDays: z.number().int(), suspendDays: z.number().int() });

export const noShowPolicy = z.object({
  limit: count('爽约次数', 1, 20),
  windowDays: count('统计天数', 1, 365),
  suspendDays: count('暂停天数', 1, 365),
});
