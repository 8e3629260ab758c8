import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryIn } from '@yance/contracts/endpoint';
import type { Endpoints } from '@yance/contracts/endpoints';
import { asFen } from '@yance/contracts/money';
import { device, deviceSearch, typeChild } from '../src/db/schema.ts';
import { insertDevices, refreshDeviceSearch, type NewDevice } from '../src/modules/catalog/catalog-search.repository.ts';
import { keywordRuns, normalizeSearch } from '@yance/contracts/search-terms';
import { searchGrams } from '../src/lib/search-grams.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi } from './factories.ts';

type DeviceSearchIn = QueryIn<Endpoints['deviceSearch']>;

/**
 * Ranking rules and exact totals of keyword search (ADR 0004) on items of a
 * made-up technique 铱星谱, so the demo catalogue does not interfere.
 */
let t: TestApp;
let thermal: { id: number; typeId: number };
let booking: { id: number; typeId: number };

const item = (rid: string, name: string, orderCount: number, over: Partial<NewDevice> = {}): NewDevice => ({
  rid,
  name,
  alias: [],
  typeId: thermal.typeId,
  childId: thermal.id,
  img: '/x.svg',
  sketch: '',
  description: '',
  sampleRequirement: '',
  priceFen: asFen(10_000 + orderCount),
  unit: 'sample',
  turnaroundDays: 3,
  orderCount,
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  const children = await t.db.select().from(typeChild);
  thermal = children.find((c) => c.name === '热分析')!;
  booking = children.find((c) => c.name === '电镜机时')!;
  await insertDevices(t.db, [
    item('ir-prefix', '铱星谱仪测试', 10),
    item('ir-name', '铱星谱', 1),
    item('ir-contains', '高精度铱星谱', 900),
    item('ir-alias', '某光谱仪', 500, { alias: ['铱星谱'] }),
    item('ir-alias-contains', '另一台仪器', 800, { alias: ['铱星谱-9'] }),
    item('ir-off', '铱星谱', 5000, { onShelf: false }),
    item('ir-booking', '铱星谱机时', 300, { typeId: booking.typeId, childId: booking.id }),
    // Many "contains" hits, so large pages rank every hit and small ones walk the order index.
    ...Array.from({ length: 40 }, (_, i) => item(`ir-fill-${i}`, `填充${i}铱星谱`, 100 + i * 7)),
    // For the two-character keyword 铱星 (head and tail plan): an exact name and an exact alias.
    item('ir2-name', '铱星', 2),
    item('ir2-alias', '某能谱仪', 3, { alias: ['铱星'] }),
    // 星_ holds a LIKE wildcard: three names start with it, forty contain it, and 星谱仪 is no hit.
    ...Array.from({ length: 3 }, (_, i) => item(`ir-us-${i}`, `星_${i}`, 1 + i)),
    ...Array.from({ length: 40 }, (_, i) => item(`ir-usx-${i}`, `x星_${i}`, i)),
    item('ir-star', '星谱仪', 300),
    // Mixed-script keywords (ADR 0027) on a made-up 钌晶 technique: the abbreviation and the name run together or apart.
    item('ru-apart', '钌晶比表面', 50, { alias: ['RUB'] }),
    item('ru-typed', 'RUB钌晶比表面', 10),
  ]);
});
afterAll(async () => t.close());

const search = async (query: DeviceSearchIn) => {
  const res = await callApi(t, 'deviceSearch', { query });
  expect(res.status).toBe(200);
  return res.body.data;
};

/** Every rid of a keyword search, page by page. */
async function allRids(query: DeviceSearchIn, pageSize: number) {
  const rids: string[] = [];
  for (let page = 1; ; page++) {
    const p = await search({ ...query, pageSize, page });
    rids.push(...p.list.map((d) => d.rid));
    if (p.list.length < pageSize) return { rids, total: p.total };
  }
}

/** The total by brute force: on-shelf rows whose search_text contains every run of the keyword (ADR 0027). */
async function bruteTotal(kw: string, filter: { typeId?: number; childId?: number } = {}) {
  const runs = keywordRuns(normalizeSearch(kw)).map((r) => sql`position(${r.text} in ${deviceSearch.searchText}) > 0`);
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(deviceSearch)
    .where(
      and(
        eq(deviceSearch.onShelf, true),
        ...runs,
        filter.typeId ? eq(deviceSearch.typeId, filter.typeId) : undefined,
        filter.childId ? eq(deviceSearch.childId, filter.childId) : undefined,
      ),
    );
  return row!.n;
}

