import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's built-in account (it knows no other access key). */
export const S3RVER_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/**
 * A real S3-protocol server in this process (s3rver: Koa over a temporary
 * folder, on 127.0.0.1 and a free port), with `bucket` created; no network.
 * It checks the access key id but, unlike S3, not the SigV4 signature.
 * `env` is what an app needs for STORAGE=s3 on it; `client` reads the bucket
 * the way any other S3 client would, to check what the app stored.
 */
export async function startS3(bucket = 'yance-files') {
  const dir = await mkdtemp(path.join(tmpdir(), 'yance-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_KEY });
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_KEY.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY.secretAccessKey,
    },
    /** The keys in the bucket under prefix. */
    async keys(prefix = ''): Promise<string[]> {
      const res = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (res.Contents ?? []).map((o) => o.Key!).sort();
    },
    /** An object's bytes and content type, or undefined. */
    async object(key: string): Promise<{ body: Buffer; type: string | undefined } | undefined> {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).catch(() => undefined);
      if (!head) return undefined;
      const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return { body: Buffer.from(await res.Body!.transformToByteArray()), type: head.ContentType };
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export type TestS3 = Awaited<ReturnType<typeof startS3>>;
