// Server rendering (issue 7, ADR 0026), shared by the ssr specs: the public pages, each with what its HTML must hold
// (built from the API's answers), the missing ones, and loading a page until it has hydrated.
import { beforeAll, expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { DeviceDetail, DeviceSummary, ProjectType } from '@yance/contracts/catalog';
import type { ArticleDetail, ArticleSummary, SitePage, SitePageKey } from '@yance/contracts/content';
import type { HomeData } from '@yance/contracts/home';
import type { WebSettings } from '@yance/contracts/setting';
import { apiGet, apiPost, getHome, listArticles, searchDevices, someArticle, someDeviceRid, someProjectType } from './api.ts';
import { waitForApp, type BrowserFixture } from './browser.ts';
import { firstRun } from './html.ts';
import { afterLayout } from './page-checks.ts';

/** What the pages show, read from the API before the tests (useSsrData). */
export interface SsrData {
  home: HomeData;
  type: ProjectType;
  typeItems: DeviceSummary[];
  item: DeviceDetail;
  xrd: DeviceSummary[];
  news: ArticleSummary[];
  article: ArticleDetail;
  cases: ArticleSummary[];
  settings: WebSettings;
  pages: Record<SitePageKey, SitePage>;
}
/** The data of the spec file's run (a live binding: set by useSsrData's beforeAll). */
export let d: SsrData;

/** Every catalogue item a search finds, page by page (at most 50 a page), in the API's order. */
async function allItems(base: string, query: Record<string, string | number>): Promise<DeviceSummary[]> {
  const items: DeviceSummary[] = [];
  for (let page = 1; ; page++) {
    const found = await searchDevices(base, { ...query, page, pageSize: 50 });
    items.push(...found.list);
    if (items.length >= found.total || found.list.length === 0) return items;
  }
}

/** Reads what the pages show from the browser fixture's server before the spec's tests. */
export function useSsrData(b: BrowserFixture): void {
  beforeAll(async () => {
    const base = b.baseUrl;
    const type = await someProjectType(base);
    const keys = ['profile', 'televised', 'guide', 'require', 'license', 'policy'] as const;
    const pages = Object.fromEntries(
      await Promise.all(keys.map(async (key) => [key, await apiGet<SitePage>(base, 'sitePage', { key })] as const)),
    ) as Record<SitePageKey, SitePage>;
    d = {
      home: await getHome(base),
      type,
      typeItems: await allItems(base, { typeId: type.id }),
      item: await apiGet<DeviceDetail>(base, 'deviceDetail', { rid: (await someDeviceRid(base)).rid }),
      xrd: await allItems(base, { kw: 'XRD' }),
      news: (await listArticles(base, 'news', { pageSize: 10 })).list,
      article: await apiGet<ArticleDetail>(base, 'articleDetail', { rid: (await someArticle(base, 'news')).rid }),
      cases: (await listArticles(base, 'service', { pageSize: 6 })).list,
      settings: await apiPost<WebSettings>(base, 'setting'),
      pages,
    };
  });
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
export const projectPath = (t: ProjectType) => `/project/${t.id}/${t.name}`;

/** What one public page must say in its HTML, before any script runs. */
export interface PageCase {
  path: string;
  /** Title without the site name (og:title); the <title> is "<subject> - 研测". */
  subject: string;
  /** Texts the body shows. */
  texts: string[];
  /** Texts the description carries. */
  described?: string[];
  /** Items the page must link to (and only those of this list, when `onlyFrom` is given). */
  items?: { shown: DeviceSummary[]; onlyFrom?: DeviceSummary[] };
  noindex?: boolean;
  ogType?: 'website' | 'article' | 'product';
  jsonLd?: (ld: Record<string, unknown>[], canonical: string) => void;
}

const sitePageCase = (path: string, key: SitePageKey, subject?: string): PageCase => {
  const page = d.pages[key];
  return { path, subject: subject ?? page.title, texts: [page.title, firstRun(page.body)], described: [firstRun(page.body, 10)] };
};

/** The public routes, each with what its HTML must hold (built from the API's answers). */
export const PAGES: Record<string, () => PageCase> = {
  home: () => ({
    path: '/',
    subject: '一站式科研检测服务平台',
    texts: [
      d.home.bannerArr[0]!.title,
      ...d.home.typeArr.flatMap((t) => [t.name, ...t.typeChildArr.map((c) => c.name)]),
      ...d.home.hotItems.map((i) => i.name),
      ...d.home.serviceCaseArr.map((c) => c.title),
      // Spec §9: the thanks table shows at most 5 rows.
      ...d.home.thanksArr.slice(0, 5).flatMap((t) => [t.company, t.title]),
      d.settings.localInfo.phone,
    ],
    described: ['科研检测'],
  }),
  project: () => ({
    path: projectPath(d.type),
    subject: d.type.name,
    texts: [d.type.name, ...d.type.typeChildArr.map((c) => c.name)],
    described: d.type.typeChildArr.map((c) => c.name),
    items: { shown: d.typeItems.slice(0, 1), onlyFrom: d.typeItems },
  }),
  detail: () => ({
    path: `/detail/${d.item.rid}`,
    subject: d.item.alias[0] ? `${d.item.name}(${d.item.alias[0]})` : d.item.name,
    texts: [
      d.item.name,
      yuan(d.item.price_fen),
      d.item.sample_requirement,
      d.item.instrument,
      firstRun(d.item.description),
      ...d.item.related.map((r) => r.name),
      // The comments section comes with the HTML (ADR 0048): the count, or the quiet empty state.
      '用户评价',
      d.item.rating_count > 0 ? `${d.item.rating_count}条评价` : '暂无评价',
    ],
    described: [d.item.name, yuan(d.item.price_fen), d.item.sketch.slice(0, 12)],
    items: { shown: d.item.related },
    ogType: 'product',
    jsonLd: (ld, canonical) => {
      expect(ld.map((x) => x['@type'])).toEqual(['Service']);
      const service = ld[0]!;
      expect(service['@context']).toBe('https://schema.org');
      expect(String(service.name)).toContain(d.item.name);
      expect(service.url).toBe(canonical);
      // The price in yuan, as a decimal string, in CNY.
      expect(service.offers).toMatchObject({ '@type': 'Offer', price: (d.item.price_fen / 100).toFixed(2), priceCurrency: 'CNY' });
      // A rating only when customers gave one.
      if (d.item.rating_count > 0)
        expect(service.aggregateRating).toMatchObject({ ratingValue: d.item.rating_avg, reviewCount: d.item.rating_count });
      else expect(service.aggregateRating).toBeUndefined();
    },
  }),
  search: () => ({
    path: '/search?kw=XRD',
    subject: '“XRD”的搜索结果',
    texts: ['XRD'],
    items: { shown: d.xrd.slice(0, 1), onlyFrom: d.xrd },
    noindex: true,
  }),
  list: () => ({ path: '/list/news', subject: '新闻动态', texts: ['新闻动态', ...d.news.map((a) => a.title)] }),
  article: () => ({
    path: `/article/${d.article.rid}`,
    subject: d.article.title,
    texts: [d.article.title, firstRun(d.article.body), d.article.created],
    described: [(d.article.sketch || firstRun(d.article.body)).slice(0, 10)],
    ogType: 'article',
    jsonLd: (ld, canonical) => {
      expect(ld.map((x) => x['@type'])).toEqual(['Article']);
      expect(ld[0]).toMatchObject({ headline: d.article.title, datePublished: d.article.created, url: canonical });
    },
  }),
  about: () => sitePageCase('/about/profile', 'profile', `${d.pages.profile.title} - 关于我们`),
  televised: () => {
    const c = sitePageCase('/televised', 'televised');
    return { ...c, texts: [...c.texts, ...d.cases.map((a) => a.title)] };
  },
  contact: () => ({
    path: '/contact',
    subject: '联系我们',
    texts: ['联系我们', d.settings.localInfo.phone, d.settings.localInfo.email, d.settings.localInfo.hours],
    described: [d.settings.localInfo.phone],
  }),
  guide: () => sitePageCase('/guide', 'guide'),
  require: () => ({ ...sitePageCase('/require', 'require', '发布需求'), described: ['测试需求'] }),
  license: () => sitePageCase('/license', 'license'),
  policy: () => sitePageCase('/policy', 'policy'),
};

/** Unknown things: a 404 status with a page that says so, kept out of search engines. */
export const MISSING: [string, string][] = [
  ['/no/such/page', '页面不存在'],
  ['/detail/nope', '项目不存在'],
  ['/article/nope', '文章不存在'],
  ['/list/bogus', '栏目不存在'],
];

/**
 * Loads a path and waits until React has taken over the server's markup and has nothing left to start: the footer
 * is hydrated; <html data-ready> is set by an effect of the app's root, which runs after every effect of the same
 * commit (a refetch of stale data would start in one of those); two frames are painted (what a page renders only
 * after its first paint); and a request sent from the page after all that has been answered.
 */
export async function loadHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => {
    const footer = document.querySelector('footer');
    return !!footer && Object.keys(footer).some((k) => k.startsWith('__reactFiber'));
  });
  await waitForApp(page);
  await afterLayout(page);
  await requestsSeen(page);
}

/**
 * Waits until the test has been told of every request the page started so far: it sends one more from the page (a
 * file outside /api/, which `watch` does not count) and waits for its answer. Chromium reports a page's requests in
 * the order the page makes them, so the `request` event of any earlier one has fired by then — the moment after
 * which a call the page should not make would have shown, instead of a while to wait for it.
 */
async function requestsSeen(page: Page): Promise<void> {
  const probe = `/robots.txt?seen=${Math.random().toString(36).slice(2)}`;
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(probe)),
    page.evaluate((u) => fetch(u, { cache: 'no-store' }).then((r) => r.text()), probe),
  ]);
}
