import type { Config } from '../../config/env.ts';
import { localStorage } from './storage-local.ts';
import { s3Storage } from './storage-s3.ts';

/**
 * Where uploaded files live (ADR 0037). Keys are relative paths such as
 * "u/3f/3f9c….jpg", served at /upload/<key>. Local disk by default; an
 * S3-compatible bucket with STORAGE=s3, the one every server process shares.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores bytes under key (replacing what was there). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or undefined when there is no such object. */
  get(key: string): Promise<Buffer | undefined>;
  /**
   * A file on this machine holding the object, for the image encoder of
   * /media (local: the file itself; S3: a copy cached under DATA_DIR).
   */
  localFile(key: string): Promise<string | undefined>;
  /**
   * Checked once when the app gets ready: local makes its folder; S3 asks
   * for the bucket (HeadBucket) and throws a StartupError, one line, when it
   * is missing, refuses the key or cannot be reached.
   */
  ready(): Promise<void>;
  /** Lets go of connections when the app closes. */
  close(): void;
}

/** Keys we write and serve: "u/" then plain path segments (no "..", no leading dot). */
export const UPLOAD_KEY = /^u(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

export function createStorage(config: Config): FileStorage {
  if (config.STORAGE === 's3') {
    return s3Storage({
      endpoint: config.S3_ENDPOINT!,
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      cacheDir: `${config.DATA_DIR}/cache/s3`,
    });
  }
  return localStorage(`${config.DATA_DIR}/upload`);
}

/**
 * Where private files live (result files of orders, ADR 0041; demand
 * attachments and signed contracts, ADR 0044/0045): never under the publicly
 * served DATA_DIR/upload. Local disk: DATA_DIR/private; S3: the same bucket
 * (every read goes through the app), keys without a picture extension so
 * /upload/u/* never answers them.
 */
export function createPrivateStorage(config: Config): FileStorage {
  return config.STORAGE === 's3' ? createStorage(config) : localStorage(`${config.DATA_DIR}/private`);
}
