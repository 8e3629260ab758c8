import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderState } from '@yance/contracts/order-states';
import { auditLog, deviceRating, evaluation, message, orderLine, userAccount } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens, type TestUser } from './factories.ts';
import { orderingCustomer, placeOrder, reviewedFile, XRD } from './order-factories.ts';

type Step = 'adminOrderReceive' | 'adminOrderStartTesting' | 'adminOrderDeliver';

async function step(t: TestApp, token: string, call: Step, id: number, expect: OrderState) {
  const res = await callApi(t, call, { token, body: { id, expect } });
  if (res.body.code !== 1) throw new Error(`${call}: ${res.body.msg}`);
}

/** A self-send XRD order taken by the lab to delivery; `confirm` has the customer confirm the data (→ 待结算). */
async function orderUpTo(t: TestApp, lab: string, u: TestUser, confirm = true) {
  const o = await placeOrder(t, u);
  await step(t, lab, 'adminOrderReceive', o.id, 'awaitingSample');
  await step(t, lab, 'adminOrderStartTesting', o.id, 'received');
  await reviewedFile(t, lab, o.id);
  await step(t, lab, 'adminOrderDeliver', o.id, 'testing');
  if (confirm) {
    const res = await callApi(t, 'orderConfirm', { token: u.tokens.token, body: { id: o.id } });
    expect(res.body.data.state).toBe('unsettled');
  }
  const [line] = await t.db.select().from(orderLine).where(eq(orderLine.orderId, o.id));
  return { order: o, lineId: line!.id, deviceId: line!.deviceId! };
}

const rating = async (t: TestApp, deviceId: number) =>
  (await t.db.select().from(deviceRating).where(eq(deviceRating.deviceId, deviceId)))[0] ?? { starSum: 0, starCount: 0 };

