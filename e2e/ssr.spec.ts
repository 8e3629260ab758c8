import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import {
  detailRidsOf,
  fetchHtml,
  hasServerState,
  isBareShell,
  jsonLdOf,
  linkOf,
  metaCount,
  metaOf,
  textOf,
  titleOf,
} from './support/html.ts';
import { d, MISSING, PAGES, projectPath, useSsrData } from './support/ssr.ts';

/**
 * Server rendering (issue 7, ADR 0026): every public page answers with its
 * content and head in the HTML (read here with plain HTTP, as a crawler or a
 * WeChat link preview does), with an honest status; in the browser it
 * hydrates without an error and without asking the API again, and client
 * navigation afterwards fetches only what the next page adds.
 */
// Here the HTML and the site files; in the browser: ssr-hydration.spec.ts and ssr-screenshots.spec.ts.
const b = useBrowser(undefined, 'ssr');
useSsrData(b);
const SITE = '研测';

/** The address of a path as the browser and the server's canonical links write it (percent-encoded). */
const abs = (path: string) => new URL(path, b.baseUrl).href;

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
