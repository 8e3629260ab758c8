import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@yance/contracts/staff';
import { createTestApp, json, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens } from './factories.ts';
import { photo, upload } from './media-factories.ts';

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
