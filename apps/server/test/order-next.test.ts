// What the customer must do now (issue 21, ADR 0062): every order state that waits for the customer answers its
// step on the order list, the detail, order/todo (the member centre) and the message that announced it — one
// derivation, with the facts the contract, sampling, money, evaluation and invoice modules hold.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderNextSteps } from '@yance/contracts/order-next';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens, type TestUser } from './factories.ts';
import { orderingCustomer, placeOrder } from './order-factories.ts';
import { LOCAL_PAY_SECRET, newKey, topUpOnline, unsettledOrder } from './money-factories.ts';

let t: TestApp;
const token = { manager: '', lab: '' };
beforeAll(async () => {
  t = await createTestApp({ env: { PAYMENT_LOCAL_SECRET: LOCAL_PAY_SECRET } });
  for (const role of ['manager', 'lab'] as const) token[role] = (await staffTokens(t, role)).token;
});
afterAll(async () => t.close());

/** The order's steps as the detail, its row on 我的订单 and order/todo say them (they must agree). */
async function stepsOf(u: TestUser, id: number) {
  const detail = (await callApi(t, 'orderDetail', { token: u.tokens.token, body: { id } })).body.data;
  const row = (await callApi(t, 'orderList', { token: u.tokens.token, body: { tab: 'all', page: 1, pageSize: 50 } })).body.data.list.find(
    (o) => o.id === id,
  );
  const todo = (await callApi(t, 'orderTodo', { token: u.tokens.token })).body.data;
  expect(row?.next).toEqual(detail.next);
  expect(todo.list.find((o) => o.id === id)?.next ?? []).toEqual(detail.next);
  return { state: detail.state, next: detail.next };
}

