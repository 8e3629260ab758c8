import { describe, expect, it } from 'vitest';
import { samplingSetting } from '@yance/contracts/setting';
import { dayjs } from '@/lib/time.ts';
import { closedSlotsOn, DEFAULT_SAMPLING, dayState, renameSlot, setClosedSlotsOn, toggleDay } from './sampling-days.ts';
import { regionsOf } from './region-tree.ts';

const monday = dayjs('2030-01-07');
const sunday = dayjs('2030-01-06');

describe('pick-up calendar clicks', () => {
  it('closes an open date and opens it again', () => {
    const closed = toggleDay(DEFAULT_SAMPLING, monday);
    expect(closed.disabled_date).toEqual(['2030-01-07']);
    expect(dayState(closed, monday)).toBe('closed');
    expect(toggleDay(closed, monday).disabled_date).toEqual([]);
  });

  it('opens one date of a weekday closed every week as an exception, and takes it back', () => {
    const sundays = { ...DEFAULT_SAMPLING, disabled_week: [0] };
    expect(dayState(sundays, sunday)).toBe('weekClosed');
    const opened = toggleDay(sundays, sunday);
    expect(opened.invalid_disabled_date).toEqual(['2030-01-06']);
    expect(dayState(opened, sunday)).toBe('exception');
    expect(toggleDay(opened, sunday).invalid_disabled_date).toEqual([]);
    expect(samplingSetting.safeParse(opened).success).toBe(true);
  });

  it('keeps the closures of a slot when the slot is renamed, so the setting stays valid', () => {
    let s = setClosedSlotsOn({ ...DEFAULT_SAMPLING, disabled_time: ['09:00-11:00'] }, '2030-01-07', ['09:00-11:00', '14:00-16:00']);
    s = renameSlot(s, 'sampling_time1', '08:30-10:30');
    expect(s.disabled_time).toEqual(['08:30-10:30']);
    expect(closedSlotsOn(s, '2030-01-07')).toEqual(['08:30-10:30', '14:00-16:00']);
    expect(samplingSetting.safeParse(s).success).toBe(true);
  });
});

describe('region tree to allowRegion', () => {
  it('stores a whole city as one entry and single districts with their city', () => {
    expect(regionsOf(new Set(['110100', '310101']))).toEqual([
      { code: '110100', city: '北京市', district: '' },
      { code: '310101', city: '上海市', district: '黄浦区' },
    ]);
  });
});
