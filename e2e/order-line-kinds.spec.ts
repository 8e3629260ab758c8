// What a line needs depends on its kind (issue 21 "every promise kept", ADR 0070): a DFT calculation asks for no
// sample and no shipping and starts at once; a pick-up order shows the free pick-up promise, not a courier's 到付;
// an on-site booking item shows its booked slot, never 约3个工作日, and is booked, not put in the plan.
import { describe, expect, it } from 'vitest';
import type { ReservationDay } from '@yance/contracts/booking';
import { BOOKING_TIME_TEXT } from '@yance/contracts/line-kinds';
import { addAddress, attestStudent, call, registerUser, signInWith, toast, useServer, type TestUser } from './support/accounts.ts';
import { apiGet, searchDevices } from './support/api.ts';
import { useBrowser, waitForApp } from './support/browser.ts';
import { expectPath, opened } from './support/page-checks.ts';
import { acceptAgreement } from './support/order.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { button } from './support/staff.ts';

const SPEC = 'order-line-kinds';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

/** The seeded DFT calculation (数据分析) and SEM time (现场预约). */
const DFT = 'd30001';
const SEM = 'd20001';

async function readyStudent(): Promise<TestUser> {
  const user = await registerUser(s.server);
  await attestStudent(s.baseUrl, user.tokens.token);
  await addAddress(s.baseUrl, user.tokens.token);
  return user;
}

