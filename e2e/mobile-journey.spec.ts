// The storefront on a phone (issue 21): the region picker, the buy bar's price, the coupon tabs, the plan badge
// in the header, the footer's addresses and QR codes, the member menu's select and its entries, and 立即下单
// left without ordering. Each checked at 375 px, with screenshots at 1280 and 375.
import { describe, expect, it } from 'vitest';
import { addAddress, attestStudent, call, registerUser, signInWith, useServer } from './support/accounts.ts';
import { searchDevices } from './support/api.ts';
import { MOBILE, useBrowser } from './support/browser.ts';
import { afterLayout, expectSettled, fitsWidth, opened } from './support/page-checks.ts';
import { screenshot, screenshotAtWidths } from './support/screenshot.ts';

const SPEC = 'mobile-journey';
const s = useServer();
const b = useBrowser(MOBILE, SPEC, { baseUrl: () => s.baseUrl });

async function customer() {
  const u = await registerUser(s.server);
  await attestStudent(s.baseUrl, u.tokens.token);
  await addAddress(s.baseUrl, u.tokens.token);
  return u;
}

/** The most expensive per-sample item: the longest price the buy bar has to show. */
async function dearItem() {
  return (await searchDevices(s.baseUrl, { pageSize: 50 })).list
    .filter((d) => d.price_fen > 0 && d.unit === 'sample' && d.type_id === 1)
    .sort((x, y) => y.price_fen - x.price_fen)[0]!;
}

