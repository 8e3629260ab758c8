import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, ne } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_TYPES } from '@yance/contracts/content';
import { loadConfig } from '../src/config/env.ts';
import { domainEvents } from '../src/subscribers.ts';
import { modulePorts } from '../src/ports.ts';
import { createContext } from '../src/context.ts';
import { createMetrics } from '../src/lib/metrics.ts';
import { article, device, projectType } from '../src/db/schema.ts';
import { createRateCounter } from '../src/modules/rate-limit/rate-limit.service.ts';
import { createMailProvider } from '../src/modules/notify/mail.ts';
import { seoRoutes } from '../src/modules/seo/seo.routes.ts';
import { createSmsProvider } from '../src/modules/sms/sms.service.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { testClock, type TestClock } from './factories.ts';
import { createUserInfoCache } from '../src/modules/user/index.ts';
import { createSessionCache } from '../src/lib/session-cache.ts';

/**
 * /robots.txt and /sitemap.xml against the seeded database: the app's own
 * routes, and a bare app with a small per-file limit for the sitemap index.
 */
let t: TestApp;
let clock: TestClock;
let dataDir: string;
beforeAll(async () => {
  clock = testClock();
  t = await createTestApp({ clock: clock.now });
  dataDir = await mkdtemp(path.join(tmpdir(), 'yance-seo-'));
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The <loc> values of a sitemap or sitemap index. */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

const onShelf = () => t.db.select({ rid: device.rid }).from(device).where(eq(device.onShelf, true)).orderBy(asc(device.id));
/** Articles read on this site: published, no outside source. */
const ownArticles = () =>
  t.db
    .select({ rid: article.rid, publishedOn: article.publishedOn })
    .from(article)
    .where(and(eq(article.published, true), eq(article.source, '')));

/** A bare app with only the site files, on the test database, for PUBLIC_URL and a small per-file limit. */
function seoApp(maxUrls?: number): FastifyInstance {
  const app = Fastify();
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://www.yance.example',
  });
  const fetchImpl = (input: string, init?: RequestInit) => fetch(input, init);
  const ctx = createContext(t.db, {
    config,
    clock: clock.now,
    fetch: fetchImpl,
    log: app.log,
    // Never listening, so never used: this context resolves no tokens.
    sessionCache: createSessionCache(),
    userInfoCache: createUserInfoCache(),
    counter: createRateCounter({ db: t.db, clock: clock.now, redisPrefix: 'seo-test:' }),
    sms: createSmsProvider(config, app.log, fetchImpl),
    mail: createMailProvider(config, app.log),
    jobs: { wake: () => {} },
    metrics: createMetrics(),
    events: domainEvents(),
    ports: modulePorts(),
  });
  seoRoutes(app, ctx, maxUrls ? { maxUrls } : {});
  return app;
}

describe('/robots.txt', () => {
  it('keeps accounts, the experiment plan, the console and the API out, and names the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const p of ['/member', '/experiment', '/admin', '/api']) expect(lines).toContain(`Disallow: ${p}`);
    // Shop pages stay open: no rule blocks the catalogue, items or articles.
    const disallowed = lines.filter((l) => l.startsWith('Disallow:')).map((l) => l.slice('Disallow:'.length).trim());
    for (const open of ['/', '/project', '/detail/x', '/article/x', '/search', '/list/news']) {
      expect(
        disallowed.some((d) => d === '' || open.startsWith(d)),
        `${open} is open to crawlers`,
      ).toBe(false);
    }
    // Without PUBLIC_URL: the address the request came to.
    expect(lines).toContain('Sitemap: http://localhost:80/sitemap.xml');
  });

  it('names the sitemap on the public origin when PUBLIC_URL is set', async () => {
    const app = seoApp();
    try {
      const res = await app.inject({ url: '/robots.txt' });
      expect(res.body.split('\n')).toContain('Sitemap: https://www.yance.example/sitemap.xml');
    } finally {
      await app.close();
    }
  });
});

