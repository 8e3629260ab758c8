import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './create-test-app.ts';

const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

/** A 1600×1000 picture with some detail (a flat colour would encode to nothing). */
const photo = (width = 1600, height = 1000) =>
  sharp({ create: { width, height, channels: 3, background: '#3a6ea5', noise: { type: 'gaussian', mean: 128, sigma: 8 } } })
    .png()
    .toBuffer();

describe('/media: responsive variants of raster uploads (ADR 0031)', () => {
  let t: TestApp;
  const get = (url: string, accept = CHROME_ACCEPT) => t.app.inject({ method: 'GET', url, headers: { accept } });
  const sizeOf = async (body: Buffer) => {
    const m = await sharp(body).metadata();
    return [m.format, m.width, m.height];
  };

  beforeAll(async () => {
    t = await createTestApp();
    await mkdir(path.join(t.dataDir, 'upload/test'), { recursive: true });
    await writeFile(path.join(t.dataDir, 'upload/test/photo.png'), await photo());
    await writeFile(path.join(t.dataDir, 'upload/test/broken.jpg'), 'not a picture at all');
  });
  afterAll(async () => t.close());

  it('answers the width asked for in the best format the browser takes', async () => {
    const avif = await get('/media/640/test/photo.png');
    expect(avif.statusCode).toBe(200);
    expect(avif.headers).toMatchObject({ 'content-type': 'image/avif', vary: 'Accept', 'cache-control': 'public, max-age=604800' });
    expect(await sizeOf(avif.rawPayload)).toEqual(['heif', 640, 400]);

    const webp = await get('/media/640/test/photo.png', 'image/webp,*/*');
    expect([webp.headers['content-type'], ...(await sizeOf(webp.rawPayload))]).toEqual(['image/webp', 'webp', 640, 400]);
    const old = await get('/media/320/test/photo.png', '*/*');
    expect([old.headers['content-type'], ...(await sizeOf(old.rawPayload))]).toEqual(['image/png', 'png', 320, 200]);
    // Far smaller than the original it was made from.
    expect(avif.rawPayload.length).toBeLessThan((await photo()).length / 10);
  });

  it('never enlarges: 1920 of a 1600 px original is 1600 px', async () => {
    expect(await sizeOf((await get('/media/1920/test/photo.png')).rawPayload)).toEqual(['heif', 1600, 1000]);
  });

  it('makes a variant once; asked for at once by many, all get the same bytes', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => get('/media/480/test/photo.png')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1);
    const cached = (await readdir(path.join(t.dataDir, 'cache/media'), { recursive: true })).filter((f) => f.endsWith('-480.avif'));
    expect(cached).toHaveLength(1);
  });

  it('a replaced original gets new variants', async () => {
    await writeFile(path.join(t.dataDir, 'upload/test/photo.png'), await photo(1000, 1000));
    expect(await sizeOf((await get('/media/1920/test/photo.png')).rawPayload)).toEqual(['heif', 1000, 1000]);
  });

  it('answers 404 for other widths, vector and missing pictures, paths out of the upload folder and broken files', async () => {
    for (const url of [
      '/media/700/test/photo.png',
      '/media/abc/test/photo.png',
      '/media/640/test/missing.jpg',
      '/media/640/img/banner/b1.svg',
      '/media/640/../upload/test/photo.png',
      '/media/640/%2e%2e/%2e%2e/package.json',
      '/media/640/..%2F..%2Fapps/server/assets/upload/img/banner/b1.jpg',
      '/media/640/test/broken.jpg',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});
