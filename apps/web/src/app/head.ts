import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { SITE_NAME } from '@/lib/use-document-title.ts';
import { pageDataOf, type PageArgs, type PageDef, type PageMeta } from './page.ts';

/** A matched route as both react-router's matches and the static handler's context give it. */
export interface HeadMatch {
  params: Params;
  route: { handle?: unknown };
}

/** The page definitions along the matched routes, root first. */
export function pagesOf(matches: readonly HeadMatch[]): { page: PageDef; params: Params }[] {
  return matches.flatMap((m) => {
    const page = (m.route.handle as { page?: PageDef } | undefined)?.page;
    return page ? [{ page, params: m.params }] : [];
  });
}

/** The head of the matched page: the root's values, overridden field by field by the deeper routes. */
export function metaOf(matches: readonly HeadMatch[], queryClient: QueryClient, url: URL): PageMeta {
  let meta: PageMeta = {};
  for (const { page, params } of pagesOf(matches)) {
    const args: PageArgs = { params, url };
    const own = page.meta?.(pageDataOf(page, queryClient, args), args) ?? {};
    meta = { ...meta, ...Object.fromEntries(Object.entries(own).filter(([, v]) => v !== undefined)) };
  }
  return meta;
}

export const HOME_TITLE = `${SITE_NAME} · 一站式科研检测服务平台`;
export const titleOf = (meta: PageMeta) => (meta.title ? `${meta.title} - ${SITE_NAME}` : HOME_TITLE);

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON inside <script>: no "</script>" or "<!--" can end or alter the element. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The page's <head> tags for search engines and link previews (WeChat reads
 * og:title, og:description and og:image): title, description, canonical,
 * Open Graph, robots and JSON-LD. `origin` is the site's public address.
 */
export function headTags(meta: PageMeta, url: URL, origin: string): string {
  const abs = (p: string) => new URL(p, origin).href;
  const title = titleOf(meta);
  const canonical = abs(meta.canonical ?? url.pathname);
  const tags = [
    `<title>${escapeAttr(title)}</title>`,
    meta.description && `<meta name="description" content="${escapeAttr(meta.description)}">`,
    meta.noindex ? `<meta name="robots" content="noindex, follow">` : `<link rel="canonical" href="${escapeAttr(canonical)}">`,
    `<meta property="og:site_name" content="${SITE_NAME}">`,
    `<meta property="og:locale" content="zh_CN">`,
    `<meta property="og:type" content="${meta.ogType === 'article' ? 'article' : meta.ogType === 'product' ? 'product' : 'website'}">`,
    `<meta property="og:title" content="${escapeAttr(meta.title ?? HOME_TITLE)}">`,
    meta.description && `<meta property="og:description" content="${escapeAttr(meta.description)}">`,
    `<meta property="og:url" content="${escapeAttr(canonical)}">`,
    meta.image && `<meta property="og:image" content="${escapeAttr(abs(meta.image))}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    ...[meta.jsonLd ?? []].flat().map((ld) => `<script type="application/ld+json">${jsonForScript(ld)}</script>`),
  ];
  return tags.filter(Boolean).join('\n    ');
}