describe('/sitemap.xml', () => {
  it('lists the fixed pages, every project type, every on-shelf item and every article read here', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(
      res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'),
    ).toBe(true);
    const urls = locs(res.body);
    const origin = 'http://localhost:80';
    const fixed = [
      '/',
      '/project',
      '/about/profile',
      '/about/culture',
      '/about/recruit',
      '/televised',
      '/contact',
      '/guide',
      '/require',
      '/license',
      '/policy',
      '/certificates',
    ];
    for (const p of fixed) expect(urls).toContain(origin + p);
    for (const type of ARTICLE_TYPES) expect(urls).toContain(`${origin}/list/${type}`);
    const types = await t.db.select({ id: projectType.id, name: projectType.name }).from(projectType);
    for (const ty of types) expect(urls).toContain(`${origin}/project/${ty.id}/${encodeURIComponent(ty.name)}`);
    const items = await onShelf();
    expect(items.length).toBeGreaterThan(0);
    for (const i of items) expect(urls).toContain(`${origin}/detail/${encodeURIComponent(i.rid)}`);
    const own = await ownArticles();
    expect(own.length).toBeGreaterThan(0);
    for (const a of own) {
      expect(res.body).toContain(`<url><loc>${origin}/article/${encodeURIComponent(a.rid)}</loc><lastmod>${a.publishedOn}</lastmod></url>`);
    }
    // Articles that link out (cases, thanks with a source) are read elsewhere: not ours to list.
    const linkedOut = await t.db.select({ rid: article.rid }).from(article).where(ne(article.source, ''));
    expect(linkedOut.length, 'the seed has articles with an outside source').toBeGreaterThan(0);
    for (const a of linkedOut) expect(urls).not.toContain(`${origin}/article/${encodeURIComponent(a.rid)}`);
    // Nothing private, and each URL once.
    expect(urls.filter((u) => /\/(member|experiment|admin|api)(\/|$)/.test(new URL(u).pathname))).toEqual([]);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.length).toBe(fixed.length + ARTICLE_TYPES.length + types.length + items.length + own.length);
  });

  it('drops an item taken off the shelf and an unpublished article (once its minute of caching has passed)', async () => {
    const [item] = await onShelf();
    const [story] = await ownArticles();
    expect(item && story).toBeTruthy();
    const itemUrl = `http://localhost:80/detail/${encodeURIComponent(item!.rid)}`;
    const storyUrl = `http://localhost:80/article/${encodeURIComponent(story!.rid)}`;
    expect(locs((await t.app.inject({ url: '/sitemap.xml' })).body)).toEqual(expect.arrayContaining([itemUrl, storyUrl]));
    await t.db.update(device).set({ onShelf: false }).where(eq(device.rid, item!.rid));
    await t.db.update(article).set({ published: false }).where(eq(article.rid, story!.rid));
    try {
      clock.advance(61);
      const urls = locs((await t.app.inject({ url: '/sitemap.xml' })).body);
      expect(urls).not.toContain(itemUrl);
      expect(urls).not.toContain(storyUrl);
      expect(urls.length).toBeGreaterThan(0);
    } finally {
      await t.db.update(device).set({ onShelf: true }).where(eq(device.rid, item!.rid));
      await t.db.update(article).set({ published: true }).where(eq(article.rid, story!.rid));
      clock.advance(61);
    }
  });

  it('past its per-file limit becomes an index of /sitemap-N.xml whose files together list every URL once', async () => {
    const whole = locs((await t.app.inject({ url: '/sitemap.xml' })).body).map((u) => new URL(u).pathname);
    const max = Math.ceil(whole.length / 3);
    const app = seoApp(max);
    try {
      const index = await app.inject({ url: '/sitemap.xml' });
      expect(index.statusCode).toBe(200);
      expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect(index.body).not.toContain('<urlset');
      const files = locs(index.body);
      expect(files).toEqual([1, 2, 3].map((n) => `https://www.yance.example/sitemap-${n}.xml`));
      const listed: string[] = [];
      for (const file of files) {
        const res = await app.inject({ url: new URL(file).pathname });
        expect(res.statusCode, file).toBe(200);
        expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
        expect(res.body).toContain('<urlset');
        const urls = locs(res.body);
        expect(urls.length, file).toBeLessThanOrEqual(max);
        expect(urls.every((u) => u.startsWith('https://www.yance.example/'))).toBe(true);
        listed.push(...urls.map((u) => new URL(u).pathname));
      }
      expect(listed).toEqual(whole);
    } finally {
      await app.close();
    }
  });

  it('has no numbered files past the last, none at all while one file holds everything, and no odd names', async () => {
    const whole = locs((await t.app.inject({ url: '/sitemap.xml' })).body).length;
    // Two files: the first full, the second with the rest.
    const split = seoApp(Math.ceil((whole + 1) / 2));
    try {
      expect(locs((await split.inject({ url: '/sitemap.xml' })).body)).toHaveLength(2);
      expect((await split.inject({ url: '/sitemap-2.xml' })).statusCode).toBe(200);
      expect((await split.inject({ url: '/sitemap-3.xml' })).statusCode).toBe(404);
      for (const url of ['/sitemap-99.xml', '/sitemap-0.xml', '/sitemap-01.xml', '/sitemap-x.xml', '/sitemap-1234567.xml']) {
        expect((await split.inject({ url })).statusCode, url).toBe(404);
      }
    } finally {
      await split.close();
    }
    // The app's own limit (50 000) holds the demo catalogue in one file: /sitemap-1.xml does not exist.
    expect((await t.app.inject({ url: '/sitemap-1.xml' })).statusCode).toBe(404);
  });
});
