import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * multipart/form-data for the guarded scopes only (ADR 0036, 0037; the
 * customer's since ADR 0044): registered inside the admin and the customer
 * scope, so their guard runs before any part is read, and the open scope
 * keeps refusing multipart bodies. One file per request, a few small fields;
 * the largest file is UPLOAD_MAX_BYTES.
 */
export async function guardedMultipart(scope: FastifyInstance, maxFileBytes: number): Promise<void> {
  await scope.register(multipart, {
    limits: { fileSize: maxFileBytes, files: 1, fields: 10, fieldSize: 4096, parts: 12, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
}

const sizeText = (n: number) => (n >= 1024 * 1024 ? `${+(n / 1024 / 1024).toFixed(1)}MB` : `${Math.floor(n / 1024)}KB`);

export interface UploadedPart {
  bytes: Buffer;
  filename: string;
  /** Text fields sent before the file part. */
  fields: Record<string, string>;
}

/**
 * The request's one file part (in field "file"), or a clear refusal: not a
 * multipart body, no file, an empty file, or a file over maxBytes (each call
 * may set a limit below the plugin's).
 */
export async function readUploadedFile(request: FastifyRequest, maxBytes: number, label = '文件'): Promise<UploadedPart> {
  const tooLarge = new AppError('PAYLOAD_TOO_LARGE', `[${label}]不能超过${sizeText(maxBytes)}`);
  if (!request.isMultipart()) throw new AppError('INVALID', `[${label}]请以multipart/form-data上传`);
  try {
    const part = await request.file({ limits: { fileSize: maxBytes } });
    if (!part || part.fieldname !== 'file') throw new AppError('INVALID', `[${label}]不能为空`);
    const bytes = await part.toBuffer();
    if (part.file.truncated || bytes.length > maxBytes) throw tooLarge;
    if (bytes.length === 0) throw new AppError('INVALID', `[${label}]不能为空`);
    const fields: Record<string, string> = {};
    for (const [name, f] of Object.entries(part.fields))
      if (f && !Array.isArray(f) && f.type === 'field' && typeof f.value === 'string') fields[name] = f.value;
    return { bytes, filename: part.filename, fields };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge;
    throw new AppError('INVALID', `[${label}]上传不完整，请重试`, { cause: err });
  }
}
