import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceDetail, deviceSearchResponse, typeGroupResponse } from '@yance/contracts/catalog';
import { envelope } from '@yance/contracts/envelope';
import { prefectureListResponse } from '@yance/contracts/home';
import { device } from '../src/db/schema.ts';
import { createTestApp, json, type TestApp } from './create-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const search = async (query: Record<string, string | number>) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/open/web/device/search', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
  expect(res.statusCode).toBe(200);
  return envelope(deviceSearchResponse).parse(json(res)).data;
};

describe('GET /api/open/web/type/group', () => {
  it('lists the three types with tags, discount and child counts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/open/web/type/group' });
    const types = envelope(typeGroupResponse).parse(json(res)).data;
    expect(types.map((x) => x.name)).toEqual(['送样检测', '现场预约', '数据分析']);
    expect(types[0]!.tags).toEqual(['专业仪器', '快速出报告', '先测试后付费']);
    expect(types[0]!.discount_info).toEqual({ discount_label: '新客9折' });
    expect(types[1]!.discount_info).toBeNull();
    const thermal = types[0]!.typeChildArr.find((c) => c.name === '热分析');
    expect(thermal?.count).toBe(7);
  });
});

describe('GET /api/open/web/device/search', () => {
  it('finds an item by its Chinese name', async () => {
    const page = await search({ kw: 'X射线衍射' });
    expect(page.list[0]!.rid).toBe('d10001');
  });

  it('finds an item by its alias, case-insensitively, exact alias first', async () => {
    const page = await search({ kw: 'xrd' });
    expect(page.list[0]!.name).toBe('X射线衍射');
    expect(page.list.map((d) => d.rid)).toEqual(expect.arrayContaining(['d10004', 'd30012']));
    expect((await search({ kw: 'ＸＲＤ' })).list[0]!.rid).toBe('d10001');
  });

  it('finds items by category name', async () => {
    const page = await search({ kw: '热分析', pageSize: 50 });
    const children = new Set(page.list.map((d) => d.child_name));
    expect(children).toEqual(new Set(['热分析', '热分析机时']));
    expect(page.total).toBe(8);
  });

  it('ranks name matches above category matches, then by order count', async () => {
    const page = await search({ kw: '热重', pageSize: 50 });
    expect(page.list[0]!.rid).toBe('d10041');
    expect(page.list.map((d) => d.rid)).toContain('d10044');
  });

  it('pages through everything on the shelf with a stable total', async () => {
    const first = await search({ pageSize: 50 });
    const second = await search({ pageSize: 50, page: 2 });
    expect(first.total).toBe(76);
    expect(second.total).toBe(76);
    expect(first.list.length + second.list.length).toBe(76);
    const orders = first.list.map((d) => d.order);
    expect([...orders].sort((a, b) => b - a)).toEqual(orders);
    expect(new Set([...first.list, ...second.list].map((d) => d.rid)).size).toBe(76);
  });

  it('reports the total on a page past the end of a keyword search', async () => {
    const page = await search({ kw: '电镜', page: 9, pageSize: 10 });
    expect(page.list).toEqual([]);
    expect(page.total).toBeGreaterThan(3);
  });

  it('filters by type, child category and hot area', async () => {
    const booking = await search({ typeId: 2, pageSize: 50 });
    expect(booking.total).toBe(7);
    expect(booking.list.every((d) => d.type_id === 2)).toBe(true);
    const thermal = (await search({ typeId: 1, pageSize: 50 })).list.find((d) => d.child_name === '热分析')!;
    const child = await search({ childId: thermal.child_id, pageSize: 50 });
    expect(child.total).toBe(7);
    const areas = envelope(prefectureListResponse).parse(json(await t.app.inject({ method: 'GET', url: '/api/open/web/prefecture/list' }))).data;
    const energy = areas.find((a) => a.name === '新能源材料专区')!;
    const area = await search({ areaId: energy.id, pageSize: 50 });
    expect(area.total).toBe(11);
    expect(area.list.map((d) => d.rid)).toContain('d10092');
    expect((await search({ areaId: energy.id, kw: 'xps' })).list.map((d) => d.rid)).toEqual(['d10021']);
  });

  it('sorts by price', async () => {
    const page = await search({ typeId: 3, sort: 'price_asc', pageSize: 50 });
    const prices = page.list.map((d) => d.price_fen);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
  });

  it('answers an empty list for a keyword that matches nothing', async () => {
    const page = await search({ kw: '不存在的项目zz' });
    expect(page).toMatchObject({ list: [], total: 0, page: 1 });
  });

  it('hides items taken off the shelf, and every total follows', async () => {
    const typeTotal = (await search({ typeId: 1 })).total;
    await t.db.update(device).set({ onShelf: false }).where(eq(device.rid, 'd10005'));
    expect((await search({ kw: 'SAXS' })).total).toBe(0);
    expect((await search({ typeId: 1 })).total).toBe(typeTotal - 1);
    expect((await search({})).total).toBe(75);
    const types = envelope(typeGroupResponse).parse(json(await t.app.inject({ method: 'GET', url: '/api/open/web/type/group' }))).data;
    expect(types[0]!.typeChildArr.find((c) => c.name === '结构分析')?.count).toBe(4);
    const res = await t.app.inject({ method: 'GET', url: '/api/open/web/device/detail?rid=d10005' });
    expect(res.statusCode).toBe(404);
    await t.db.update(device).set({ onShelf: true }).where(eq(device.rid, 'd10005'));
  });

  it('rejects a bad page number with a Chinese message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/open/web/device/search?page=abc' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ code: 0, msg: '[页码]必须是数字', data: null });
  });
});

describe('GET /api/open/web/device/detail', () => {
  it('gives the item with options and up to four related items of its category', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/open/web/device/detail?rid=d10001' });
    const d = envelope(deviceDetail).parse(json(res)).data;
    expect(d).toMatchObject({ name: 'X射线衍射', type_name: '送样检测', child_name: '结构分析', unit: 'sample' });
    expect(d.options[0]!.choices.map((c) => c.extra_fen)).toEqual([0, 2000, 5000]);
    expect(d.description).toContain('<h3>');
    expect(d.related).toHaveLength(4);
    expect(d.related.every((r) => r.child_id === d.child_id && r.rid !== 'd10001')).toBe(true);
    const orders = d.related.map((r) => r.order);
    expect([...orders].sort((a, b) => b - a)).toEqual(orders);
  });

  it('answers 404 with the envelope for an unknown rid', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/open/web/device/detail?rid=nope' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ code: 404, msg: '项目不存在', data: null });
  });

  it('requires the rid', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/open/web/device/detail' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 0, msg: '[项目编号]不能为空' });
  });
});

describe('GET /api/open/web/prefecture/list', () => {
  it('lists the curated hot areas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/open/web/prefecture/list' });
    const areas = envelope(prefectureListResponse).parse(json(res)).data;
    expect(areas.map((a) => a.name)).toEqual(['新能源材料专区', '催化专区', '生物医药专区', '半导体专区', '高分子专区']);
  });
});
