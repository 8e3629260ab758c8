import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { device, prefecture, prefectureDevice, projectType, typeChild } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi } from './factories.ts';

/**
 * The catalogue calls against the seeded catalogue, asserting what holds for
 * any catalogue (counts come from the database, not from the demo data set).
 * Ranking details live in catalog-search.test.ts on items of their own.
 */
let t: TestApp;
let shelf: { id: number; onShelf: boolean }[];
beforeAll(async () => {
  t = await createTestApp();
  shelf = await t.db.select({ id: device.id, onShelf: device.onShelf }).from(device);
});
// Tests that take items off the shelf put every item back, whatever their assertions did.
afterEach(async () => {
  const off = shelf.filter((d) => d.onShelf).map((d) => d.id);
  await t.db
    .update(device)
    .set({ onShelf: true })
    .where(and(inArray(device.id, off), eq(device.onShelf, false)));
});
afterAll(async () => t.close());

type SearchQuery = {
  kw?: string;
  typeId?: number;
  childId?: number;
  areaId?: number;
  page?: number;
  pageSize?: number;
  sort?: 'relevance' | 'order' | 'price_asc' | 'price_desc';
};
const search = async (query: SearchQuery) => {
  const res = await callApi(t, 'deviceSearch', { query });
  expect(res.status).toBe(200);
  return res.body.data;
};
const onShelfCount = async (where = sql`true`) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(device)
      .where(and(eq(device.onShelf, true), where))
  )[0]!.n;
/** An on-shelf item with at least one alias and one priced option. */
const anItem = async () => {
  const rows = await t.db.select().from(device).where(eq(device.onShelf, true)).orderBy(asc(device.id));
  return rows.find((d) => d.alias.length > 0 && d.options.some((o) => o.choices.some((c) => c.extra_fen > 0)))!;
};

describe('GET /api/open/web/type/group', () => {
  it('lists the three types of the spec with their stored tags, discount and on-shelf counts', async () => {
    const types = (await callApi(t, 'typeGroup')).body.data;
    expect(types.map((x) => x.name)).toEqual(['送样检测', '现场预约', '数据分析']);
    const rows = await t.db.select().from(projectType).orderBy(asc(projectType.id));
    for (const [i, type] of types.entries()) {
      expect(type.tags.join('|'), type.name).toBe(rows[i]!.description);
      for (const child of type.typeChildArr) expect(child.count, child.name).toBe(await onShelfCount(eq(device.childId, child.id)));
    }
  });
});

