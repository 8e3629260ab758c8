// Invoices of top-ups (预存开票, ADR 0052 addendum): a credited top-up's
// principal is invoiceable, and prestore money is invoiced once — as its
// top-up or as the orders it paid, never more than was paid in.
import { formatFen } from '@yance/contracts/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_REFUSED } from '@yance/contracts/invoice';
import { message, topup } from '../src/db/schema.ts';
import { applyForTopup } from '../src/modules/invoice/invoice-apply.service.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { testRunner } from './job-helpers.ts';
import { callApi, staffTokens, type TestUser } from './factories.ts';
import { LOCAL_PAY_SECRET, newKey, topUpOnline } from './money-factories.ts';
import { orderingCustomer, placeOrder, reviewedFile } from './order-factories.ts';

let t: TestApp;
let lab = '';
beforeAll(async () => {
  t = await createTestApp({ env: { PAYMENT_LOCAL_SECRET: LOCAL_PAY_SECRET } });
  lab = (await staffTokens(t, 'lab')).token;
});
afterAll(async () => t.close());

const invoiceable = async (u: TestUser) => (await callApi(t, 'invoiceApplyOrders', { token: u.tokens.token })).body.data;
const apply = (u: TestUser, titleId: number, lines: { source: 'order' | 'topup'; sourceId: number; amount_fen: number }[]) =>
  callApi(t, 'invoiceApplyAdd', { token: u.tokens.token, body: { titleId, lines } as never });

/** An institution order taken to 待结算 and settled from the customer's own balance. */
async function settledFromBalance(u: TestUser) {
  const o = await placeOrder(t, u);
  for (const [call, from] of [
    ['adminOrderReceive', 'awaitingSample'],
    ['adminOrderStartTesting', 'received'],
  ] as const)
    expect((await callApi(t, call, { token: lab, body: { id: o.id, expect: from } })).body.code).toBe(1);
  await reviewedFile(t, lab, o.id);
  expect((await callApi(t, 'adminOrderDeliver', { token: lab, body: { id: o.id, expect: 'testing' } })).body.code).toBe(1);
  expect((await callApi(t, 'orderConfirm', { token: u.tokens.token, body: { id: o.id } })).body.data.state).toBe('unsettled');
  const settled = await callApi(t, 'settlementAdd', { token: u.tokens.token, body: { orderIds: [o.id], idempotencyKey: newKey() } });
  expect(settled.body.code, settled.body.msg).toBe(1);
  return { ...o, paidFen: settled.body.data.paidFen as number };
}

