import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@yance/contracts/staff';
import { createTestApp, json, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens, testClock } from './factories.ts';

const clock = testClock(new Date('2026-12-01T08:00:00Z'));
let t: TestApp;
let operator: string;
let lab: string;

const home = async () =>
  (json(await t.app.inject({ method: 'GET', url: '/api/open/web/index' })) as { data: Record<string, unknown> }).data;
const auditOf = async (objectType: string, objectId: string | number) =>
  (await callApi(t, 'auditList', { token: (await staffTokens(t, 'admin')).token, query: { objectType, objectId: String(objectId) } })).body
    .data.list as AuditEntry[];

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  operator = (await staffTokens(t, 'operator')).token;
  lab = (await staffTokens(t, 'lab')).token;
});
afterAll(async () => t.close());

const banner = {
  img: '/upload/img/banner/b1.svg',
  redirect: 'd10001',
  title: '限时：XRD 九折',
  description: '三天内下单有效',
  sort: 0,
  enabled: true,
};

describe('banners (issue 8)', () => {
  it('refuses a role without content.manage, and bad fields with a message naming them', async () => {
    expect((await callApi(t, 'bannerList', { token: lab })).status).toBe(403);
    expect((await callApi(t, 'bannerAdd', { token: lab, body: banner })).body.msg).toBe('无权限');
    const bad = async (body: object) => (await callApi(t, 'bannerAdd', { token: operator, body: { ...banner, ...body } })).body.msg;
    expect(await bad({ title: '  ' })).toBe('[标题]不能为空');
    expect(await bad({ img: 'javascript:alert(1)' })).toBe('[图片]应为上传后的图片地址或https链接');
    expect(await bad({ redirect: 'javascript:alert(1)' })).toBe('[跳转]应为项目编号或http(s)链接');
    expect(await bad({ redirect: 'd99999' })).toBe('[跳转]项目d99999不存在');
    expect(await bad({ startsAt: '2026-12-05T00:00:00Z', endsAt: '2026-12-04T00:00:00Z' })).toBe('[结束时间]须晚于开始时间');
    expect(await bad({ startsAt: 'tomorrow' })).toBe('[开始时间]格式不正确');
    expect((await callApi(t, 'bannerList', { token: operator })).body.data).toHaveLength(5);
  });

  it('shows a banner on the home page only inside its window, never more than 10 s past its end', async () => {
    const body = { ...banner, startsAt: '2026-12-01T08:00:30Z', endsAt: '2026-12-01T08:02:00Z' };
    const added = await callApi(t, 'bannerAdd', { token: operator, body, ip: '203.0.113.7' });
    expect(added.body).toMatchObject({ msg: '已新增', data: { title: banner.title, active: false } });
    const titles = async () => ((await home()).bannerArr as { title: string }[]).map((b) => b.title);
    expect(await titles()).not.toContain(banner.title);
    clock.advance(31); // the cached page was built before the window opened: it must not outlive the opening
    expect(await titles()).toContain(banner.title);
    clock.advance(85); // 08:01:56 — still inside, and cached now
    expect(await titles()).toContain(banner.title);
    clock.advance(5); // 08:02:01 — past the end, within the 10 s cache period of the last build
    expect(await titles()).not.toContain(banner.title);

    const [row] = await auditOf('banner', added.body.data.id);
    expect(row).toMatchObject({ action: 'banner.add', actorName: '陈运营', ip: '203.0.113.7', changes: { redirect: [null, 'd10001'] } });
  });

  it('switches a banner off, reorders and removes, each logged', async () => {
    const list = (await callApi(t, 'bannerList', { token: operator })).body.data;
    const first = list[0]!;
    const off = await callApi(t, 'bannerEdit', { token: operator, body: { ...first, enabled: false } });
    expect(off.body.data).toMatchObject({ enabled: false, active: false });
    expect(((await home()).bannerArr as { title: string }[]).map((b) => b.title)).not.toContain(first.title);
    expect((await auditOf('banner', first.id))[0]!.changes).toEqual({ enabled: [true, false] });

    const reversed = list.map((b) => b.id).reverse();
    const sorted = await callApi(t, 'bannerSort', { token: operator, body: { ids: reversed } });
    expect(sorted.body.data.map((b) => b.id)).toEqual(reversed);
    expect((await callApi(t, 'bannerSort', { token: operator, body: { ids: reversed.slice(1) } })).body.msg).toBe(
      '[顺序]须包含全部轮播图各一次',
    );
    expect((await callApi(t, 'bannerRemove', { token: operator, body: { id: first.id } })).body.msg).toBe('已删除');
    expect((await auditOf('banner', first.id))[0]).toMatchObject({ action: 'banner.remove', changes: { title: [first.title, null] } });
    expect((await callApi(t, 'bannerRemove', { token: operator, body: { id: first.id } })).status).toBe(404);
  });
});

