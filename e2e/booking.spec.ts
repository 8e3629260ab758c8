import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ReservationDay } from '@yance/contracts/booking';
import { BOOKING_SCHEDULE_DEFAULTS } from '@yance/contracts/booking-rules';
import { addAddress, attestStudent, registerUser, signInWith, useServer } from './support/accounts.ts';
import { apiGet } from './support/api.ts';
import { useBrowser, waitForApp } from './support/browser.ts';
import { opened } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { adminSession, button, signInToConsole, staffCall } from './support/staff.ts';

const SPEC = 'booking';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });
const RID = 'd20003';

/** Picks a day in the dialog and waits until its slots are the ones shown (the old day's stay while it loads). */
async function pickDay(dialog: Locator, date: string) {
  const day = dialog.locator(`[data-date="${date}"]`);
  await day.click();
  await dialog.locator(`[data-date="${date}"][aria-pressed="true"]`).waitFor();
}

describe('on-site booking (issue 9)', () => {
  it('a student books a slot of a type-2 item for tomorrow, it shows taken; the lab sees it, without 签到 before the day, and cancels it', async () => {
    // The instrument opens every day, all day; the spec books tomorrow, so it runs at any hour (late at night
    // today has no slot left).
    const admin = await adminSession(s.baseUrl);
    const instruments = await staffCall<{ deviceId: number; rid: string }[]>(s.baseUrl, 'adminReservationInstruments', admin);
    const deviceId = instruments.find((i) => i.rid === RID)!.deviceId;
    await staffCall(s.baseUrl, 'adminReservationScheduleSave', admin, {
      deviceId,
      schedule: { ...BOOKING_SCHEDULE_DEFAULTS, hours: Array(7).fill([0, 24 * 60]), bookHoursBefore: 0 },
    });
    const today = await apiGet<ReservationDay>(s.baseUrl, 'reservationDay', { rid: RID });
    const date = today.dates[1]!;
    const day = await apiGet<ReservationDay>(s.baseUrl, 'reservationDay', { rid: RID, date });
    const free = day.slots.filter((x) => x.state === 'free');
    expect(free.length, 'free slots tomorrow').toBeGreaterThan(1);
    const slot = free.at(-2)!.start;

    const user = await registerUser(s.server);
    await attestStudent(s.baseUrl, user.tokens.token);
    // With a default address no attestation popup opens after sign-in (spec §4).
    await addAddress(s.baseUrl, user.tokens.token);
    const page = b.page;
    await signInWith(page, user.tokens, `/detail/${RID}`);
    await button(page, '预约上机').first().click();
    let dialog = await opened(page.getByRole('dialog').filter({ hasText: '选择开始时间' }));
    await pickDay(dialog, date);
    await dialog.getByRole('button', { name: slot, exact: true }).click();
    await expect.poll(() => dialog.getByTestId('booking-price').innerText()).toMatch(/1小时\s*¥/);
    await screenshotAtWidths(page, SPEC, 'booking-calendar');
    await button(dialog, '确认预约').click();
    // The dialog now shows the result (its calendar text is gone).
    const done = page.getByRole('dialog').filter({ hasText: '预约成功' });
    await done.waitFor();
    await button(done, '关闭').click();
    await done.waitFor({ state: 'hidden' });

    // Opened again on a fresh page, the slot is taken (and so is the half hour after it).
    await page.goto(`/detail/${RID}`, { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    await button(page, '预约上机').first().click();
    dialog = await opened(page.getByRole('dialog').filter({ hasText: '选择开始时间' }));
    await pickDay(dialog, date);
    const taken = dialog.getByRole('button', { name: `${slot} 已约`, exact: true });
    await taken.waitFor();
    expect(await taken.isDisabled()).toBe(true);
    await screenshotAtWidths(page, SPEC, 'booking-taken');
    await button(dialog, '取消').click();

    // 我的预约 lists it.
    await page.goto('/member/reservation', { waitUntil: 'domcontentloaded' });
    await page.getByTestId('reservation').first().waitFor();
    expect(await page.getByTestId('reservation').first().innerText()).toContain(`${day.date} ${slot}`);

    // The lab's room: the day's booking, 签到.
    const goto = async (path: string) => {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
    };
    await signInToConsole(page, goto, 'lab');
    await goto(`/admin/reservations?date=${day.date}`);
    const row = page.locator('tr', { hasText: user.phone });
    await row.waitFor();
    await screenshotAtWidths(page, SPEC, 'console-room');
    // 签到 waits for the booking's day (the server would refuse it); the lab may cancel, which frees the slot.
    await button(row, '取消预约').waitFor();
    expect(await button(row, '签到').count()).toBe(0);
    await button(row, '取消预约').click();
    await button(page.locator('.ant-popconfirm'), '确定').click();
    await row.getByText('已取消').first().waitFor();
    const after = await apiGet<ReservationDay>(s.baseUrl, 'reservationDay', { rid: RID, date });
    expect(after.slots.find((x) => x.start === slot)?.state).toBe('free');
  });
});
