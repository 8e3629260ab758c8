import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '@yance/contracts/envelope';
import { homeData } from '@yance/contracts/home';
import { banner } from '../src/db/schema.ts';
import { invalidateHomeCache } from '../src/modules/home/home.service.ts';
import { createTestApp, json, type TestApp } from './create-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const home = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/open/web/index' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return envelope(homeData).parse(json(res)).data;
};

describe('GET /api/open/web/index', () => {
  it('gives every home section', async () => {
    const d = await home();
    expect(d.bannerArr).toHaveLength(5);
    expect(d.typeArr.map((x) => x.id)).toEqual([1, 2, 3]);
    expect(d.typeArr[2]!.tags.length).toBeGreaterThan(1);
    expect(d.prefectureNavBottomArr.length).toBeGreaterThanOrEqual(4);
    expect(d.hotItems.map((x) => x.rid)).toEqual(['d10001', 'd10006', 'd10021', 'd10007', 'd10081', 'd10061', 'd10041', 'd30001']);
    expect(d.hotItems[0]!.order).toBe(4826);
    expect(d.serviceCaseArr).toHaveLength(6);
    expect(d.serviceCaseArr[0]!.created).toBe('2026-11-06');
    expect(d.thanksArr).toHaveLength(8);
    expect(d.partnerArr.length).toBeGreaterThanOrEqual(12);
    expect(d.popup).toMatchObject({ url: '/article/a10011' });
  });

  it('sends the same payload gzipped to clients that accept it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/open/web/index', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as unknown;
    expect(envelope(homeData).parse(body).data.bannerArr).toHaveLength(5);
  });

  it('serves from the cache until invalidated', async () => {
    await home();
    await t.db.update(banner).set({ enabled: false });
    expect((await home()).bannerArr).toHaveLength(5);
    invalidateHomeCache({ db: t.db });
    expect((await home()).bannerArr).toHaveLength(0);
  });
});
