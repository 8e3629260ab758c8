import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageRenderer, RenderTransport } from '@yance/contracts/page-render';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { renderRichText } from '../../lib/rich-text.ts';
import { htmlPage, PageCache, type CachedPage } from './page-cache.ts';
import { PageTemplate } from './template.ts';
import { acceptsGzip, type MemoryAnswer, type MemoryAnswers } from '../../lib/memory-answers.ts';

export interface WebPagesOptions {
  webDist: string;
  /** The site's public origin (PUBLIC_URL); without it, the request's own. */
  publicUrl?: string;
  ttlMs?: number;
  /** The time the page cache's TTL is measured on (the app clock; Date.now by default). */
  now?: () => number;
  /** Where a fresh rendered page is written from before Fastify (ADR 0083); without it, every page takes the route. */
  memoryAnswers?: MemoryAnswers;
}

/** Like the home payload: a content change shows on every process within 10 s (issue 7). */
const PAGE_TTL_MS = 10_000;
const MAX_CACHED_PAGES = 500;
/** The query parameters a public page reads; others are dropped, so they make neither new renders nor cache entries. */
const PAGE_PARAMS = ['page', 'kw', 'sort', 'typeId', 'childId', 'areaId'];

/** Path plus the page parameters it carries, in a fixed order. */
export function pageUrlOf(rawUrl: string): string {
  const url = new URL(rawUrl, 'http://x');
  const kept = new URLSearchParams();
  for (const name of PAGE_PARAMS) {
    const value = url.searchParams.get(name);
    if (value !== null && value !== '') kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** Marks the render's in-process API calls with a value only this process knows: no caller can pass for one. */
const RENDER_HEADER = 'x-page-render';
const renderKey = randomBytes(16).toString('hex');

/** Whether a request is one of the render's own API calls (app.ts leaves them out of the request log: the page's GET is there). */
export const isPageRenderCall = (request: { headers: IncomingHttpHeaders }): boolean => request.headers[RENDER_HEADER] === renderKey;

/** Calls the API through Fastify's inject: the render's requests never leave the process, nor carry a token. */
function injectTransport(app: FastifyInstance, origin: () => string): RenderTransport {
  return {
    origin,
    fetch: async (url, init) => {
      const res = await app.inject({
        method: (init.method ?? 'GET') as 'GET' | 'POST',
        url: url.pathname + url.search,
        headers: {
          accept: 'application/json',
          [RENDER_HEADER]: renderKey,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        payload: typeof init.body === 'string' ? init.body : undefined,
      });
      return new Response(new Uint8Array(res.rawPayload), {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? '') },
      });
    },
  };
}

/** The server render, built into the web app's dot folder .server (with .vite, never served as files); null if not built. */
function renderEntryOf(webDist: string): string | null {
  const entry = path.join(webDist, '.server', 'entry-server.js');
  return existsSync(entry) && existsSync(path.join(webDist, '.vite', 'manifest.json')) ? entry : null;
}

/**
 * Public pages rendered on the server (ADR 0026): every GET that is not the
 * API or a file answers with HTML that already holds the page's content and
 * head, with the page's status (404 for an unknown path, item or article).
 * Browser-only pages (member, experiment) and a failed render get the shell.
 */
export const webPagesPlugin = fp(async (app: FastifyInstance, opts: WebPagesOptions) => {
  const index = path.join(opts.webDist, 'index.html');
  if (!existsSync(index)) return;
  const entry = renderEntryOf(opts.webDist);
  if (!entry) app.log.warn('web app built without its server render; pages are served as the bare shell (npm run build)');
  let origin = opts.publicUrl;
  // Loaded with the first page, not at start-up: the render bundle costs time that API-only uses (tests, a process
  // behind an API route) never need. Operator HTML is sanitised with the server's own sanitiser (no DOM, ADR 0026).
  let loading: Promise<{ renderer: PageRenderer; template: PageTemplate }> | undefined;
  const load = (file: string) =>
    (loading ??= (async () => {
      const renderer = (await import(pathToFileURL(file).href)) as PageRenderer;
      renderer.configure({ transport: injectTransport(app, () => origin ?? 'http://localhost'), sanitize: renderRichText });
      return { renderer, template: PageTemplate.read(opts.webDist) };
    })());
  const cache = new PageCache(opts.ttlMs ?? PAGE_TTL_MS, MAX_CACHED_PAGES, opts.now);
  const shell: CachedPage = { ...htmlPage(200, readFileSync(index, 'utf8')), shell: true };

  const build = async (url: string, siteOrigin: string): Promise<CachedPage> => {
    if (!entry) return shell;
    const { renderer, template } = await load(entry);
    const result = await renderer.render(url, siteOrigin);
    if (result.kind === 'redirect') return { status: result.status, location: result.location, shell: false };
    if (result.kind === 'shell') return shell;
    return htmlPage(result.status, template.fill(result));
  };

  /** A page's headers, but its encoding: a rendered page may be a few seconds old anywhere; the shell must always be fresh (it names the current chunks). */
  const headersOf = (page: CachedPage) => ({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': page.shell ? 'no-cache' : `public, max-age=0, s-maxage=${Math.floor((opts.ttlMs ?? PAGE_TTL_MS) / 1000)}`,
    vary: 'accept-encoding',
  });
  const send = (request: FastifyRequest, reply: FastifyReply, page: CachedPage) => {
    if (page.location) return reply.redirect(page.location, page.status);
    reply.status(page.status).headers(headersOf(page));
    if (page.gzip && acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.html);
  };

  // A fresh rendered page (200, content, not the shell) is written before Fastify (ADR 0083), keyed as the route keys it.
  const answers = new WeakMap<CachedPage, { gzip: MemoryAnswer; plain: MemoryAnswer }>();
  // Without PUBLIC_URL the route keys a page by the request's origin as Fastify reads it: a forwarded host or protocol
  // (from a trusted proxy or not) is left to Fastify; without them it is the socket's protocol and the Host header.
  const originOf = (req: IncomingMessage): string | undefined =>
    opts.publicUrl ??
    (req.headers['x-forwarded-host'] === undefined && req.headers['x-forwarded-proto'] === undefined
      ? `${(req.socket as TLSSocket).encrypted ? 'https' : 'http'}://${req.headers.host}`
      : undefined);
  opts.memoryAnswers?.offerPages((req, gzip) => {
    const siteOrigin = originOf(req);
    if (!siteOrigin || req.headers.host === undefined || /^\/api(\/|$)/i.test(req.url!)) return undefined;
    const page = cache.fresh(`${siteOrigin}${pageUrlOf(req.url!)}`);
    if (!page?.html || !page.gzip || page.status !== 200 || page.shell) return undefined;
    let both = answers.get(page);
    if (!both) {
      const headers = headersOf(page);
      both = { gzip: { headers: { ...headers, 'content-encoding': 'gzip' }, body: page.gzip }, plain: { headers, body: page.html } };
      answers.set(page, both);
    }
    return gzip ? both.gzip : both.plain;
  });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    // The router matches paths without regard to case (ADR 0009): /API/x is the API too, never a page.
    if (/^\/api(\/|$)/i.test(request.url)) return reply.callNotFound();
    const siteOrigin = opts.publicUrl ?? `${request.protocol}://${request.host}`;
    origin ??= siteOrigin;
    const url = pageUrlOf(request.url);
    try {
      return send(request, reply, await cache.get(`${siteOrigin}${url}`, () => build(url, siteOrigin)));
    } catch (err) {
      // The browser can still render the page itself: log it and answer with the shell, which is not cached (the next request renders again).
      request.log.error({ err, url }, 'page render failed');
      return send(request, reply, shell);
    }
  });
});
