import { describe, expect, it } from 'vitest';
import type { DeviceSummary } from '@yance/contracts/catalog';
import { chinaToday, isPickableDate, isSlotDisabled, slotsOf } from '@yance/contracts/sampling-rules';
import type { WebSettings } from '@yance/contracts/setting';
import type { StaffMe } from '@yance/contracts/staff';
import { addAddress, attestStudent, call, registerUser, signInWith, toast, useServer, type TestUser } from './support/accounts.ts';
import { searchDevices } from './support/api.ts';
import { useBrowser } from './support/browser.ts';
import { expectPath } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { button, signInToConsole, staffCall, staffToken } from './support/staff.ts';
import { DEFAULT_SERVICE_AGREEMENT } from '@yance/contracts/service-agreement';

/** The service agreement an institution ticks with its order (ADR 0070). */
const AGREEMENT_VERSION = DEFAULT_SERVICE_AGREEMENT.version;

const SPEC = 'admin-pickups';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** An attested student's 待取样 order with a pick-up request on the next pickable day after today, in its first open slot. */
async function pickupRequest(): Promise<{ user: TestUser; orderId: number; orderNo: string; date: string; slot: string }> {
  const user = await registerUser(s.server);
  const token = user.tokens.token;
  await attestStudent(s.baseUrl, token);
  await addAddress(s.baseUrl, token);
  const item = (await searchDevices(s.baseUrl, { pageSize: 30 })).list.find(
    (d: DeviceSummary) => d.price_fen > 0 && d.unit === 'sample' && d.type_id === 1,
  )!;
  const line = await call<{ id: number }>(s.baseUrl, 'planAdd', { rid: item.rid, count: 1, choices: {} }, { token });
  const order = await call<{ id: number; no: string }>(
    s.baseUrl,
    'orderAdd',
    {
      delivery: 1,
      agreementVersion: AGREEMENT_VERSION,
      lines: [{ planId: line.data.id, samples: [{ name: '钙钛矿粉末', count: 2, form: 'powder', hazards: [], returnSample: false }] }],
    },
    { token },
  );
  expect(order.code, order.msg).toBe(1);
  const setting = (await call<WebSettings>(s.baseUrl, 'setting', {})).data.samplingSetting;
  const today = chinaToday(new Date());
  let date = addDays(today, 1);
  while (!isPickableDate(date, today, setting)) date = addDays(date, 1);
  const slot = slotsOf(setting).find((x) => !isSlotDisabled(date, x, setting))!;
  const req = await call(
    s.baseUrl,
    'samplingAdd',
    {
      orderId: order.data.id,
      type: 1,
      date,
      time: slot,
      name: '张三',
      phone: '13800000000',
      province: '北京市',
      city: '北京市',
      area: '东城区',
      address: '东长安街1号 化学楼 302',
      address_code: '110101',
      message: '到楼下请来电',
    },
    { token },
  );
  expect(req.code, req.msg).toBe(1);
  return { user, orderId: order.data.id, orderNo: order.data.no, date, slot };
}

describe('取样日历 (issue 9 "Operator rooms")', () => {
  it('the lab sees the pick-up in its day and slot, assigns themselves; the customer sees the collector', async () => {
    const r = await pickupRequest();
    const lab = await staffCall<StaffMe>(s.baseUrl, 'adminMe', await staffToken(s.baseUrl, 'lab'));
    const page = b.page;
    await signInToConsole(page, (p) => b.goto(p), 'lab');
    await page.getByRole('menuitem', { name: '取样日历' }).click();
    await expectPath(page, '/admin/pickups');
    // The request's week (it may be next week when today is late in the week).
    await page.goto(`/admin/pickups?date=${r.date}`, { waitUntil: 'domcontentloaded' });
    const cell = page.getByTestId(`pickup-cell-${r.date}-${r.slot}`);
    const card = cell.getByTestId('pickup-card').filter({ hasText: r.orderNo });
    await card.waitFor();
    expect(await card.innerText()).toContain('东城区');
    expect(await card.innerText()).toContain('未分配');
    await screenshotAtWidths(page, SPEC, 'week');
    // A phone gets the day list, without sideways scrolling of the page.
    await b.setWidth(375);
    await page.getByTestId('pickup-day-list').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await b.setWidth(1280);
    await page.getByTestId('pickup-grid').waitFor();

    await page.getByTestId(`pickup-cell-${r.date}-${r.slot}`).getByTestId('pickup-card').filter({ hasText: r.orderNo }).click();
    const drawer = page.getByTestId('pickup-drawer');
    await drawer.waitFor();
    expect(await drawer.getByTestId('pickup-phone').getAttribute('href')).toBe('tel:13800000000');
    expect(await drawer.innerText()).toContain('东长安街1号 化学楼 302');
    expect(await drawer.innerText()).toContain('钙钛矿粉末 × 2');
    await screenshotAtWidths(page, SPEC, 'drawer');
    await button(drawer, '安排给我').click();
    await toast(page, `已安排取样员 ${lab.name}`).waitFor();
    await expect.poll(() => drawer.innerText()).toContain('取消安排');
    await page.keyboard.press('Escape');
    await expect.poll(() => card.innerText()).toContain(lab.name);

    // The day's route sheet lists it with its address.
    await page.goto(`/admin/pickups/sheet?date=${r.date}`, { waitUntil: 'domcontentloaded' });
    const sheet = page.getByTestId('route-sheet');
    await sheet.waitFor();
    expect(await sheet.innerText()).toContain(r.orderNo);
    expect(await sheet.innerText()).toContain('东长安街1号 化学楼 302');
    await screenshotAtWidths(page, SPEC, 'sheet');

    // The customer: the collector on the order's 取样信息 and the timeline's entry.
    const shop = await b.newDevice();
    await signInWith(shop, r.user.tokens, `/member/order?id=${r.orderId}`);
    await expect.poll(() => shop.getByTestId('sampling-collector').innerText()).toBe(`取样员：${lab.name}`);
    await expect.poll(() => shop.getByTestId('order-timeline').innerText()).toContain('安排上门取样');
    await screenshotAtWidths(shop, SPEC, 'customer-order');
  });
});
