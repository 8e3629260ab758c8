import { describe, expect, it } from 'vitest';
import type { DeviceSummary } from '@yance/contracts/catalog';
import { chinaToday, isPickableDate, slotsOf, isSlotDisabled } from '@yance/contracts/sampling-rules';
import type { WebSettings } from '@yance/contracts/setting';
import {
  addAddress,
  attestStudent,
  call,
  dialogTitled,
  registerUser,
  signInWith,
  toast,
  useServer,
  type TestUser,
} from './support/accounts.ts';
import { searchDevices } from './support/api.ts';
import { useBrowser } from './support/browser.ts';
import { screenshot, screenshotAtWidths } from './support/screenshot.ts';
import { opened } from './support/page-checks.ts';
import { chooseBookAddress } from './support/order.ts';
import { DEFAULT_SERVICE_AGREEMENT } from '@yance/contracts/service-agreement';

/** The service agreement an institution ticks with its order (ADR 0070). */
const AGREEMENT_VERSION = DEFAULT_SERVICE_AGREEMENT.version;

const s = useServer();
const b = useBrowser(undefined, 'order-sampling', { baseUrl: () => s.baseUrl });

/** An attested student with an address in 东城区 (in the seeded allowRegion) and one pick-up order (待取样). */
async function pickupOrder(delivery: 0 | 1 = 1, existing?: TestUser): Promise<{ user: TestUser; orderId: number }> {
  const user = existing ?? (await registerUser(s.server));
  const token = user.tokens.token;
  await attestStudent(s.baseUrl, token);
  if (!existing) await addAddress(s.baseUrl, token);
  const page = await searchDevices(s.baseUrl, { pageSize: 30 });
  const item = page.list.find((d: DeviceSummary) => d.price_fen > 0 && d.unit === 'sample' && d.type_id === 1)!;
  const line = await call<{ id: number }>(s.baseUrl, 'planAdd', { rid: item.rid, count: 1, choices: {} }, { token });
  expect(line.code, line.msg).toBe(1);
  const order = await call<{ id: number; state: string }>(
    s.baseUrl,
    'orderAdd',
    {
      delivery,
      agreementVersion: AGREEMENT_VERSION,
      lines: [{ planId: line.data.id, samples: [{ name: '粉末A', count: 1, form: 'powder', hazards: [], returnSample: false }] }],
    },
    { token },
  );
  expect(order.data, order.msg).toMatchObject({ state: delivery === 1 ? 'awaitingPickup' : 'awaitingSample' });
  return { user, orderId: order.data.id };
}

