import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import type { DeviceDetail, DeviceSummary, ProjectType } from '@yance/contracts/catalog';
import type { ArticleDetail, ArticleSummary, SitePage, SitePageKey } from '@yance/contracts/content';
import type { HomeData } from '@yance/contracts/home';
import type { WebSettings } from '@yance/contracts/setting';
import { apiGet, apiPost, getHome, listArticles, searchDevices, someArticle, someDeviceRid, someProjectType, url } from './support/api.ts';
import { MOBILE, DESKTOP, useBrowser, waitForApp } from './support/browser.ts';
import {
  detailRidsOf,
  fetchHtml,
  firstRun,
  hasServerState,
  isBareShell,
  jsonLdOf,
  linkOf,
  metaCount,
  metaOf,
  textOf,
  titleOf,
} from './support/html.ts';
import { afterLayout, dismissPromoPopup, expectHeading, expectPath } from './support/page-checks.ts';
import { screenshot } from './support/screenshot.ts';

/**
 * Server rendering (issue 7, ADR 0026): every public page answers with its
 * content and head in the HTML (read here with plain HTTP, as a crawler or a
 * WeChat link preview does), with an honest status; in the browser it
 * hydrates without an error and without asking the API again, and client
 * navigation afterwards fetches only what the next page adds.
 */
const b = useBrowser(undefined, 'ssr');
const SITE = '研测';

