import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { readUploadedFile } from '../../plugins/multipart.ts';
import { UPLOAD_CSP } from '../../plugins/static-web.ts';
import { UPLOAD_KEY, type FileStorage } from './storage.service.ts';
import { uploadImage } from './upload.service.ts';

/** mediaUpload; declared in @yance/contracts/api/content-admin. */
export const mediaRoutes = (ctx: AppContext, storage: FileStorage) =>
  ({
    mediaUpload: async ({ request, staff, ip }) =>
      uploadImage(ctx, storage, staff, await readUploadedFile(request, ctx.config.UPLOAD_MAX_BYTES), ip),
  }) satisfies Handlers;

/**
 * GET /upload/u/* — uploaded pictures, read through the storage (local disk
 * or the bucket). They are our own re-encoded JPEG/PNG files named by their
 * hash, so they are shown inline and cached for good.
 */
export function uploadServeRoutes(app: FastifyInstance, storage: FileStorage): void {
  app.get<{ Params: { '*': string } }>('/upload/u/*', async (request, reply) => {
    const key = `u/${request.params['*']}`;
    const bytes = UPLOAD_KEY.test(key) && /\.(jpg|png)$/.test(key) ? await storage.get(key) : undefined;
    if (!bytes) {
      reply.callNotFound();
      return reply;
    }
    return reply
      .header('content-type', key.endsWith('.png') ? 'image/png' : 'image/jpeg')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', UPLOAD_CSP)
      .send(bytes);
  });
}
