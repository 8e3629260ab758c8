import { createHash } from 'node:crypto';
import type { MediaUploadResult } from '@yance/contracts/content-admin';
import { cleanText } from '@yance/contracts/text';
import { loadSharp } from '../../lib/sharp.ts';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { changesOf, recordAudit } from '../audit/index.ts';
import { looksLikeMarkup, sniffImage } from './image-check.ts';
import { insertMedia } from './media.repository.ts';
import type { FileStorage } from './storage.service.ts';

/** Pictures past this many pixels are refused (a decompression bomb, not a photo); the same limit as /media's encoder. */
const MAX_INPUT_PIXELS = 50_000_000;

/** Longest side kept: wider than the widest /media variant (1920) with room to crop, far below a camera's 6000 px. */
export const MAX_SIDE = 2560;

export interface UploadedFile {
  bytes: Buffer;
  filename: string;
}

const NOT_IMAGE = '[文件]不是受支持的图片（JPEG、PNG、WebP、AVIF、GIF）';
const MARKUP = '[文件]不接受SVG等矢量或网页文件，请上传JPEG、PNG、WebP、AVIF或GIF图片';

/**
 * Re-encodes an upload (ADR 0037): the kind is read from its bytes, the
 * picture decoded by sharp (first frame of an animation), turned upright,
 * fitted inside MAX_SIDE, and written anew without metadata — JPEG when
 * opaque, PNG when it has transparency. Only these new bytes are stored, so
 * nothing the uploader put in the file (EXIF location, a payload after the
 * image data) survives.
 */
export async function reencode(bytes: Buffer): Promise<{ data: Buffer; type: MediaUploadResult['type']; width: number; height: number }> {
  if (!sniffImage(bytes)) throw new AppError('INVALID', looksLikeMarkup(bytes) ? MARKUP : NOT_IMAGE);
  const sharp = await loadSharp();
  const open = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  try {
    const opaque = (await open().metadata()).hasAlpha ? (await open().stats()).isOpaque : true;
    const pipeline = open().rotate().resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded = opaque
      ? pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true, progressive: true })
      : pipeline.png({ compressionLevel: 9, effort: 7 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, type: opaque ? 'image/jpeg' : 'image/png', width: info.width, height: info.height };
  } catch (err) {
    const tooBig = err instanceof Error && /pixel limit/i.test(err.message);
    throw new AppError('INVALID', tooBig ? '[文件]图片像素过多（上限5000万像素）' : '[文件]图片已损坏或无法读取', { cause: err });
  }
}

/** mediaUpload: checks and re-encodes the picture, stores it by the hash of its bytes, records it and its size, logged. */
export async function uploadImage(
  ctx: AppContext,
  storage: FileStorage,
  caller: StaffCaller,
  file: UploadedFile,
  ip: string,
): Promise<MediaUploadResult> {
  const { data, type, width, height } = await reencode(file.bytes);
  const hash = createHash('sha256').update(data).digest('hex');
  const key = `u/${hash.slice(0, 2)}/${hash.slice(0, 32)}.${type === 'image/png' ? 'png' : 'jpg'}`;
  // Stored before the row: a row never names a missing file (a failed insert leaves an unnamed file, harmless).
  await storage.put(key, data, type);
  const result: MediaUploadResult = { path: `/upload/${key}`, width, height, bytes: data.length, type };
  const originalName = cleanText(file.filename).slice(0, 200);
  await ctx.tx(async (t) => {
    const now = t.clock();
    const fields = { key, contentType: type, width, height, bytes: data.length, originalName, uploadedBy: caller.id, createdAt: now };
    if (!(await insertMedia(t.db, fields))) return;
    await recordAudit(t, {
      actor: { kind: 'staff', id: caller.id, name: caller.name },
      action: 'media.upload',
      objectType: 'media',
      objectId: key,
      changes: changesOf(null, { path: result.path, width, height, bytes: data.length, type, originalName }),
      ip,
    });
  });
  return result;
}
