import { describe, expect, it } from 'vitest';
import { addWorkingDays, DEFAULT_LAB_CALENDAR, estimateWorkingDays, isWorkingDay, type LabCalendar } from './turnaround.ts';

const cal: LabCalendar = { ...DEFAULT_LAB_CALENDAR, holidays: ['2026-12-31', '2027-01-01'], makeupDays: ['2027-01-02'] };

describe('the lab calendar', () => {
  it('works Monday to Friday, not on holidays, and on make-up Saturdays', () => {
    expect(isWorkingDay('2026-11-25', cal)).toBe(true); // Wednesday
    expect(isWorkingDay('2026-11-28', cal)).toBe(false); // Saturday
    expect(isWorkingDay('2026-12-31', cal)).toBe(false); // a Thursday holiday
    expect(isWorkingDay('2027-01-02', cal)).toBe(true); // a Saturday make-up day
  });

  it('counts working days after the start, skipping weekends and holidays', () => {
    expect(addWorkingDays('2026-11-25', 1, cal)).toBe('2026-11-26');
    expect(addWorkingDays('2026-11-27', 1, cal)).toBe('2026-11-30'); // Friday → Monday
    expect(addWorkingDays('2026-12-30', 2, cal)).toBe('2027-01-04'); // 31st and 1st off, Saturday 2nd on
    expect(addWorkingDays('2026-12-30', 1, cal)).toBe('2027-01-02');
  });

  it('answers undefined for a calendar without any working day', () => {
    expect(addWorkingDays('2026-11-25', 3, { workdays: [], holidays: [], makeupDays: [] })).toBeUndefined();
  });
});

describe('the estimate from the queue', () => {
  it('is the item turnaround when the queue is empty and the samples fit in a day', () => {
    expect(estimateWorkingDays({ queued: 0, capacity: 20, turnaroundDays: 3, count: 5 })).toBe(3);
  });

  it('adds the whole days the queue ahead takes at the item capacity', () => {
    expect(estimateWorkingDays({ queued: 19, capacity: 20, turnaroundDays: 3, count: 1 })).toBe(3);
    expect(estimateWorkingDays({ queued: 20, capacity: 20, turnaroundDays: 3, count: 1 })).toBe(4);
    expect(estimateWorkingDays({ queued: 45, capacity: 10, turnaroundDays: 2, count: 6 })).toBe(7);
  });

  it('ignores the queue of an item without a daily limit, and never promises less than a day', () => {
    expect(estimateWorkingDays({ queued: 300, capacity: null, turnaroundDays: 4, count: 2 })).toBe(4);
    expect(estimateWorkingDays({ queued: 300, capacity: 0, turnaroundDays: 0, count: 2 })).toBe(1);
  });
});
