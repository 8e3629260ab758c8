import sharp from 'sharp';
import type { MediaUploadResult } from '@yance/contracts/content-admin';
import { json, type TestApp } from './create-test-app.ts';

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
export function formWith(bytes: Buffer, filename: string, type = 'application/octet-stream', field = 'file') {
  const boundary = `----yance${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The console's picture upload (mediaUpload) as the operator's browser sends it. */
export async function upload(t: TestApp, token: string, bytes: Buffer, filename: string) {
  const form = formWith(bytes, filename, 'image/png');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/media/upload',
    headers: { ...form.headers, token },
    payload: form.payload,
  });
  return { status: res.statusCode, body: json(res) as { code: number; msg: string; data: MediaUploadResult } };
}

/** A plain PNG of that size (alpha below 1: with transparency). */
export const photo = (width: number, height: number, alpha = 1) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 60, b: 40, alpha } } })
    .png()
    .toBuffer();
