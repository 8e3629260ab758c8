import { gunzipSync } from 'node:zlib';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '@yance/contracts/envelope';
import { homeData } from '@yance/contracts/home';
import { banner, device, partner, setting } from '../src/db/schema.ts';
import { invalidateHomeCache } from '../src/modules/home/home.service.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi } from './factories.ts';

let t: TestApp;
let banners: (typeof banner.$inferSelect)[];
let hot: { id: number; hotRank: number | null; onShelf: boolean }[];
beforeAll(async () => {
  t = await createTestApp();
  banners = await t.db.select().from(banner);
  hot = await t.db
    .select({ id: device.id, hotRank: device.hotRank, onShelf: device.onShelf })
    .from(device)
    .where(isNotNull(device.hotRank));
});
// Tests here change banners and hot items: put them back whatever the assertions did.
afterEach(async () => {
  for (const b of banners) await t.db.update(banner).set({ enabled: b.enabled }).where(eq(banner.id, b.id));
  for (const d of hot) await t.db.update(device).set({ onShelf: d.onShelf }).where(eq(device.id, d.id));
  invalidateHomeCache({ db: t.db });
});
afterAll(async () => t.close());

const home = async () => {
  const res = await callApi(t, 'home');
  expect(res.status).toBe(200);
  return envelope(homeData).parse(res.body).data;
};

/** On-shelf hot items as the database ranks them. */
const hotRids = async () =>
  (
    await t.db
      .select({ rid: device.rid })
      .from(device)
      .where(and(isNotNull(device.hotRank), eq(device.onShelf, true)))
      .orderBy(asc(device.hotRank), asc(device.id))
  ).map((r) => r.rid);

describe('GET /api/open/web/index', () => {
  it('gives the enabled banners in order, and the same types and areas as their own calls', async () => {
    const d = await home();
    const enabled = [...banners].filter((b) => b.enabled).sort((a, b) => a.sort - b.sort || a.id - b.id);
    expect(d.bannerArr.map((b) => b.title)).toEqual(enabled.map((b) => b.title));
    expect(d.typeArr).toEqual((await callApi(t, 'typeGroup')).body.data);
    expect(d.typeArr.map((x) => x.id)).toEqual([1, 2, 3]); // spec §9: 送样检测, 现场预约, 数据分析
    expect(d.prefectureNavBottomArr).toEqual((await callApi(t, 'prefectureList')).body.data);
    expect(d.partnerArr).toHaveLength((await t.db.select().from(partner)).length);
  });

  it('lists at most eight hot items by hot rank, each with the order count its detail shows', async () => {
    const d = await home();
    expect(d.hotItems.length).toBeGreaterThan(0);
    expect(d.hotItems.map((x) => x.rid)).toEqual((await hotRids()).slice(0, 8));
    for (const item of d.hotItems) {
      const detail = await callApi(t, 'deviceDetail', { query: { rid: item.rid } });
      expect(item.order, item.rid).toBe(detail.body.data.order);
    }
  });

  it('leaves out a hot item taken off the shelf', async () => {
    const [first] = (await home()).hotItems;
    await t.db.update(device).set({ onShelf: false }).where(eq(device.rid, first!.rid));
    invalidateHomeCache({ db: t.db });
    expect((await home()).hotItems.map((x) => x.rid)).not.toContain(first!.rid);
  });

  it('shows the latest service cases and thanks, as their lists do', async () => {
    const d = await home();
    const cases = (await callApi(t, 'articleList', { query: { type: 'service', pageSize: 6 } })).body.data.list;
    const thanks = (await callApi(t, 'articleList', { query: { type: 'thanks', pageSize: 8 } })).body.data.list;
    expect(d.serviceCaseArr.map((a) => a.rid)).toEqual(cases.map((a) => a.rid));
    expect(d.thanksArr.map((a) => a.rid)).toEqual(thanks.map((a) => a.rid));
    const dates = d.serviceCaseArr.map((a) => a.created);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('shows the popup stored in the settings', async () => {
    const [row] = await t.db.select().from(setting).where(eq(setting.key, 'homePopup'));
    expect((await home()).popup).toEqual(row ? row.value : null);
  });

  it('sends the same payload gzipped to clients that accept it', async () => {
    const plain = await home();
    const res = await t.app.inject({ method: 'GET', url: '/api/open/web/index', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as unknown;
    expect(envelope(homeData).parse(body).data).toEqual(plain);
  });

  it('serves from the cache until invalidated (expiry by the clock: home-cache.test.ts)', async () => {
    const before = (await home()).bannerArr.length;
    expect(before).toBeGreaterThan(0);
    await t.db.update(banner).set({ enabled: false });
    expect((await home()).bannerArr).toHaveLength(before);
    invalidateHomeCache({ db: t.db });
    expect((await home()).bannerArr).toHaveLength(0);
  });
});
