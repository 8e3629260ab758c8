import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaUploadResult } from '@yance/contracts/content-admin';
import type { AuditEntry } from '@yance/contracts/staff';
import { sha256Hex, signV4 } from '../src/lib/sigv4.ts';
import { createTestApp, json, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens } from './factories.ts';

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
function formWith(bytes: Buffer, filename: string, type = 'application/octet-stream', field = 'file') {
  const boundary = `----yance${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(t: TestApp, token: string, bytes: Buffer, filename: string) {
  const form = formWith(bytes, filename, 'image/png');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/media/upload',
    headers: { ...form.headers, token },
    payload: form.payload,
  });
  return { status: res.statusCode, body: json(res) as { code: number; msg: string; data: MediaUploadResult } };
}

const photo = (width: number, height: number, alpha = 1) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 60, b: 40, alpha } } })
    .png()
    .toBuffer();

describe('uploads on local disk (ADR 0037)', () => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp();
    operator = (await staffTokens(t, 'operator')).token;
  });
  afterAll(async () => t.close());

  it('accepts a PNG, re-encodes it within 2560 px and serves it under /upload and /media', async () => {
    const res = await upload(t, operator, await photo(3000, 1200, 0.5), '横幅.png');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ msg: '上传成功', data: { type: 'image/png', width: 2560, height: 1024 } });
    expect(res.body.data.path).toMatch(/^\/upload\/u\/[0-9a-f]{2}\/[0-9a-f]{32}\.png$/);

    const served = await t.app.inject({ method: 'GET', url: res.body.data.path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(2560);
    const variant = await t.app.inject({
      method: 'GET',
      url: res.body.data.path.replace('/upload/', '/media/640/'),
      headers: { accept: 'image/webp' },
    });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    expect((await sharp(variant.rawPayload).metadata()).width).toBe(640);

    const admin = (await staffTokens(t, 'admin')).token;
    const key = res.body.data.path.slice('/upload/'.length);
    const log = (await callApi(t, 'auditList', { token: admin, query: { objectType: 'media', objectId: key } })).body.data
      .list as AuditEntry[];
    expect(log[0]).toMatchObject({
      action: 'media.upload',
      actorName: '陈运营',
      changes: { originalName: [null, '横幅.png'], width: [null, 2560] },
    });
  });

  it('stores an opaque picture as a new JPEG: nothing after the image data survives', async () => {
    const smuggled = Buffer.concat([await photo(800, 600), Buffer.from('<?php system($_GET["c"]); ?>')]);
    const res = await upload(t, operator, smuggled, 'a.png');
    expect(res.body.data).toMatchObject({ type: 'image/jpeg', width: 800, height: 600 });
    const served = await t.app.inject({ method: 'GET', url: res.body.data.path });
    expect(served.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(served.rawPayload.toString('latin1')).not.toContain('php');
  });

  it('refuses what is not a raster picture, whatever its name, and roles without media.upload', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2000, 0x90)]);
    expect((await upload(t, operator, exe, 'photo.png')).body).toMatchObject({
      code: 0,
      msg: '[文件]不是受支持的图片（JPEG、PNG、WebP、AVIF、GIF）',
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(t, operator, svg, 'logo.png')).body.msg).toBe(
      '[文件]不接受SVG等矢量或网页文件，请上传JPEG、PNG、WebP、AVIF或GIF图片',
    );
    const broken = (await photo(100, 100)).subarray(0, 60);
    expect((await upload(t, operator, broken, 'b.png')).body.msg).toBe('[文件]图片已损坏或无法读取');
    const lab = (await staffTokens(t, 'lab')).token;
    expect((await upload(t, lab, await photo(10, 10), 'x.png')).status).toBe(403);
    const plain = await t.app.inject({ method: 'POST', url: '/api/admin/media/upload', headers: { token: operator }, payload: {} });
    expect((json(plain) as { msg: string }).msg).toBe('[文件]请以multipart/form-data上传');
  });
});

/** A tiny S3: PUT and GET of objects, refusing any request whose SigV4 signature does not match. */
function fakeS3(key: { accessKeyId: string; secretAccessKey: string }) {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url!, `http://${req.headers.host}`);
      const amzDate = String(req.headers['x-amz-date']);
      const now = new Date(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
      const signed = /SignedHeaders=([^,]+)/.exec(String(req.headers.authorization))?.[1]?.split(';') ?? [];
      const extra = Object.fromEntries(
        signed.filter((h) => !['host', 'x-amz-date', 'x-amz-content-sha256'].includes(h)).map((h) => [h, String(req.headers[h])]),
      );
      const expected = signV4(
        { ...key, region: 'us-east-1', service: 's3' },
        { method: req.method!, url, headers: extra, payloadHash: sha256Hex(body), now },
      );
      if (expected.authorization !== req.headers.authorization || req.headers['x-amz-content-sha256'] !== sha256Hex(body)) {
        res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      if (req.method === 'PUT') {
        objects.set(url.pathname, { body, type: String(req.headers['content-type']) });
        res.writeHead(200).end();
      } else {
        const o = objects.get(url.pathname);
        if (!o) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        else res.writeHead(200, { 'content-type': o.type }).end(o.body);
      }
    });
  });
  return { server, objects };
}

describe('uploads to an S3-compatible bucket (ADR 0037)', () => {
  const key = { accessKeyId: 'YANCETESTKEY', secretAccessKey: 'yance/test/secret' };
  const s3 = fakeS3(key);
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
    const { port } = s3.server.address() as AddressInfo;
    t = await createTestApp({
      env: {
        STORAGE: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'yance-media',
        S3_ACCESS_KEY_ID: key.accessKeyId,
        S3_SECRET_ACCESS_KEY: key.secretAccessKey,
        UPLOAD_MAX_BYTES: String(200 * 1024),
      },
    });
    operator = (await staffTokens(t, 'operator')).token;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => s3.server.close(resolve));
  });

  it('puts the re-encoded file in the bucket, signed, and serves it and its variants from there', async () => {
    const res = await upload(t, operator, await photo(1200, 800), 'case.png');
    expect(res.body.data).toMatchObject({ type: 'image/jpeg', width: 1200, height: 800 });
    const stored = s3.objects.get(`/yance-media/${res.body.data.path.slice('/upload/'.length)}`);
    expect(stored?.type).toBe('image/jpeg');
    expect(stored?.body.length).toBe(res.body.data.bytes);
    const served = await t.app.inject({ method: 'GET', url: res.body.data.path });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(stored!.body)).toBe(true);
    const variant = await t.app.inject({
      method: 'GET',
      url: res.body.data.path.replace('/upload/', '/media/480/'),
      headers: { accept: 'image/avif' },
    });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/avif');
    expect((await t.app.inject({ method: 'GET', url: '/upload/u/00/00000000000000000000000000000000.jpg' })).statusCode).toBe(404);
  });

  it('refuses a file over UPLOAD_MAX_BYTES', async () => {
    const noisy = await sharp(Buffer.from(Array.from({ length: 400 * 400 * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: 400, height: 400, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(200 * 1024);
    const res = await upload(t, operator, noisy, 'big.png');
    expect(res.status).toBe(413);
    expect(res.body.msg).toBe('[文件]不能超过200KB');
  });
});