describe('invoices of top-ups', () => {
  it('invoices a top-up’s principal, not its bonus, and prestore money once across top-ups and the orders it paid', async () => {
    const u = await orderingCustomer(t);
    const title = await callApi(t, 'invoiceAdd', {
      token: u.tokens.token,
      body: { kind: 1, holder: 'person', name: '张同学', email: 'zhang@example.edu.cn' } as never,
    });
    const titleId = title.body.data.id as number;
    const { no } = await topUpOnline(t, u, 100_000); // ¥1 000, with ¥20 bonus
    const first = await invoiceable(u);
    expect(first.topups).toEqual([expect.objectContaining({ topupNo: no, amount_fen: 100_000, applied_fen: 0, invoiceable_fen: 100_000 })]);
    expect(first.prestoreLeft_fen).toBe(100_000);
    const topupId = first.topups[0]!.topupId;

    // ¥600 of the top-up.
    const part = await apply(u, titleId, [{ source: 'topup', sourceId: topupId, amount_fen: 60_000 }]);
    expect(part.body.code, part.body.msg).toBe(1);
    expect(part.body.data.lines).toEqual([expect.objectContaining({ source: 'topup', label: no, amount_fen: 60_000 })]);
    expect((await invoiceable(u)).prestoreLeft_fen).toBe(40_000);

    // An order settled from the balance draws on the same pool.
    const o = await settledFromBalance(u);
    expect((await invoiceable(u)).list).toEqual([expect.objectContaining({ orderId: o.id, fromPrestore: true })]);
    const forOrder = await apply(u, titleId, [{ source: 'order', sourceId: o.id, amount_fen: o.paidFen }]);
    expect(forOrder.body.code, forOrder.body.msg).toBe(1);
    const left = 40_000 - o.paidFen;
    expect((await invoiceable(u)).prestoreLeft_fen).toBe(left);

    // The top-up's own ¥400 is more than the pool has left: refused, nothing written.
    const over = await apply(u, titleId, [{ source: 'topup', sourceId: topupId, amount_fen: 40_000 }]);
    expect(over).toMatchObject({ status: 409, body: { msg: INVOICE_REFUSED.prestoreOver(formatFen(left)) } });
    expect((await invoiceable(u)).topups[0]!.invoiceable_fen).toBe(40_000);
    const rest = await apply(u, titleId, [{ source: 'topup', sourceId: topupId, amount_fen: left }]);
    expect(rest.body.code, rest.body.msg).toBe(1);
    expect((await invoiceable(u)).prestoreLeft_fen).toBe(0);

    // A withdrawn application frees its part of the pool.
    expect((await callApi(t, 'invoiceApplyCancel', { token: u.tokens.token, body: { id: rest.body.data.id } })).body.code).toBe(1);
    expect((await invoiceable(u)).prestoreLeft_fen).toBe(left);
  });

  it('answers another customer’s top-up as a missing one; a pending top-up is not invoiceable', async () => {
    const [a, b] = [await orderingCustomer(t), await orderingCustomer(t)];
    await topUpOnline(t, a, 100_000);
    const aTopup = (await invoiceable(a)).topups[0]!.topupId;
    const title = await callApi(t, 'invoiceAdd', {
      token: b.tokens.token,
      body: { kind: 1, holder: 'person', name: '李同学', email: 'li@example.edu.cn' } as never,
    });
    const foreign = await apply(b, title.body.data.id as number, [{ source: 'topup', sourceId: aTopup, amount_fen: 100 }]);
    expect(foreign).toMatchObject({ status: 404, body: { msg: INVOICE_REFUSED.noTopup } });
    const pending = await callApi(t, 'prestoreAdd', {
      token: b.tokens.token,
      body: { method: 'online', gateway: 'local', amountFen: 100_000, idempotencyKey: newKey() },
    });
    expect((await invoiceable(b)).topups).toEqual([]);
    const early = await apply(b, title.body.data.id as number, [
      { source: 'topup', sourceId: pending.body.data.topup.id, amount_fen: 100 },
    ]);
    expect(early).toMatchObject({ status: 409, body: { msg: INVOICE_REFUSED.topupNotInvoiceable(pending.body.data.topup.no) } });
  });

  it('a top-up with 申请开票 ticked gets its application with the default title once credited; without a title the customer is told', async () => {
    const u = await orderingCustomer(t);
    const title = await callApi(t, 'invoiceAdd', {
      token: u.tokens.token,
      body: { kind: 1, holder: 'person', name: '王同学', email: 'wang@example.edu.cn' } as never,
    });
    expect(title.body.code, title.body.msg).toBe(1);
    const { no } = await topUpOnline(t, u, 150_000, { wantInvoice: true });
    await t.jobs.drain();
    const list = (await callApi(t, 'invoiceApplyList', { token: u.tokens.token, body: {} })).body.data.list;
    expect(list).toEqual([expect.objectContaining({ state: 'applied', amount_fen: 150_000, labels: [no] })]);
    // The job again (a retry) applies nothing more.
    const topupId = (await t.db.select().from(topup).where(eq(topup.no, no)))[0]!.id;
    await applyForTopup(testRunner(t, systemClock, {}).ctx, topupId);
    expect((await callApi(t, 'invoiceApplyList', { token: u.tokens.token, body: {} })).body.data.list).toHaveLength(1);

    const v = await orderingCustomer(t);
    const other = await topUpOnline(t, v, 100_000, { wantInvoice: true });
    await t.jobs.drain();
    expect((await callApi(t, 'invoiceApplyList', { token: v.tokens.token, body: {} })).body.data.list).toEqual([]);
    const told = await t.db
      .select()
      .from(message)
      .where(eq(message.key, `invoice:topup:${(await t.db.select().from(topup).where(eq(topup.no, other.no)))[0]!.id}`));
    expect(told[0]?.content).toBe(`充值单${other.no}已到账。您还没有默认发票抬头，请在「开票记录」中选择该充值单申请开票。`);
  });
});
