import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { robotsTxt, sitemapXml } from './seo.service.ts';

/** The site's public origin: PUBLIC_URL, or the address the request came to. */
const originOf = (ctx: AppContext, request: FastifyRequest) => ctx.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;

/** /robots.txt and /sitemap.xml (+ /sitemap-N.xml past 50 000 URLs): site files, outside the API scopes. */
export function seoRoutes(app: FastifyInstance, ctx: AppContext, opts: { maxUrls?: number } = {}) {
  app.get('/robots.txt', { schema: { hide: true } }, (request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(originOf(ctx, request))),
  );
  const sitemap = async (request: FastifyRequest, part: number) => sitemapXml(ctx, originOf(ctx, request), part, opts.maxUrls);
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=60')
      .send(await sitemap(request, 0)),
  );
  app.get<{ Params: { part: string } }>('/sitemap-:part.xml', { schema: { hide: true } }, async (request, reply) => {
    const part = /^[1-9]\d{0,5}$/.test(request.params.part) ? Number(request.params.part) : 0;
    const xml = part > 0 ? await sitemap(request, part) : null;
    if (xml === null) return reply.callNotFound();
    return reply.header('content-type', 'application/xml; charset=utf-8').header('cache-control', 'public, max-age=60').send(xml);
  });
}
