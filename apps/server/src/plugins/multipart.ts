import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** Largest file part any console upload may send; each call checks its own, smaller limit too. */
const FILE_MAX_BYTES = 20 * 1024 * 1024;

/**
 * multipart/form-data for the admin scope only (ADR 0036): registered once,
 * inside that scope, so the staff guard runs before any part is read and the
 * open and customer scopes keep refusing multipart bodies. One file per
 * request, a few small fields.
 */
export async function adminMultipart(admin: FastifyInstance): Promise<void> {
  await admin.register(multipart, { limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 } });
}

/**
 * The bytes of the request's one file part, or a clear refusal: not a
 * multipart body, no file, or a file over maxBytes.
 */
export async function readUploadedFile(request: FastifyRequest, maxBytes: number, label = '文件'): Promise<Buffer> {
  const tooLarge = new AppError('PAYLOAD_TOO_LARGE', `[${label}]不能超过 ${Math.round(maxBytes / 1024 / 1024)} MB`);
  if (!request.isMultipart()) throw new AppError('INVALID', `请以 multipart/form-data 上传[${label}]`);
  let part;
  try {
    part = await request.file({ limits: { fileSize: maxBytes } });
    if (!part) throw new AppError('INVALID', `[${label}]不能为空`);
    const bytes = await part.toBuffer();
    if (part.file.truncated || bytes.length > maxBytes) throw tooLarge;
    return bytes;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge;
    throw new AppError('INVALID', `[${label}]上传不完整，请重试`, { cause: err });
  }
}
