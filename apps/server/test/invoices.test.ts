import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_REFUSED } from '@yance/contracts/invoice';
import type { OrderState } from '@yance/contracts/order-states';
import { domainEvents } from '../src/subscribers.ts';
import { modulePorts } from '../src/ports.ts';
import { createContext, type AppContext } from '../src/context.ts';
import { auditLog, invoiceApplication, message, orders } from '../src/db/schema.ts';
import { reverseInvoicesOfOrder } from '../src/modules/invoice/invoice.service.ts';
import { moveOrder } from '../src/modules/order/order-api.service.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens, type TestUser } from './factories.ts';
import { orderingCustomer, pickupAddress, placeOrder, reviewedFile, transferOf } from './order-factories.ts';
import { companyE, personE, special, TAX_ID, titleCalls } from './invoice-factories.ts';

// Invoice applications (开票申请) and the console's 发票 room. The titles (抬头) they name: invoice-titles.test.ts.
let t: TestApp;
let ctx: AppContext;
const token = { lab: '', finance: '', manager: '', operator: '' };
beforeAll(async () => {
  t = await createTestApp();
  ctx = createContext(t.db, {
    events: domainEvents(),
    ports: modulePorts(),
    clock: t.clock,
    log: { info: () => {} },
    jobs: { wake: () => {} },
  } as unknown as Parameters<typeof createContext>[1]);
  for (const role of ['lab', 'finance', 'manager', 'operator'] as const) token[role] = (await staffTokens(t, role)).token;
});
afterAll(async () => t.close());

type Customer = TestUser & { id: number };
/** A customer's first order: ¥160.00 less 新客9折, the default promotion rule on 送样检测 (issue 21). */
const FIRST_FEN = 14_400;
const { addTitle } = titleCalls(() => t);

type Step = 'adminOrderReceive' | 'adminOrderStartTesting' | 'adminOrderDeliver';
async function step(call: Step, id: number, expect: OrderState) {
  const res = await callApi(t, call, { token: token.lab, body: { id, expect } });
  if (res.body.code !== 1) throw new Error(`${call}: ${res.body.msg}`);
}

/**
 * An institution's XRD order (2 samples, ¥160.00; a customer's first ¥144.00, FIRST_FEN) taken to 待结算 by the lab and
 * the customer; `settle` has the system settle it (已完成).
 */
async function institutionOrder(u: Customer, settle = true) {
  const o = await placeOrder(t, u);
  await step('adminOrderReceive', o.id, 'awaitingSample');
  await step('adminOrderStartTesting', o.id, 'received');
  await reviewedFile(t, token.lab, o.id);
  await step('adminOrderDeliver', o.id, 'testing');
  expect((await callApi(t, 'orderConfirm', { token: u.tokens.token, body: { id: o.id } })).body.data.state).toBe('unsettled');
  if (settle) await moveOrder(ctx, { kind: 'system' }, o.id, 'settle');
  return o;
}

/** An enterprise's order, its contract taken as confirmed (待付款), then paid by finance (待寄样). */
async function enterpriseOrder(u: Customer, pay = true) {
  const o = await placeOrder(t, u);
  expect(o.state).toBe('contracting');
  await t.db.update(orders).set({ state: 'unpaid' }).where(eq(orders.id, o.id));
  if (pay) {
    const paid = await callApi(t, 'adminOrderMarkPaid', {
      token: token.finance,
      body: { id: o.id, expect: 'unpaid', note: '对公转账已到账', ...(await transferOf(t, o.id)) },
    });
    expect(paid.body.data.state).toBe('awaitingSample');
  }
  return o;
}

const apply = (u: TestUser, titleId: number, lines: { sourceId: number; amount_fen: number }[], extra: object = {}) =>
  callApi(t, 'invoiceApplyAdd', {
    token: u.tokens.token,
    body: { titleId, lines: lines.map((l) => ({ source: 'order' as const, ...l })), ...extra },
  });
const invoiceable = async (u: TestUser) => (await callApi(t, 'invoiceApplyOrders', { token: u.tokens.token })).body.data.list;
const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, 'invoice'), eq(auditLog.objectId, String(id))))
    .orderBy(auditLog.id);
