import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { UPLOAD_CSP } from '../../plugins/static-web.ts';
import { UPLOAD_KEY, type FileStorage } from './storage.service.ts';
import { uploadImage, type UploadedFile } from './upload.service.ts';

const sizeText = (n: number) => (n >= 1024 * 1024 ? `${+(n / 1024 / 1024).toFixed(1)}MB` : `${Math.floor(n / 1024)}KB`);

/** The one file of a multipart upload, in field "file"; the size limit is the multipart plugin's (UPLOAD_MAX_BYTES). */
async function readUpload(request: FastifyRequest, maxBytes: number): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new AppError('INVALID', '[文件]请以multipart/form-data上传');
  const tooLarge = new AppError('PAYLOAD_TOO_LARGE', `[文件]不能超过${sizeText(maxBytes)}`);
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file') throw new AppError('INVALID', '[文件]不能为空');
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw new AppError('INVALID', '[文件]不能为空');
    return { bytes, filename: part.filename };
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge;
    throw new AppError('INVALID', '[文件]上传不完整，请重试', { cause: err });
  }
}

/** mediaUpload; declared in @yance/contracts/api/content-admin. */
export const mediaRoutes = (ctx: AppContext, storage: FileStorage) =>
  ({
    mediaUpload: async ({ request, staff, ip }) =>
      uploadImage(ctx, storage, staff, await readUpload(request, ctx.config.UPLOAD_MAX_BYTES), ip),
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
