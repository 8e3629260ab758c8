import { createReadStream } from 'node:fs';
import path from 'node:path';
import { IMAGE_WIDTHS, RASTER_EXTENSIONS } from '@yance/contracts/media';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UPLOAD_CSP } from '../static-web.ts';
import { chooseFormat, CONTENT_TYPES, findOriginal, variantFile } from './variants.ts';

export interface MediaOptions {
  /** Where originals are looked up, in order (the same roots as /upload). */
  roots: readonly string[];
  /** Where variants are kept (DATA_DIR/cache/media). */
  cacheDir: string;
  /** Variants encoded at once by this process; more wait their turn (encoding is CPU work). */
  concurrency?: number;
  /** Where an original not in the roots may be (uploads kept in a bucket, ADR 0037): a local copy's path. */
  fallback?: (rel: string) => Promise<string | undefined>;
}

const WIDTHS = new Set<number>(IMAGE_WIDTHS);
const RASTER = new Set<string>(RASTER_EXTENSIONS);
/** A week, like /upload: a replaced original has a new cache key but the same URL. */
const CACHE_CONTROL = 'public, max-age=604800';

/**
 * GET /media/:width/<path under /upload> (ADR 0031): the picture at one of
 * IMAGE_WIDTHS, in the best format the browser accepts. Made once, then read
 * from the cache; a request for a variant being made waits for it.
 */
export const mediaPlugin = fp(async (app: FastifyInstance, opts: MediaOptions) => {
  const making = new Map<string, Promise<string>>();
  const waiting: (() => void)[] = [];
  let running = 0;
  const limit = opts.concurrency ?? 2;
  const slot = async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };

  const locate = async (rel: string) => {
    const found = await findOriginal(opts.roots, rel);
    if (found || !opts.fallback) return found;
    const ext = path.extname(rel).slice(1).toLowerCase();
    if (!RASTER.has(ext)) return undefined;
    const file = await opts.fallback(rel).catch(() => undefined);
    return file ? { file, ext } : undefined;
  };

  app.get<{ Params: { width: string; '*': string } }>('/media/:width/*', async (request, reply) => {
    const width = Number(request.params.width);
    const found = WIDTHS.has(width) ? await locate(request.params['*']) : undefined;
    if (!found) {
      reply.callNotFound();
      return reply;
    }
    const format = chooseFormat(request.headers.accept, found.ext);
    const key = `${found.file}\0${width}\0${format}`;
    let made = making.get(key);
    if (!made) {
      made = slot(() => variantFile(opts.cacheDir, found.file, width, format)).finally(() => making.delete(key));
      making.set(key, made);
    }
    const file = await made.catch((e: unknown) => {
      request.log.warn({ err: e, file: found.file }, 'image variant could not be made');
      return undefined;
    });
    if (!file) {
      reply.callNotFound();
      return reply;
    }
    return reply
      .header('content-type', CONTENT_TYPES[format])
      .header('vary', 'Accept')
      .header('cache-control', CACHE_CONTROL)
      .header('content-security-policy', UPLOAD_CSP)
      .send(createReadStream(file));
  });
});
