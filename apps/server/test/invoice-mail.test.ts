// The e-invoice by e-mail (ADR 0052): issuing an electronic invoice queues one
// invoice.mail job in the issue's transaction; the job sends the stored PDF to
// the application's e-mail once, retries when the mail server refuses, and
// paper invoices send nothing.
import { formatFen } from '@yance/contracts/money';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceApplyNo } from '@yance/contracts/invoice-states';
import { domainEvents } from '../src/subscribers.ts';
import { modulePorts } from '../src/ports.ts';
import { createContext, type AppContext } from '../src/context.ts';
import { job, message, noticeDelivery, orders } from '../src/db/schema.ts';
import type { Mail, MailProvider } from '../src/lib/mail-provider.ts';
import { reverseInvoicesOfOrder } from '../src/modules/invoice/invoice.service.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens, type TestUser } from './factories.ts';
import { orderingCustomer, pickupAddress, placeOrder, transferOf } from './order-factories.ts';

const TAX_ID = '91310000MA1FL4XX1X';
const INVOICE_MAIL = 'fin@example.com';

/** A mail server that keeps what it is given, and refuses the next `refusals` e-mails. */
const server = {
  sent: [] as Mail[],
  refusals: 0,
  /** The e-invoices it took (order notices go to the profile's e-mail through the same provider). */
  invoices(): Mail[] {
    return this.sent.filter((m) => m.subject.includes('电子发票'));
  },
};
const mail: MailProvider = {
  name: 'smtp',
  async send(m) {
    if (server.refusals > 0) {
      server.refusals--;
      throw new Error('421 4.7.0 Try again later');
    }
    server.sent.push(m);
  },
};

let t: TestApp;
let ctx: AppContext;
let finance = '';
let operator = '';
beforeAll(async () => {
  t = await createTestApp({ mail });
  ctx = createContext(t.db, {
    events: domainEvents(),
    ports: modulePorts(),
    clock: t.clock,
    log: { info: () => {} },
    jobs: { wake: () => {} },
  } as unknown as Parameters<typeof createContext>[1]);
  finance = (await staffTokens(t, 'finance')).token;
  operator = (await staffTokens(t, 'operator')).token;
});
afterAll(async () => t.close());

type Customer = TestUser & { id: number };

/** An enterprise's order, its contract taken as confirmed (待付款), then paid by finance (待寄样): invoiceable. */
async function paidOrder(u: Customer) {
  const o = await placeOrder(t, u);
  await t.db.update(orders).set({ state: 'unpaid' }).where(eq(orders.id, o.id));
  const paid = await callApi(t, 'adminOrderMarkPaid', {
    token: finance,
    body: { id: o.id, expect: 'unpaid', note: '对公转账已到账', ...(await transferOf(t, o.id)) },
  });
  expect(paid.body.data.state).toBe('awaitingSample');
  return o;
}

/** A title of the kind (1 普通电子, 2 普通纸质 …) for the company. */
async function title(u: Customer, kind: 1 | 2 | 3 | 4) {
  const paper = kind === 2 || kind === 4;
  const body = {
    kind,
    holder: 'company',
    name: '某材料科技有限公司',
    tax_id: TAX_ID,
    ...(kind >= 3
      ? {
          register_address: '上海市徐汇区梅陇路130号',
          register_phone: '021-64250000',
          bank: '中国工商银行上海徐汇支行',
          bank_account: '1001234567890123',
        }
      : {}),
    ...(paper ? { address_rid: (await pickupAddress(t, u)).address_rid } : { email: INVOICE_MAIL }),
  };
  const res = await callApi(t, 'invoiceAdd', { token: u.tokens.token, body: body as never });
  expect(res.body.code, res.body.msg).toBe(1);
  return res.body.data.id as number;
}

let invoiceNo = 26_310_000;
/** An application for the whole order, issued by finance with a new number: the application and its number. */
async function issued(kind: 1 | 2 | 3 | 4) {
  const u = await orderingCustomer(t, undefined, 2);
  const titleId = await title(u, kind);
  const o = await paidOrder(u);
  const left = (await callApi(t, 'invoiceApplyOrders', { token: u.tokens.token })).body.data.list[0]!;
  const applied = await callApi(t, 'invoiceApplyAdd', {
    token: u.tokens.token,
    body: { titleId, lines: [{ source: 'order', sourceId: o.id, amount_fen: left.invoiceable_fen }] },
  });
  expect(applied.body.code, applied.body.msg).toBe(1);
  const no = String(++invoiceNo);
  const res = await callApi(t, 'adminInvoiceIssue', { token: finance, body: { id: applied.body.data.id, invoiceNo: no } });
  expect(res.body.code, res.body.msg).toBe(1);
  return { u, o, a: res.body.data, invoiceNo: no };
}

const mailJobs = async (applicationId: number) =>
  (await t.db.select().from(job).where(eq(job.kind, 'invoice.mail'))).filter(
    (j) => (j.payload as { applicationId: number }).applicationId === applicationId,
  );
const deliveryOf = (applicationId: number) =>
  t.db
    .select()
    .from(noticeDelivery)
    .where(eq(noticeDelivery.key, `invoice:${applicationId}:issue:mail`));
const issueMessage = async (userId: number) =>
  (
    await t.db
      .select()
      .from(message)
      .where(and(eq(message.userId, userId), eq(message.kind, 'invoiceIssue')))
  )[0]!;

