import { describe, expect, it } from 'vitest';
import type { SitePage } from '@yance/contracts/content';
import type { WebSettings } from '@yance/contracts/setting';
import { apiGet, apiPost, listArticles, searchDevices, someArticle, someDeviceRid, someProjectType } from './support/api.ts';
import { useBrowser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { dismissPromoPopup, expectHeading, expectMeaningful, expectPath, expectVisibleText, opened } from './support/page-checks.ts';

const b = useBrowser(undefined, 'routes');
const sitePage = (key: SitePage['key']) => apiGet<SitePage>(b.baseUrl, 'sitePage', { key });

/** rids of catalogue cards (links to /detail/:rid) in the main content. */
async function cardRids(): Promise<string[]> {
  await b.page.locator('main a[href^="/detail/"]').first().waitFor();
  const hrefs = await b.page.locator('main a[href^="/detail/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.map((h) => h.replace('/detail/', '').split(/[?#]/)[0]!))];
}

describe('every route of spec §2 renders', () => {
  it('/ shows the home page with the header navigation', async () => {
    await b.goto('/');
    await expectMeaningful(b.page);
    const nav = b.page.getByRole('navigation', { name: '主导航' });
    for (const label of ['首页', '服务项目', '关于我们', '能力展示', '新闻动态', '培训课程', '联系我们']) {
      await nav.getByRole('link', { name: label }).waitFor();
    }
  });

  it('/project/:id/:name lists the items of that project type', async () => {
    const type = await someProjectType(b.baseUrl);
    await b.goto(`/project/${type.id}/${type.name}`);
    await expectHeading(b.page, type.name);
    const rids = await cardRids();
    const api = await searchDevices(b.baseUrl, { typeId: type.id, pageSize: 50 });
    expect(rids.length).toBeGreaterThan(0);
    const ofType = new Set(api.list.map((d) => d.rid));
    // Every card is an item of this type (the page may show fewer than 50).
    for (const rid of rids) expect(ofType.has(rid), `card ${rid} is not a ${type.name} item`).toBe(true);
    await screenshotAtWidths(b.page, 'routes', 'project-list');
  });

  it('/project/:id/:name?childId=… applies the category filter', async () => {
    const type = await someProjectType(b.baseUrl);
    const total = type.typeChildArr.reduce((sum, x) => sum + x.count, 0);
    const child = type.typeChildArr.find((c) => c.count > 0 && c.count < total);
    expect(child, `a category of ${type.name} with some but not all of its items`).toBeDefined();
    if (!child) return;
    await b.goto(`/project/${type.id}/${type.name}?childId=${child.id}`);
    const rids = await cardRids();
    const inChild = new Set((await searchDevices(b.baseUrl, { typeId: type.id, childId: child.id, pageSize: 50 })).list.map((d) => d.rid));
    expect(rids.length).toBeGreaterThan(0);
    for (const rid of rids) expect(inChild.has(rid), `card ${rid} is not in ${child.name}`).toBe(true);
    // The chosen category is visibly marked.
    const marked = b.page.locator(
      'main [aria-current="true"], main [aria-current="page"], main [aria-pressed="true"], main [aria-checked="true"], main [aria-selected="true"]',
    );
    await expect.poll(() => marked.filter({ hasText: child.name }).count()).toBeGreaterThan(0);
  });

  it('/about redirects to /about/profile', async () => {
    await b.goto('/about');
    await expectPath(b.page, '/about/profile');
    const { title } = await sitePage('profile');
    await expectVisibleText(b.page, title, { within: 'main' });
    await expectMeaningful(b.page);
  });

  for (const key of ['culture', 'recruit'] as const) {
    it(`/about/${key} shows its page`, async () => {
      await b.goto(`/about/${key}`);
      const { title } = await sitePage(key);
      await expectVisibleText(b.page, title, { within: 'main' });
      await expectMeaningful(b.page);
    });
  }

  it('/televised shows the capability showcase', async () => {
    await b.goto('/televised');
    await expectVisibleText(b.page, '能力展示', { within: 'main' });
    await expectMeaningful(b.page);
  });

  for (const [type, name] of [
    ['news', '新闻动态'],
    ['course', '培训课程'],
    ['service', '能力展示'],
    ['thanks', '客户致谢'],
  ] as const) {
    it(`/list/${type} lists ${name}`, async () => {
      await b.goto(`/list/${type}`);
      await expectVisibleText(b.page, name, { within: 'main' });
      const first = (await listArticles(b.baseUrl, type, { pageSize: 5 })).list[0];
      expect(first, `seeded ${type} articles`).toBeDefined();
      if (first) await expectVisibleText(b.page, first.title, { within: 'main' });
      await screenshotAtWidths(b.page, 'routes', `list-${type}`);
    });
  }

  it('/contact shows the contact details', async () => {
    await b.goto('/contact');
    await expectVisibleText(b.page, '联系我们', { within: 'main' });
    const settings = await apiPost<WebSettings>(b.baseUrl, 'setting');
    await expectVisibleText(b.page, settings.localInfo.phone, { within: 'main' });
    await screenshotAtWidths(b.page, 'routes', 'contact');
  });

  for (const key of ['guide', 'require', 'license', 'policy'] as const) {
    it(`/${key} shows its page`, async () => {
      await b.goto(`/${key}`);
      const { title } = await sitePage(key);
      await expectVisibleText(b.page, title, { within: 'main' });
      await expectMeaningful(b.page);
    });
  }

  it('/certificates: the footer’s 资质证书 opens the certificates, as text', async () => {
    await b.goto('/contact');
    await b.page.locator('footer').getByRole('link', { name: '资质证书' }).click();
    await expectPath(b.page, '/certificates');
    const { title } = await sitePage('certificates');
    await expectHeading(b.page, title);
    await expectVisibleText(b.page, '检验检测机构资质认定证书（CMA）', { within: 'main' });
    await expectVisibleText(b.page, '证书编号', { within: 'main' });
    expect(await b.page.locator('main img[alt*="CMA"]').count()).toBe(1);
    await screenshotAtWidths(b.page, 'routes', 'certificates');
  });

  it('the item count agrees between 能力展示 and About (both from live data)', async () => {
    const types = await apiGet<{ typeChildArr: { count: number }[] }[]>(b.baseUrl, 'typeGroup');
    const items = types.flatMap((t) => t.typeChildArr).reduce((n, c) => n + c.count, 0);
    await b.goto('/televised');
    await expectVisibleText(b.page, '在线服务项目', { within: 'main' });
    expect((await b.page.locator('main').innerText()).replace(/\s+/g, '')).toContain(`${items.toLocaleString('zh-CN')}项在线服务项目`);
    await b.goto('/about/profile');
    await expectVisibleText(b.page, `${items.toLocaleString('zh-CN')} 个在线服务项目`, { within: 'main' });
  });

  it('/search?kw=… finds an item by a word of its name', async () => {
    const item = await someDeviceRid(b.baseUrl);
    const word = item.name.slice(0, 4);
    await b.goto(`/search?kw=${encodeURIComponent(word)}`);
    const rids = await cardRids();
    expect(rids.length).toBeGreaterThan(0);
    // What the page lists is what the API finds for the same words.
    const api = new Set((await searchDevices(b.baseUrl, { kw: word, pageSize: 50 })).list.map((d) => d.rid));
    for (const rid of rids) expect(api.has(rid), `card ${rid} is not a result for ${word}`).toBe(true);
    await screenshotAtWidths(b.page, 'routes', 'search');
  });

  it('/article/:id shows the article', async () => {
    const article = await someArticle(b.baseUrl, 'news');
    await b.goto(`/article/${article.rid}`);
    await expectHeading(b.page, article.title);
    await expectMeaningful(b.page);
    await screenshotAtWidths(b.page, 'routes', 'article');
  });

  it('/detail/:rid shows the item', async () => {
    const item = await someDeviceRid(b.baseUrl);
    await b.goto(`/detail/${item.rid}`);
    await expectHeading(b.page, item.name);
    await expectMeaningful(b.page);
    await screenshotAtWidths(b.page, 'routes', 'detail');
  });

  it('/invited/ABC123 redirects home and keeps the invite code', async () => {
    await b.goto('/invited/ABC123');
    await expectPath(b.page, '/');
    expect(await b.page.evaluate(() => sessionStorage.getItem('inviterCode'))).toBe('ABC123');
  });

  it('/invited/ABC123 opens the register dialog on the home page (spec §2)', async () => {
    await b.goto('/invited/ABC123');
    await expectPath(b.page, '/');
    await b.page.getByRole('dialog').filter({ hasText: '注册' }).first().waitFor({ state: 'visible' });
  });

  // Spec §4: a login-required route without a token cancels the navigation and opens the login popup.
  const loginDialog = () => b.page.getByRole('dialog').filter({ has: b.page.getByRole('tab', { name: '密码登录' }) });

  for (const area of ['/member', '/experiment'] as const) {
    it(`${area} asks a visitor to log in instead of showing the area`, async () => {
      await b.goto(area);
      const dialog = loginDialog();
      await opened(dialog);
      for (const tab of ['密码登录', '短信登录', '微信扫码']) await dialog.getByRole('tab', { name: tab }).waitFor();
      expect(new URL(b.page.url()).pathname.startsWith(area), 'the guarded page is not shown').toBe(false);
      // Closing the popup on a guarded page sends the visitor home.
      await dialog.getByRole('button', { name: /close|关闭/i }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expectPath(b.page, '/');
    });
  }

  it('clicking 实验方案 as a visitor keeps the page and opens the login popup', async () => {
    await b.goto('/list/news');
    await b.page
      .getByRole('link', { name: /实验方案/ })
      .first()
      .click();
    await opened(loginDialog());
    await expectPath(b.page, '/list/news');
  });

  it('an unknown path shows a friendly 404 with a way home', async () => {
    await b.goto('/no/such/page');
    await expectVisibleText(b.page, /404|页面不存在|找不到/);
    await b.page
      .getByRole('link', { name: /首页/ })
      .or(b.page.getByRole('button', { name: /首页/ }))
      .first()
      .waitFor();
    await screenshotAtWidths(b.page, 'routes', 'not-found');
  });
});

describe('navigation', () => {
  it('scrolls back to the top on every navigation', async () => {
    await b.goto('/');
    await dismissPromoPopup(b.page);
    await b.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => b.page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    // A link near the bottom of the page (the footer), clicked where it is.
    const footerLink = b.page.locator('footer a[href^="/"]:not([href="/"])').first();
    await footerLink.click();
    await b.page.waitForLoadState('networkidle').catch(() => undefined);
    await expect.poll(() => b.page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('the header marks the active entry', async () => {
    await b.goto('/list/news');
    const nav = b.page.getByRole('navigation', { name: '主导航' });
    await expect.poll(() => nav.getByRole('link', { name: '新闻动态' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: '首页' }).getAttribute('aria-current')).toBeNull();
    await nav.getByRole('link', { name: '联系我们' }).click();
    await expectPath(b.page, '/contact');
    await expect.poll(() => nav.getByRole('link', { name: '联系我们' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: '新闻动态' }).getAttribute('aria-current')).toBeNull();
  });
});