describe('sampling (issue 9)', () => {
  it('a pick-up order books 预约上门取样 from the address book, sees the request and cancels it', async () => {
    const { user, orderId } = await pickupOrder();
    const settings = (await call<WebSettings>(s.baseUrl, 'setting', {})).data;
    const today = chinaToday(new Date());
    let date = today;
    for (let i = 1; !isPickableDate(date, today, settings.samplingSetting) || date === today; i++)
      date = new Date(Date.parse(`${today}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
    const slot = slotsOf(settings.samplingSetting).find((x) => !isSlotDisabled(date, x, settings.samplingSetting))!;

    const page = b.page;
    await signInWith(page, user.tokens, `/member/order?id=${orderId}`);
    await page.getByRole('button', { name: '预约上门取样' }).click();
    const dialog = await opened(dialogTitled(page, '预约上门取样'));
    await dialog.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => dialog.locator('[data-testid=sampling-problem]').innerText()).toBe('[姓名]不能为空');

    await chooseBookAddress(page, dialog, '东城区');
    await dialog.getByLabel('取样日期').fill(date);
    await dialog.getByLabel('取样日期').press('Enter');
    await dialog.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => dialog.locator('[data-testid=sampling-problem]').innerText()).toBe('[取样时间]不能为空');
    await dialog.getByText(slot, { exact: true }).click();
    await dialog.getByLabel('留言').fill('请提前电话联系');
    await screenshot(page, 'order-sampling', 'pickup-dialog');
    await dialog.getByRole('button', { name: '提交' }).click();
    await toast(page, '提交成功!').first().waitFor({ state: 'visible' });

    const requests = page.locator('[data-testid=sampling-requests]');
    await expect.poll(() => requests.innerText()).toContain(`${date} ${slot}`);
    await expect.poll(() => page.locator('[data-testid=order-timeline]').innerText()).toContain('提交取样信息');
    await screenshot(page, 'order-sampling', 'requested');
    await requests.getByRole('button', { name: '取消' }).click();
    const confirm = await opened(page.locator('.ant-popconfirm').filter({ hasText: '确定取消该取样信息？' }));
    await confirm.getByRole('button', { name: '确定' }).click();
    await toast(page, '已取消').first().waitFor({ state: 'visible' });
    await expect.poll(() => requests.innerText()).toContain('已取消');
    await page.getByRole('button', { name: '预约上门取样' }).waitFor({ state: 'visible' });
  });

  it('at 09:12 the dialog offers none of the day’s slots that have begun (issue 21)', async () => {
    const { user, orderId } = await pickupOrder();
    const setting = (await call<WebSettings>(s.baseUrl, 'setting', {})).data.samplingSetting;
    const today = chinaToday(new Date());
    let date = today;
    for (let i = 1; !isPickableDate(date, today, setting) || date === today; i++)
      date = new Date(Date.parse(`${today}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
    const page = b.page;
    // The browser lives on that day at 09:12 in China.
    await page.clock.setFixedTime(new Date(`${date}T01:12:00Z`));
    await signInWith(page, user.tokens, `/member/order?id=${orderId}`);
    await page.getByRole('button', { name: '预约上门取样' }).click();
    const dialog = await opened(dialogTitled(page, '预约上门取样'));
    await dialog.getByLabel('取样日期').fill(date);
    await dialog.getByLabel('取样日期').press('Enter');
    const slots = dialog.getByLabel('取样时间');
    const later = slotsOf(setting).filter((x) => x.slice(0, 5) > '09:12');
    await expect.poll(() => slots.locator('label').allInnerTexts()).toEqual(later);
    await screenshotAtWidths(page, 'order-sampling', 'started-slots-hidden');
  });

  it('a self-send order gives its courier and number with the lab address in view; a failure shows name, code and message', async () => {
    const { user, orderId } = await pickupOrder(0);
    const page = b.page;
    await signInWith(page, user.tokens, `/member/order?id=${orderId}`);
    await page.getByRole('button', { name: '填写快递单号' }).click();
    const dialog = await opened(dialogTitled(page, '填写快递单号'));
    await dialog.locator('[data-testid=lab-address]').waitFor({ state: 'visible' });
    await dialog.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => dialog.locator('[data-testid=sampling-problem]').innerText()).toBe('[快递公司]不能为空');
    await dialog.getByLabel('快递公司').fill('顺丰速运');
    await dialog.getByLabel('快递单号').fill('SF1234567890');
    await dialog.getByRole('button', { name: '提交' }).click();
    await toast(page, '提交成功!').first().waitFor({ state: 'visible' });
    await expect.poll(() => page.locator('[data-testid=sampling-requests]').innerText()).toContain('顺丰速运 SF1234567890');

    // The order is cancelled elsewhere while the dialog is open: the server's 409 is shown as it is.
    const second = await pickupOrder(0, user);
    await page.goto(`/member/order?id=${second.orderId}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: '填写快递单号' }).click();
    const again = await opened(dialogTitled(page, '填写快递单号'));
    await again.getByLabel('快递公司').fill('顺丰速运');
    await again.getByLabel('快递单号').fill('SF1');
    const cancelled = await call(s.baseUrl, 'orderCancel', { id: second.orderId, reason: '重复下单' }, { token: user.tokens.token });
    expect(cancelled.code, cancelled.msg).toBe(1);
    await again.getByRole('button', { name: '提交' }).click();
    await expect
      .poll(() => again.locator('[data-testid=sampling-failure]').innerText())
      .toBe('提交失败：订单当前为「已取消」，不能填写快递单号');
    await screenshot(page, 'order-sampling', 'self-send-failure');
  });
});
