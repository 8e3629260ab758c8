import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LINES_MAX } from '@yance/contracts/order';
import { device } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, createUser, type TestUser } from './factories.ts';
import { customItem, DFT, planLine, XRD } from './order-factories.ts';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
});
afterAll(async () => t.close());

const list = async (u: TestUser = user) => (await callApi(t, 'planList', { token: u.tokens.token })).body.data;

describe('the experiment plan (plan/*, spec §3)', () => {
  it('prices a line by the one rule: (unit + chosen extras) × count, and counts it in user/info cartNum', async () => {
    expect((await callApi(t, 'userInfo', { token: user.tokens.token })).body.data.cartNum).toBe(0);
    const id = await planLine(t, user, XRD, 3, { 扫描范围: '5–120°', 物相检索: 'Jade 物相检索' });
    const [group] = (await list()).dataArr;
    expect(group).toMatchObject({ type_id: 1, type_name: '送样检测', count: 1 });
    // ¥80 + ¥20 + ¥30 = ¥130 a sample, three samples.
    expect(group!.items[0]).toMatchObject({ id, rid: XRD, unit_fen: 13000, amount_fen: 39000, count: 3, available: true, unit: 'sample' });
    expect(group!.items[0]!.options.map((o) => o.name)).toEqual(['扫描范围', '物相检索']);
    expect((await callApi(t, 'userInfo', { token: user.tokens.token })).body.data.cartNum).toBe(1);
  });

  it('adds the same item with the same choices to its line; other choices make a new line with every option filled', async () => {
    const u = await createUser(t);
    const a = await planLine(t, u, XRD, 1);
    const b = await planLine(t, u, XRD, 2, { 扫描范围: '5–90°（常规）', 物相检索: '不需要' });
    expect(b).toBe(a);
    const c = await planLine(t, u, XRD, 1, { 物相检索: 'Jade 物相检索' });
    expect(c).not.toBe(a);
    const items = (await list(u)).dataArr[0]!.items;
    expect(items.map((i) => i.count)).toEqual([3, 1]);
    expect(items[1]!.choices).toEqual({ 扫描范围: '5–90°（常规）', 物相检索: 'Jade 物相检索' });
  });

  it('立即下单 (alone) makes a line of its own, never added to an equal line (issue 21)', async () => {
    const u = await createUser(t);
    const a = await planLine(t, u, XRD, 2);
    const now = await callApi(t, 'planAdd', { token: u.tokens.token, body: { rid: XRD, count: 1, choices: {}, alone: true } });
    expect(now.body.data.id).not.toBe(a);
    expect((await list(u)).dataArr[0]!.items.map((i) => i.count).sort()).toEqual([1, 2]);
  });

  it('refuses an unknown option or choice, an off-shelf or missing item, and a count out of range, changing nothing', async () => {
    const u = await createUser(t);
    const bad = [
      [{ rid: XRD, count: 1, choices: { 颜色: '红' } }, 400, '该项目没有选项「颜色」'],
      [{ rid: XRD, count: 1, choices: { 扫描范围: '0–180°' } }, 400, '选项「扫描范围」没有「0–180°」'],
      [{ rid: 'd99999', count: 1, choices: {} }, 404, '项目不存在或已下架'],
      [{ rid: XRD, count: 1000, choices: {} }, 400, undefined],
      [{ rid: XRD, count: 0, choices: {} }, 400, undefined],
    ] as const;
    for (const [body, status, msg] of bad) {
      const res = await callApi(t, 'planAdd', { token: u.tokens.token, body });
      expect(res.status).toBe(status);
      if (msg) expect(res.body.msg).toBe(msg);
    }
    const hidden = await customItem(t, { price: 5000, onShelf: false });
    expect((await callApi(t, 'planAdd', { token: u.tokens.token, body: { rid: hidden.rid, count: 1 } })).status).toBe(404);
    expect((await list(u)).cartNum).toBe(0);
  });

  it('groups by type with 定制项目 (31) first; a price-0 item is 待报价 (amount null)', async () => {
    const u = await createUser(t);
    await planLine(t, u, DFT, 2);
    await planLine(t, u, XRD, 1);
    const custom = await customItem(t);
    await planLine(t, u, custom.rid, 1);
    const { dataArr, cartNum } = await list(u);
    expect(cartNum).toBe(3);
    expect(dataArr.map((g) => g.type_id)).toEqual([31, 1, 3]);
    expect(dataArr[0]).toMatchObject({ type_name: '定制项目', count: 1 });
    expect(dataArr[0]!.items[0]).toMatchObject({ amount_fen: null, unit_fen: 0, available: true });
  });

  it('edits the choices and count of the caller’s own line only, re-pricing it; another customer’s line is 404', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const id = await planLine(t, u, XRD, 1);
    const res = await callApi(t, 'planEdit', { token: u.tokens.token, body: { id, count: 4, choices: { 扫描范围: '5–120°' } } });
    expect(res.body.data.dataArr[0]!.items[0]).toMatchObject({ count: 4, unit_fen: 10000, amount_fen: 40000 });
    const theirs = await callApi(t, 'planEdit', { token: other.tokens.token, body: { id, count: 9 } });
    expect(theirs).toMatchObject({ status: 404, body: { msg: '方案条目不存在' } });
    const bad = await callApi(t, 'planEdit', { token: u.tokens.token, body: { id, choices: { 扫描范围: '全部' } } });
    expect(bad.status).toBe(400);
    expect((await list(u)).dataArr[0]!.items[0]!.count).toBe(4);
    expect((await callApi(t, 'planDel', { token: other.tokens.token, body: { ids: [id] } })).status).toBe(404);
    const del = await callApi(t, 'planDel', { token: u.tokens.token, body: { ids: [id] } });
    expect(del.body).toMatchObject({ msg: '已删除', data: { cartNum: 0, dataArr: [] } });
  });

  it('shows an item taken off the shelf since as unavailable', async () => {
    const u = await createUser(t);
    const custom = await customItem(t, { price: 12000 });
    await planLine(t, u, custom.rid, 2);
    await t.db.update(device).set({ onShelf: false }).where(eq(device.rid, custom.rid));
    const item = (await list(u)).dataArr[0]!.items[0]!;
    expect(item).toMatchObject({ available: false, amount_fen: 24000 });
  });

  it(`holds at most ${PLAN_LINES_MAX} lines, even when added in parallel`, async () => {
    const u = await createUser(t);
    const items = await Promise.all(Array.from({ length: PLAN_LINES_MAX + 3 }, (_, i) => customItem(t, { price: 100 * (i + 1) })));
    const results = await Promise.all(items.map((c) => callApi(t, 'planAdd', { token: u.tokens.token, body: { rid: c.rid, count: 1 } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(PLAN_LINES_MAX);
    expect(results.filter((r) => r.status === 400).map((r) => r.body.msg)).toEqual(
      Array(3).fill(`实验方案最多${PLAN_LINES_MAX}个项目，请先下单或删除部分项目`),
    );
    expect((await list(u)).cartNum).toBe(PLAN_LINES_MAX);
  });
});
