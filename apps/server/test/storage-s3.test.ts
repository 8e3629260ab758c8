import { createServer } from 'node:net';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivateUploadResult } from '@yance/contracts/demand';
import { loadConfig } from '../src/config/env.ts';
import { StartupError } from '../src/lib/startup-error.ts';
import { createStorage } from '../src/modules/media/storage.service.ts';
import { createTestApp, createTwinApps, json, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens, type TestUser } from './factories.ts';
import { formWith, photo, upload } from './media-factories.ts';
import { newKey } from './money-factories.ts';
import { orderingCustomer } from './order-factories.ts';
import { startS3, type TestS3 } from './s3-server.ts';

// Uploads in an S3 bucket (ADR 0037), against s3rver: a real S3-protocol server in this process, no network.

/** A transfer receipt (a scanned picture) uploaded by the customer through one app. */
async function uploadReceipt(t: TestApp, u: TestUser, bytes: Buffer) {
  const form = formWith(bytes, '回单.png', 'image/png');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/prestore/upload',
    headers: { ...form.headers, token: u.tokens.token },
    payload: form.payload,
  });
  expect(res.statusCode).toBe(200);
  return (json(res) as { data: PrivateUploadResult }).data;
}

const transfer = (t: TestApp, u: TestUser, receiptId: string) =>
  callApi(t, 'prestoreAdd', {
    token: u.tokens.token,
    body: { method: 'transfer', amountFen: 200_000, payer: '某大学财务处', receiptId, idempotencyKey: newKey() },
  });

