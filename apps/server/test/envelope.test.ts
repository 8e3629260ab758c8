import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@yance/contracts/endpoints';
import { urlOf } from '@yance/contracts/routes';
import { createTestApp, json, type TestApp } from './create-test-app.ts';
import { callApi } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A route whose code fails unexpectedly, as a bug would.
  t.app.get('/test/boom', async () => {
    throw new Error('connection to 10.0.0.3 refused at pool.ts:42');
  });
});
afterAll(async () => t.close());

describe('envelope conventions', () => {
  it('answers an unknown API path with the 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/open/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ code: 404, msg: '接口不存在', data: null });
  });

  it('answers malformed JSON with 400 and a Chinese message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/open/setting/list4key',
      headers: { 'content-type': 'application/json' },
      payload: '{"keys": [',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ code: 0, msg: '请求体不是合法的JSON', data: null });
  });

  it('answers a wrongly typed query with 400 and a Chinese message', async () => {
    const res = await callApi(t, 'articleList', { query: { type: 'news', pageSize: 'abc' } });
    expect(res).toEqual({ status: 400, body: { code: 0, msg: '[每页条数]必须是整数', data: null } });
  });

  it('answers a missing required field with 400', async () => {
    const res = await callApi(t, 'articleList', { query: {} as never });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 0, data: null });
    expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('answers a body over the limit with 413', async () => {
    const payload = JSON.stringify({ keys: ['localInfo'], pad: 'x'.repeat(1_100_000) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/open/setting/list4key',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(json(res)).toEqual({ code: 413, msg: '请求体过大', data: null });
  });

  it('hides the internals of an unexpected failure', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/boom' });
    expect(res.statusCode).toBe(500);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    // The caller gets a Chinese sentence and the request id to quote; the cause stays in the log.
    expect(json(res)).toEqual({ code: 500, msg: `服务器繁忙，请稍后再试（请求编号 ${String(id)}）`, data: null });
    expect(res.body).not.toMatch(/10\.0\.0\.3|pool\.ts|stack/);
  });

  it.each([
    ['GET', '/api/open/web/device/search?page=-1'],
    ['GET', '/api/open/web/device/search?pageSize=1000'],
    ['GET', '/api/open/web/device/search?typeId=x'],
    ['GET', `/api/open/web/device/search?kw=${'很长'.repeat(40)}`],
    ['GET', '/api/open/web/device/search?sort=random'],
    ['GET', '/api/open/web/device/detail?rid='],
    ['GET', '/api/open/web/article/detail?rid=%00%27'],
    ['GET', '/api/open/web/device/detail?rid=a%00'],
    ['POST', '/api/open/setting/list4key'],
  ])('never fails with 500 on bad input: %s %s', async (method, url) => {
    const res = await t.app.inject({
      method: method as 'GET' | 'POST',
      url,
      headers: { 'content-type': 'text/csv' },
      payload: method === 'POST' ? 'a,b' : undefined,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(json(res)).toMatchObject({ data: null });
  });

  it('ignores control and bidi characters in a search keyword', async () => {
    const plain = await callApi(t, 'deviceSearch', { query: { kw: 'xrd' } });
    expect(plain.body.data.total).toBeGreaterThan(0);
    for (const kw of ['x\u0000rd', 'x\u202Erd', '\u2066xrd\u2069', 'x\u200Frd\u0007']) {
      const res = await callApi(t, 'deviceSearch', { query: { kw } });
      expect(res.status, JSON.stringify(kw)).toBe(200);
      expect(res.body.data, JSON.stringify(kw)).toEqual(plain.body.data);
    }
  });

  it('documents every open call in OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = json(res) as { paths: Record<string, Record<string, { tags?: string[]; summary?: string }>> };
    const open = Object.values(endpoints).filter((ep) => ep.scope === 'open' && !('hidden' in ep && ep.hidden));
    expect(open.length).toBeGreaterThan(10);
    for (const ep of open) {
      const path = urlOf(ep);
      const op = doc.paths[path]?.[ep.method.toLowerCase()];
      expect(op?.tags, path).toEqual(['open']);
      expect(op?.summary, path).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
