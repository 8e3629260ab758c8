import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type * as S3 from '@aws-sdk/client-s3';
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

/** The AWS SDK, loaded with the first call (a process on local storage never loads it). */
type Sdk = typeof S3;
let sdkLoading: Promise<Sdk> | undefined;
const loadSdk = () => (sdkLoading ??= import('@aws-sdk/client-s3'));

/** An error S3 answered (the SDK is loaded by then: only a sent command fails this way). */
const s3Error = async (e: unknown) => {
  const { S3ServiceException } = await loadSdk();
  return e instanceof S3ServiceException ? e : undefined;
};
const statusOf = async (e: unknown) => (await s3Error(e))?.$metadata.httpStatusCode;
/** What went wrong, for a log line: the HTTP status and S3's error code (a HEAD answer has none), or the network error. */
async function reasonOf(err: unknown): Promise<string> {
  const e = await s3Error(err);
  if (!e) return err instanceof Error ? err.message : String(err);
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
  let client: S3.S3Client | undefined;
  const made = async () => {
    const sdk = await loadSdk();
    client ??= makeClient(sdk, opts);
    return { sdk, client };
  };
  const where = `bucket "${opts.bucket}" at ${opts.endpoint}`;
  const checked = (key: string) => {
    if (!UPLOAD_KEY.test(key)) throw new Error(`bad storage key ${JSON.stringify(key)}`);
    return key;
  };

  async function get(key: string): Promise<Buffer | undefined> {
    if (!UPLOAD_KEY.test(key)) return undefined;
    const { sdk, client } = await made();
    try {
      const res = await client.send(new sdk.GetObjectCommand({ Bucket: opts.bucket, Key: key }));
      return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (e) {
      if ((await statusOf(e)) === 404) return undefined;
      throw new Error(`S3 GET ${key} from ${where} failed: ${await reasonOf(e)}`, { cause: e });
    }
  }

  return {
    kind: 's3',
    async ready() {
      const { sdk, client } = await made();
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket: opts.bucket }));
      } catch (e) {
        const status = await statusOf(e);
        const reason = await reasonOf(e);
        if (status === 404) throw new StartupError(`STORAGE=s3: ${where} does not exist; create it first (the app never creates buckets)`);
        if (status === 401 || status === 403)
          throw new StartupError(
            `STORAGE=s3: ${where} refused S3_ACCESS_KEY_ID (${reason}); check the key pair and that it may read and write the bucket`,
          );
        throw new StartupError(`STORAGE=s3: cannot reach ${where}: ${reason}`);
      }
    },
    async put(key, bytes, contentType) {
      const { sdk, client } = await made();
      try {
        await client.send(new sdk.PutObjectCommand({ Bucket: opts.bucket, Key: checked(key), Body: bytes, ContentType: contentType }));
      } catch (e) {
        throw new Error(`S3 PUT ${key} to ${where} failed: ${await reasonOf(e)}`, { cause: e });
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
      client?.destroy();
    },
  };
}

function makeClient(sdk: Sdk, opts: S3Options): S3.S3Client {
  return new sdk.S3Client({
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
}
