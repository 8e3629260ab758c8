import { ARTICLE_TYPES } from '@yance/contracts/content';
import type { AppContext } from '../../context.ts';
import { findListedArticles, findListedItems, findTypeNames } from './seo.repository.ts';

/** The protocol's limit per sitemap file (sitemaps.org); past it, /sitemap.xml becomes an index of numbered files. */
export const SITEMAP_MAX_URLS = 50_000;
/** Sitemaps follow content changes within this time (each process rebuilds on its own). */
const SITEMAP_TTL_MS = 60_000;

interface SitemapUrl {
  path: string;
  lastmod?: string;
}

/** Pages anyone can read that are not items or articles. */
const STATIC_PATHS = [
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
  ...ARTICLE_TYPES.map((t) => `/list/${t}`),
];

async function listUrls(ctx: AppContext): Promise<SitemapUrl[]> {
  const [types, items, articles] = await Promise.all([findTypeNames(ctx.db), findListedItems(ctx.db), findListedArticles(ctx.db)]);
  return [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...types.map((t) => ({ path: `/project/${t.id}/${encodeURIComponent(t.name)}` })),
    ...items.map((i) => ({ path: `/detail/${encodeURIComponent(i.rid)}` })),
    ...articles.map((a) => ({ path: `/article/${encodeURIComponent(a.rid)}`, lastmod: a.publishedOn })),
  ];
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlset(origin: string, urls: SitemapUrl[]): string {
  const rows = urls.map(
    (u) => `<url><loc>${escapeXml(origin + u.path)}</loc>${u.lastmod ? `<lastmod>${escapeXml(u.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${rows.join('\n')}\n</urlset>\n`;
}

function sitemapIndex(origin: string, files: number): string {
  const rows = Array.from({ length: files }, (_, i) => `<sitemap><loc>${escapeXml(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${rows.join('\n')}\n</sitemapindex>\n`;
}

interface Built {
  urls: SitemapUrl[];
  expires: number;
}
// Keyed by the app's database so apps built in one process (tests) never see each other's data.
const built = new WeakMap<object, Built>();

async function currentUrls(ctx: AppContext): Promise<SitemapUrl[]> {
  const now = ctx.clock().getTime();
  const hit = built.get(ctx.db);
  if (hit && hit.expires > now) return hit.urls;
  const urls = await listUrls(ctx);
  built.set(ctx.db, { urls, expires: now + SITEMAP_TTL_MS });
  return urls;
}

/**
 * /sitemap.xml: every on-shelf item, every article read here and the fixed
 * pages; one file up to `max` URLs, beyond that an index of /sitemap-N.xml.
 * `part` 0 is /sitemap.xml; null when the numbered file does not exist.
 */
export async function sitemapXml(ctx: AppContext, origin: string, part: number, max = SITEMAP_MAX_URLS): Promise<string | null> {
  const urls = await currentUrls(ctx);
  const files = Math.ceil(urls.length / max);
  if (part === 0) return files <= 1 ? urlset(origin, urls) : sitemapIndex(origin, files);
  if (files <= 1 || part > files) return null;
  return urlset(origin, urls.slice((part - 1) * max, part * max));
}

/** Crawlers may read the shop; accounts, the console and the API stay out. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Disallow: /member',
    'Disallow: /experiment',
    'Disallow: /admin',
    'Disallow: /api',
    'Disallow: /wx/',
    'Disallow: /invited',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