describe('STORAGE=s3: two server processes, each with its own DATA_DIR, on one database and one bucket', () => {
  let s3: TestS3;
  let twins: Awaited<ReturnType<typeof createTwinApps>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    s3 = await startS3();
    twins = await createTwinApps({ env: { ...s3.env, UPLOAD_MAX_BYTES: String(200 * 1024) }, ownDataDirs: true });
    ({ a, b } = twins);
  });
  afterAll(async () => {
    await twins?.close();
    await s3?.close();
  });

  it('puts a console upload in the bucket; both processes serve it, and the other one makes its /media variant from it', async () => {
    const operator = (await staffTokens(a, 'operator')).token;
    const res = await upload(a, operator, await photo(1200, 800), 'case.png');
    expect(res.body.data).toMatchObject({ type: 'image/jpeg', width: 1200, height: 800 });
    const key = res.body.data.path.slice('/upload/'.length);

    const stored = await s3.object(key);
    expect(stored?.type).toBe('image/jpeg');
    expect(stored?.body.length).toBe(res.body.data.bytes);
    // Nothing on either process's disk: the bucket is the only copy.
    for (const t of [a, b]) expect(await stat(path.join(t.dataDir, 'upload', key)).catch(() => undefined)).toBeUndefined();

    for (const t of [a, b]) {
      const served = await t.app.inject({ method: 'GET', url: res.body.data.path });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.rawPayload.equals(stored!.body)).toBe(true);
    }

    // B never saw the upload: its encoder gets the original through the storage's local copy (the fallback).
    const variant = await b.app.inject({
      method: 'GET',
      url: res.body.data.path.replace('/upload/', '/media/480/'),
      headers: { accept: 'image/avif' },
    });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/avif');
    expect(await sharp(variant.rawPayload).metadata()).toMatchObject({ width: 480, height: 320 });
    expect((await stat(path.join(b.dataDir, 'cache', 's3', key))).size).toBe(stored!.body.length);

    expect((await b.app.inject({ method: 'GET', url: '/upload/u/00/00000000000000000000000000000000.jpg' })).statusCode).toBe(404);
    expect((await b.app.inject({ method: 'GET', url: '/media/480/u/00/00000000000000000000000000000000.jpg' })).statusCode).toBe(404);
  });

  it('a receipt uploaded through A is taken by B for the transfer, and finance reads it through either', async () => {
    const u = await orderingCustomer(a);
    const receipt = await uploadReceipt(a, u, await photo(600, 900));
    expect(receipt).toMatchObject({ name: '回单.png', type: 'image/jpeg' });

    // Kept private in the bucket: the file and what was recorded of it, under the customer, never under /upload or /media.
    const keys = await s3.keys('u/p/');
    expect(keys).toEqual([`u/p/${u.id}/${receipt.id}`, `u/p/${u.id}/${receipt.id}-meta`]);
    expect((await a.app.inject({ method: 'GET', url: `/upload/${keys[0]}` })).statusCode).toBe(404);
    expect((await a.app.inject({ method: 'GET', url: `/media/480/${keys[0]}` })).statusCode).toBe(404);

    const added = await transfer(b, u, receipt.id);
    expect(added.body.msg).toBe('充值单已提交');
    expect(added.body.data.topup.state).toBe('pending');

    const stored = (await s3.object(`u/p/${u.id}/${receipt.id}`))!.body;
    // One finance session (sessions live in the database) read through each process.
    const finance = (await staffTokens(a, 'finance')).token;
    for (const t of [a, b]) {
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/admin/topup/receipt?id=${added.body.data.topup.id}`,
        headers: { token: finance },
      });
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-type']).toBe('image/jpeg');
      expect(read.rawPayload.equals(stored)).toBe(true);
    }
  });

  it('refuses a file over UPLOAD_MAX_BYTES before it reaches the bucket', async () => {
    const before = await s3.keys();
    const noisy = await sharp(Buffer.from(Array.from({ length: 400 * 400 * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: 400, height: 400, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(200 * 1024);
    const res = await upload(a, (await staffTokens(a, 'operator')).token, noisy, 'big.png');
    expect(res.status).toBe(413);
    expect(res.body.msg).toBe('[文件]不能超过200KB');
    expect(await s3.keys()).toEqual(before);
  });
});

describe('STORAGE=local: two processes with their own DATA_DIR (why production on PostgreSQL refuses it)', () => {
  it('B cannot see a receipt uploaded through A', async () => {
    const twins = await createTwinApps({ ownDataDirs: true });
    try {
      const u = await orderingCustomer(twins.a);
      const receipt = await uploadReceipt(twins.a, u, await photo(300, 400));
      expect((await transfer(twins.b, u, receipt.id)).body.msg).toBe('[转账凭证]已失效，请重新上传');
      expect((await transfer(twins.a, u, receipt.id)).body.msg).toBe('充值单已提交');
    } finally {
      await twins.close();
    }
  });
});

describe('the bucket is checked at start (HeadBucket)', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(async () => s3?.close());

  /** The storage a server would open with these S3 settings, asked whether it is ready. */
  const readiness = async (env: Record<string, string>) => {
    const storage = createStorage(loadConfig({ ...s3.env, ...env }));
    try {
      await storage.ready();
      return 'ready';
    } catch (error) {
      expect(error).toBeInstanceOf(StartupError);
      expect((error as Error).message).not.toContain('\n');
      return (error as Error).message;
    } finally {
      storage.close();
    }
  };

  it('passes for the bucket that exists', async () => {
    expect(await readiness({})).toBe('ready');
  });

  it('names a missing bucket, a refused key and an endpoint that does not answer, each in one line', async () => {
    expect(await readiness({ S3_BUCKET: 'no-such-bucket' })).toBe(
      `STORAGE=s3: bucket "no-such-bucket" at ${s3.endpoint} does not exist; create it first (the app never creates buckets)`,
    );
    expect(await readiness({ S3_ACCESS_KEY_ID: 'NOT-S3RVER' })).toBe(
      `STORAGE=s3: bucket "yance-files" at ${s3.endpoint} refused S3_ACCESS_KEY_ID (HTTP 403); check the key pair and that it may read and write the bucket`,
    );
    // A port that was free a moment ago: nothing listens there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    expect(await readiness({ S3_ENDPOINT: `http://127.0.0.1:${port}` })).toMatch(
      new RegExp(`^STORAGE=s3: cannot reach bucket "yance-files" at http://127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`),
    );
  });

  it('keeps the app from getting ready when its bucket is missing', async () => {
    const t = await createTestApp({ env: { ...s3.env, S3_BUCKET: 'not-created' } });
    try {
      await expect(t.app.ready()).rejects.toThrow(/bucket "not-created" .* does not exist/);
    } finally {
      await t.close();
    }
  });
});