const messagesOf = (userId: number) =>
  t.db
    .select()
    .from(message)
    .where(
      and(
        eq(message.userId, userId),
        inArray(message.kind, ['invoiceApply', 'invoiceIssue', 'invoiceReject', 'invoiceWithdraw', 'invoiceReverse']),
      ),
    )
    .orderBy(message.id);

describe('invoice applications (开票申请)', () => {
  it('lists only paid orders with their final amount (after 补差价/退差价) and refuses unpaid ones', async () => {
    const firm = await orderingCustomer(t, undefined, 2);
    const title = (await addTitle(firm, companyE)).body.data;
    const unpaid = await enterpriseOrder(firm, false);
    const paid = await enterpriseOrder(firm);
    // Paid, then at the lab: the lab lowers the price to ¥150.00 (退差价).
    await step('adminOrderReceive', paid.id, 'awaitingSample');
    const adj = await callApi(t, 'adminOrderAdjust', { token: token.lab, body: { id: paid.id, final_fen: 15_000, reason: '少测一个样' } });
    expect(adj.body.code, adj.body.msg).toBe(1);
    const list = await invoiceable(firm);
    expect(list).toEqual([
      expect.objectContaining({ orderId: paid.id, state: 'received', final_fen: 15_000, applied_fen: 0, invoiceable_fen: 15_000 }),
    ]);
    const refused = await apply(firm, title.id, [{ sourceId: unpaid.id, amount_fen: 100 }]);
    expect(refused).toMatchObject({ status: 409, body: { msg: INVOICE_REFUSED.notInvoiceable(unpaid.no) } });

    // An institution's order only once settled (已完成).
    const u = await orderingCustomer(t);
    const ut = (await addTitle(u, personE)).body.data;
    const unsettled = await institutionOrder(u, false);
    expect(await invoiceable(u)).toEqual([]);
    expect((await apply(u, ut.id, [{ sourceId: unsettled.id, amount_fen: 100 }])).status).toBe(409);
    await moveOrder(ctx, { kind: 'system' }, unsettled.id, 'settle');
    expect(await invoiceable(u)).toEqual([
      expect.objectContaining({ orderId: unsettled.id, state: 'completed', invoiceable_fen: FIRST_FEN }),
    ]);
  });

  it('never applies for more than is left: partial, the rest, one fen over, and two applications at once', async () => {
    const u = await orderingCustomer(t);
    const title = (await addTitle(u, personE)).body.data;
    const o = await institutionOrder(u);
    const over = await apply(u, title.id, [{ sourceId: o.id, amount_fen: FIRST_FEN + 1 }]);
    expect(over).toMatchObject({ status: 409, body: { msg: INVOICE_REFUSED.over(o.no, '¥144.00') } });
    const first = await apply(u, title.id, [{ sourceId: o.id, amount_fen: 6_000 }]);
    expect(first.body).toMatchObject({ code: 1, msg: '开票申请已提交' });
    expect(first.body.data).toMatchObject({ state: 'applied', amount_fen: 6_000, email: personE.email, mailTo: '', canWithdraw: true });
    expect((await invoiceable(u))[0]).toMatchObject({ applied_fen: 6_000, invoiceable_fen: 8_400 });
    expect((await apply(u, title.id, [{ sourceId: o.id, amount_fen: 8_401 }])).body.msg).toBe(INVOICE_REFUSED.over(o.no, '¥84.00'));

    // Two applications for the whole rest at once: the order's lock lets one through.
    const race = await Promise.all([1, 2].map(() => apply(u, title.id, [{ sourceId: o.id, amount_fen: 8_400 }])));
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await t.db.select().from(invoiceApplication).where(eq(invoiceApplication.userId, u.id));
    expect(rows.reduce((s, r) => s + r.amountFen, 0)).toBe(FIRST_FEN);
    expect(await invoiceable(u)).toEqual([]);

    // Withdrawing frees the amount again; a second withdrawal is a wrong move.
    const withdrawn = await callApi(t, 'invoiceApplyCancel', { token: u.tokens.token, body: { id: first.body.data.id } });
    expect(withdrawn.body.data).toMatchObject({ state: 'withdrawn', canWithdraw: false });
    expect((await invoiceable(u))[0]).toMatchObject({ invoiceable_fen: 6_000 });
    const again = await callApi(t, 'invoiceApplyCancel', { token: u.tokens.token, body: { id: first.body.data.id } });
    expect(again).toMatchObject({ status: 409, body: { msg: '开票申请状态已变化（当前为「已撤回」），请刷新后重试' } });
  });

  it('carries several orders in one application, snapshots the title and sends paper invoices to an address', async () => {
    const u = await orderingCustomer(t);
    const addr = await pickupAddress(t, u);
    const title = (await addTitle(u, { ...special(addr.address_rid) })).body.data;
    const a = await institutionOrder(u);
    const b = await institutionOrder(u);
    const res = await apply(
      u,
      title.id,
      [
        { sourceId: b.id, amount_fen: 16_000 },
        { sourceId: a.id, amount_fen: 8_000 },
      ],
      { remark: '请尽快开具' },
    );
    expect(res.body.code, res.body.msg).toBe(1);
    const d = res.body.data;
    expect(d).toMatchObject({
      kind: 4,
      amount_fen: 24_000,
      email: '',
      mailTo: '张同学 13800000001 北京市海淀区学院路1号',
      remark: '请尽快开具',
      labels: [b.no, a.no],
      title: { name: '某材料科技有限公司', tax_id: TAX_ID, bank: '中国工商银行上海徐汇支行', register_phone: '021-64250000' },
    });
    expect(d.lines).toEqual([
      { source: 'order', sourceId: b.id, label: b.no, amount_fen: 16_000 },
      { source: 'order', sourceId: a.id, label: a.no, amount_fen: 8_000 },
    ]);
    // The title changes later; the application keeps what was applied for.
    await callApi(t, 'invoiceEdit', {
      token: u.tokens.token,
      body: { ...special(addr.address_rid), id: title.id, name: '改名后的公司', default: false },
    });
    const detail = await callApi(t, 'invoiceApplyDetail', { token: u.tokens.token, body: { id: d.id } });
    expect(detail.body.data.title.name).toBe('某材料科技有限公司');
    const page = await callApi(t, 'invoiceApplyList', { token: u.tokens.token, body: { state: 'applied' } });
    expect(page.body.data).toMatchObject({
      total: 1,
      list: [{ id: d.id, no: d.no, titleName: '某材料科技有限公司', labels: [b.no, a.no] }],
    });
    // The same order twice in one application is refused by the contract.
    const twice = await apply(u, title.id, [
      { sourceId: a.id, amount_fen: 1 },
      { sourceId: a.id, amount_fen: 1 },
    ]);
    expect(twice.body.msg).toBe('[开票内容]重复');
  });

  it('answers another customer’s title, order, address and application as missing ones', async () => {
    const u = await orderingCustomer(t);
    const other = await orderingCustomer(t);
    const mine = (await addTitle(u, personE)).body.data;
    const theirs = (await addTitle(other, personE)).body.data;
    const o = await institutionOrder(u);
    const theirOrder = await institutionOrder(other);
    expect(await apply(u, theirs.id, [{ sourceId: o.id, amount_fen: 100 }])).toMatchObject({
      status: 404,
      body: { msg: '发票抬头不存在' },
    });
    expect(await apply(u, mine.id, [{ sourceId: theirOrder.id, amount_fen: 100 }])).toMatchObject({
      status: 404,
      body: { msg: '订单不存在' },
    });
    const paper = (await addTitle(u, { ...personE, kind: 2, address_rid: (await pickupAddress(t, u)).address_rid })).body.data;
    const theirAddress = await pickupAddress(t, other);
    expect(await apply(u, paper.id, [{ sourceId: o.id, amount_fen: 100 }], { address_rid: theirAddress.address_rid })).toMatchObject({
      status: 404,
      body: { msg: '地址不存在' },
    });
    const mineApplied = (await apply(u, mine.id, [{ sourceId: o.id, amount_fen: 100 }])).body.data;
    for (const call of ['invoiceApplyDetail', 'invoiceApplyCancel'] as const) {
      expect(await callApi(t, call, { token: other.tokens.token, body: { id: mineApplied.id } }), call).toMatchObject({
        status: 404,
        body: { msg: '开票申请不存在' },
      });
    }
    expect((await callApi(t, 'invoiceApplyPdf', { token: other.tokens.token, query: { id: mineApplied.id } })).status).toBe(404);
    expect((await callApi(t, 'invoiceApplyList', { token: other.tokens.token })).body.data.list.map((x) => x.id)).not.toContain(
      mineApplied.id,
    );
  });
});

