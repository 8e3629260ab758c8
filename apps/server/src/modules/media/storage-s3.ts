import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Fetch } from '../../context.ts';
import { sha256Hex, signV4, type SigV4Key } from '../../lib/sigv4.ts';
import type { FileStorage } from './storage.service.ts';
import { UPLOAD_KEY } from './storage.service.ts';

export interface S3Options {
  /** e.g. https://s3.example.com or http://127.0.0.1:9000 (path-style: <endpoint>/<bucket>/<key>). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where objects are copied for the image encoder (DATA_DIR/cache/s3). */
  cacheDir: string;
}

/**
 * An S3-compatible bucket over fetch with SigV4 (lib/sigv4.ts): PUT and GET
 * of whole objects, path-style, so MinIO and the cloud stores' S3 endpoints
 * all work. Objects are immutable (their key is their hash), so the local
 * copy made for /media never goes stale.
 */
export function s3Storage(opts: S3Options, fetch: Fetch): FileStorage {
  const key4: SigV4Key = { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey, region: opts.region, service: 's3' };
  const urlOf = (key: string) =>
    new URL(`${opts.endpoint}/${encodeURIComponent(opts.bucket)}/${key.split('/').map(encodeURIComponent).join('/')}`);
  const checked = (key: string) => {
    if (!UPLOAD_KEY.test(key)) throw new Error(`bad storage key ${JSON.stringify(key)}`);
    return key;
  };

  async function get(key: string): Promise<Buffer | undefined> {
    if (!UPLOAD_KEY.test(key)) return undefined;
    const url = urlOf(key);
    const headers = signV4(key4, { method: 'GET', url, payloadHash: sha256Hex(''), now: new Date() });
    const res = await fetch(url.toString(), { method: 'GET', headers });
    if (res.status === 404) return undefined;
    if (!res.ok) throw new Error(`S3 GET ${key} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return Buffer.from(await res.arrayBuffer());
  }

  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      const url = urlOf(checked(key));
      const headers = signV4(key4, {
        method: 'PUT',
        url,
        headers: { 'content-type': contentType },
        payloadHash: sha256Hex(bytes),
        now: new Date(),
      });
      const res = await fetch(url.toString(), { method: 'PUT', headers, body: new Uint8Array(bytes) });
      if (!res.ok) throw new Error(`S3 PUT ${key} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    },
    get,
    async localFile(key) {
      if (!UPLOAD_KEY.test(key)) return undefined;
      const file = path.join(path.resolve(opts.cacheDir), key);
      if ((await stat(file).catch(() => undefined))?.isFile()) return file;
      const bytes = await get(key);
      if (!bytes) return undefined;
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
      return file;
    },
  };
}
