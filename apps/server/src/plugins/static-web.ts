import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
      res.setHeader('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html', opts.webDist);
  });
});
