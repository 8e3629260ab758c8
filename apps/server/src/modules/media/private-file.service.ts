// Private files a customer uploads (ADR 0044, 0045): demand attachments and
// signed contract scans. Kept under the uploader's id with a random name and
// no extension, read back only through the calls that check who may.
import { randomBytes } from 'node:crypto';
import type { PrivateUploadResult } from '@yance/contracts/demand';
import { cleanText } from '@yance/contracts/text';
import { AppError } from '../../lib/app-error.ts';
import { sniffImage } from './image-check.ts';
import type { FastifyReply } from 'fastify';
import type { FileStorage } from './storage.service.ts';
import { reencode, type UploadedFile } from './upload.service.ts';

/** What may be uploaded, by its first bytes: pictures are re-encoded (no metadata survives); other kinds are kept as sent. */
const KINDS = {
  pdf: { type: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  zip: { type: 'application/zip', magic: [0x50, 0x4b, 0x03, 0x04] },
  ole: { type: 'application/x-ole-storage', magic: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
} as const;
export type PrivateKind = keyof typeof KINDS | 'image';

const startsWith = (b: Buffer, magic: readonly number[]) => b.length >= magic.length && magic.every((x, i) => b[i] === x);
const ID = /^[0-9a-f]{32}$/;
const keyOf = (userId: number, id: string) => `u/p/${userId}/${id}`;

/**
 * Checks the file's kind from its bytes against those allowed (refused with
 * `refusal`), stores it under the uploader and a new random id, with its
 * name, type and size beside it. Answers what the uploader sees.
 */
export async function putPrivateFile(
  storage: FileStorage,
  userId: number,
  file: UploadedFile,
  allowed: readonly PrivateKind[],
  refusal: string,
): Promise<PrivateUploadResult> {
  let data = file.bytes;
  let type: string;
  if (allowed.includes('image') && sniffImage(file.bytes)) {
    const out = await reencode(file.bytes);
    data = out.data;
    type = out.type;
  } else {
    const kind = (Object.keys(KINDS) as (keyof typeof KINDS)[]).find((k) => allowed.includes(k) && startsWith(file.bytes, KINDS[k].magic));
    if (!kind) throw new AppError('INVALID', refusal);
    type = KINDS[kind].type;
  }
  const id = randomBytes(16).toString('hex');
  const name = cleanText(file.filename).replace(/[\\/]/g, '_').slice(0, 100) || '附件';
  const result = { id, name, type, bytes: data.length };
  await storage.put(keyOf(userId, id), data, 'application/octet-stream');
  await storage.put(`${keyOf(userId, id)}-meta`, Buffer.from(JSON.stringify(result)), 'application/json');
  return result;
}

/** One of the user's private files and what was recorded of it, or undefined (another user's id finds nothing). */
export async function getPrivateFile(storage: FileStorage, userId: number, id: string) {
  if (!ID.test(id)) return undefined;
  const meta = await storage.get(`${keyOf(userId, id)}-meta`);
  const bytes = meta && (await storage.get(keyOf(userId, id)));
  if (!meta || !bytes) return undefined;
  return { ...(JSON.parse(meta.toString('utf8')) as PrivateUploadResult), data: bytes };
}

/** The private file as a download: type, size and a file name safe in Content-Disposition. */
export function sendPrivateFile(reply: FastifyReply, file: { name: string; type: string; data: Buffer }): FastifyReply {
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', file.type || 'application/octet-stream')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('x-content-type-options', 'nosniff')
    .send(file.data);
}
