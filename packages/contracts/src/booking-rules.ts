// The on-site booking's rules (issue 9 "On-site booking", ADR 0043), zod-free so
// the storefront's calendar and the server apply the very same functions.
import type { Fen, PriceUnit } from './money.ts';
import { chinaToday } from './sampling-rules.ts';

export { chinaToday };

/** Bookings start and end on the half hour. */
export const SLOT_MINUTES = 30;
export const DAY_MINUTES = 24 * 60;
/** The weekday names, 0 = Sunday … 6 = Saturday. */
export const WEEKDAY_NAMES = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'] as const;

/** An instrument's opening hours of one weekday, in minutes after midnight (China time); null = closed. */
export type OpeningHours = [open: number, close: number] | null;

/** An instrument's booking schedule (the console's 预约设置). */
export interface BookingSchedule {
  /** Open for booking at all. */
  enabled: boolean;
  /** Seven entries, 0 = Sunday … 6 = Saturday. */
  hours: OpeningHours[];
  /** How many days ahead one may book (today counts as day 0). */
  horizonDays: number;
  minMinutes: number;
  maxMinutes: number;
  /** A booking must be made at least this many hours before it starts. */
  bookHoursBefore: number;
  /** A customer may cancel until this many hours before the start. */
  cancelHoursBefore: number;
  /** Whether a customer may cancel on the booking's own day (product.md: no). */
  sameDayCancel: boolean;
}

const WEEKDAY_HOURS: OpeningHours = [9 * 60, 18 * 60];
/** product.md's defaults: 14 days ahead, no same-day self-cancel; weekdays 09:00–18:00, 30 minutes to 4 hours. */
export const BOOKING_SCHEDULE_DEFAULTS: BookingSchedule = {
  enabled: true,
  hours: [null, WEEKDAY_HOURS, WEEKDAY_HOURS, WEEKDAY_HOURS, WEEKDAY_HOURS, WEEKDAY_HOURS, null],
  horizonDays: 14,
  minMinutes: 30,
  maxMinutes: 240,
  bookHoursBefore: 1,
  cancelHoursBefore: 0,
  sameDayCancel: false,
};

/** Repeated no-shows (爽约): the limit-th within windowDays suspends booking for suspendDays (product.md: 3 → 30 days). */
export interface NoShowPolicy {
  limit: number;
  windowDays: number;
  suspendDays: number;
}
export const NO_SHOW_POLICY_DEFAULTS: NoShowPolicy = { limit: 3, windowDays: 90, suspendDays: 30 };

/** 09:30 for 570. */
export const minuteText = (m: number): string => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** 570 for 09:30; NaN when it is not HH:mm. */
export function parseMinute(text: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(text);
  if (!m) return NaN;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h <= 24 && min < 60 && h * 60 + min <= DAY_MINUTES ? h * 60 + min : NaN;
}

/** 1 h 30 min → 1.5小时; 30 → 30分钟. */
export const lengthText = (minutes: number): string => (minutes < 60 ? `${minutes}分钟` : `${minutes / 60}小时`);

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The YYYY-MM-DD date n days after another. */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday of a YYYY-MM-DD date. */
export const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The instant a China-time date and minute denote (UTC+8, no daylight saving). */
export const instantOf = (date: string, minute: number): Date => new Date(Date.parse(`${date}T00:00:00Z`) - 8 * 3600_000 + minute * 60_000);

/** The dates one may book on from today: today … today + horizonDays, open weekdays only. */
export function bookableDates(today: string, s: BookingSchedule): string[] {
  if (!s.enabled) return [];
  const dates: string[] = [];
  for (let i = 0; i <= s.horizonDays; i++) {
    const d = addDays(today, i);
    if (s.hours[weekdayOf(d)]) dates.push(d);
  }
  return dates;
}

/** The half-hour slots (start minutes) of a date's opening hours. */
export function daySlots(s: BookingSchedule, date: string): number[] {
  const hours = DATE.test(date) ? s.hours[weekdayOf(date)] : null;
  if (!hours) return [];
  const slots: number[] = [];
  for (let m = Math.ceil(hours[0] / SLOT_MINUTES) * SLOT_MINUTES; m + SLOT_MINUTES <= hours[1]; m += SLOT_MINUTES) slots.push(m);
  return slots;
}

/** The earliest instant a booking may still start: now plus bookHoursBefore. */
export const earliestStart = (now: Date, s: BookingSchedule): Date => new Date(now.getTime() + s.bookHoursBefore * 3600_000);

export type SlotState = 'free' | 'taken' | 'closed';

/** Each slot of the day: free, taken by a booking, or closed (too soon to book). */
export function slotStates(s: BookingSchedule, date: string, now: Date, taken: ReadonlySet<number>): { start: number; state: SlotState }[] {
  const earliest = earliestStart(now, s).getTime();
  return daySlots(s, date).map((start) => ({
    start,
    state: taken.has(start) ? 'taken' : instantOf(date, start).getTime() < earliest ? 'closed' : 'free',
  }));
}