const SCAN = Buffer.from('%PDF-1.4\n% signed\n%%EOF\n');
async function uploadScan(userToken: string, orderId: number) {
  const boundary = `----yance${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="signed.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/auth/contract/upload?orderId=${orderId}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, token: userToken },
    payload: Buffer.concat([Buffer.from(head), SCAN, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  expect(res.statusCode).toBe(200);
}

describe('orderNextSteps', () => {
  it('owes nothing on a draft, a cancelled order or one in the lab; the table decides the rest', () => {
    const inst = { kind: 'institution' } as const;
    expect(orderNextSteps({ ...inst, state: 'draft' })).toEqual([]);
    expect(orderNextSteps({ ...inst, state: 'cancelled' })).toEqual([]);
    expect(orderNextSteps({ ...inst, state: 'testing' })).toEqual([]);
    expect(orderNextSteps({ ...inst, state: 'quoting' })).toEqual([]);
    expect(orderNextSteps({ kind: 'enterprise', state: 'contracting' }, { contract: 'rejected' })).toEqual(['signContract']);
    expect(orderNextSteps({ kind: 'enterprise', state: 'contracting' }, { contract: 'uploaded' })).toEqual([]);
    expect(orderNextSteps({ ...inst, state: 'overdue' }, { unevaluated: 1 })).toEqual(['settle', 'evaluate']);
    expect(orderNextSteps({ ...inst, state: 'completed' }, { unevaluated: 0, invoiceableFen: 100 })).toEqual(['invoice']);
  });
});

describe('next: the step the customer owes, wherever the order is read', () => {
  it('an enterprise: 签署合同 until the scan is up, 支付 (and the 合同已确认 message links to it), then 寄样, 补差价', async () => {
    const firm = await orderingCustomer(t, undefined, 2);
    const o = await placeOrder(t, firm);
    expect(await stepsOf(firm, o.id)).toEqual({ state: 'contracting', next: ['signContract'] });
    expect((await callApi(t, 'orderTodo', { token: firm.tokens.token })).body.data).toMatchObject({
      total: 1,
      counts: { signContract: 1 },
    });

    await uploadScan(firm.tokens.token, o.id);
    expect(await stepsOf(firm, o.id)).toEqual({ state: 'contracting', next: [] });
    expect((await callApi(t, 'orderTodo', { token: firm.tokens.token })).body.data).toMatchObject({ total: 0, counts: {}, list: [] });

    const confirmed = await callApi(t, 'adminOrderConfirmContract', { token: token.manager, body: { id: o.id, expect: 'contracting' } });
    expect(confirmed.body.code, confirmed.body.msg).toBe(1);
    expect(await stepsOf(firm, o.id)).toEqual({ state: 'unpaid', next: ['pay'] });
    const messages = (await callApi(t, 'messageList', { token: firm.tokens.token, body: { page: 1, pageSize: 20 } })).body.data.list;
    expect(messages.find((m) => m.title === '合同已确认，请支付订单')).toMatchObject({ orderId: o.id, next: ['pay'] });

    await topUpOnline(t, firm, 1_000_000);
    const paid = await callApi(t, 'payOrder', { token: firm.tokens.token, body: { orderId: o.id, idempotencyKey: newKey() } });
    expect(paid.body.code, paid.body.msg).toBe(1);
    expect(await stepsOf(firm, o.id)).toEqual({ state: 'awaitingSample', next: ['ship'] });
    // The old message now says what the order waits for now.
    const again = (await callApi(t, 'messageList', { token: firm.tokens.token, body: { page: 1, pageSize: 20 } })).body.data.list;
    expect(again.find((m) => m.title === '合同已确认，请支付订单')?.next).toEqual(['ship']);

    const shipped = await callApi(t, 'samplingAdd', {
      token: firm.tokens.token,
      body: { orderId: o.id, type: 0, express_company: '顺丰速运', express_no: 'SF1234567890' } as never,
    });
    expect(shipped.body.code, shipped.body.msg).toBe(1);
    expect(await stepsOf(firm, o.id)).toEqual({ state: 'awaitingSample', next: [] });

    await callApi(t, 'adminOrderReceive', { token: token.lab, body: { id: o.id, expect: 'awaitingSample' } });
    await callApi(t, 'adminOrderStartTesting', { token: token.lab, body: { id: o.id, expect: 'received' } });
    const final = (await callApi(t, 'orderDetail', { token: firm.tokens.token, body: { id: o.id } })).body.data.total_fen! + 10_000;
    const adj = await callApi(t, 'adminOrderAdjust', { token: token.lab, body: { id: o.id, final_fen: final, reason: '多测一个样品' } });
    expect(adj.body.code, adj.body.msg).toBe(1);
    expect(await stepsOf(firm, o.id)).toEqual({ state: 'testing', next: ['payAdjustment'] });
  });

  it('an institution: 预约上门取样 on a pick-up order; 确认数据, then 结算 with 评价, then 评价 and 申请开票', async () => {
    const u = await orderingCustomer(t);
    const pickup = await placeOrder(t, u, { delivery: 1 });
    expect(await stepsOf(u, pickup.id)).toEqual({ state: 'awaitingPickup', next: ['bookPickup'] });

    const o = await placeOrder(t, u);
    expect(await stepsOf(u, o.id)).toEqual({ state: 'awaitingSample', next: ['ship'] });
    await t.db.execute(sql`update orders set state = 'delivered' where id = ${o.id}`);
    expect(await stepsOf(u, o.id)).toEqual({ state: 'delivered', next: ['confirmData'] });

    const settling = await unsettledOrder(t, token.lab, u);
    expect(await stepsOf(u, settling.id)).toEqual({ state: 'unsettled', next: ['settle', 'evaluate'] });
    await topUpOnline(t, u, 200_000);
    const settled = await callApi(t, 'settlementAdd', {
      token: u.tokens.token,
      body: { orderIds: [settling.id], idempotencyKey: newKey() },
    });
    expect(settled.body.code, settled.body.msg).toBe(1);
    expect(await stepsOf(u, settling.id)).toEqual({ state: 'completed', next: ['evaluate', 'invoice'] });

    const todo = (await callApi(t, 'orderTodo', { token: u.tokens.token })).body.data;
    expect(todo.counts).toEqual({ bookPickup: 1, confirmData: 1, evaluate: 1, invoice: 1 });
    expect(todo.total).toBe(3);
  });
});
