import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleDetail, articleListResponse, sitePage, SITE_PAGE_KEYS } from '@yance/contracts/content';
import { envelope } from '@yance/contracts/envelope';
import { createTestApp, json, type TestApp } from './create-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const list = async (url: string) => envelope(articleListResponse).parse(json(await t.app.inject({ method: 'GET', url }))).data;
const detail = async (rid: string) => envelope(articleDetail).parse(json(await t.app.inject({ method: 'GET', url: `/api/open/web/article/detail?rid=${rid}` }))).data;

describe('GET /api/open/web/article/list', () => {
  it.each([
    ['news', 11],
    ['course', 6],
    ['service', 9],
    ['thanks', 9],
  ])('lists %s newest first with its total', async (type, total) => {
    const page = await list(`/api/open/web/article/list?type=${type}&pageSize=50`);
    expect(page.total).toBe(total);
    expect(page.list.every((a) => a.type === type)).toBe(true);
    const dates = page.list.map((a) => a.created);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('pages', async () => {
    const second = await list('/api/open/web/article/list?type=news&page=2&pageSize=4');
    expect(second).toMatchObject({ total: 11, page: 2, pageSize: 4 });
    expect(second.list).toHaveLength(4);
  });

  it('gives thanks their author, journal and acknowledgement', async () => {
    const [first] = (await list('/api/open/web/article/list?type=thanks')).list;
    expect(first!.company).toMatch(/等，/);
    expect(first!.code).toMatch(/IF/);
    expect(first!.content).toMatch(/Yance/);
  });

  it('rejects an unknown type in Chinese', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/open/web/article/list?type=blog' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ code: 0, msg: '[类型]只能是news、course、service或thanks', data: null });
  });
});

describe('GET /api/open/web/article/detail', () => {
  it('counts every read', async () => {
    const before = await detail('a10005');
    const after = await detail('a10005');
    expect(after.views).toBe(before.views + 1);
    await Promise.all([detail('a10005'), detail('a10005'), detail('a10005')]);
    expect((await detail('a10005')).views).toBe(before.views + 5);
  });

  it('links the older and newer article of the same type', async () => {
    const a = await detail('a10005');
    expect(a.body).toContain('<p>');
    expect(a.prev).toEqual({ rid: 'a10004', title: expect.any(String) });
    expect(a.next?.rid).toBe('a10006');
    expect((await detail('a10001')).prev).toBeNull();
    expect((await detail('a10011')).next).toBeNull();
  });

  it('answers 404 for an unknown article', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/open/web/article/detail?rid=zz' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ code: 404, msg: '文章不存在', data: null });
  });
});

describe('GET /api/open/web/page', () => {
  it.each(SITE_PAGE_KEYS)('serves the %s page', async (key) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/open/web/page?key=${key}` });
    const page = envelope(sitePage).parse(json(res)).data;
    expect(page.key).toBe(key);
    expect(page.body.length).toBeGreaterThan(150);
  });

  it('rejects an unknown page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/open/web/page?key=secret' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ code: 0, msg: '[页面]不存在', data: null });
  });
});