describe('evaluations (ADR 0048)', () => {
  let t: TestApp;
  let lab = '';
  let manager = '';
  let admin = '';
  let operator = '';
  beforeAll(async () => {
    t = await createTestApp();
    lab = (await staffTokens(t, 'lab')).token;
    manager = (await staffTokens(t, 'manager')).token;
    admin = (await staffTokens(t, 'admin')).token;
    operator = (await staffTokens(t, 'operator')).token;
  });
  afterAll(async () => t.close());

  it('adds one evaluation per confirmed catalogue line, keeps the item rating and refuses the rest', async () => {
    const u = await orderingCustomer(t);
    const { order, lineId, deviceId } = await orderUpTo(t, lab, u);
    const before = await rating(t, deviceId);

    const listed = await callApi(t, 'evaluateList', { token: u.tokens.token, body: { orderId: order.id } });
    expect(listed.body.data).toMatchObject({ total: 0, open: [lineId] });

    // Out of range or too long: a clear message, nothing written.
    for (const stars of [0, 6, 2.5]) {
      const bad = await callApi(t, 'evaluateAdd', { token: u.tokens.token, body: { lineId, stars, comment: '' } });
      expect(bad.body).toMatchObject({ code: 0, msg: '[评分]须为1到5星' });
    }
    const long = await callApi(t, 'evaluateAdd', { token: u.tokens.token, body: { lineId, stars: 5, comment: '好'.repeat(501) } });
    expect(long.body.msg).toBe('[评价内容]不能超过500个字');
    const html = await callApi(t, 'evaluateAdd', { token: u.tokens.token, body: { lineId, stars: 5, comment: '<b>很好</b>' } });
    expect(html.body.msg).toBe('[评价内容]不能包含HTML标签');
    // Another customer's line is the same 404 as a missing one.
    const other = await orderingCustomer(t);
    const foreign = await callApi(t, 'evaluateAdd', { token: other.tokens.token, body: { lineId, stars: 5 } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('订单项目不存在');
    expect((await callApi(t, 'evaluateAdd', { token: u.tokens.token, body: { lineId: 2_000_000_000, stars: 5 } })).body.msg).toBe(
      '订单项目不存在',
    );
    expect(await t.db.select().from(evaluation).where(eq(evaluation.orderLineId, lineId))).toHaveLength(0);

    const added = await callApi(t, 'evaluateAdd', {
      token: u.tokens.token,
      body: { lineId, stars: 4, comment: '  出数据很快，\r\n图谱清晰  ' },
      ip: '203.0.113.9',
    });
    expect(added.body).toMatchObject({ code: 1, msg: '感谢您的评价' });
    expect(added.body.data).toMatchObject({
      orderId: order.id,
      orderNo: order.no,
      lineId,
      rid: XRD,
      stars: 4,
      comment: '出数据很快，\n图谱清晰',
      reply: null,
    });
    expect(await rating(t, deviceId)).toMatchObject({ starSum: before.starSum + 4, starCount: before.starCount + 1 });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'evaluation.add'), eq(auditLog.objectId, String(added.body.data.id))));
    expect(audit).toMatchObject({ actorKind: 'customer', ip: '203.0.113.9' });

    // Twice: refused, the rating unchanged.
    const twice = await callApi(t, 'evaluateAdd', { token: u.tokens.token, body: { lineId, stars: 1 } });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('该项目已评价，每个项目只能评价一次');
    expect((await rating(t, deviceId)).starCount).toBe(before.starCount + 1);
    const after = await callApi(t, 'evaluateList', { token: u.tokens.token, body: { orderId: order.id } });
    expect(after.body.data).toMatchObject({ total: 1, open: [] });

    // The item's detail carries the kept average.
    const detail = await callApi(t, 'deviceDetail', { query: { rid: XRD } });
    const r = await rating(t, deviceId);
    expect(detail.body.data).toMatchObject({ rating_count: r.starCount, rating_avg: Math.round((r.starSum / r.starCount) * 10) / 10 });
  });

  it('refuses before the data is confirmed, and custom (type 31) lines', async () => {
    const u = await orderingCustomer(t);
    const { order, lineId } = await orderUpTo(t, lab, u, false);
    const early = await callApi(t, 'evaluateAdd', { token: u.tokens.token, body: { lineId, stars: 5 } });
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe('订单确认数据后才能评价');
    expect((await callApi(t, 'evaluateList', { token: u.tokens.token, body: { orderId: order.id } })).body.data.open).toEqual([]);

    // A quote line has no catalogue item: its line's device_id is null.
    await callApi(t, 'orderConfirm', { token: u.tokens.token, body: { id: order.id } });
    await t.db.update(orderLine).set({ deviceId: null }).where(eq(orderLine.id, lineId));
    const custom = await callApi(t, 'evaluateAdd', { token: u.tokens.token, body: { lineId, stars: 5 } });
    expect(custom.status).toBe(409);
    expect(custom.body.msg).toBe('定制项目不支持评价');
    expect((await callApi(t, 'evaluateList', { token: u.tokens.token, body: { orderId: order.id } })).body.data.open).toEqual([]);
    // Another customer's order id in the list is the order's 404.
    const other = await orderingCustomer(t);
    expect((await callApi(t, 'evaluateList', { token: other.tokens.token, body: { orderId: order.id } })).status).toBe(404);
  });

  it('lists an item’s comments newest first, paged, with the account masked and the total from the kept count', async () => {
    const comments: string[] = [];
    for (let i = 0; i < 3; i++) {
      const u = await orderingCustomer(t);
      const { lineId } = await orderUpTo(t, lab, u);
      comments.push(`第${i}条评价`);
      expect(
        (await callApi(t, 'evaluateAdd', { token: u.tokens.token, body: { lineId, stars: 5 - i, comment: comments[i] } })).body.code,
      ).toBe(1);
    }
    const [kept] = await t.db
      .select({ n: deviceRating.starCount })
      .from(deviceRating)
      .innerJoin(evaluation, eq(evaluation.deviceId, deviceRating.deviceId))
      .limit(1);
    const first = await callApi(t, 'evaluatePublicList', { query: { rid: XRD, page: 1, pageSize: 2 } });
    expect(first.body.data.total).toBe(kept!.n);
    expect(first.body.data.list.map((e) => e.comment)).toEqual([comments[2], comments[1]]);
    expect(first.body.data.list[0]!.account).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(JSON.stringify(first.body.data)).not.toMatch(/1\d{10}/);
    const second = await callApi(t, 'evaluatePublicList', { query: { rid: XRD, page: 2, pageSize: 2 } });
    expect(second.body.data.list[0]!.comment).toBe(comments[0]);
    // Defaults to the latest five; an unknown item is 404; too big a page is refused.
    expect((await callApi(t, 'evaluatePublicList', { query: { rid: XRD } })).body.data.pageSize).toBe(5);
    expect((await callApi(t, 'evaluatePublicList', { query: { rid: 'nope' } })).status).toBe(404);
    expect((await callApi(t, 'evaluatePublicList', { query: { rid: XRD, pageSize: 21 } })).body.code).toBe(0);
  });

  it('lets a manager list and reply to their customers’ evaluations only; the reply is audited and messaged once', async () => {
    const mine = await orderingCustomer(t);
    const theirs = await orderingCustomer(t);
    const a = await orderUpTo(t, lab, mine);
    const b = await orderUpTo(t, lab, theirs);
    const ea = (
      await callApi(t, 'evaluateAdd', { token: mine.tokens.token, body: { lineId: a.lineId, stars: 2, comment: '报告慢了两天' } })
    ).body.data;
    const eb = (await callApi(t, 'evaluateAdd', { token: theirs.tokens.token, body: { lineId: b.lineId, stars: 5, comment: '满意' } })).body
      .data;
    // `theirs` belongs to no manager: the manager does not reach it, admin does.
    await t.db.update(userAccount).set({ managerId: null }).where(eq(userAccount.id, theirs.id));

    const seen = await callApi(t, 'adminEvaluationList', { token: manager, query: { pageSize: 50 } });
    const ids = seen.body.data.list.map((e) => e.id);
    expect(ids).toContain(ea.id);
    expect(ids).not.toContain(eb.id);
    expect(seen.body.data.list.find((e) => e.id === ea.id)).toMatchObject({
      orderNo: a.order.no,
      stars: 2,
      customerPhone: mine.phone,
      reply: null,
    });
    const all = await callApi(t, 'adminEvaluationList', { token: admin, query: { pageSize: 50 } });
    expect(all.body.data.list.map((e) => e.id)).toEqual(expect.arrayContaining([ea.id, eb.id]));
    const twoStars = await callApi(t, 'adminEvaluationList', { token: admin, query: { stars: 2, replied: 'no', pageSize: 50 } });
    expect(twoStars.body.data.list.every((e) => e.stars === 2 && e.reply === null)).toBe(true);
    expect((await callApi(t, 'adminEvaluationList', { token: admin, query: { kw: '没有这个项目' } })).body.data.total).toBe(0);

    // Lab and operator hold no evaluation.reply.
    for (const token of [lab, operator]) {
      expect((await callApi(t, 'adminEvaluationList', { token, query: {} })).status).toBe(403);
      expect((await callApi(t, 'adminEvaluationReply', { token, body: { id: ea.id, reply: '好的' } })).status).toBe(403);
    }
    // Out of reach is a 404; an empty reply is refused.
    expect((await callApi(t, 'adminEvaluationReply', { token: manager, body: { id: eb.id, reply: '谢谢' } })).status).toBe(404);
    expect((await callApi(t, 'adminEvaluationReply', { token: manager, body: { id: ea.id, reply: '  ' } })).body.msg).toBe(
      '[回复内容]不能为空',
    );

    const replied = await callApi(t, 'adminEvaluationReply', {
      token: manager,
      body: { id: ea.id, reply: '抱歉，已安排加急。' },
      ip: '198.51.100.4',
    });
    expect(replied.body).toMatchObject({ code: 1, data: { id: ea.id, reply: { text: '抱歉，已安排加急。' } } });
    const edited = await callApi(t, 'adminEvaluationReply', { token: manager, body: { id: ea.id, reply: '抱歉，下次为您加急。' } });
    expect(edited.body.data.reply?.text).toBe('抱歉，下次为您加急。');

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'evaluation.reply'), eq(auditLog.objectId, String(ea.id))))
      .orderBy(auditLog.id);
    expect(audits.map((r) => r.changes)).toEqual([
      { reply: [null, '抱歉，已安排加急。'] },
      { reply: ['抱歉，已安排加急。', '抱歉，下次为您加急。'] },
    ]);
    expect(audits[0]).toMatchObject({ actorKind: 'staff', ip: '198.51.100.4' });
    // One message for the first reply, none for the edit.
    const messages = await t.db
      .select()
      .from(message)
      .where(and(eq(message.userId, mine.id), eq(message.kind, 'evaluationReply')));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ orderId: a.order.id, title: '客户经理回复了您的评价' });
    expect(messages[0]!.content).toContain('抱歉，已安排加急。');
    const centre = await callApi(t, 'messageList', { token: mine.tokens.token, body: {} });
    expect(centre.body.data.list[0]).toMatchObject({ kind: 'evaluationReply', orderNo: a.order.no });

    // The customer and the item's page see the reply.
    const own = await callApi(t, 'evaluateList', { token: mine.tokens.token, body: { orderId: a.order.id } });
    expect(own.body.data.list[0]!.reply?.text).toBe('抱歉，下次为您加急。');
    const pub = await callApi(t, 'evaluatePublicList', { query: { rid: XRD, pageSize: 20 } });
    expect(pub.body.data.list.find((e) => e.id === ea.id)?.reply?.text).toBe('抱歉，下次为您加急。');
  });
});