describe('what a line needs by its kind (ADR 0070)', () => {
  it('a DFT calculation: no sample form, no 送样方式, no freight; ordered, it starts at once with no 寄样 and no pick-up', async () => {
    const user = await readyStudent();
    const { page } = b;
    await signInWith(page, user.tokens, `/detail/${DFT}`);
    await page.getByRole('button', { name: '立即下单' }).filter({ visible: true }).first().click();
    await expectPath(page, '/experiment/order');
    const line = page.getByTestId('order-line');
    await line.getByTestId('no-sample-note').waitFor();
    expect(await line.getByTestId('sample').count()).toBe(0);
    expect(await line.getByRole('button', { name: /添加样品/ }).count()).toBe(0);
    expect(await page.getByRole('radiogroup', { name: '送样方式' }).count()).toBe(0);
    expect(await page.getByTestId('freight').count()).toBe(0);
    // Nothing about a parcel: no hazards, no return, no courier (the agreement's own text aside).
    expect(await line.innerText()).not.toMatch(/样品名称|样品形态|危险特性|退还/);
    expect(await page.getByText(/到付|运费/).count()).toBe(0);
    await page.getByTestId('agreement-text').waitFor();
    // The agreement is required: without it the order is refused in Chinese and nothing is sent.
    await page.getByRole('button', { name: /提交订单$/ }).click();
    await toast(page, '请阅读并勾选同意《检测服务协议》后再提交订单').first().waitFor();
    await acceptAgreement(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotAtWidths(page, SPEC, 'confirm-analysis');
    await page.getByRole('button', { name: /提交订单$/ }).click();
    await toast(page, '提交成功!').first().waitFor();
    await page.waitForURL(/\/member\/order\?id=\d+/);
    await expect.poll(() => page.getByTestId('order-state').innerText()).toBe('实验中');
    await page.getByText('送样方式：无需送样').waitFor();
    await page.getByTestId('order-agreement').filter({ hasText: '已同意《检测服务协议》第1版' }).waitFor();
    expect(await page.getByText('取样信息').count()).toBe(0);
    expect(await page.getByRole('button', { name: /填写快递单号|预约上门取样/ }).count()).toBe(0);
    expect(await page.getByTestId('order-sample').count()).toBe(0);
    await screenshotAtWidths(page, SPEC, 'order-analysis');
  });

  it('a pick-up order shows the free pick-up promise where a self-sent one shows the courier’s freight', async () => {
    const user = await readyStudent();
    const item = (await searchDevices(s.baseUrl, { pageSize: 30 })).list.find((d) => d.type_id === 1 && d.price_fen > 0)!;
    const line = await call<{ id: number }>(s.baseUrl, 'planAdd', { rid: item.rid, count: 1, choices: {} }, { token: user.tokens.token });
    const { page } = b;
    await signInWith(page, user.tokens, `/experiment/order?plan=${line.data.id}`);
    const freight = page.getByTestId('freight');
    await expect.poll(() => freight.innerText()).toContain('到付');
    await page.getByRole('radiogroup', { name: '送样方式' }).getByText('上门取样').click();
    await expect.poll(() => freight.innerText()).toContain('免费');
    expect(await freight.innerText()).toContain('北京、上海开通区域免费上门取样');
    expect(await page.locator('body').innerText()).not.toMatch(/到付|快递运费由快递公司收取/);
    await page.getByTestId('order-line').getByPlaceholder('如：TiO2 粉末').fill('NCM811 正极粉');
    await page.getByTestId('order-line').getByRole('radio', { name: '粉末' }).check();
    await acceptAgreement(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotAtWidths(page, SPEC, 'confirm-sample-pickup');
  });

  it('an on-site booking item: 按预约时段上机 instead of 约3个工作日, only 预约上机, and the booked slot once booked', async () => {
    const user = await readyStudent();
    const { page } = b;
    // The catalogue's card of 现场预约 items.
    await signInWith(page, user.tokens, '/project/2/现场预约');
    const card = page.getByRole('link', { name: '扫描电镜上机' });
    await expect.poll(() => card.innerText()).toContain(BOOKING_TIME_TEXT);
    expect(await page.locator('main').innerText()).not.toMatch(/约\d+个工作日/);
    await screenshotAtWidths(page, SPEC, 'booking-cards');
    await page.goto(`/detail/${SEM}`, { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    await page.getByTestId('booking-time').waitFor();
    expect(await page.getByRole('button', { name: /加入实验方案|加入方案/ }).count()).toBe(0);
    expect(await page.getByTestId('estimate').count()).toBe(0);
    // Booked through the calendar (booking.spec covers its rules) on the first open day with a free slot after today:
    // the page shows the slot, never a turnaround.
    const today = await apiGet<ReservationDay>(s.baseUrl, 'reservationDay', { rid: SEM });
    let day: ReservationDay | undefined;
    for (const date of today.dates.slice(1)) {
      day = await apiGet<ReservationDay>(s.baseUrl, 'reservationDay', { rid: SEM, date });
      if (day.slots.some((x) => x.state === 'free')) break;
    }
    const slot = day!.slots.find((x) => x.state === 'free')!.start;
    await button(page, '预约上机').first().click();
    const dialog = await opened(page.getByRole('dialog').filter({ hasText: '选择开始时间' }));
    await dialog.locator(`[data-date="${day!.date}"]`).click();
    await dialog.locator(`[data-date="${day!.date}"][aria-pressed="true"]`).waitFor();
    await dialog.getByRole('button', { name: slot, exact: true }).click();
    await expect.poll(() => dialog.getByTestId('booking-price').innerText()).toMatch(/¥/);
    await screenshotAtWidths(page, SPEC, 'confirm-booking');
    await button(dialog, '确认预约').click();
    const done = page.getByRole('dialog').filter({ hasText: '预约成功' });
    await done.waitFor();
    await button(done, '关闭').click();
    await done.waitFor({ state: 'hidden' });
    await page.getByTestId('booked-slots').waitFor();
    expect(await page.getByTestId('booked-slots').innerText()).toMatch(/已预约\s*\d+月\d+日 \d{2}:\d{2}–\d{2}:\d{2}/);
    expect(await page.locator('main').innerText()).not.toMatch(/约\d+个工作日|出结果/);
    await screenshotAtWidths(page, SPEC, 'booking-detail');
  });
});
