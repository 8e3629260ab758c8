import { describe, expect, it } from 'vitest';
import type { LabCalendarSetting } from '@yance/contracts/setting';
import { toast, useServer } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { expectPath } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { button, signInToConsole, staffCall, staffToken } from './support/staff.ts';

const SPEC = 'admin-calendar';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

/** The 28th of this month and its weekday (0 Sunday), China time: a date the calendar shows as it opens. */
function this28th(): { day: string; weekday: number } {
  const now = new Date(Date.now() + 8 * 3600_000);
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 28));
  return { day: d.toISOString().slice(0, 10), weekday: d.getUTCDay() };
}

describe('设置 › 工作日历 (ADR 0047)', () => {
  it('an operator marks a day off (or a make-up working day) and saves; the server keeps it', async () => {
    const page = b.page;
    await signInToConsole(page, (p) => b.goto(p), 'operator');
    await page.getByRole('menuitem', { name: '工作日历' }).click();
    await expectPath(page, '/admin/settings/calendar');
    const { day, weekday } = this28th();
    const cell = page.getByTestId(`lab-day-${day}`);
    await cell.waitFor();
    const before = await cell.getAttribute('data-state');
    await cell.click();
    const expected = before === 'work' ? 'holiday' : 'makeup';
    await expect.poll(() => cell.getAttribute('data-state')).toBe(expected);
    await screenshotAtWidths(page, SPEC, 'calendar');
    await button(page, '保存').click();
    await toast(page, '已保存').first().waitFor();

    const stored = await staffCall<{ labCalendar: LabCalendarSetting | null }>(
      s.baseUrl,
      'settingAdminDetail',
      await staffToken(s.baseUrl, 'operator'),
    );
    const cal = stored.labCalendar!;
    expect(cal.workdays.includes(weekday) ? cal.holidays : cal.makeupDays).toContain(day);
  });
});
