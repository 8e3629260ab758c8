import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface AdminAppOptions {
  /** apps/admin/dist: the console's build (index.html and assets/). */
  adminDist: string;
}

/** A last segment with a dot names a file (…/x.js, …/logo.svg); the console's own paths never have one. */
const looksLikeFile = (url: string) => /\.[a-z0-9]+$/i.test(url.split('?')[0]!);

/**
 * The operator console (ADR 0033): its built files under /admin/, and its
 * index.html for every other /admin path (a browser-only app: the console
 * routes in the page). Registered before plugins/web-pages, whose catch-all
 * never sees /admin. Hashed assets are cached for a year, index.html never.
 */
export const adminAppPlugin = fp(async (app: FastifyInstance, opts: AdminAppOptions) => {
  const indexFile = path.join(opts.adminDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`console not built (${opts.adminDist}); run npm run build`);
    return;
  }
  const index = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root: opts.adminDist,
    prefix: '/admin/',
    // One route per file found at start-up: a path that is not a file falls to the routes below.
    wildcard: false,
    index: false,
    decorateReply: false,
    setHeaders: (res, file) => {
      res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // A missing file (an old chunk after a deploy) is a 404, not the page: the browser would run HTML as a script.
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (looksLikeFile(request.url)) return reply.callNotFound();
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex')
      .send(index);
  };
  app.get('/admin', { schema: { hide: true } }, handler);
  app.get('/admin/*', { schema: { hide: true } }, handler);
});
