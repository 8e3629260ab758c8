import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_TYPES, SITE_PAGE_KEYS, type ArticleType } from '@yance/contracts/content';
import { article } from '../src/db/schema.ts';
import { fillFigures } from '../src/modules/content/content.service.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const list = async (query: { type: ArticleType; page?: number; pageSize?: number }) => {
  const res = await callApi(t, 'articleList', { query });
  expect(res.status).toBe(200);
  return res.body.data;
};
const detail = async (rid: string) => {
  const res = await callApi(t, 'articleDetail', { query: { rid } });
  expect(res.status).toBe(200);
  return res.body.data;
};
const stored = async (type: ArticleType) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(article)
      .where(eq(article.type, type))
  )[0]!.n;

describe('GET /api/open/web/article/list', () => {
  it.each(ARTICLE_TYPES)('lists %s newest first with its total', async (type) => {
    const page = await list({ type, pageSize: 50 });
    expect(page.total).toBe(await stored(type));
    expect(page.total).toBeGreaterThan(0);
    expect(page.list.every((a) => a.type === type)).toBe(true);
    const dates = page.list.map((a) => a.created);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('pages', async () => {
    const all = await list({ type: 'news', pageSize: 50 });
    const second = await list({ type: 'news', page: 2, pageSize: 4 });
    expect(second).toMatchObject({ total: all.total, page: 2, pageSize: 4 });
    expect(second.list.map((a) => a.rid)).toEqual(all.list.slice(4, 8).map((a) => a.rid));
  });

  it('gives thanks their author, journal and acknowledgement', async () => {
    for (const a of (await list({ type: 'thanks' })).list) {
      expect(a.company, a.rid).not.toBe('');
      expect(a.code, a.rid).not.toBe('');
      expect(a.content, a.rid).not.toBe('');
    }
  });

  it('rejects an unknown type in Chinese', async () => {
    expect(await callApi(t, 'articleList', { query: { type: 'blog' as ArticleType } })).toEqual({
      status: 400,
      body: { code: 0, msg: '[类型]只能是news、course、service或thanks', data: null },
    });
  });
});

describe('GET /api/open/web/article/detail', () => {
  it('counts every read', async () => {
    const [first] = (await list({ type: 'news' })).list;
    const before = await detail(first!.rid);
    const after = await detail(first!.rid);
    expect(after.views).toBe(before.views + 1);
    await Promise.all([detail(first!.rid), detail(first!.rid), detail(first!.rid)]);
    expect((await detail(first!.rid)).views).toBe(before.views + 5);
  });

  it('links the older and newer article of the same type', async () => {
    const news = (await list({ type: 'news', pageSize: 50 })).list; // newest first
    expect(news.length).toBeGreaterThan(2);
    const middle = await detail(news[1]!.rid);
    expect(middle.body).toContain('<p>');
    expect(middle.prev).toEqual({ rid: news[2]!.rid, title: news[2]!.title });
    expect(middle.next).toEqual({ rid: news[0]!.rid, title: news[0]!.title });
    expect((await detail(news.at(-1)!.rid)).prev).toBeNull();
    expect((await detail(news[0]!.rid)).next).toBeNull();
  });

  it('answers 404 for an unknown article', async () => {
    expect(await callApi(t, 'articleDetail', { query: { rid: 'zz' } })).toEqual({
      status: 404,
      body: { code: 404, msg: '文章不存在', data: null },
    });
  });
});

describe('GET /api/open/web/page', () => {
  it.each(SITE_PAGE_KEYS)('serves the %s page', async (key) => {
    const page = (await callApi(t, 'sitePage', { query: { key } })).body.data;
    expect(page.key).toBe(key);
    expect(page.body.length).toBeGreaterThan(150);
  });

  it('writes live counts into {{figure}} placeholders, the same counts the 能力展示 page shows', async () => {
    const profile = (await callApi(t, 'sitePage', { query: { key: 'profile' } })).body.data;
    const types = (await callApi(t, 'typeGroup', {})).body.data;
    const items = types.flatMap((ty) => ty.typeChildArr).reduce((n, c) => n + c.count, 0);
    const thanks = (await list({ type: 'thanks', pageSize: 1 })).total;
    expect(profile.body).not.toMatch(/\{\{/);
    expect(profile.body).toContain(`${items.toLocaleString('zh-CN')} 个在线服务项目`);
    expect(profile.body).toContain(`${thanks} 篇发表论文`);
    expect(fillFigures('共 {{ items }} 项，{{nope}}', { items: 1234, categories: 0, cases: 0, thanks: 0 })).toBe('共 1,234 项，{{nope}}');
  });

  it('serves the certificates page with each certificate as text beside its picture', async () => {
    const page = (await callApi(t, 'sitePage', { query: { key: 'certificates' } })).body.data;
    expect(page.title).toBe('资质证书');
    expect(page.body).toContain('检验检测机构资质认定证书（CMA）');
    expect(page.body).toMatch(/<img alt="[^"]+" src="\/upload\/img\/certificate\/cma\.svg"/);
  });

  it('rejects an unknown page', async () => {
    expect(await callApi(t, 'sitePage', { query: { key: 'secret' as never } })).toEqual({
      status: 400,
      body: { code: 0, msg: '[页面]不存在', data: null },
    });
  });
});