interface Data {
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
let d: Data;

/** Every catalogue item a search finds, page by page (at most 50 a page), in the API's order. */
async function allItems(base: string, query: Record<string, string | number>): Promise<DeviceSummary[]> {
  const items: DeviceSummary[] = [];
  for (let page = 1; ; page++) {
    const found = await searchDevices(base, { ...query, page, pageSize: 50 });
    items.push(...found.list);
    if (items.length >= found.total || found.list.length === 0) return items;
  }
}

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

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
const projectPath = (t: ProjectType) => `/project/${t.id}/${t.name}`;
/** The address of a path as the browser and the server's canonical links write it (percent-encoded). */
const abs = (path: string) => new URL(path, b.baseUrl).href;

/** What one public page must say in its HTML, before any script runs. */
interface PageCase {
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
const PAGES: Record<string, () => PageCase> = {
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
const MISSING: [string, string][] = [
  ['/no/such/page', '页面不存在'],
  ['/detail/nope', '项目不存在'],
  ['/article/nope', '文章不存在'],
  ['/list/bogus', '栏目不存在'],
];

describe('the HTML of each public page, read without a browser', () => {
  for (const [name, build] of Object.entries(PAGES)) {
    it(`${name}: content, head and status are in the server's answer`, async () => {
      const c = build();
      const res = await fetchHtml(b.baseUrl, c.path);
      expect(res.status, c.path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(hasServerState(res.html), 'the state for hydration travels with the page').toBe(true);
      const text = textOf(res.html);
      for (const t of c.texts) expect(text, `${c.path} shows "${t}"`).toContain(t);
      if (c.items) {
        const rids = detailRidsOf(res.html);
        for (const i of c.items.shown) expect(rids, `${c.path} links to ${i.name}`).toContain(i.rid);
        for (const i of c.items.shown) expect(text).toContain(i.name);
        if (c.items.onlyFrom) {
          const allowed = new Set(c.items.onlyFrom.map((i) => i.rid));
          const main = res.html.slice(res.html.indexOf('<main'), res.html.indexOf('</main>'));
          for (const rid of detailRidsOf(main)) expect(allowed.has(rid), `${c.path} lists ${rid}, not one of its results`).toBe(true);
        }
      }

      // The head: title, description, share card; canonical or noindex.
      expect(titleOf(res.html)).toBe(`${c.subject} - ${SITE}`);
      expect(metaOf(res.html, 'og:title')).toBe(c.subject);
      const description = metaOf(res.html, 'description') ?? '';
      expect(description.length, 'a description').toBeGreaterThan(10);
      for (const part of c.described ?? []) expect(description).toContain(part);
      expect(metaOf(res.html, 'og:description')).toBe(description);
      for (const key of ['description', 'og:title', 'og:description', 'og:image', 'og:url', 'og:type']) {
        expect(metaCount(res.html, key), `one ${key}`).toBe(1);
      }
      expect(metaOf(res.html, 'og:type')).toBe(c.ogType ?? 'website');
      const canonical = linkOf(res.html, 'canonical');
      if (c.noindex) {
        expect(metaOf(res.html, 'robots')).toBe('noindex, follow');
        expect(canonical).toBeUndefined();
      } else {
        expect(canonical).toBe(abs(c.path));
        expect(metaOf(res.html, 'og:url')).toBe(canonical);
        expect(metaOf(res.html, 'robots')).toBeUndefined();
      }
      expect(metaOf(res.html, 'og:image')?.startsWith(`${b.baseUrl}/`), 'an absolute share image').toBe(true);
      c.jsonLd?.(jsonLdOf(res.html), canonical ?? '');
    });
  }

  it('every share image (og:image) answers with an image', async () => {
    const images = new Map<string, string[]>();
    for (const build of Object.values(PAGES)) {
      const { path } = build();
      const image = metaOf((await fetchHtml(b.baseUrl, path)).html, 'og:image') ?? '(none)';
      images.set(image, [...(images.get(image) ?? []), path]);
    }
    const broken: string[] = [];
    for (const [image, paths] of images) {
      const res = await fetch(image).catch(() => null);
      const type = res?.headers.get('content-type') ?? '';
      if (res?.status !== 200 || !type.startsWith('image/')) broken.push(`${image} (${res?.status} ${type}) on ${paths.join(' ')}`);
    }
    expect(broken).toEqual([]);
  });

  for (const [path, says] of MISSING) {
    it(`${path} answers 404 with a page that says ${says}`, async () => {
      const res = await fetchHtml(b.baseUrl, path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(textOf(res.html)).toContain(says);
      expect(titleOf(res.html)).toBe(`${says} - ${SITE}`);
      expect(metaOf(res.html, 'robots')).toBe('noindex, follow');
      expect(linkOf(res.html, 'canonical')).toBeUndefined();
      // Still the whole site around it (header navigation and footer), ready to hydrate.
      expect(textOf(res.html)).toContain(d.settings.localInfo.phone);
      expect(hasServerState(res.html)).toBe(true);
    });
  }

  it('a member page is the bare shell for the browser, with 200 and no state', async () => {
    const res = await fetchHtml(b.baseUrl, '/member/center');
    expect(res.status).toBe(200);
    expect(isBareShell(res.html)).toBe(true);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('/about redirects to /about/profile on the server', async () => {
    const res = await fetchHtml(b.baseUrl, '/about');
    expect(res.status).toBeGreaterThanOrEqual(301);
    expect(res.status).toBeLessThanOrEqual(308);
    expect(new URL(res.headers.get('location') ?? '', b.baseUrl).pathname).toBe('/about/profile');
  });
});

// ---- in the browser --------------------------------------------------------

interface Watch {
  /** Console errors and uncaught errors. */
  errors: string[];
  /** API calls: "GET /api/open/web/…?…". */
  api: string[];
}

/** Records what a page logs and asks of the API from now on. */
function watch(page: Page, opts: { allowDocument404?: boolean } = {}): Watch {
  const w: Watch = { errors: [], api: [] };
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // A 404 page's own document load is reported as a failed resource; that status is the point.
    if (opts.allowDocument404 && /status of 404/.test(m.text()) && m.location().url === page.url()) return;
    w.errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => w.errors.push(`pageerror: ${e.message}`));
  page.on('request', (r: Request) => {
    const u = new URL(r.url());
    // The detail page's turnaround estimate is live by design (ADR 0047): asked after hydration, never server-rendered.
    if (u.pathname.startsWith('/api/') && !u.pathname.endsWith('/web/device/estimate'))
      w.api.push(`${r.method()} ${u.pathname}${u.search}`);
  });
  return w;
}

/**
 * Loads a path and waits until React has taken over the server's markup and has nothing left to start: the footer
 * is hydrated; <html data-ready> is set by an effect of the app's root, which runs after every effect of the same
 * commit (a refetch of stale data would start in one of those); two frames are painted (what a page renders only
 * after its first paint); and a request sent from the page after all that has been answered.
 */
async function loadHydrated(page: Page, path: string): Promise<void> {
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

const api = (name: Parameters<typeof url>[0], query = '') => `${name === 'setting' ? 'POST' : 'GET'} ${url(name)}${query}`;
/** What an item's page asks for: the item and its latest comments (ADR 0048), in parallel. */
const itemCalls = (rid: string) => [api('deviceDetail', `?rid=${rid}`), api('evaluatePublicList', `?rid=${rid}`)].sort();

describe('in Chromium: hydration', () => {
  for (const name of Object.keys(PAGES)) {
    it(`${name}: hydrates at 1280 and 375 px with no error and no API call`, async () => {
      const c = PAGES[name]!();
      for (const viewport of [DESKTOP, MOBILE]) {
        await b.page.setViewportSize(viewport);
        const w = watch(b.page);
        await loadHydrated(b.page, c.path);
        expect(w.errors, `${c.path} at ${viewport.width}px`).toEqual([]);
        expect(w.api, `${c.path} at ${viewport.width}px asks the API nothing: its data came with the page`).toEqual([]);
        // The content is still there after React took over.
        await b.page.locator('main').getByText(c.texts[0]!).filter({ visible: true }).first().waitFor();
        b.page.removeAllListeners('console');
        b.page.removeAllListeners('request');
      }
    });
  }

  it('missing pages hydrate without error or API call too', async () => {
    for (const [path, says] of MISSING) {
      const w = watch(b.page, { allowDocument404: true });
      await loadHydrated(b.page, path);
      expect(w.errors, path).toEqual([]);
      expect(w.api, path).toEqual([]);
      await b.page.locator('main').getByText(says).filter({ visible: true }).first().waitFor();
      b.page.removeAllListeners('console');
      b.page.removeAllListeners('request');
    }
  });

  it('the check above does see a hydration mismatch (HTML that differs from what the browser renders)', async () => {
    const path = `/detail/${d.item.rid}`;
    await b.page.route(`**${path}`, async (route) => {
      const res = await route.fetch();
      // A heading's text in the body (not in the head or the state), changed as a stale or tampered render would have it.
      const html = await res.text();
      expect(html).toContain('>样品要求<');
      await route.fulfill({ response: res, body: html.replace('>样品要求<', '>样品要求（改）<') });
    });
    const w = watch(b.page);
    await loadHydrated(b.page, path);
    await expect.poll(() => w.errors.join('\n')).toMatch(/#41[89]|#42[35]|hydrat/i);
    // That error is what this test is about, not a failure of the page.
    b.pageErrors.length = 0;
  });
});

describe('in Chromium: client navigation after a server-rendered page', () => {
  it('from an item to a related item and on to 服务项目 fetches only what the next page adds', async () => {
    await loadHydrated(b.page, `/detail/${d.item.rid}`);
    const w = watch(b.page);
    const related = d.item.related[0];
    expect(related, 'the item has related items').toBeDefined();
    await b.page.locator(`main a[href="/detail/${related!.rid}"]`).first().click();
    await expectPath(b.page, `/detail/${related!.rid}`);
    await expectHeading(b.page, related!.name);
    await b.page.waitForLoadState('networkidle').catch(() => undefined);
    // The site settings (header, footer) came with the first page: only the new item and its latest comments are fetched.
    expect(w.api.sort()).toEqual(itemCalls(related!.rid));

    w.api.length = 0;
    await b.page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '服务项目' }).click();
    await expectPath(b.page, '/project/1/送样检测');
    await b.page.locator('main a[href^="/detail/"]').first().waitFor();
    await b.page.waitForLoadState('networkidle').catch(() => undefined);
    const paths = w.api.map((a) => a.split('?')[0]);
    expect(paths.sort()).toEqual([api('deviceSearch'), api('prefectureList'), api('typeGroup')].sort());
    expect(w.errors).toEqual([]);
  });

  it('from a project list to an item and to its category: the type group and settings are never fetched again', async () => {
    await loadHydrated(b.page, projectPath(d.type));
    const w = watch(b.page);
    const first = d.typeItems[0]!;
    const card = b.page.locator('main a[href^="/detail/"]').first();
    const rid = decodeURIComponent((await card.getAttribute('href'))!.replace('/detail/', ''));
    await card.click();
    await expectPath(b.page, `/detail/${rid}`);
    await b.page.locator('main h1').first().waitFor();
    await b.page.waitForLoadState('networkidle').catch(() => undefined);
    expect(w.api.sort()).toEqual(itemCalls(rid));

    w.api.length = 0;
    const item = rid === first.rid ? first : (d.typeItems.find((i) => i.rid === rid) ?? first);
    await b.page.getByRole('navigation', { name: '面包屑' }).getByRole('link', { name: item.child_name }).click();
    await expectPath(b.page, projectPath(d.type), `?childId=${item.child_id}`);
    await b.page.locator('main a[href^="/detail/"]').first().waitFor();
    await b.page.waitForLoadState('networkidle').catch(() => undefined);
    // Only the new result list: the type group, the areas and the settings are in the cache from the first page.
    expect(w.api.map((a) => a.split('?')[0])).toEqual([api('deviceSearch')]);
    expect(w.api[0]).toContain(`childId=${item.child_id}`);
    expect(w.errors).toEqual([]);
  });
});

// ---- what a person sees, with and without JavaScript ----------------------------

/** Scrolls through the page as a visitor would, so the lazy images below the fold are in a full-page screenshot. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      // Two frames at each stop: lazy images and observers react to the scroll in a frame's rendering steps.
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
    window.scrollTo(0, 0);
  });
  // Wait for what the scroll asked for: every image in the page's width has loaded (or failed). Images in slides
  // off to the side (banner, partners) stay lazy, and hidden ones (no box) are never asked for.
  await page.waitForFunction(() =>
    [...document.images].every((img) => {
      const r = img.getBoundingClientRect();
      const offToTheSide = r.right <= 0 || r.left >= window.innerWidth;
      return img.complete || offToTheSide || (r.width === 0 && r.height === 0);
    }),
  );
}

/** A context of its own (JS on or off) at one width; requests leaving the machine get an empty answer. */
async function contextAt(width: number, javaScriptEnabled: boolean): Promise<BrowserContext> {
  const viewport = width <= MOBILE.width ? MOBILE : DESKTOP;
  const c = await b.browser.newContext({ viewport, baseURL: b.baseUrl, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', javaScriptEnabled });
  await c.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 204, body: '' }));
  return c;
}

describe('screenshots: the server-rendered page without JavaScript, and hydrated', () => {
  const SHOTS: [string, () => string, () => string][] = [
    ['home', () => '/', () => d.home.hotItems[0]!.name],
    ['detail', () => `/detail/${d.item.rid}`, () => d.item.sample_requirement],
    ['project', () => projectPath(d.type), () => d.typeItems[0]!.name],
  ];
  for (const [name, pathOf, shownText] of SHOTS) {
    it(`${name}: the same content at 1280 and 375 px, JavaScript off and on`, async () => {
      for (const js of [false, true]) {
        for (const width of [DESKTOP.width, MOBILE.width]) {
          const c = await contextAt(width, js);
          try {
            const page = await c.newPage();
            const errors: string[] = [];
            page.on('pageerror', (e) => errors.push(e.message));
            if (js) await loadHydrated(page, pathOf());
            else await page.goto(pathOf(), { waitUntil: 'load' });
            if (js && name === 'home' && d.home.popup) await dismissPromoPopup(page);
            // Without script the browser loads every image at once (no lazy loading); with it, a visitor scrolls.
            if (js) await scrollThrough(page);
            // The page's own content is there and visible, with or without script.
            await page.getByText(shownText()).filter({ visible: true }).first().waitFor();
            await page.evaluate(() => document.fonts.ready).catch(() => undefined);
            await screenshot(page, 'ssr', `${name}-${js ? 'js' : 'nojs'}`);
            expect(errors).toEqual([]);
          } finally {
            await c.close();
          }
        }
      }
    });
  }
});

// ---- site files -------------------------------------------------------------------

describe('robots.txt and sitemap.xml from the running server', () => {
  it('robots.txt keeps accounts, the plan, the console and the API out and names the sitemap', async () => {
    const res = await fetch(new URL('/robots.txt', b.baseUrl));
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\n');
    for (const p of ['/member', '/experiment', '/admin', '/api']) expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).toContain(`Sitemap: ${b.baseUrl}/sitemap.xml`);
  });

  it('sitemap.xml lists the item, the article and the project type used above, and the fixed pages', async () => {
    const res = await fetch(new URL('/sitemap.xml', b.baseUrl));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const locs = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const path of [
      '/',
      `/detail/${d.item.rid}`,
      `/article/${d.article.rid}`,
      projectPath(d.type),
      '/list/news',
      '/about/profile',
      '/contact',
      '/guide',
      '/require',
      '/license',
      '/policy',
      '/televised',
    ]) {
      expect(locs, path).toContain(abs(path));
    }
    expect(locs.filter((l) => /\/(member|experiment|search)/.test(l ?? ''))).toEqual([]);
  });
});
