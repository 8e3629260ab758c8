import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device, setting } from '../src/db/schema.ts';
import { callName, HOT_KEYWORDS_KEY } from '../src/modules/catalog/search-suggest.service.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi } from './factories.ts';

/** Suggestions while typing and popular searches (ADR 0027), against the demo catalogue. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const suggest = (query: { keyword?: string; size?: number | string }) => callApi(t, 'deviceSuggest', { query: query as never });

describe('GET /api/open/web/device/suggest', () => {
  it('suggests items by name or alias, best first, with the alias that matched', async () => {
    const res = await suggest({ keyword: 'xrd' });
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ name: 'X射线衍射', alias: 'XRD' });
    expect(res.body.data.length).toBeLessThanOrEqual(8);
    // the name holds the keyword: no alias to explain it
    expect((await suggest({ keyword: '扫描' })).body.data[0]).toMatchObject({ name: '扫描电子显微镜', alias: null });
    const [bet] = (await suggest({ keyword: 'BET比表面' })).body.data;
    expect(bet).toMatchObject({ name: '比表面积及孔径分析', alias: 'BET' });
    const [row] = await t.db.select({ rid: device.rid }).from(device).where(eq(device.name, '比表面积及孔径分析'));
    expect(bet!.rid).toBe(row!.rid);
  });

  it('keeps suggesting while the last word is still being typed or matches nothing', async () => {
    for (const keyword of ['xrd测', 'XRD测试', 'xrd 钢']) {
      expect((await suggest({ keyword })).body.data[0], keyword).toMatchObject({ name: 'X射线衍射' });
    }
    expect((await suggest({ keyword: '热重测试' })).body.data[0]).toMatchObject({ name: '热重分析' });
    expect((await suggest({ keyword: 'zzqq不存在' })).body.data).toEqual([]);
  });

  it('answers an empty list for an empty or blank keyword', async () => {
    for (const query of [{}, { keyword: '' }, { keyword: '   ' }]) {
      const res = await suggest(query);
      expect(res.status, JSON.stringify(query)).toBe(200);
      expect(res.body.data).toEqual([]);
    }
  });

  it('gives at most size items, size 1 to 10, and refuses a keyword over 50 characters', async () => {
    expect((await suggest({ keyword: '分析', size: 3 })).body.data).toHaveLength(3);
    expect((await suggest({ keyword: '分析', size: 10 })).body.data).toHaveLength(10);
    for (const [size, msg] of [
      [0, '[条数]不能小于1'],
      [11, '[条数]不能大于10'],
      ['x', '[条数]必须是整数'],
    ] as const) {
      const res = await suggest({ keyword: 'xrd', size });
      expect(res.status, String(size)).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    const long = await suggest({ keyword: 'x'.repeat(51) });
    expect(long.status).toBe(400);
    expect(long.body.msg).toBe('[关键词]不能超过50个字');
  });

  it('may be kept by a browser or proxy for a minute', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/open/web/device/suggest?keyword=sem' });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('GET /api/open/web/device/hotKeywords', () => {
  const hot = async () => (await callApi(t, 'hotKeywords')).body.data;

  it('without an operator list, names the most ordered items as customers call them', async () => {
    await t.db.delete(setting).where(eq(setting.key, HOT_KEYWORDS_KEY));
    const words = await hot();
    expect(words.length).toBe(8);
    expect(new Set(words.map((w) => w.toLowerCase())).size).toBe(8);
    // every word finds something
    for (const kw of words) expect((await callApi(t, 'deviceSearch', { query: { kw } })).body.data.total, kw).toBeGreaterThan(0);
  });

  it("shows the operator's list when set, and ignores a malformed one", async () => {
    await t.db
      .insert(setting)
      .values({ key: HOT_KEYWORDS_KEY, value: ['XRD', ' 球差电镜 ', '同步辐射'] })
      .onConflictDoUpdate({ target: setting.key, set: { value: ['XRD', ' 球差电镜 ', '同步辐射'] } });
    expect(await hot()).toEqual(['XRD', '球差电镜', '同步辐射']);
    await t.db
      .update(setting)
      .set({ value: { not: 'a list' } })
      .where(eq(setting.key, HOT_KEYWORDS_KEY));
    expect((await hot()).length).toBe(8);
  });

  it('calls an item by its abbreviation, else a short name, else its first alias', () => {
    expect(callName({ name: 'X射线衍射', alias: ['XRD', '粉末衍射'] })).toBe('XRD');
    expect(callName({ name: 'DFT计算', alias: ['第一性原理计算', 'VASP'] })).toBe('DFT计算');
    expect(callName({ name: '基质辅助激光解吸飞行时间质谱', alias: ['MALDI-TOF'] })).toBe('MALDI-TOF');
    expect(callName({ name: '基质辅助激光解吸飞行时间质谱', alias: [] })).toBe('基质辅助激光解吸飞行时间质谱');
  });
});
