// Issue 21, ADR 0061: every create call takes an idempotency key; a repeated request (a double click, a lost
// answer retried) answers the first one's result instead of an error, and creates nothing more.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking, cluster, clusterMember, demand, orderSample, orders, userAccount } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, GOOD_PASSWORD, newPhone, smsCode, testClock } from './factories.ts';
import { newKey } from './money-factories.ts';
import { orderBody, orderingCustomer, planLine } from './order-factories.ts';

// A Sunday afternoon in China; the seeded SEM opens Monday 09:00.
const clock = testClock(new Date('2026-11-22T08:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, env: { ACCESS_TOKEN_TTL: String(40 * 86400) } });
});
afterAll(async () => t.close());

describe('a create call sent twice with one key', () => {
  it('sign: both answers sign the new user in, one account; another password is refused', async () => {
    const phone = newPhone();
    const code = await smsCode(t, phone, 0, clock);
    const body = { phone, code, password: GOOD_PASSWORD, agree: true as const, idempotencyKey: newKey() };
    const [a, b] = await Promise.all([callApi(t, 'sign', { body }), callApi(t, 'sign', { body })]);
    expect([a.body.code, b.body.code], `${a.body.msg} / ${b.body.msg}`).toEqual([1, 1]);
    const again = await callApi(t, 'sign', { body });
    expect(again.body.code, again.body.msg).toBe(1);
    expect(await t.db.select().from(userAccount).where(eq(userAccount.phone, phone))).toHaveLength(1);
    const me = await callApi(t, 'userInfo', { token: b.body.data.token });
    expect(me.body.code, me.body.msg).toBe(1);
    const stranger = await callApi(t, 'sign', { body: { ...body, password: 'Other-lily 2049' } });
    expect(stranger.body.code).not.toBe(1);
    // Without a key a repeat is what it always was: the code is spent.
    const phone2 = newPhone();
    const code2 = await smsCode(t, phone2, 0, clock);
    const plain = { phone: phone2, code: code2, password: GOOD_PASSWORD, agree: true as const };
    expect((await callApi(t, 'sign', { body: plain })).body.code).toBe(1);
    expect((await callApi(t, 'sign', { body: plain })).body.msg).toBe('验证码错误或已过期');
  });

  it('order/add: one order, both answers name it; the same key with another body is refused', async () => {
    const u = await orderingCustomer(t, clock);
    const line = await planLine(t, u);
    const body = { ...orderBody([line]), idempotencyKey: newKey() };
    const first = await callApi(t, 'orderAdd', { token: u.tokens.token, body });
    const second = await callApi(t, 'orderAdd', { token: u.tokens.token, body });
    expect([first.body.code, second.body.code], second.body.msg).toEqual([1, 1]);
    expect(second.body.data).toEqual(first.body.data);
    expect(await t.db.select().from(orders).where(eq(orders.userId, u.id))).toHaveLength(1);
    const other = await callApi(t, 'orderAdd', { token: u.tokens.token, body: { ...body, remark: '另一单' } });
    expect(other.body.msg).toBe('该请求编号已用于另一笔操作，请刷新页面后重试');
  });

  it('reservation/add: one booking', async () => {
    const u = await orderingCustomer(t, clock);
    const body = { rid: 'd20001', date: '2026-11-23', start: '10:00', minutes: 60, remark: '', idempotencyKey: newKey() };
    const [a, b] = [
      await callApi(t, 'reservationAdd', { token: u.tokens.token, body }),
      await callApi(t, 'reservationAdd', { token: u.tokens.token, body }),
    ];
    expect([a.body.code, b.body.code], b.body.msg).toEqual([1, 1]);
    expect(b.body.data).toEqual(a.body.data);
    expect(await t.db.select().from(booking).where(eq(booking.userId, u.id))).toHaveLength(1);
  });

  it('demand/add, cluster/add and cluster/apply: one each', async () => {
    const u = await orderingCustomer(t, clock);
    const owner = await orderingCustomer(t, clock, 3); // a teacher: only they found groups
    const d = {
      title: '薄膜应力测试',
      description: '需要测一批薄膜的残余应力',
      contact_name: '张同学',
      contact_phone: u.phone,
      idempotencyKey: newKey(),
    };
    for (let i = 0; i < 2; i++) expect((await callApi(t, 'demandAdd', { token: u.tokens.token, body: d })).body.code).toBe(1);
    const [userRow] = await t.db.select().from(userAccount).where(eq(userAccount.phone, u.phone));
    expect(await t.db.select().from(demand).where(eq(demand.userId, userRow!.id))).toHaveLength(1);

    const c = { name: `课题组${newKey().slice(0, 6)}`, institution: '某大学', idempotencyKey: newKey() };
    const made = await callApi(t, 'clusterAdd', { token: owner.tokens.token, body: c });
    const again = await callApi(t, 'clusterAdd', { token: owner.tokens.token, body: c });
    expect([made.body.code, again.body.code], again.body.msg).toEqual([1, 1]);
    expect(await t.db.select().from(cluster).where(eq(cluster.name, c.name))).toHaveLength(1);

    const apply = { id: made.body.data.id, message: '', idempotencyKey: newKey() };
    for (let i = 0; i < 2; i++) {
      const res = await callApi(t, 'clusterApply', { token: u.tokens.token, body: apply });
      expect(res.body.code, res.body.msg).toBe(1);
    }
    expect(await t.db.select().from(clusterMember).where(eq(clusterMember.clusterId, made.body.data.id))).toHaveLength(2); // the owner and u
  });
});

describe('a draft saves what is there (issue 21)', () => {
  it('keeps a sample without a name or form; sending it as an order is refused with the field’s message', async () => {
    const u = await orderingCustomer(t, clock);
    const line = await planLine(t, u);
    const partial = { planId: line, samples: [{ name: '', count: 1, hazards: [], returnSample: false }] };
    const saved = await callApi(t, 'orderAdd', { token: u.tokens.token, body: { lines: [partial], delivery: 0, draft: true } });
    expect(saved.body.code, saved.body.msg).toBe(1);
    const samples = await t.db.select().from(orderSample).where(eq(orderSample.orderId, saved.body.data.id));
    expect(samples.map((s) => [s.name, s.form])).toEqual([['', '']]);
    const [draftLine] = (await callApi(t, 'orderDetail', { token: u.tokens.token, body: { id: saved.body.data.id } })).body.data.lines;
    const sent = await callApi(t, 'orderAdd', {
      token: u.tokens.token,
      body: { draftId: saved.body.data.id, lines: [{ lineId: draftLine!.id, samples: partial.samples }], delivery: 0, agreementVersion: 1 },
    });
    expect(sent.body.msg).toBe('[样品名称]不能为空');
    // A sample line sent without samples: its kind needs them (ADR 0070); the plan line stays in the plan.
    const another = await planLine(t, u);
    const noSamples = await callApi(t, 'orderAdd', {
      token: u.tokens.token,
      body: { lines: [{ planId: another, samples: [] }], delivery: 0, agreementVersion: 1 },
    });
    expect(noSamples.body.msg).toBe('[样品]请填写样品信息');
    expect((await callApi(t, 'planList', { token: u.tokens.token })).body.data.cartNum).toBe(1);
  });
});
