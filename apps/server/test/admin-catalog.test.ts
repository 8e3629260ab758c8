import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@yance/contracts/staff';
import { createTestApp, createTwinApps, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens, testClock } from './factories.ts';

const item = {
  rid: 'c90001',
  name: '原位拉曼光谱测试',
  alias: ['In-situ Raman', '原位拉曼'],
  childId: 0,
  img: '/upload/img/device/raman.svg',
  sketch: '变温原位拉曼',
  description: '<h3>检测内容</h3><p onclick="steal()">原位变温<script>alert(1)</script><img src="javascript:alert(1)"></p>',
  sampleRequirement: '<p>粉末 <b>50 mg</b></p><iframe src="https://evil.example"></iframe>',
  instrument: 'Horiba LabRAM',
  options: [
    {
      name: '温度',
      choices: [
        { label: '室温', extra_fen: 0 },
        { label: '600 ℃', extra_fen: 20000 },
      ],
    },
  ],
  priceFen: 45000,
  unit: 'sample' as const,
  turnaroundDays: 5,
  dailyCapacity: 8,
  orderCount: 0,
  onShelf: true,
  sort: 5,
  hotRank: null,
};

describe('catalogue in the console (issue 8, ADR 0036)', () => {
  let t: TestApp;
  let op: string;
  let lab: string;
  let spectrumId: number;
  const audit = async (objectType: string, objectId: number | string) =>
    (await callApi(t, 'auditList', { token: (await staffTokens(t, 'admin')).token, query: { objectType, objectId: String(objectId) } }))
      .body.data.list as AuditEntry[];
  const search = async (kw: string) => (await callApi(t, 'deviceSearch', { query: { kw } })).body.data.list.map((d) => d.rid);

  beforeAll(async () => {
    t = await createTestApp();
    op = (await staffTokens(t, 'operator')).token;
    lab = (await staffTokens(t, 'lab')).token;
    const children = (await callApi(t, 'catalogChildList', { token: op, query: { typeId: 1 } })).body.data;
    spectrumId = children.find((c) => c.name === '光谱分析')!.id;
    item.childId = spectrumId;
  });
  afterAll(async () => t.close());

  it('refuses every catalogue call to a role without catalog.manage, and to no one signed in', async () => {
    const list = await callApi(t, 'catalogDeviceList', { token: lab });
    expect([list.status, list.body.msg]).toEqual([403, '无权限']);
    const add = await callApi(t, 'catalogDeviceAdd', { token: lab, body: item });
    expect([add.status, add.body.msg]).toEqual([403, '无权限']);
    expect((await callApi(t, 'catalogTypeEdit', { body: { id: 1, name: 'x', img: '/x.png', description: '' } })).status).toBe(401);
    expect(await search(item.name)).not.toContain(item.rid);
  });

  it('typeArr and type/group always carry discount_info as an object', async () => {
    const home = (await callApi(t, 'home')).body.data.typeArr;
    for (const type of [...home, ...(await callApi(t, 'typeGroup')).body.data]) {
      expect(type.discount_info).toEqual({ discount_label: expect.any(String) });
    }
    expect(home.find((x) => x.id === 2)!.discount_info).toEqual({ discount_label: '' }); // the demo's 现场预约 has none
  });

  it('edits a project type: tags split on "|", shown on the home page at once, logged before → after', async () => {
    const body = {
      id: 2,
      name: '现场预约',
      img: '/upload/img/type/2.svg',
      description: ' 专人上机 || 远程直播 |按小时计费 ',
    };
    const res = await callApi(t, 'catalogTypeEdit', { token: op, body });
    expect(res.body).toMatchObject({ msg: '已保存', data: { tags: ['专人上机', '远程直播', '按小时计费'], discount_label: '' } });
    const type = (await callApi(t, 'home')).body.data.typeArr.find((x) => x.id === 2)!;
    expect(type).toMatchObject({ description: '专人上机|远程直播|按小时计费', discount_info: { discount_label: '' } });
    const [row] = await audit('project_type', 2);
    expect(row).toMatchObject({
      action: 'catalog.type.edit',
      actorName: '陈运营',
      changes: { description: ['自主上机|工程师陪同|按小时计费', '专人上机|远程直播|按小时计费'] },
    });
    const bad = await callApi(t, 'catalogTypeEdit', { token: op, body: { ...body, name: ' ', img: 'javascript:x' } });
    expect([bad.status, bad.body.msg]).toEqual([400, '[名称]不能为空']);
    expect((await callApi(t, 'catalogTypeEdit', { token: op, body: { ...body, img: 'javascript:x' } })).body.msg).toMatch(
      /^\[图片\]应为站内路径/,
    );
  });

  it('adds an item: rich text sanitised before it is stored, searchable by name and alias at once', async () => {
    const res = await callApi(t, 'catalogDeviceAdd', { token: op, body: item });
    expect(res.body.msg).toBe('已新增');
    const added = res.body.data;
    expect(added).toMatchObject({ rid: 'c90001', typeId: 1, childName: '光谱分析', dailyCapacity: 8, discountLabel: '新客9折' }); // the promotion rules' label (issue 21)
    expect(added.description).toContain('原位变温');
    expect(added.description).not.toMatch(/script|onclick|javascript|alert/);
    expect(added.sampleRequirement).toBe('<p>粉末 <b>50 mg</b></p>');
    expect(await search('原位拉曼光谱测试')).toContain('c90001');
    expect(await search('in-situ raman')).toContain('c90001');
    const detail = (await callApi(t, 'deviceDetail', { query: { rid: 'c90001' } })).body.data;
    expect(detail).toMatchObject({ price_fen: 45000, description: added.description });
    const [row] = await audit('device', added.id);
    expect(row).toMatchObject({ action: 'catalog.device.add', changes: { rid: [null, 'c90001'], priceFen: [null, 45000] } });
  });

  it('refuses bad items with the field in the message, and changes nothing', async () => {
    const cases: [Partial<typeof item> & Record<string, unknown>, string | RegExp][] = [
      [{ name: '' }, '[名称]不能为空'],
      [{ rid: 'c9 0002' }, '[项目编号]只能是字母、数字、- 或 _'],
      [{ priceFen: -1 }, '[单价]不能小于0'],
      [{ priceFen: 12.5 }, '[单价]必须是整数'],
      [{ turnaroundDays: 0 }, '[周期（工作日）]不能小于1'],
      [{ unit: 'kg' as never }, /单位|无效/],
      [{ options: [{ name: '温度', choices: [] }] }, '[选项值]不能为空'],
      [{ options: [item.options[0]!, item.options[0]!] }, '[价格选项]「温度」重复'],
      [
        { priceFen: 999_990_000, options: [{ name: '温度', choices: [{ label: '高温', extra_fen: 20_000 }] }] },
        '[单价]加上选项后金额超出上限',
      ],
      [{ childId: 99999 }, '[分类]不存在'],
    ];
    for (const [change, msg] of cases) {
      const res = await callApi(t, 'catalogDeviceAdd', { token: op, body: { ...item, rid: 'c90002', ...change } as typeof item });
      expect(res.body.msg, JSON.stringify(change)).toEqual(typeof msg === 'string' ? msg : expect.stringMatching(msg));
    }
    const dup = await callApi(t, 'catalogDeviceAdd', { token: op, body: item });
    expect([dup.status, dup.body.msg]).toEqual([409, '[项目编号]「c90001」已被其他项目使用']);
    expect((await callApi(t, 'catalogDeviceList', { token: op, query: { kw: 'c90002' } })).body.data.total).toBe(0);
    expect(await search('原位拉曼')).toContain('c90001');
  });

  it('edits every field: the search follows the new name and alias, the storefront the new price, the log says what changed', async () => {
    const { id } = (await callApi(t, 'catalogDeviceList', { token: op, query: { kw: 'c90001' } })).body.data.list[0]!;
    const body = { ...item, id, name: '变温拉曼光谱', alias: ['VT-Raman'], priceFen: 48000, turnaroundDays: 6, dailyCapacity: null };
    const res = await callApi(t, 'catalogDeviceEdit', { token: op, body });
    expect(res.body.data).toMatchObject({ name: '变温拉曼光谱', alias: ['VT-Raman'], dailyCapacity: null });
    expect(await search('变温拉曼')).toContain('c90001');
    expect(await search('vt-raman')).toContain('c90001');
    expect(await search('In-situ Raman')).not.toContain('c90001');
    expect((await callApi(t, 'deviceDetail', { query: { rid: 'c90001' } })).body.data.price_fen).toBe(48000);
    const [row] = await audit('device', id);
    expect(row).toMatchObject({ action: 'catalog.device.edit' });
    expect(row!.changes).toEqual({
      name: ['原位拉曼光谱测试', '变温拉曼光谱'],
      alias: [['In-situ Raman', '原位拉曼'], ['VT-Raman']],
      priceFen: [45000, 48000],
      turnaroundDays: [5, 6],
      dailyCapacity: [8, null],
    });
    const missing = await callApi(t, 'catalogDeviceEdit', { token: op, body: { ...body, id: 999999 } });
    expect([missing.status, missing.body.msg]).toEqual([404, '项目不存在']);
  });

  it('lists items with paging, keyword, filters and sort, off-shelf ones included; bulk shelf changes are logged', async () => {
    const page1 = (await callApi(t, 'catalogDeviceList', { token: op, query: { typeId: 1, pageSize: 5, sort: 'price_desc' } })).body.data;
    expect(page1.list).toHaveLength(5);
    expect(page1.total).toBeGreaterThan(5);
    expect(page1.list.every((d) => d.typeId === 1)).toBe(true);
    const prices = page1.list.map((d) => d.priceFen);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const page2 = (await callApi(t, 'catalogDeviceList', { token: op, query: { typeId: 1, pageSize: 5, page: 2, sort: 'price_desc' } }))
      .body.data;
    expect(page2.list[0]!.priceFen).toBeLessThanOrEqual(prices[4]!);

    const thermal = (await callApi(t, 'catalogDeviceList', { token: op, query: { kw: 'TGA' } })).body.data.list;
    expect(thermal[0]).toMatchObject({ rid: 'd10041', childName: '热分析', onShelf: true });
    const ids = thermal.map((d) => d.id);
    const off = await callApi(t, 'catalogDeviceShelf', { token: op, body: { ids, onShelf: false } });
    expect(off.body).toMatchObject({ msg: '已更新', data: { changed: ids.length } });
    expect(await search('TGA')).not.toContain('d10041');
    const offList = (await callApi(t, 'catalogDeviceList', { token: op, query: { kw: 'TGA', shelf: 'off' } })).body.data;
    expect(offList.list.map((d) => d.rid)).toContain('d10041');
    expect((await callApi(t, 'catalogDeviceList', { token: op, query: { kw: 'TGA', shelf: 'on' } })).body.data.total).toBe(0);
    expect((await audit('device', ids[0]!))[0]).toMatchObject({ action: 'catalog.device.offShelf', changes: { onShelf: [true, false] } });
    expect((await callApi(t, 'catalogDeviceShelf', { token: op, body: { ids, onShelf: true } })).body.data.changed).toBe(ids.length);
    expect(await search('TGA')).toContain('d10041');
    expect((await callApi(t, 'catalogDeviceShelf', { token: op, body: { ids: [], onShelf: true } })).body.msg).toBe('[项目]不能为空');
  });

  it('categories: add, rename (items found by the new name), sort, and remove only when empty', async () => {
    const added = await callApi(t, 'catalogChildAdd', { token: op, body: { typeId: 1, name: '同步辐射' } });
    expect(added.body.data).toMatchObject({ name: '同步辐射', items: 0, onShelf: 0 });
    const again = await callApi(t, 'catalogChildAdd', { token: op, body: { typeId: 1, name: '同步辐射' } });
    expect([again.status, again.body.msg]).toEqual([409, '[分类名称]「同步辐射」已存在']);

    const children = (await callApi(t, 'catalogChildList', { token: op, query: { typeId: 1 } })).body.data;
    const thermal = children.find((c) => c.name === '热分析')!;
    await callApi(t, 'catalogChildEdit', { token: op, body: { id: thermal.id, name: '热学表征', sort: thermal.sort } });
    expect(await search('热学表征')).toEqual(expect.arrayContaining(['d10041', 'd10042', 'd10043']));

    const reversed = children.map((c) => c.id).reverse();
    const sorted = await callApi(t, 'catalogChildSort', { token: op, body: { ids: reversed } });
    expect(sorted.body.data.map((c) => c.id)).toEqual(reversed);
    expect((await callApi(t, 'typeGroup')).body.data[0]!.typeChildArr.map((c) => c.id)).toEqual(reversed);
    const partial = await callApi(t, 'catalogChildSort', { token: op, body: { ids: reversed.slice(1) } });
    expect(partial.body.msg).toBe('[排序]须包含该项目类型的全部分类，且各一次');

    const full = await callApi(t, 'catalogChildRemove', { token: op, body: { id: thermal.id } });
    expect([full.status, full.body.msg]).toEqual([409, `分类「热学表征」下还有 ${thermal.items} 个项目（含下架），请先把它们移到其他分类`]);
    expect((await callApi(t, 'catalogChildRemove', { token: op, body: { id: added.body.data.id } })).body.msg).toBe('已删除');
    expect((await audit('type_child', added.body.data.id)).map((r) => r.action)).toEqual(['catalog.child.remove', 'catalog.child.add']);
  });

  it('hot areas: add, edit, sort, fill and empty; the storefront area filter follows', async () => {
    const area = (
      await callApi(t, 'catalogPrefectureAdd', { token: op, body: { name: '原位表征专区', img: '/upload/img/p.svg', sketch: '' } })
    ).body.data;
    const { id: ramanId } = (await callApi(t, 'catalogDeviceList', { token: op, query: { kw: 'c90001' } })).body.data.list[0]!;
    const add = await callApi(t, 'catalogPrefectureItemAdd', { token: op, body: { id: area.id, deviceIds: [ramanId, ramanId] } });
    expect(add.body.data.changed).toBe(1);
    expect((await callApi(t, 'deviceSearch', { query: { areaId: area.id } })).body.data.list.map((d) => d.rid)).toEqual(['c90001']);
    expect((await callApi(t, 'catalogPrefectureItems', { token: op, query: { id: area.id } })).body.data).toMatchObject({ total: 1 });
    expect((await callApi(t, 'catalogDeviceDetail', { token: op, query: { id: ramanId } })).body.data.prefectureIds).toEqual([area.id]);
    const unknown = await callApi(t, 'catalogPrefectureItemAdd', { token: op, body: { id: area.id, deviceIds: [999999] } });
    expect([unknown.status, unknown.body.msg]).toEqual([404, '项目 999999 不存在']);

    await callApi(t, 'catalogPrefectureEdit', {
      token: op,
      body: { id: area.id, name: '原位专区', img: '/upload/img/p.svg', sketch: '变温、电化学' },
    });
    const all = (await callApi(t, 'catalogPrefectureList', { token: op })).body.data.map((p) => p.id);
    const order = [area.id, ...all.filter((x) => x !== area.id)];
    await callApi(t, 'catalogPrefectureSort', { token: op, body: { ids: order } });
    expect((await callApi(t, 'home')).body.data.prefectureNavBottomArr[0]).toMatchObject({ name: '原位专区', sketch: '变温、电化学' });

    expect(
      (await callApi(t, 'catalogPrefectureItemRemove', { token: op, body: { id: area.id, deviceIds: [ramanId] } })).body.data.changed,
    ).toBe(1);
    expect((await callApi(t, 'deviceSearch', { query: { areaId: area.id } })).body.data.total).toBe(0);
    expect((await callApi(t, 'catalogPrefectureRemove', { token: op, body: { id: area.id } })).body.msg).toBe('已删除');
    expect((await callApi(t, 'catalogPrefectureList', { token: op })).body.data.map((p) => p.id)).not.toContain(area.id);
    expect((await audit('prefecture', area.id)).map((r) => r.action)).toEqual([
      'catalog.prefecture.remove',
      'catalog.prefecture.itemRemove',
      'catalog.prefecture.edit',
      'catalog.prefecture.itemAdd',
      'catalog.prefecture.add',
    ]);
  });
});