describe('the e-invoice by e-mail (ADR 0052)', () => {
  it('issuing an e-invoice queues one job; the drain sends one e-mail with the PDF; a repeated drain or job sends nothing more', async () => {
    const before = server.invoices().length;
    const { u, o, a, invoiceNo: no } = await issued(1);
    const queued = await mailJobs(a.id);
    expect(queued.map((j) => [j.state, j.dedupeKey, j.payload])).toEqual([['queued', `invoice.mail:${a.id}`, { applicationId: a.id }]]);
    // The customer's message names where the PDF goes.
    expect((await issueMessage(u.id)).content).toContain(`发票PDF将通过邮件发送至${INVOICE_MAIL}`);

    await t.jobs.drain();
    const sent = server.invoices().slice(before);
    expect(sent).toHaveLength(1);
    const [m] = sent;
    expect(m).toMatchObject({ to: INVOICE_MAIL, subject: `【研测】电子发票 ${invoiceApplyNo(a.id)}` });
    for (const words of ['某材料科技有限公司', '普通电子发票', `发票号码：${no}`, formatFen(a.amount_fen), `订单${o.no}`])
      expect(m!.text).toContain(words);
    // The attachment is the stored PDF the customer downloads, named by the invoice number.
    const pdf = await t.app.inject({ method: 'GET', url: `/api/auth/invoiceApply/pdf?id=${a.id}`, headers: { token: u.tokens.token } });
    expect(pdf.statusCode).toBe(200);
    expect(m!.attachments).toHaveLength(1);
    expect(m!.attachments![0]).toMatchObject({ filename: `${no}.pdf`, contentType: 'application/pdf' });
    expect(m!.attachments![0]!.content.equals(pdf.rawPayload)).toBe(true);
    expect((await mailJobs(a.id)).map((j) => j.state)).toEqual(['done']);
    expect(await deliveryOf(a.id)).toEqual([
      expect.objectContaining({ channel: 'mail', recipient: INVOICE_MAIL, state: 'sent', provider: 'smtp', userId: u.id, orderId: null }),
    ]);

    // Drained again, and the same job run again (a retry after a crash, or a second process): no second e-mail.
    await t.jobs.drain();
    const [done] = await mailJobs(a.id);
    await t.db
      .insert(job)
      .values({ ...done!, id: undefined, state: 'queued', attempts: 0, runAt: t.clock(), finishedAt: null, dedupeKey: null });
    await t.jobs.drain();
    expect(server.invoices().slice(before)).toHaveLength(1);
    expect(await deliveryOf(a.id)).toHaveLength(1);

    // The console's 通知记录 lists it by recipient, about no order.
    const outbox = (await callApi(t, 'noticeList', { token: operator, query: { to: INVOICE_MAIL, channel: 'mail' } })).body.data;
    expect(outbox.list.find((d) => d.subject === `电子发票 ${invoiceApplyNo(a.id)}`)).toMatchObject({
      state: 'sent',
      orderId: null,
      orderNo: null,
    });
  });

  it('a 专用电子发票 goes by e-mail too; paper invoices (2, 4) queue nothing and send nothing', async () => {
    const special = await issued(3);
    expect(await mailJobs(special.a.id)).toHaveLength(1);
    const before = server.invoices().length;
    for (const kind of [2, 4] as const) {
      const { u, a } = await issued(kind);
      expect(await mailJobs(a.id), `kind ${kind}`).toEqual([]);
      expect((await issueMessage(u.id)).content).not.toContain('邮件');
    }
    await t.jobs.drain();
    expect(
      server
        .invoices()
        .slice(before)
        .map((m) => m.subject),
    ).toEqual([`【研测】电子发票 ${invoiceApplyNo(special.a.id)}`]);
  });

  it('a refused send leaves the job to retry with nothing claimed; the retry sends it once', async () => {
    const before = server.invoices().length;
    const { a } = await issued(1);
    server.refusals = 1;
    await t.jobs.drain();
    expect(server.invoices().slice(before)).toEqual([]);
    const [retry] = await mailJobs(a.id);
    expect(retry).toMatchObject({ state: 'queued', attempts: 1, lastError: expect.stringContaining('Try again later') });
    expect(retry!.runAt.getTime()).toBeGreaterThan(t.clock().getTime());
    expect(await deliveryOf(a.id)).toEqual([]);
    // The invoice stays issued and downloadable meanwhile.
    expect((await callApi(t, 'adminInvoiceDetail', { token: finance, query: { id: a.id } })).body.data).toMatchObject({
      state: 'issued',
      hasPdf: true,
    });

    await t.db
      .update(job)
      .set({ runAt: new Date(0) })
      .where(eq(job.id, retry!.id));
    await t.jobs.drain();
    expect(server.invoices().slice(before)).toHaveLength(1);
    expect((await mailJobs(a.id)).map((j) => [j.state, j.attempts])).toEqual([['done', 2]]);
    expect((await deliveryOf(a.id)).map((d) => d.state)).toEqual(['sent']);
  });

  it('an invoice reversed (红冲) before its e-mail went sends nothing: it is void', async () => {
    const before = server.invoices().length;
    const { o, a } = await issued(1);
    expect(await reverseInvoicesOfOrder(ctx, o.id, '订单退款')).toEqual({ reversed: [a.id], rejected: [] });
    await t.jobs.drain();
    expect(server.invoices().slice(before)).toEqual([]);
    expect((await mailJobs(a.id)).map((j) => j.state)).toEqual(['done']);
    expect(await deliveryOf(a.id)).toEqual([]);
  });
});
