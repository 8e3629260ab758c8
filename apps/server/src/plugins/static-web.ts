import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Tokens live in localStorage (ADR 0003), so no script but our own may run. antd injects style tags. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * Serves the built web app and the uploaded images. Any non-API GET that is
 * not a file gets index.html so client routes (/detail/…, /member/…) load.
 */
export const staticWebPlugin = fp(async (app: FastifyInstance, opts: { webDist: string; uploadDirs: string[] }) => {
  await app.register(fastifyStatic, {
    root: opts.uploadDirs,
    prefix: '/upload/',
    decorateReply: false,
    maxAge: '7d',
  });
  if (!existsSync(path.join(opts.webDist, 'index.html'))) {
    app.log.warn(`web app not built (${opts.webDist}); run npm run build`);
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders: (res, file) => {
      // Hashed assets never change; index.html must always be fresh.
      res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.callNotFound();
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'strict-origin-when-cross-origin')
      .sendFile('index.html', opts.webDist);
  });
});
