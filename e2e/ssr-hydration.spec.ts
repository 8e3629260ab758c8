import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { url } from './support/api.ts';
import { MOBILE, DESKTOP, useBrowser } from './support/browser.ts';
import { expectHeading, expectPath } from './support/page-checks.ts';
import { d, loadHydrated, MISSING, PAGES, projectPath, useSsrData } from './support/ssr.ts';

/**
 * Server rendering (issue 7, ADR 0026) in Chromium: every public page hydrates without an error and without asking
 * the API again, and client navigation afterwards fetches only what the next page adds.
 */
const b = useBrowser(undefined, 'ssr-hydration');
useSsrData(b);

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
