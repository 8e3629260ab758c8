import type { Dayjs } from 'dayjs';
import type { SamplingSetting } from '@yance/contracts/setting';

export type DayState = 'closed' | 'weekClosed' | 'exception' | 'open';

/** What a never-saved setting starts from (the storefront's usual slots, every day open). */
export const DEFAULT_SAMPLING: SamplingSetting = {
  disabled_date: [],
  disabled_date_time: [],
  disabled_time: [],
  disabled_week: [],
  invalid_disabled_date: [],
  sampling_time1: '09:00-11:00',
  sampling_time2: '11:00-13:00',
  sampling_time3: '14:00-16:00',
  sampling_time4: '16:00-18:00',
  WxTip1: '',
};

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0].map((d) => ({ value: d, label: `周${'日一二三四五六'[d]}` }));

const dateKey = (d: Dayjs) => d.format('YYYY-MM-DD');

/** How a date stands, as the storefront's pick-up calendar will read it. */
export function dayState(s: SamplingSetting, d: Dayjs): DayState {
  const key = dateKey(d);
  if (s.disabled_date.includes(key)) return 'closed';
  if (!s.disabled_week.includes(d.day())) return 'open';
  return s.invalid_disabled_date.includes(key) ? 'exception' : 'weekClosed';
}

const toggled = (list: string[], key: string) => (list.includes(key) ? list.filter((k) => k !== key) : [...list, key].sort());

/**
 * A click on a date: an open date closes and a closed one opens again; on a
 * weekday closed every week the click opens this one date as an exception
 * (invalid_disabled_date), and a second click takes the exception back.
 */
export function toggleDay(s: SamplingSetting, d: Dayjs): SamplingSetting {
  const key = dateKey(d);
  const state = dayState(s, d);
  if (state === 'closed' || state === 'open') return { ...s, disabled_date: toggled(s.disabled_date, key) };
  return { ...s, invalid_disabled_date: toggled(s.invalid_disabled_date, key) };
}

/** Renaming a slot keeps the closures that named it. */
export function renameSlot(s: SamplingSetting, key: `sampling_time${1 | 2 | 3 | 4}`, label: string): SamplingSetting {
  const old = s[key];
  return {
    ...s,
    [key]: label,
    disabled_time: s.disabled_time.map((t) => (t === old ? label : t)),
    disabled_date_time: s.disabled_date_time.map((x) => (x.time === old ? { ...x, time: label } : x)),
  };
}

/** The slots closed on one date only. */
export const closedSlotsOn = (s: SamplingSetting, date: string) => s.disabled_date_time.filter((x) => x.date === date).map((x) => x.time);

export function setClosedSlotsOn(s: SamplingSetting, date: string, slots: string[]): SamplingSetting {
  const others = s.disabled_date_time.filter((x) => x.date !== date);
  return { ...s, disabled_date_time: [...others, ...slots.map((time) => ({ date, time }))].sort((a, b) => a.date.localeCompare(b.date)) };
}
