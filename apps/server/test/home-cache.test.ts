import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { envelope } from '@yance/contracts/envelope';
import { homeData } from '@yance/contracts/home';
import { banner } from '../src/db/schema.ts';
import { createTestApp, json, type TestApp } from './create-test-app.ts';
import { testClock } from './factories.ts';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => t.close());
// Whatever the assertions did, the banners are back for the next test.
afterEach(async () => {
  await t.db.update(banner).set({ enabled: true });
});

const bannerCount = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/open/web/index' });
  expect(res.statusCode).toBe(200);
  return envelope(homeData).parse(json(res)).data.bannerArr.length;
};

it('keeps the home payload for 10 s of the app clock, then rebuilds it', async () => {
  const before = await bannerCount();
  expect(before).toBeGreaterThan(0);
  await t.db.update(banner).set({ enabled: false });

  clock.advance(9);
  expect(await bannerCount()).toBe(before);
  clock.advance(2);
  expect(await bannerCount()).toBe(0);
});
