import { describe, expect, it } from 'vitest';
import { someArticle, someDeviceRid, someProjectType } from './support/api.ts';
import { MOBILE, useBrowser } from './support/browser.ts';
import { afterLayout, dismissPromoPopup, expectMeaningful, expectPath } from './support/page-checks.ts';
import { screenshot } from './support/screenshot.ts';

const b = useBrowser(MOBILE, 'mobile');

/** How far the page can be scrolled sideways (0 = fits the phone). */
const overflow = () =>
  b.page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    widest: [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && getComputedStyle(el).position !== 'fixed')
      .slice(0, 3)
      .map(
        (el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} right=${Math.round(el.getBoundingClientRect().right)}`,
      ),
  }));

describe('at 375 px', () => {
  const pages: [string, () => Promise<string>][] = [
    ['home', async () => '/'],
    [
      'project-list',
      async () => {
        const t = await someProjectType(b.baseUrl);
        return `/project/${t.id}/${t.name}`;
      },
    ],
    ['detail', async () => `/detail/${(await someDeviceRid(b.baseUrl)).rid}`],
    ['list', async () => '/list/news'],
    ['article', async () => `/article/${(await someArticle(b.baseUrl, 'news')).rid}`],
  ];

  for (const [name, path] of pages) {
    it(`${name} has no horizontal scroll`, async () => {
      await b.goto(await path());
      await expectMeaningful(b.page);
      // Let fonts and layout settle before measuring.
      await afterLayout(b.page);
      const o = await overflow();
      await screenshot(b.page, 'mobile', name);
      expect(o.scrollWidth, `wider than the phone: ${o.widest.join(', ')}`).toBeLessThanOrEqual(MOBILE.width);
    });
  }

  it('the header has a search box that searches', async () => {
    await b.goto('/list/news');
    const box = b.page.locator('header').getByRole('combobox', { name: '搜索检测项目' });
    expect(await box.isVisible()).toBe(true);
    const r = await box.boundingBox();
    expect(r!.width, 'a usable width').toBeGreaterThan(240);
    await box.fill('XRD');
    await box.press('Enter');
    await expectPath(b.page, '/search', '?kw=XRD');
  });

  it('the detail page keeps a buy bar at the bottom of the screen while scrolling', async () => {
    await b.goto(`/detail/${(await someDeviceRid(b.baseUrl)).rid}`);
    const bar = b.page.getByRole('group', { name: '下单' });
    await bar.waitFor({ state: 'visible' });
    const atBottom = async () => {
      const r = await bar.boundingBox();
      return r !== null && Math.abs(r.y + r.height - MOBILE.height) <= 1;
    };
    expect(await atBottom(), 'at the bottom before scrolling').toBe(true);
    await b.page.mouse.wheel(0, 900);
    await expect.poll(atBottom, { message: 'still at the bottom after scrolling' }).toBe(true);
    await screenshot(b.page, 'mobile', 'detail-buy-bar', { fullPage: false });
    await bar.getByRole('button', { name: '立即下单' }).click();
    await b.page.getByRole('dialog').filter({ hasText: '登录研测' }).waitFor({ state: 'visible' });
  });

  it('the catalogue shows two columns, with its filters folded behind 筛选', async () => {
    const t = await someProjectType(b.baseUrl);
    await b.goto(`/project/${t.id}/${t.name}`);
    const cards = b.page.locator('main a[href^="/detail/"]');
    await cards.nth(1).waitFor();
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(Math.abs(first!.y - second!.y), 'side by side').toBeLessThan(2);
    const fold = b.page.getByRole('button', { name: /筛选/ });
    const category = b.page.getByRole('group', { name: '分类' });
    expect(await fold.getAttribute('aria-expanded')).toBe('false');
    expect(await category.isVisible()).toBe(false);
    await fold.click();
    await category.waitFor({ state: 'visible' });
    const child = t.typeChildArr[0]!;
    await category.getByRole('button', { name: new RegExp(child.name) }).click();
    await expectPath(b.page, `/project/${t.id}/${t.name}`, `?childId=${child.id}`);
    await expect.poll(() => fold.innerText()).toContain(child.name);
  });

  it('the footer starts below its top edge and keeps the addresses and the QR codes (issue 21)', async () => {
    await b.goto('/list/news');
    const footer = b.page.locator('footer');
    const logo = footer.getByRole('img').first();
    const [f, l] = [await footer.boundingBox(), await logo.boundingBox()];
    expect(l!.y - f!.y, 'top padding').toBeGreaterThanOrEqual(20);
    for (const text of ['公司地址', '收样地址', '微信公众号'])
      expect(await footer.getByText(text).filter({ visible: true }).count(), text).toBeGreaterThan(0);
  });

  it('the menu button opens the navigation drawer, and a link in it navigates', async () => {
    await b.goto('/');
    await dismissPromoPopup(b.page);
    const desktopNav = b.page.getByRole('navigation', { name: '主导航' });
    expect(await desktopNav.isVisible()).toBe(false);
    await b.page.getByRole('button', { name: '打开菜单' }).click();
    const drawer = b.page.getByRole('dialog').filter({ has: b.page.getByRole('navigation', { name: '移动端导航' }) });
    await drawer.waitFor({ state: 'visible' });
    await screenshot(b.page, 'mobile', 'drawer', { fullPage: false });
    await drawer.getByRole('link', { name: '新闻动态' }).click();
    await expectPath(b.page, '/list/news');
    await drawer.waitFor({ state: 'hidden' });
  });
});