describe('keyword ranking', () => {
  it('puts the exact name first, the exact alias next, then name prefixes, then the rest by order count', async () => {
    const page = await search({ kw: '铱星谱', pageSize: 6 });
    expect(page.list.map((d) => d.rid)).toEqual(['ir-name', 'ir-alias', 'ir-booking', 'ir-prefix', 'ir-contains', 'ir-alias-contains']);
    // The last tier (name, alias or category contains) by order count only.
    const fills = Array.from({ length: 40 }, (_, i) => `ir-fill-${39 - i}`);
    expect((await allRids({ kw: '铱星谱' }, 50)).rids).toEqual([
      'ir-name',
      'ir-alias',
      'ir-booking',
      'ir-prefix',
      'ir-contains',
      'ir-alias-contains',
      ...fills,
    ]);
  });

  it('ranks the same way when a short keyword takes the head from indexes and walks the order index for the rest', async () => {
    const walked = await allRids({ kw: '铱星' }, 3); // many hits, small pages: head, then the order index walked
    const ranked = await allRids({ kw: '铱星' }, 50); // large pages: every hit ranked
    expect(walked).toEqual(ranked);
    expect(ranked.total).toBe(48);
    expect(new Set(ranked.rids).size).toBe(48);
    expect(ranked.rids).not.toContain('ir-off');
    // exact name, exact alias, then names starting with 铱星 by order count (ties by id), then the rest by order count.
    expect(ranked.rids.slice(0, 6)).toEqual(['ir2-name', 'ir2-alias', 'ir-booking', 'ir-prefix', 'ir-name', 'ir-contains']);
    const rest = (await search({ kw: '铱星', pageSize: 50 })).list.slice(5).map((d) => d.order);
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
  });

  it('treats % and _ in a keyword as characters, not LIKE wildcards', async () => {
    // 43 hits in pages of 5 take names starting with 星_ through LIKE '星\_%', which must not take 星谱仪.
    const first = await search({ kw: '星_', pageSize: 5 });
    expect(first.total).toBe(43);
    expect(first.list.map((d) => d.rid)).toEqual(['ir-us-2', 'ir-us-1', 'ir-us-0', 'ir-usx-39', 'ir-usx-38']);
    expect((await allRids({ kw: '星_' }, 5)).rids).toEqual([
      'ir-us-2',
      'ir-us-1',
      'ir-us-0',
      ...Array.from({ length: 40 }, (_, i) => `ir-usx-${39 - i}`),
    ]);
    expect((await search({ kw: '星%' })).total).toBe(0);
  });

  it('orders keyword hits by order count or price when asked, ignoring tiers', async () => {
    const byOrder = (await allRids({ kw: '铱星谱', sort: 'order' }, 4)).rids;
    expect(byOrder.slice(0, 3)).toEqual(['ir-contains', 'ir-alias-contains', 'ir-alias']);
    const byPrice = await search({ kw: '铱星谱', sort: 'price_desc', pageSize: 2 });
    expect(byPrice.list.map((d) => d.rid)).toEqual(['ir-contains', 'ir-alias-contains']);
    expect((await allRids({ kw: '铱星谱', sort: 'price_asc' }, 5)).rids.slice(0, 2)).toEqual(['ir-name', 'ir-prefix']);
  });

  it('does not search the type name', async () => {
    expect((await search({ kw: '送样检测' })).total).toBe(0);
    expect((await search({ kw: '热分析', pageSize: 1 })).total).toBe(await bruteTotal('热分析'));
  });
});

