// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { isPromoDue, markPromoSeen } from './promo-schedule.ts';

describe('promotion schedule', () => {
  beforeEach(() => localStorage.clear());

  it('is due on a first visit, not again the same day, and again the next day', () => {
    const morning = new Date(2026, 11, 1, 8, 0);
    expect(isPromoDue(morning)).toBe(true);
    markPromoSeen(morning);
    expect(isPromoDue(new Date(2026, 11, 1, 23, 59))).toBe(false);
    expect(isPromoDue(new Date(2026, 11, 2, 0, 1))).toBe(true);
  });
});
