import { describe, expect, it } from 'vitest';
import { apiGet } from './support/api.ts';
import { MOBILE, useBrowser } from './support/browser.ts';
import { dismissPromoPopup, expectPath } from './support/page-checks.ts';
import { screenshot } from './support/screenshot.ts';

/** Suggestions under the search boxes as a customer types, and popular searches (ADR 0027). */
const b = useBrowser(undefined, 'search-suggest');

const headerBox = () => b.page.getByRole('banner').getByRole('combobox', { name: '搜索检测项目' });
const listbox = () => b.page.getByRole('listbox');

describe('search suggestions', () => {
  it('header: typing "BET比表" suggests the BET item; arrows and Enter open it', async () => {
    await b.goto('/');
    await dismissPromoPopup(b.page);
    const box = headerBox();
    await box.click();
    // an empty box shows the popular searches
    await listbox().getByRole('option').first().waitFor();
    const hot = await apiGet<string[]>(b.baseUrl, 'hotKeywords');
    expect(await listbox().getByRole('option').allInnerTexts()).toEqual(hot.map((kw, i) => `${i + 1}\n${kw}`));
    await screenshot(b.page, 'search-suggest', 'header-popular', { fullPage: false });

    await box.pressSequentially('BET比表', { delay: 40 });
    const option = listbox().getByRole('option', { name: /比表面积及孔径分析/ });
    await option.waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await screenshot(b.page, 'search-suggest', 'header', { fullPage: false });

    await box.press('ArrowDown');
    const optionId = await option.getAttribute('id');
    await expect.poll(() => box.getAttribute('aria-activedescendant')).toBe(optionId);
    await box.press('Enter');
    await expectPath(
      b.page,
      `/detail/${await apiGet<{ rid: string }[]>(b.baseUrl, 'deviceSuggest', { keyword: 'BET比表' }).then((s) => s[0]!.rid)}`,
    );
  });

  it('header: Escape closes the list and Enter searches what was typed', async () => {
    await b.goto('/');
    await dismissPromoPopup(b.page);
    const box = headerBox();
    await box.click();
    await box.fill('xps分析');
    await listbox().getByRole('option').first().waitFor();
    await box.press('Escape');
    await listbox().waitFor({ state: 'detached' });
    await box.press('Enter');
    await expectPath(b.page, '/search', '?kw=xps分析');
    await b.page.getByRole('main').getByText('X射线光电子能谱').first().waitFor();
  });

  it('search page: the big box suggests too, and popular searches sit under it', async () => {
    await b.goto('/search');
    const hot = await apiGet<string[]>(b.baseUrl, 'hotKeywords');
    await b.page.getByRole('link', { name: hot[0]!, exact: true }).first().waitFor();
    const box = b.page.getByRole('main').getByRole('combobox', { name: '搜索检测项目' });
    await box.click();
    await box.pressSequentially('球差', { delay: 40 });
    await listbox()
      .getByRole('option', { name: /球差校正透射电镜/ })
      .waitFor();
    await screenshot(b.page, 'search-suggest', 'search-page', { fullPage: false });
    await listbox()
      .getByRole('option', { name: /球差校正透射电镜/ })
      .click();
    await expectPath(b.page, `/detail/${(await apiGet<{ rid: string }[]>(b.baseUrl, 'deviceSuggest', { keyword: '球差' }))[0]!.rid}`);
  });

  it('at 375 px: the search page box and the phone header box suggest within the screen', async () => {
    await b.setWidth(MOBILE.width);
    await b.goto('/search');
    const box = b.page.getByRole('main').getByRole('combobox', { name: '搜索检测项目' });
    await box.click();
    await box.pressSequentially('电镜', { delay: 40 });
    await listbox().getByRole('option').first().waitFor();
    const within = async () => {
      const r = await listbox().boundingBox();
      expect(r).not.toBeNull();
      expect(r!.x).toBeGreaterThanOrEqual(0);
      expect(r!.x + r!.width).toBeLessThanOrEqual(MOBILE.width);
    };
    await within();
    await screenshot(b.page, 'search-suggest', 'search-page', { fullPage: false });

    await box.press('Escape');
    await listbox().waitFor({ state: 'detached' });
    const phoneBox = headerBox();
    await phoneBox.click();
    await phoneBox.pressSequentially('xrd', { delay: 40 });
    // the list for "xrd" (X射线衍射 with its alias), not the one still shown for "x"
    await listbox()
      .getByRole('option', { name: /^X射线衍射\s*XRD$/ })
      .waitFor();
    await within();
    // the list sits under the box it belongs to
    const [boxRect, listRect] = [await phoneBox.boundingBox(), await listbox().boundingBox()];
    expect(listRect!.y).toBeGreaterThan(boxRect!.y + boxRect!.height - 1);
    expect(listRect!.y).toBeLessThan(boxRect!.y + boxRect!.height + 40);
    await screenshot(b.page, 'search-suggest', 'phone-header', { fullPage: false });
  });
});
