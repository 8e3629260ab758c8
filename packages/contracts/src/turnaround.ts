// The turnaround estimate from the live queue (issue 9, ADR 0047): zod-free,
// shared by the server (which computes every estimate it shows or promises)
// and the pages that print it.

/**
 * The lab's working calendar (console 设置 › 工作日历): the weekdays it works
 * (0 = Sunday … 6 = Saturday), public holidays it does not, and make-up
 * working days (调休) that fall on a weekend.
 */
export interface LabCalendar {
  workdays: readonly number[];
  holidays: readonly string[];
  makeupDays: readonly string[];
}

export const DEFAULT_LAB_CALENDAR: LabCalendar = { workdays: [1, 2, 3, 4, 5], holidays: [], makeupDays: [] };

/** YYYY-MM-DD of a date at UTC midnight. */
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Whether the lab works on `day` (YYYY-MM-DD): a make-up day always, a holiday never, else by its weekday. */
export function isWorkingDay(day: string, calendar: LabCalendar): boolean {
  if (calendar.makeupDays.includes(day)) return true;
  if (calendar.holidays.includes(day)) return false;
  return calendar.workdays.includes(new Date(`${day}T00:00:00Z`).getUTCDay());
}

/**
 * The working day `n` working days after `from` (YYYY-MM-DD, not counted
 * itself). Gives up after ten years of no working day (a calendar with no
 * working weekday and no make-up day) and answers undefined.
 */
export function addWorkingDays(from: string, n: number, calendar: LabCalendar): string | undefined {
  const d = new Date(`${from}T00:00:00Z`);
  let left = n;
  for (let guard = 0; guard < 3660; guard++) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (isWorkingDay(isoDay(d), calendar) && --left <= 0) return isoDay(d);
  }
  return undefined;
}

export interface QueueFacts {
  /** Samples of this item already in the lab's queue (ordered and not yet delivered). */
  queued: number;
  /** Samples the lab tests of this item per working day (the console's 日检测量); null or 0: no limit. */
  capacity: number | null;
  /** The item's own turnaround once its samples are started. */
  turnaroundDays: number;
  /** The customer's own samples of this item. */
  count: number;
}

/**
 * Working days until the results: the whole working days the queue ahead
 * (and the customer's own samples beyond the first day's capacity) needs,
 * plus the item's turnaround. An empty queue, or an item without a daily
 * limit, gives the catalogue's figure.
 */
export function estimateWorkingDays(f: QueueFacts): number {
  const waiting = f.capacity ? Math.floor((Math.max(0, f.queued) + Math.max(1, f.count) - 1) / f.capacity) : 0;
  return Math.max(1, f.turnaroundDays) + waiting;
}

/** The estimate under a label that already says 出结果 (the item page's facts): "预计5个工作日". */
export const estimateDaysText = (days: number) => `预计${days}个工作日`;

/** The estimate on its own (the plan's line, the API's text): "预计5个工作日出结果". */
export const estimateText = (days: number) => `${estimateDaysText(days)}出结果`;
