import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Uploaded files are never a page of ours: even opened directly, an SVG or
 * HTML file runs no script (sandbox = opaque origin, no scripts) and loads
 * nothing. ADR 0013.
 */
export const UPLOAD_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";
/** Images we generate and ship (apps/server/assets/upload) are shown inline; every other file is a download. */
const IMAGE_EXTENSIONS = new Set(['.svg', '.png', '.jpg', '.jpeg', '.webp', '.gif', '.avif']);

export interface StaticWebOptions {
  webDist: string;
  uploads: {
    /** Images we produced (the demo's generated pictures): served inline. */
    produced: string;
    /** Files users and operators upload (DATA_DIR/upload): always served as attachments. */
    user: string;
  };
}

/**
 * Serves the built web app's files and the uploaded images. Pages (any other
 * GET outside the API) are answered by plugins/web-pages.
 */
export const staticWebPlugin = fp(async (app: FastifyInstance, opts: StaticWebOptions) => {
  const produced = path.resolve(opts.uploads.produced) + path.sep;
  await app.register(fastifyStatic, {
    // Ours first, so an upload can never shadow a picture we ship.
    root: [opts.uploads.produced, opts.uploads.user],
    prefix: '/upload/',
    decorateReply: false,
    maxAge: '7d',
    setHeaders: (reply, file) => {
      reply.header('content-security-policy', UPLOAD_CSP);
      const ours = path.resolve(file).startsWith(produced) && IMAGE_EXTENSIONS.has(path.extname(file).toLowerCase());
      if (!ours) reply.header('content-disposition', 'attachment');
    },
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
});