describe('articles (issue 8)', () => {
  const news = {
    type: 'news' as const,
    title: '研测上线球差电镜预约',
    sketch: '机时开放',
    body: '<p onclick="steal()">开放预约<script>alert(1)</script><a href="javascript:alert(1)">点此</a></p><img src="https://cdn.example.com/a.png">',
  };

  it('adds a draft with its HTML sanitised, publishes it to the site, withdraws and removes it', async () => {
    const added = await callApi(t, 'articleAdd', { token: operator, body: news });
    expect(added.body.msg).toBe('已新增');
    const a = added.body.data;
    expect(a).toMatchObject({ published: false, removed: false, publishedOn: '2026-12-01' });
    expect(a.body).toBe('<p>开放预约<a>点此</a></p><img alt="" src="https://cdn.example.com/a.png" />');
    expect((await callApi(t, 'articleDetail', { query: { rid: a.rid } })).status).toBe(404);

    expect((await callApi(t, 'articlePublish', { token: operator, body: { id: a.id } })).body.data.published).toBe(true);
    const open = await callApi(t, 'articleDetail', { query: { rid: a.rid } });
    expect(open.body.data).toMatchObject({ title: news.title, body: a.body });
    const listed = await callApi(t, 'articleAdminList', { token: operator, query: { type: 'news', kw: '研测上线球差' } });
    expect(listed.body.data.list.map((r) => r.id)).toEqual([a.id]);

    expect((await callApi(t, 'articleUnpublish', { token: operator, body: { id: a.id } })).body.data.published).toBe(false);
    expect((await callApi(t, 'articleDetail', { query: { rid: a.rid } })).status).toBe(404);
    const removed = await callApi(t, 'articleRemove', { token: operator, body: { id: a.id } });
    expect(removed.body.data).toMatchObject({ removed: true, published: false });
    expect((await callApi(t, 'articlePublish', { token: operator, body: { id: a.id } })).status).toBe(404);
    // Kept: still readable in the console under "removed", with its history.
    const gone = await callApi(t, 'articleAdminList', { token: operator, query: { kw: '研测上线球差' } });
    expect(gone.body.data.total).toBe(0);
    const kept = await callApi(t, 'articleAdminList', { token: operator, query: { kw: '研测上线球差', state: 'removed' } });
    expect(kept.body.data.list.map((r) => r.id)).toEqual([a.id]);
    const actions = (await auditOf('article', a.id)).map((r) => r.action);
    expect(actions).toEqual(['article.remove', 'article.unpublish', 'article.publish', 'article.add']);
  });

  it('asks thanks for their author and acknowledgement, others for a body or a link', async () => {
    const thanks = { type: 'thanks' as const, title: 'XPS 测试', company: '', content: '感谢研测提供 XPS 测试' };
    expect((await callApi(t, 'articleAdd', { token: operator, body: thanks })).body.msg).toBe('[作者信息]不能为空');
    const ok = await callApi(t, 'articleAdd', {
      token: operator,
      body: { ...thanks, company: '张三, 某大学', code: 'Adv. Mater. 2026, 38, 1', source: 'https://doi.org/10.1000/x', published: true },
    });
    expect(ok.body.data).toMatchObject({ type: 'thanks', published: true, code: 'Adv. Mater. 2026, 38, 1' });
    expect(((await home()).thanksArr as { rid: string }[])[0]!.rid).toBe(ok.body.data.rid);
    expect((await callApi(t, 'articleAdd', { token: operator, body: { type: 'course', title: '课' } })).body.msg).toBe(
      '[正文]不能为空（或填写原文链接）',
    );
    expect((await callApi(t, 'articleAdd', { token: operator, body: { ...news, type: 'blog' as never } })).body.msg).toBe(
      '[类型]只能是news、course、service或thanks',
    );
    expect((await callApi(t, 'articleAdd', { token: operator, body: { ...news, publishedOn: '2026-02-30' } })).body.msg).toBe(
      '[发布日期]不是有效日期',
    );
    expect((await callApi(t, 'articleAdminList', { token: lab })).status).toBe(403);
  });
});