describe('GET /api/open/web/device/search', () => {
  it('finds an item by its name first', async () => {
    const item = await anItem();
    expect((await search({ kw: item.name })).list[0]!.rid).toBe(item.rid);
  });

  it('finds an item by its alias, case-insensitively and in full-width letters', async () => {
    const item = await anItem();
    const alias = item.alias[0]!;
    const hits = (kw: string) => search({ kw, pageSize: 50 }).then((p) => p.list.map((d) => d.rid));
    expect(await hits(alias)).toContain(item.rid);
    expect(await hits(alias.toLowerCase())).toEqual(await hits(alias));
    const fullWidth = alias.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    expect(await hits(fullWidth)).toEqual(await hits(alias));
  });

  it('finds the items of a category by its name, with an exact total', async () => {
    const [child] = await t.db
      .select()
      .from(typeChild)
      .where(sql`${typeChild.itemCount} > 0`)
      .limit(1);
    const page = await search({ kw: child!.name, pageSize: 50 });
    const ids = new Set(
      (
        await t.db
          .select({ rid: device.rid })
          .from(device)
          .where(and(eq(device.childId, child!.id), eq(device.onShelf, true)))
      ).map((r) => r.rid),
    );
    expect(page.list.map((d) => d.rid)).toEqual(expect.arrayContaining([...ids].slice(0, 50)));
    expect(page.total).toBeGreaterThanOrEqual(ids.size);
  });

  it('pages through everything on the shelf by order count with a stable total', async () => {
    const total = await onShelfCount();
    const pages = [];
    for (let page = 1; page <= Math.ceil(total / 50); page++) pages.push(await search({ pageSize: 50, page }));
    expect(pages.every((p) => p.total === total)).toBe(true);
    const all = pages.flatMap((p) => p.list);
    expect(all).toHaveLength(total);
    expect(new Set(all.map((d) => d.rid)).size).toBe(total);
    const orders = all.map((d) => d.order);
    expect([...orders].sort((a, b) => b - a)).toEqual(orders);
  });

  it('reports the total on a page past the end', async () => {
    const page = await search({ page: 10_000, pageSize: 50 });
    expect(page).toMatchObject({ list: [], total: await onShelfCount(), page: 10_000 });
  });

  it('filters by type, child category and hot area', async () => {
    for (const typeId of [1, 2, 3]) {
      const page = await search({ typeId, pageSize: 50 });
      expect(page.total, `type ${typeId}`).toBe(await onShelfCount(eq(device.typeId, typeId)));
      expect(page.list.every((d) => d.type_id === typeId)).toBe(true);
    }
    const item = await anItem();
    const child = await search({ childId: item.childId, pageSize: 50 });
    expect(child.total).toBe(await onShelfCount(eq(device.childId, item.childId)));
    expect(child.list.map((d) => d.rid)).toContain(item.rid);
    const [area] = await t.db.select().from(prefecture).orderBy(asc(prefecture.sort)).limit(1);
    const members = await t.db
      .select({ rid: device.rid })
      .from(prefectureDevice)
      .innerJoin(device, eq(device.id, prefectureDevice.deviceId))
      .where(and(eq(prefectureDevice.prefectureId, area!.id), eq(device.onShelf, true)));
    const inArea = await search({ areaId: area!.id, pageSize: 50 });
    expect(inArea.total).toBe(members.length);
    expect(new Set(inArea.list.map((d) => d.rid))).toEqual(new Set(members.map((m) => m.rid)));
  });

  it('sorts by price either way', async () => {
    const up = (await search({ typeId: 3, sort: 'price_asc', pageSize: 50 })).list.map((d) => d.price_fen);
    expect(up.length).toBeGreaterThan(1);
    expect([...up].sort((a, b) => a - b)).toEqual(up);
    const down = (await search({ sort: 'price_desc', pageSize: 50 })).list.map((d) => d.price_fen);
    expect([...down].sort((a, b) => b - a)).toEqual(down);
  });

  it('answers an empty list for a keyword that matches nothing', async () => {
    expect(await search({ kw: '不存在的项目zz' })).toMatchObject({ list: [], total: 0, page: 1 });
  });

  it('hides items taken off the shelf, and every total follows', async () => {
    const item = await anItem();
    const before = { all: (await search({})).total, type: (await search({ typeId: item.typeId })).total };
    const childCount = async () =>
      (await callApi(t, 'typeGroup')).body.data.flatMap((x) => x.typeChildArr).find((c) => c.id === item.childId)!.count;
    const childBefore = await childCount();
    await t.db.update(device).set({ onShelf: false }).where(eq(device.id, item.id));
    expect((await search({ kw: item.name, pageSize: 50 })).list.map((d) => d.rid)).not.toContain(item.rid);
    expect((await search({ typeId: item.typeId })).total).toBe(before.type - 1);
    expect((await search({})).total).toBe(before.all - 1);
    expect(await childCount()).toBe(childBefore - 1);
    expect(await callApi(t, 'deviceDetail', { query: { rid: item.rid } })).toEqual({
      status: 404,
      body: { code: 404, msg: '项目不存在', data: null },
    });
  });

  it('rejects a bad page number with a Chinese message', async () => {
    expect(await callApi(t, 'deviceSearch', { query: { page: 'abc' } })).toEqual({
      status: 400,
      body: { code: 0, msg: '[页码]必须是整数', data: null },
    });
  });
});

describe('GET /api/open/web/device/detail', () => {
  it('gives the item with its stored options and up to four related items of its category', async () => {
    const item = await anItem();
    const d = (await callApi(t, 'deviceDetail', { query: { rid: item.rid } })).body.data;
    expect(d).toMatchObject({
      rid: item.rid,
      name: item.name,
      price_fen: item.priceFen,
      child_id: item.childId,
      unit: item.unit,
      options: item.options,
    });
    expect(d.description).toContain('<h3>');
    expect(d.related.length).toBe(Math.min(4, (await onShelfCount(eq(device.childId, item.childId))) - 1));
    expect(d.related.every((r) => r.child_id === d.child_id && r.rid !== item.rid)).toBe(true);
    const orders = d.related.map((r) => r.order);
    expect([...orders].sort((a, b) => b - a)).toEqual(orders);
  });

  it('answers 404 with the envelope for an unknown rid', async () => {
    expect(await callApi(t, 'deviceDetail', { query: { rid: 'nope' } })).toEqual({
      status: 404,
      body: { code: 404, msg: '项目不存在', data: null },
    });
  });

  it('requires the rid', async () => {
    const res = await callApi(t, 'deviceDetail', { query: {} as never });
    expect(res).toMatchObject({ status: 400, body: { code: 0, msg: '[项目编号]不能为空' } });
  });
});

describe('GET /api/open/web/prefecture/list', () => {
  it('lists the hot areas in their curated order', async () => {
    const areas = (await callApi(t, 'prefectureList')).body.data;
    const rows = await t.db.select().from(prefecture).orderBy(asc(prefecture.sort), asc(prefecture.id));
    expect(areas.map((a) => a.name)).toEqual(rows.map((r) => r.name));
    expect(areas.length).toBeGreaterThan(0);
  });
});
