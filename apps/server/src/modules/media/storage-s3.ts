import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { StartupError } from '../../lib/startup-error.ts';
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

const statusOf = (e: unknown) => (e instanceof S3ServiceException ? e.$metadata.httpStatusCode : undefined);
/** What went wrong, for a log line: the HTTP status and S3's error code (a HEAD answer has none), or the network error. */
function reasonOf(e: unknown): string {
  if (!(e instanceof S3ServiceException)) return e instanceof Error ? e.message : String(e);
  const code = e.name && !e.name.startsWith('Unknown') ? ` ${e.name}` : '';
  return `HTTP ${e.$metadata.httpStatusCode ?? '?'}${code}`;
}

/**
 * An S3-compatible bucket through the AWS SDK's S3 client (ADR 0037):
 * path-style, so MinIO and the cloud stores' S3 endpoints all work. Objects
 * are immutable (public keys are their hash, private ones a random id), so
 * the local copy made for /media never goes stale.
 */
export function s3Storage(opts: S3Options): FileStorage {
  const client = new S3Client({
    endpoint: opts.endpoint,
    region: opts.region,
    forcePathStyle: true,
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
    // Checksums only where S3 requires them: the SDK's default (a CRC32 on every PUT, checked on every GET)
    // is not understood by every S3-compatible store, and TLS already guards the bytes in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer fails the request instead of holding it (and the upload or page) open.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000, throwOnRequestTimeout: true },
  });
  const where = `bucket "${opts.bucket}" at ${opts.endpoint}`;
  const checked = (key: string) => {
    if (!UPLOAD_KEY.test(key)) throw new Error(`bad storage key ${JSON.stringify(key)}`);
    return key;
  };

  async function get(key: string): Promise<Buffer | undefined> {
    if (!UPLOAD_KEY.test(key)) return undefined;
    try {
      const res = await client.send(new GetObjectCommand({ Bucket: opts.bucket, Key: key }));
      return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (e) {
      if (statusOf(e) === 404) return undefined;
      throw new Error(`S3 GET ${key} from ${where} failed: ${reasonOf(e)}`, { cause: e });
    }
  }

  return {
    kind: 's3',
    async ready() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: opts.bucket }));
      } catch (e) {
        const status = statusOf(e);
        if (status === 404) throw new StartupError(`STORAGE=s3: ${where} does not exist; create it first (the app never creates buckets)`);
        if (status === 401 || status === 403)
          throw new StartupError(
            `STORAGE=s3: ${where} refused S3_ACCESS_KEY_ID (${reasonOf(e)}); check the key pair and that it may read and write the bucket`,
          );
        throw new StartupError(`STORAGE=s3: cannot reach ${where}: ${reasonOf(e)}`);
      }
    },
    async put(key, bytes, contentType) {
      try {
        await client.send(new PutObjectCommand({ Bucket: opts.bucket, Key: checked(key), Body: bytes, ContentType: contentType }));
      } catch (e) {
        throw new Error(`S3 PUT ${key} to ${where} failed: ${reasonOf(e)}`, { cause: e });
      }
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
    close() {
      client.destroy();
    },
  };
}