describe('site pages, partners and the popup (issue 8)', () => {
  it('edits a page: sanitised, its {{figure}} placeholders kept and filled when read', async () => {
    const body = '<h3>规模</h3><p>在线项目 {{items}} 项<iframe src="https://evil.example"></iframe></p>';
    const saved = await callApi(t, 'sitePageEdit', { token: operator, body: { key: 'profile', title: '公司简介', body } });
    expect(saved.body.data.body).toBe('<h3>规模</h3><p>在线项目 {{items}} 项</p>');
    const shown = (await callApi(t, 'sitePage', { query: { key: 'profile' } })).body.data.body;
    expect(shown).toMatch(/在线项目 [\d,]+ 项/);
    expect((await callApi(t, 'sitePageAdminDetail', { token: operator, query: { key: 'profile' } })).body.data.body).toContain('{{items}}');
    expect((await auditOf('page', 'profile'))[0]).toMatchObject({ action: 'page.edit' });
    expect((await callApi(t, 'sitePageAdminList', { token: operator })).body.data.map((p) => p.key)).toContain('certificates');
    expect((await callApi(t, 'sitePageEdit', { token: operator, body: { key: 'nope' as never, title: 'x', body: '' } })).body.msg).toBe(
      '[页面]不存在',
    );
  });

  it('adds, sorts and removes partners; the home strip follows', async () => {
    const added = await callApi(t, 'partnerAdd', {
      token: operator,
      body: { name: '某光源中心', img: '/upload/img/partner/p1.svg', sort: 99 },
    });
    expect(added.body.data).toMatchObject({ name: '某光源中心', url: '' });
    expect(
      (await callApi(t, 'partnerAdd', { token: operator, body: { name: 'x', img: '/upload/img/p.svg', url: 'ftp://x' } })).body.msg,
    ).toBe('[链接]应为http(s)链接或站内路径');
    const ids = (await callApi(t, 'partnerList', { token: operator })).body.data.map((p) => p.id);
    const order = [added.body.data.id, ...ids.filter((id) => id !== added.body.data.id)];
    await callApi(t, 'partnerSort', { token: operator, body: { ids: order } });
    expect(((await home()).partnerArr as { name: string }[])[0]!.name).toBe('某光源中心');
    await callApi(t, 'partnerRemove', { token: operator, body: { id: added.body.data.id } });
    expect(((await home()).partnerArr as { name: string }[]).map((p) => p.name)).not.toContain('某光源中心');
    expect((await auditOf('partner', added.body.data.id)).map((r) => r.action)).toEqual(['partner.remove', 'partner.sort', 'partner.add']);
  });

  it('keeps the popup to its window', async () => {
    expect((await callApi(t, 'popupDetail', { token: operator })).body.data).toMatchObject({ active: true, popup: { enabled: true } });
    const now = clock.now().getTime();
    const popup = {
      img: '/upload/img/popup/winter.svg',
      title: '元旦特惠',
      url: '/article/a10011',
      startsAt: new Date(now + 60_000).toISOString(),
      endsAt: new Date(now + 120_000).toISOString(),
    };
    const saved = await callApi(t, 'popupSave', { token: operator, body: popup });
    expect(saved.body.data).toMatchObject({ active: false, popup: { title: '元旦特惠' } });
    expect((await home()).popup).toBeNull();
    clock.advance(61);
    expect((await home()).popup).toEqual({ img: popup.img, title: '元旦特惠', url: popup.url });
    clock.advance(60);
    expect((await home()).popup).toBeNull();
    expect((await callApi(t, 'popupSave', { token: operator, body: { ...popup, url: 'javascript:x' } })).body.msg).toBe(
      '[链接]应为http(s)链接或站内路径',
    );
    expect((await auditOf('setting', 'homePopup'))[0]).toMatchObject({
      action: 'popup.save',
      changes: { title: [expect.any(String), '元旦特惠'] },
    });
  });
});