describe('the console’s 发票 room', () => {
  it('finance issues (number + PDF) or rejects with a reason; every move audited and messaged; wrong moves 409; others 403', async () => {
    const u = await orderingCustomer(t);
    const title = (await addTitle(u, companyE)).body.data;
    const a = await institutionOrder(u);
    const b = await institutionOrder(u);
    const one = (await apply(u, title.id, [{ sourceId: a.id, amount_fen: FIRST_FEN }])).body.data;
    const two = (await apply(u, title.id, [{ sourceId: b.id, amount_fen: 16_000 }])).body.data;

    // Lab, manager and operator hold no invoice.manage.
    for (const who of ['lab', 'manager', 'operator'] as const) {
      expect((await callApi(t, 'adminInvoiceList', { token: token[who], query: {} })).status, who).toBe(403);
      expect((await callApi(t, 'adminInvoiceIssue', { token: token[who], body: { id: one.id, invoiceNo: '12345678' } })).status, who).toBe(
        403,
      );
      expect((await callApi(t, 'adminInvoiceReject', { token: token[who], body: { id: one.id, reason: '不行' } })).status, who).toBe(403);
    }

    const queue = await callApi(t, 'adminInvoiceList', { token: token.finance, query: { state: 'applied', pageSize: 50 } });
    const ids = queue.body.data.list.map((x) => x.id);
    // First come, first served.
    expect(ids.indexOf(one.id)).toBeLessThan(ids.indexOf(two.id));
    expect(queue.body.data.list.find((x) => x.id === one.id)).toMatchObject({
      customerPhone: u.phone,
      titleName: companyE.name,
      labels: [a.no],
    });
    const byPhone = await callApi(t, 'adminInvoiceList', { token: token.finance, query: { kw: u.phone } });
    expect(byPhone.body.data.list.map((x) => x.id).sort()).toEqual([one.id, two.id].sort());
    expect((await callApi(t, 'adminInvoiceList', { token: token.finance, query: { kw: one.no } })).body.data.list.map((x) => x.id)).toEqual(
      [one.id],
    );
    const detail = await callApi(t, 'adminInvoiceDetail', { token: token.finance, query: { id: one.id } });
    expect(detail.body.data).toMatchObject({
      title: { tax_id: TAX_ID },
      lines: [{ label: a.no, amount_fen: FIRST_FEN }],
      customerId: u.id,
    });

    // 开票: the number's format, then the PDF.
    expect((await callApi(t, 'adminInvoiceIssue', { token: token.finance, body: { id: one.id, invoiceNo: '12ab' } })).body.msg).toBe(
      '[发票号码]应为8到20位数字',
    );
    expect((await callApi(t, 'adminInvoicePdf', { token: token.finance, query: { id: one.id } })).status).toBe(409);
    const issued = await callApi(t, 'adminInvoiceIssue', {
      token: token.finance,
      body: { id: one.id, invoiceNo: '2631 0000 0000 1234 5678' },
    });
    expect(issued.body).toMatchObject({ code: 1, msg: '已开票' });
    expect(issued.body.data).toMatchObject({ state: 'issued', invoiceNo: '26310000000012345678', hasPdf: true, decidedBy: '赵财务' });
    expect(issued.body.data.invoiceDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/auth/invoiceApply/pdf?id=${one.id}`, headers: { token: u.tokens.token } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toMatch(/FontFile2/);
    expect(pdf.headers['content-disposition']).toContain(encodeURIComponent('发票-26310000000012345678.pdf'));
    const staffPdf = await t.app.inject({ method: 'GET', url: `/api/admin/invoice/pdf?id=${one.id}`, headers: { token: token.finance } });
    expect(staffPdf.rawPayload.equals(pdf.rawPayload)).toBe(true);

    // Wrong moves: issue twice, reject an issued one, withdraw an issued one; the same number on another invoice.
    expect((await callApi(t, 'adminInvoiceIssue', { token: token.finance, body: { id: one.id, invoiceNo: '87654321' } })).status).toBe(409);
    expect((await callApi(t, 'adminInvoiceReject', { token: token.finance, body: { id: one.id, reason: '错' } })).status).toBe(409);
    expect((await callApi(t, 'invoiceApplyCancel', { token: u.tokens.token, body: { id: one.id } })).status).toBe(409);
    const dup = await callApi(t, 'adminInvoiceIssue', { token: token.finance, body: { id: two.id, invoiceNo: '26310000000012345678' } });
    expect(dup).toMatchObject({ status: 409, body: { msg: INVOICE_REFUSED.invoiceNoTaken } });

    // 驳回 needs a reason; then the customer reads it and may apply again.
    expect((await callApi(t, 'adminInvoiceReject', { token: token.finance, body: { id: two.id, reason: ' ' } })).body.msg).toBe(
      '[驳回原因]不能为空',
    );
    const rejected = await callApi(t, 'adminInvoiceReject', {
      token: token.finance,
      body: { id: two.id, reason: '抬头名称与营业执照不符' },
    });
    expect(rejected.body.data).toMatchObject({ state: 'rejected', rejectReason: '抬头名称与营业执照不符' });
    expect((await callApi(t, 'adminInvoiceIssue', { token: token.finance, body: { id: two.id, invoiceNo: '11112222' } })).status).toBe(409);
    expect((await callApi(t, 'invoiceApplyCancel', { token: u.tokens.token, body: { id: two.id } })).status).toBe(409);
    expect((await invoiceable(u)).map((x) => x.orderId)).toEqual([b.id]);

    // Every move: an audit row and a message, in order.
    expect((await auditOf(one.id)).map((r) => [r.action, r.actorKind, (r.changes as { state: unknown }).state])).toEqual([
      ['invoice.apply', 'customer', [null, 'applied']],
      ['invoice.issue', 'staff', ['applied', 'issued']],
    ]);
    expect((await auditOf(two.id)).map((r) => r.action)).toEqual(['invoice.apply', 'invoice.reject']);
    const notes = await messagesOf(u.id);
    expect(notes.map((m) => m.kind)).toEqual(['invoiceApply', 'invoiceApply', 'invoiceIssue', 'invoiceReject']);
    // The words are the NOTICES table's, with the application's values.
    expect(notes[2]).toMatchObject({ title: '发票已开具' });
    expect(notes[2]!.content).toMatch(/^您的开票申请FP\d{6}已开票，发票号码26310000000012345678（.+ ¥[\d,]+\.\d{2}）。/);
    expect(notes[3]!.content).toContain('抬头名称与营业执照不符');
  });

  it('reverseInvoicesOfOrder reverses the order’s issued invoices and rejects its pending ones (红冲), freeing the amounts', async () => {
    const u = await orderingCustomer(t);
    const title = (await addTitle(u, personE)).body.data;
    const o = await institutionOrder(u);
    const issued = (await apply(u, title.id, [{ sourceId: o.id, amount_fen: 10_000 }])).body.data;
    await callApi(t, 'adminInvoiceIssue', { token: token.finance, body: { id: issued.id, invoiceNo: '99990000' } });
    const pending = (await apply(u, title.id, [{ sourceId: o.id, amount_fen: FIRST_FEN - 10_000 }])).body.data;
    expect(await invoiceable(u)).toEqual([]);

    expect(await reverseInvoicesOfOrder(ctx, o.id, '订单退款')).toEqual({ reversed: [issued.id], rejected: [pending.id] });
    const after = await callApi(t, 'invoiceApplyDetail', { token: u.tokens.token, body: { id: issued.id } });
    expect(after.body.data).toMatchObject({ state: 'reversed', invoiceNo: '99990000', hasPdf: false, rejectReason: '订单退款' });
    expect((await callApi(t, 'invoiceApplyDetail', { token: u.tokens.token, body: { id: pending.id } })).body.data.state).toBe('rejected');
    expect((await auditOf(issued.id)).at(-1)).toMatchObject({ action: 'invoice.reverse', actorKind: 'system' });
    expect((await messagesOf(u.id)).at(-2)).toMatchObject({ kind: 'invoiceReverse' });
    expect((await invoiceable(u))[0]).toMatchObject({ orderId: o.id, invoiceable_fen: FIRST_FEN });
    // Nothing left to reverse the second time.
    expect(await reverseInvoicesOfOrder(ctx, o.id, '订单退款')).toEqual({ reversed: [], rejected: [] });
  });
});