/** The lengths one may choose, in minutes: min … max by half hours. */
export function bookingLengths(s: BookingSchedule): number[] {
  const lengths: number[] = [];
  for (let m = s.minMinutes; m <= s.maxMinutes; m += SLOT_MINUTES) lengths.push(m);
  return lengths;
}

/** What the customer asks for: a date, a start (minutes after midnight) and a length in minutes. */
export interface BookingWish {
  date: string;
  start: number;
  minutes: number;
}

export const BOOKING_CLOSED = '该仪器暂未开放预约';
export const SLOT_TAKEN = '所选时段已被预约，请选择其他时段';

/**
 * The first rule a wish breaks, or null: the instrument is open, the date lies
 * within the horizon on an open weekday, start and length are on the half
 * hour, the length is between min and max, the session fits in the opening
 * hours, it starts at least bookHoursBefore from now, and (when the caller
 * knows them) none of its slots is taken.
 */
export function bookingError(w: BookingWish, now: Date, s: BookingSchedule, taken: ReadonlySet<number> = new Set()): string | null {
  if (!s.enabled) return BOOKING_CLOSED;
  if (!DATE.test(w.date) || Number.isNaN(Date.parse(`${w.date}T00:00:00Z`))) return '[预约日期]格式不正确';
  const today = chinaToday(now);
  if (w.date < today) return '[预约日期]不能早于今天';
  if (w.date > addDays(today, s.horizonDays)) return `[预约日期]最多可提前${s.horizonDays}天预约`;
  const hours = s.hours[weekdayOf(w.date)];
  if (!hours) return `${WEEKDAY_NAMES[weekdayOf(w.date)]}不开放预约，请选择其他日期`;
  if (!Number.isInteger(w.start) || w.start % SLOT_MINUTES !== 0) return '[开始时间]须为整点或半点';
  if (!Number.isInteger(w.minutes) || w.minutes % SLOT_MINUTES !== 0) return '[预约时长]须为半小时的整数倍';
  if (w.minutes < s.minMinutes) return `[预约时长]至少${lengthText(s.minMinutes)}`;
  if (w.minutes > s.maxMinutes) return `[预约时长]最多${lengthText(s.maxMinutes)}`;
  if (w.start < hours[0] || w.start + w.minutes > hours[1])
    return `所选时段超出开放时间（${minuteText(hours[0])}–${minuteText(hours[1])}），请调整开始时间或时长`;
  if (instantOf(w.date, w.start).getTime() < earliestStart(now, s).getTime())
    return s.bookHoursBefore > 0 ? `须至少提前${s.bookHoursBefore}小时预约` : '所选时段已开始，请选择其他时段';
  for (let m = w.start; m < w.start + w.minutes; m += SLOT_MINUTES) if (taken.has(m)) return SLOT_TAKEN;
  return null;
}

/** Why the customer may not cancel a booking themselves now, or null: not on its own day (unless allowed), not within cancelHoursBefore. */
export function cancelError(b: { date: string; startsAt: Date }, now: Date, s: BookingSchedule): string | null {
  if (now.getTime() >= b.startsAt.getTime()) return '预约已开始，不能取消';
  if (!s.sameDayCancel && chinaToday(now) >= b.date) return '预约当天不能自行取消，如需取消请联系实验室';
  if (now.getTime() > b.startsAt.getTime() - s.cancelHoursBefore * 3600_000)
    return `须在开始前${s.cancelHoursBefore}小时以上取消，如需取消请联系实验室`;
  return null;
}

/**
 * A booking's amount: per hour items by the booked time (unit price × minutes
 * / 60, rounded to the fen), any other unit once per booking; null when the
 * item has no fixed price (0, quoted later like 待报价).
 */
export function bookingAmount(unitFen: Fen, unit: PriceUnit, minutes: number): Fen | null {
  if (unitFen === 0) return null;
  return (unit === 'hour' ? Math.round((unitFen * minutes) / 60) : unitFen) as Fen;
}

/** Whether a schedule is coherent (the console's form and the server check it): the first problem, or null. */
export function scheduleError(s: BookingSchedule): string | null {
  if (s.hours.length !== 7) return '[开放时间]须为一周七天';
  for (const [i, h] of s.hours.entries()) {
    if (!h) continue;
    if (h[0] % SLOT_MINUTES !== 0 || h[1] % SLOT_MINUTES !== 0) return `[${WEEKDAY_NAMES[i]}开放时间]须为整点或半点`;
    if (h[0] < 0 || h[1] > DAY_MINUTES || h[0] >= h[1]) return `[${WEEKDAY_NAMES[i]}开放时间]结束须晚于开始`;
  }
  if (s.minMinutes % SLOT_MINUTES !== 0 || s.maxMinutes % SLOT_MINUTES !== 0) return '[预约时长]须为半小时的整数倍';
  if (s.minMinutes > s.maxMinutes) return '[最短时长]不能大于[最长时长]';
  return null;
}