describe('keywords of several runs (ADR 0027)', () => {
  it('finds an item holding every run apart, after the items holding the keyword as typed', async () => {
    const typed = await search({ kw: 'RUB钌晶比表面' });
    expect(typed.list.map((d) => d.rid)).toEqual(['ru-typed', 'ru-apart']);
    expect(typed.ignored).toEqual([]);
    // with a space neither holds the keyword as typed: both are "every run" hits, by order count
    expect((await search({ kw: 'rub 钌晶' })).list.map((d) => d.rid)).toEqual(['ru-apart', 'ru-typed']);
    // a partial word of each run still finds
    expect((await search({ kw: 'ru晶比' })).list.map((d) => d.rid)).toEqual(['ru-apart', 'ru-typed']);
  });

  it('leaves out the runs no item matches with the rest, generic words first, and says which', async () => {
    // the generic word glued to a Chinese run is split off only because the run as typed finds nothing
    const glued = await search({ kw: '钌晶比表面测试' });
    expect(glued).toMatchObject({ total: 2, ignored: ['测试'] });
    expect(glued.list.map((d) => d.rid)).toEqual(['ru-apart', 'ru-typed']);
    for (const kw of ['RUB测试', '测试RUB', 'rub 钢铁']) {
      const found = await search({ kw });
      // searched as "rub": the exact alias first, then the name prefix
      expect(
        found.list.map((d) => d.rid),
        kw,
      ).toEqual(['ru-apart', 'ru-typed']);
      expect(found.total, kw).toBe(2);
      expect(found.ignored, kw).toEqual([kw === 'rub 钢铁' ? '钢铁' : '测试']);
    }
    // within a filter that holds no RUB at all, nothing is left to keep
    expect(await search({ kw: 'RUB测试', childId: booking.id })).toMatchObject({ total: 0, list: [], ignored: [] });
  });

  it('cuts a Chinese run that matches nothing into words the catalogue knows', async () => {
    const found = await search({ kw: '比表面钌晶' });
    expect(found.list.map((d) => d.rid)).toEqual(['ru-apart', 'ru-typed']);
    expect(found.ignored).toEqual([]);
    // cut into 钌晶 and 谱仪 (星谱仪), which no item holds together: 谱仪 is left out
    expect(await search({ kw: '钌晶谱仪' })).toMatchObject({ total: 2, ignored: ['谱仪'] });
  });
});

describe('exact totals', () => {
  const keywords = [
    '铱星',
    '铱',
    '星谱',
    '星_',
    '铱星谱',
    '热分析',
    '分析',
    '析',
    'xrd',
    'x射线 衍射',
    'x射线衍射',
    '铱星谱 测试',
    'xps分析',
    'ｘ 射',
  ];

  /** The total of a search equals the brute count of the runs it kept (all of them unless some were ignored). */
  const expectTotal = async (kw: string, filter: { typeId?: number; childId?: number } = {}) => {
    const found = await search({ kw, ...filter });
    const kept = keywordRuns(normalizeSearch(kw))
      .map((r) => r.text)
      .filter((r) => !found.ignored.includes(r));
    expect(found.total, `${kw} ${JSON.stringify(filter)}`).toBe(await bruteTotal(kept.join(' '), filter));
  };
  const expectExact = async () => {
    for (const kw of keywords) {
      await expectTotal(kw);
      await expectTotal(kw, { typeId: thermal.typeId });
      await expectTotal(kw, { childId: booking.id });
    }
  };

  it('match a count of the hits, with and without type or category', async () => {
    expect((await search({ kw: '铱星' })).total).toBe(48);
    await expectExact();
  });

  it('stay exact when items go off the shelf, change category, are renamed or deleted', async () => {
    await t.db.update(device).set({ onShelf: false }).where(eq(device.rid, 'ir-contains'));
    await t.db.update(device).set({ onShelf: true }).where(eq(device.rid, 'ir-off'));
    await t.db.update(device).set({ orderCount: 7 }).where(eq(device.rid, 'ir-fill-3'));
    await expectExact();
    const [moved] = await t.db
      .update(device)
      .set({ childId: booking.id, typeId: booking.typeId, name: '铱星电镜' })
      .where(eq(device.rid, 'ir-prefix'))
      .returning({ id: device.id });
    await refreshDeviceSearch(t.db, [moved!.id]);
    await expectExact();
    expect((await search({ kw: '铱星', childId: booking.id })).total).toBe(2);
    await t.db.delete(device).where(eq(device.rid, 'ir-fill-0'));
    await expectExact();
    expect((await search({ kw: '铱星' })).total).toBe(47);
  });
});

describe('search_grams() in SQL', () => {
  it('gives exactly the grams of searchGrams in TypeScript', async () => {
    const texts = ['x射线衍射 xrd x-ray diffraction 结构分析', '𠀋a b', 'a  b', 'a', '铱星_1 100%', ''];
    for (const text of texts) {
      const [row] = await t.db.select({ grams: sql<string[]>`search_grams(${text})` }).from(sql`(select 1) x`);
      expect([...row!.grams].sort(), text).toEqual(searchGrams(text).sort());
    }
  });
});
