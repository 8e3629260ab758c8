import { chinaToday } from '@yance/contracts/sampling-rules';
import { labCalendar } from '@yance/contracts/setting';
import { addWorkingDays, DEFAULT_LAB_CALENDAR, estimateText, estimateWorkingDays, type LabCalendar } from '@yance/contracts/turnaround';
import type { TurnaroundEstimate } from '@yance/contracts/catalog';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { findOnShelfId, findQueueItems, queuedSamples } from './turnaround.repository.ts';
import { getSettingValue } from '../setting/index.ts';

/** The lab's working calendar from the console (设置 › 工作日历), Monday to Friday when never saved. */
export async function labCalendarOf(ctx: AppContext): Promise<LabCalendar> {
  const parsed = labCalendar.safeParse(await getSettingValue(ctx, 'labCalendar'));
  return parsed.success ? parsed.data : DEFAULT_LAB_CALENDAR;
}

export interface Estimate {
  /** Working days from the samples' receipt to the results. */
  days: number;
  /** The day the results are due if the samples are received today (China time); null when the calendar has no working day. */
  date: string | null;
}

/**
 * Estimates for a customer's lines of items (deviceId, sample count): the
 * queue ahead of each item now, its daily capacity and turnaround, counted
 * on the lab's calendar from today.
 */
export async function estimatesOf(ctx: AppContext, lines: readonly { deviceId: number; count: number }[]): Promise<Estimate[]> {
  const ids = [...new Set(lines.map((l) => l.deviceId))];
  if (ids.length === 0) return [];
  const items = await findQueueItems(ctx.db, ids);
  const queued = await queuedSamples(ctx.db, ids);
  const calendar = await labCalendarOf(ctx);
  const today = chinaToday(ctx.clock());
  return lines.map((l) => {
    const item = items.get(l.deviceId);
    const days = estimateWorkingDays({
      queued: queued.get(l.deviceId) ?? 0,
      capacity: item?.dailyCapacity ?? null,
      turnaroundDays: item?.turnaroundDays ?? 1,
      count: l.count,
    });
    return { days, date: addWorkingDays(today, days, calendar) ?? null };
  });
}

/** When a received order's line is due: its promise counted on the lab's calendar from the day the samples came in. */
export function dueDate(receivedAt: Date | undefined, promisedDays: number | null, calendar: LabCalendar): string | null {
  if (!receivedAt || promisedDays === null) return null;
  return addWorkingDays(chinaToday(receivedAt), promisedDays, calendar) ?? null;
}

/** device/estimate: an on-shelf item's estimate for `count` samples. */
export async function estimateForItem(ctx: AppContext, rid: string, count: number): Promise<TurnaroundEstimate> {
  const id = await findOnShelfId(ctx.db, rid);
  if (id === undefined) throw new AppError('NOT_FOUND', '项目不存在');
  const [estimate] = await estimatesOf(ctx, [{ deviceId: id, count }]);
  return { ...estimate!, text: estimateText(estimate!.days) };
}