/**
 * A stand-in for the web's server render (the seam of packages/contracts
 * page-render.ts): an item page that prints the price the API answers, fetched
 * through the rendering app's own in-process transport (each app's transport
 * knows its origin once it has served a page).
 */
const RENDERER = `
const transports = [];
export function configure(options) { transports.push(options.transport); }
export async function render(url, origin) {
  const transport = transports.find((t) => t.origin() === origin);
  const rid = url.split('/').pop();
  const res = await transport.fetch(new URL('/api/open/web/device/detail?rid=' + rid, origin), { method: 'GET' });
  const body = await res.json();
  return { kind: 'page', status: 200, head: '<title>' + rid + '</title>', html: '<p>price=' + body.data.price_fen + '</p>',
    state: '<script type="application/json" id="server-state">{}</script>', files: [] };
}
`;
const INDEX = `<!doctype html><html><head><!--page-head--><title>研测</title><!--/page-head--></head><body><div id="root"></div></body></html>`;

async function fakeWebBuild(): Promise<string> {
  const dist = path.join(await mkdtemp(path.join(tmpdir(), 'yance-catalog-pages-')), 'dist');
  await mkdir(path.join(dist, '.vite'), { recursive: true });
  await mkdir(path.join(dist, '.server'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index.js', isEntry: true } }));
  await writeFile(path.join(dist, '.server', 'entry-server.js'), RENDERER);
  return dist;
}

describe('a catalogue change shows on every server process within 10 s (issue 8)', () => {
  const clock = testClock();
  let twins: Awaited<ReturnType<typeof createTwinApps>>;
  let dist: string;
  beforeAll(async () => {
    dist = await fakeWebBuild();
    twins = await createTwinApps({ clock: clock.now, env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await twins.close();
    await rm(path.dirname(dist), { recursive: true, force: true });
  });

  it('a price edited on A is on B’s home, search, item API and rendered item page after at most 10 s', async () => {
    const { a, b } = twins;
    const hot = async (app: TestApp, rid: string) => (await callApi(app, 'home')).body.data.hotItems.find((h) => h.rid === rid)!.price_fen;
    const searched = async (app: TestApp, rid: string, kw: string) =>
      (await callApi(app, 'deviceSearch', { query: { kw } })).body.data.list.find((d) => d.rid === rid)!.price_fen;
    const page = async (app: TestApp, rid: string) =>
      (await app.app.inject({ url: `/detail/${rid}`, headers: { host: app === a ? 'a.test' : 'b.test' } })).body;

    const { rid, name, price_fen: before } = (await callApi(b, 'home')).body.data.hotItems[0]!;
    expect(await page(a, rid)).toContain(`price=${before}`);
    expect(await page(b, rid)).toContain(`price=${before}`); // B's page and home are now cached

    const op = (await staffTokens(a, 'operator')).token;
    const [row] = (await callApi(a, 'catalogDeviceList', { token: op, query: { kw: rid } })).body.data.list;
    const detail = (await callApi(a, 'catalogDeviceDetail', { token: op, query: { id: row!.id } })).body.data;
    const { prefectureIds: _areas, typeId: _t, typeName: _tn, childName: _cn, ...form } = detail;
    const after = before + 1_000;
    expect((await callApi(a, 'catalogDeviceEdit', { token: op, body: { ...form, priceFen: after } })).body.msg).toBe('已保存');

    // A drops its own home cache on the write; the uncached calls show it everywhere at once.
    expect(await hot(a, rid)).toBe(after);
    expect((await callApi(b, 'deviceDetail', { query: { rid } })).body.data.price_fen).toBe(after);
    expect(await searched(b, rid, name)).toBe(after);

    clock.advance(9);
    expect(await page(b, rid)).toContain(`price=${before}`); // still inside B's 10 s window
    // On PGlite the twins share one database object and so one home cache slot; on PostgreSQL B keeps its own copy.
    if (a.db !== b.db) expect(await hot(b, rid)).toBe(before);

    clock.advance(1);
    expect(await hot(b, rid)).toBe(after);
    expect(await page(b, rid)).toContain(`price=${after}`);
  });
});
