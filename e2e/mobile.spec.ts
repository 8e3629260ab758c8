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