describe('the storefront at 375 px (issue 21)', () => {
  it('the header carries the plan with its badge; the footer keeps both addresses and the QR codes', async () => {
    const u = await customer();
    const item = await dearItem();
    await call(s.baseUrl, 'planAdd', { rid: item.rid, count: 1, choices: {} }, { token: u.tokens.token });
    await signInWith(b.page, u.tokens, '/list/news');
    const plan = b.page.locator('header').getByTestId('mobile-plan');
    await plan.getByTestId('mobile-cart-badge').filter({ hasText: '1' }).waitFor();
    expect(await plan.isVisible()).toBe(true);
    // On the logo's row, with the other round buttons.
    const [logo, button] = [await b.page.locator('header a[aria-label="研测首页"]').boundingBox(), await plan.boundingBox()];
    expect(button!.y, 'beside the logo').toBeLessThan(logo!.y + logo!.height);
    const footer = b.page.locator('footer');
    for (const text of ['公司地址', '收样地址', '微信公众号', '客服微信'])
      expect(await footer.getByText(text).filter({ visible: true }).count(), text).toBeGreaterThan(0);
    expect(await fitsWidth(b.page)).toBe(true);
    await screenshot(b.page, SPEC, 'header', { fullPage: false });
    await footer.scrollIntoViewIfNeeded();
    await screenshotAtWidths(b.page, SPEC, 'footer');
  });

  it('the buy bar shows the whole estimate', async () => {
    const item = await dearItem();
    await b.goto(`/detail/${item.rid}`);
    const price = b.page.getByTestId('buy-bar-price');
    await price.waitFor({ state: 'visible' });
    const cut = await price.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > window.innerWidth);
    expect(cut, 'the price is cut').toBe(false);
    expect(await price.innerText()).toMatch(/^¥[\d,]+\.\d\d$/);
    await screenshot(b.page, SPEC, 'buy-bar', { fullPage: false });
  });

  it('立即下单 left without ordering takes its line out of the plan again', async () => {
    const u = await customer();
    const item = await dearItem();
    await signInWith(b.page, u.tokens, `/detail/${item.rid}`);
    await b.page.getByRole('group', { name: '下单' }).getByRole('button', { name: '立即下单' }).click();
    await b.page.waitForURL('**/experiment/order?plan=*');
    await b.page.getByRole('heading', { name: '填写订单' }).waitFor();
    expect((await call<{ cartNum: number }>(s.baseUrl, 'planList', {}, { token: u.tokens.token })).data.cartNum).toBe(1);
    // The customer leaves for the home page without ordering.
    await b.page.locator('header a[aria-label="研测首页"]').click();
    await b.page.waitForURL((url) => url.pathname === '/');
    await expect
      .poll(async () => (await call<{ cartNum: number }>(s.baseUrl, 'planList', {}, { token: u.tokens.token })).data.cartNum)
      .toBe(0);
    await expect.poll(() => b.page.locator('header').getByTestId('mobile-cart-badge').count()).toBe(0);
  });

  it('the coupon tabs fit the phone', async () => {
    const u = await customer();
    await signInWith(b.page, u.tokens, '/member/coupon');
    const tabs = b.page.getByRole('tab');
    await tabs.nth(2).waitFor();
    for (const tab of await tabs.all()) {
      const r = (await tab.boundingBox())!;
      expect(r.x, await tab.innerText()).toBeGreaterThanOrEqual(0);
      expect(r.x + r.width, await tab.innerText()).toBeLessThanOrEqual(MOBILE.width);
    }
    // No 更多 (…) menu hides a tab.
    for (const more of await b.page.locator('.ant-tabs-nav-operations').all()) expect(await more.isVisible(), 'no 更多 menu').toBe(false);
    await screenshotAtWidths(b.page, SPEC, 'coupons');
  });

  it('the member select names the page shown; the menu has 我的预约, 实验需求, 合同管理 and 我的消息', async () => {
    const u = await customer();
    await signInWith(b.page, u.tokens, '/member/message');
    const select = b.page.getByRole('combobox', { name: '会员中心菜单' });
    await select.waitFor();
    const shown = b.page.locator('.ant-select').filter({ has: select });
    await expect.poll(() => shown.innerText()).toBe('我的消息');
    await screenshotAtWidths(b.page, SPEC, 'member-message');
    await select.click();
    for (const label of ['我的预约', '实验需求', '合同管理', '我的消息'])
      await b.page.locator('.ant-select-item-option').filter({ hasText: label }).first().waitFor({ state: 'attached' });
    await b.setWidth(1280);
    const menu = b.page.getByRole('complementary', { name: '会员中心菜单' });
    for (const label of ['我的预约', '实验需求', '合同管理', '我的消息']) await menu.getByRole('link', { name: label }).waitFor();
    await menu.getByRole('link', { name: '合同管理' }).click();
    await b.page.waitForURL('**/experiment/contract');
  });

  it('the region picker shows its first column whole', async () => {
    const u = await customer();
    await signInWith(b.page, u.tokens, '/member/address');
    await b.page
      .getByRole('button', { name: /新增地址/ })
      .first()
      .click();
    const dialog = await opened(b.page.getByRole('dialog').filter({ hasText: '新增地址' }));
    await dialog.getByRole('combobox', { name: '所在地区' }).click();
    const first = b.page.locator('.region-popup .ant-cascader-menu').first();
    await first.getByText('吉林省').waitFor();
    // The popup slides in: a press before it has stopped can miss the province (CI, a loaded 2-core machine).
    await expectSettled(b.page.locator('.region-popup'));
    const columns = b.page.locator('.region-popup .ant-cascader-menu');
    const changchun = columns.nth(1).getByText('长春市');
    for (let attempt = 0; !(await changchun.isVisible()); attempt++) {
      if (attempt === 3) throw new Error('吉林省 did not open its cities');
      await first.getByText('吉林省').click();
      await changchun.waitFor({ timeout: 5_000 }).catch(() => undefined);
    }
    // The province, its cities and a city's districts: three columns.
    await changchun.click();
    await columns.nth(2).waitFor();
    await afterLayout(b.page);
    for (const c of await columns.all()) {
      const r = (await c.boundingBox())!;
      expect(r.x, 'a column starts on the screen').toBeGreaterThanOrEqual(0);
      expect(r.x + r.width, 'a column ends on the screen').toBeLessThanOrEqual(MOBILE.width);
    }
    const jilin = (await first.getByText('吉林省').boundingBox())!;
    expect(jilin.x).toBeGreaterThanOrEqual(0);
    await screenshot(b.page, SPEC, 'region-picker', { fullPage: false });
    expect(b.pageErrors).toEqual([]);
  });
});
