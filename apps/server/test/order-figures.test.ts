// One truth per figure (issue 21): a property test over 1 000 generated orders — coupons, points, 补差价/退差价,
// a research group's money (a member settling from the group's balance within their limit, through settlement/add),
// cancellations with their refunds — built as rows in one database with the ledger postings the payment module
// makes, then read through every reader: the customer's list and page, 待付款 and 待结算 (the pay and settle
// dialogs' data), the member centre's sums and the group's quota, the contract PDF's text, the invoiceable amount
// and the invoice PDF's text, the console's list and page, 应收账款 and the ledger itself. Each must agree to the fen
// with what the generator knows it built (computed here, independently of the server's figures function). On
// PGlite the pages, contracts and invoices of every fifth order are read (PAGE_EVERY), the lists and ledger of all.
//
// Partial refunds: the shop has one, 退差价 (the lab lowers a prepaid order's final amount, ADR 0050; the
// difference goes back to the balance at once), which the generator makes often. A refund proper is whole: a
// cancelled order's own money waits in 应付退款 until finance approves all of it; orders cannot be cancelled once
// the lab has them, and the lab adjusts prices only after, so the two never meet on one order.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StaffCaller } from '../src/context.ts';
import { createContext, type AppContext } from '../src/context.ts';
import { rowsOf } from '../src/db/client.ts';
import { createMetrics } from '../src/lib/metrics.ts';
import { clusterMember, device, orders } from '../src/db/schema.ts';
import { formatFen as yuan } from '@yance/contracts/money';
import { INVOICE_LINES_MAX } from '@yance/contracts/invoice-states';
import { amountRows, terms } from '../src/modules/contract/contract-pdf.ts';
import { contractInputOf } from '../src/modules/contract/contract.service.ts';
import { invoiceableOrders } from '../src/modules/invoice/invoice-apply.service.ts';
import * as ledger from '../src/modules/ledger/index.ts';
import { adminOrderDetail, adminOrderList } from '../src/modules/order/order-admin.service.ts';
import { listOrders, orderDetail } from '../src/modules/order/order.service.ts';
import { adminReceivables } from '../src/modules/payment/finance-rooms.service.ts';
import { groupFunds } from '../src/modules/payment/group-funds.service.ts';
import { dueOrders } from '../src/modules/payment/order-payment.service.ts';
import { assetsOf } from '../src/modules/payment/prestore.service.ts';
import { modulePorts } from '../src/ports.ts';
import { domainEvents } from '../src/subscribers.ts';
import { pdfText } from '../../../e2e/support/pdf-text.ts';
import { clusterKit } from './cluster-factories.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens, type TestUser } from './factories.ts';
import { companyE } from './invoice-factories.ts';
import { LOCAL_PAY_SECRET, topUpOnline } from './money-factories.ts';
import { orderingCustomer, XRD } from './order-factories.ts';
import { planOrder, random, settleFromGroup, writeOrders, type Built, type Customer, type Planned } from './order-figures-generator.ts';

const ORDERS = 1000;
const SEED = 20261128;
/** Orders written per transaction: each table's rows of a batch in one statement. */
const BATCH = 250;
/** Readers called side by side: on PostgreSQL the pool's connections answer together (PGlite takes them in turn). */
const WIDTH = 8;
/**
 * Which orders' pages, contracts and invoices are read (a page is a dozen queries besides its figures; reading 1 000
 * of each was most of this file's time). PostgreSQL, CI's main run, reads every order's; PGlite, run again for its
 * own transaction code (ADR 0074), every fifth — its figures query is the same, checked for every order by the lists.
 */
const PAGE_EVERY = inject('testDb').kind === 'pglite' ? 5 : 1;

let t: TestApp;
let ctx: AppContext;
let clusterId: number;
const admin: StaffCaller = { id: 1, sessionId: 0, roles: ['admin'], name: '管理员', enrolOnly: false };
const built: Built[] = [];
const customers: (TestUser & Customer)[] = [];
/** What the group held before the settlements. */
const GROUP_FUNDS = 400_000_000;

/** Runs fn over xs, WIDTH at a time. */
async function eachOf<T>(xs: readonly T[], fn: (x: T) => Promise<void>): Promise<void> {
  for (let k = 0; k < xs.length; k += WIDTH) await Promise.all(xs.slice(k, k + WIDTH).map(fn));
}

beforeAll(async () => {
  t = await createTestApp({ env: { PAYMENT_LOCAL_SECRET: LOCAL_PAY_SECRET } });
  ctx = createContext(t.db, {
    events: domainEvents(),
    ports: modulePorts(),
    clock: t.clock,
    log: t.app.log,
    metrics: createMetrics(),
    jobs: { wake: () => {} },
  } as unknown as Parameters<typeof createContext>[1]);
  // A teacher's research group with a student member; both may settle from it within the limit the teacher set.
  const { owner, student, group } = await clusterKit(() => t).groupWithMember();
  clusterId = group.id;
  for (const m of await t.db.select().from(clusterMember).where(eq(clusterMember.clusterId, clusterId))) {
    const set = await callApi(t, 'clusterAssign', { token: owner.tokens.token, body: { id: m.id, limitFen: GROUP_FUNDS / 2 } });
    expect(set.body.code, set.body.msg).toBe(1);
  }
  customers.push(
    { ...student, kind: 'institution', groupMember: true },
    { ...owner, kind: 'institution', groupMember: true },
    { ...(await orderingCustomer(t, undefined, 2)), kind: 'enterprise', groupMember: false },
    { ...(await orderingCustomer(t, undefined, 2)), kind: 'enterprise', groupMember: false },
  );
  const [xrd] = await t.db.select({ id: device.id }).from(device).where(eq(device.rid, XRD));
  // Each customer's balance from a real top-up (what they may invoice of prestore money is what they topped up);
  // the group's as a bank transfer finance credited.
  for (const u of customers) await topUpOnline(t, u, 400_000_000);
  await ctx.tx((tx) =>
    ledger.postEntry(tx, {
      kind: 'groupIn',
      memo: '课题组入账（测试）',
      lines: [
        { account: { kind: 'bank' }, amountFen: -GROUP_FUNDS },
        { account: ledger.groupAccountOf(clusterId), amountFen: GROUP_FUNDS },
      ],
    }),
  );
  const r = random(SEED);
  const planned: Planned[] = Array.from({ length: ORDERS }, (_, i) => planOrder(r, i, customers[i % customers.length]!));
  for (let from = 0; from < ORDERS; from += BATCH)
    built.push(...(await ctx.tx((tx) => writeOrders(tx, planned.slice(from, from + BATCH), xrd!.id))));
  await settleFromGroup(ctx, built, clusterId);
}, 600_000);
afterAll(async () => t.close());

describe(`the figures of ${ORDERS} generated orders agree on every reader`, () => {
  it('covers coupons, points, 补差价/退差价, group settlements and refunds', () => {
    expect(built).toHaveLength(ORDERS);
    const e = built.map((b) => b.expected);
    expect(e.filter((f) => f.couponFen > 0).length).toBeGreaterThan(ORDERS / 10);
    expect(e.filter((f) => f.pointsFen > 0).length).toBeGreaterThan(ORDERS / 10);
    expect(e.filter((f) => f.promoFen > 0).length).toBeGreaterThan(ORDERS / 10);
    expect(e.filter((f) => f.adjustFen > 0).length).toBeGreaterThan(ORDERS / 20);
    expect(e.filter((f) => f.adjustFen < 0).length).toBeGreaterThan(ORDERS / 20);
    expect(e.filter((f) => f.refundedFen > 0).length).toBeGreaterThan(ORDERS / 33);
    expect(e.filter((f) => f.dueFen > 0).length).toBeGreaterThan(ORDERS / 10);
    for (const c of customers.filter((x) => x.groupMember))
      expect(built.filter((b) => b.fromGroup && b.userId === c.id).length, `user ${c.id}'s group settlements`).toBeGreaterThan(ORDERS / 50);
    for (const f of e) {
      expect(f.payableFen).toBe(f.finalFen! - f.couponFen - f.pointsFen);
      expect(f.paidFen).toBeGreaterThanOrEqual(0);
    }
  });

  it("the customer's list and page, the console's list and page read the figures", async () => {
    const byId = new Map(built.map((b) => [b.id, b]));
    let seen = 0;
    for (const c of customers)
      for (let page = 1; ; page++) {
        const res = await listOrders(ctx, c.id, { tab: 'all', page, pageSize: 50, kw: '' });
        for (const o of res.list) {
          const b = byId.get(o.id)!;
          expect(o.state, `order ${o.id}'s state in the list`).toBe(b.state);
          expect(o.figures, `order ${o.id} in the list`).toEqual(b.expected);
          seen++;
        }
        if (res.list.length < 50) break;
      }
    expect(seen).toBe(ORDERS);
    seen = 0;
    for (let page = 1; ; page++) {
      const res = await adminOrderList(ctx, admin, { page, pageSize: 50, kw: '' } as never);
      for (const o of res.list) {
        const b = byId.get(o.id);
        if (!b) continue;
        expect(o.figures, `order ${o.id} in the console's list`).toEqual(b.expected);
        seen++;
      }
      if (res.list.length < 50) break;
    }
    expect(seen).toBe(ORDERS);
    // The customer's page of every order (every PAGE_EVERY-th on PGlite). The console's page reads the same summary
    // as its list (checked above for all); every fifth of those is opened too.
    await eachOf(
      built.filter((b) => b.id % PAGE_EVERY === 0),
      async (b) => {
        const mine = await orderDetail(ctx, b.userId, b.id);
        expect(mine.figures, `order ${b.id}'s page`).toEqual(b.expected);
        expect(mine.final_fen).toBe(b.expected.finalFen);
        if (b.id % (5 * PAGE_EVERY) === 0)
          expect((await adminOrderDetail(ctx, admin, b.id)).figures, `order ${b.id} in the console`).toEqual(b.expected);
      },
    );
  }, 600_000);

  it("待付款 and 待结算 (the pay and settle dialogs), the member centre's sums and 应收账款 show what is due, with each order's own items", async () => {
    const listed = new Map<number, { dueFen: number; finalFen: number; paidFen: number; title: string }>();
    for (const c of customers) {
      for (const tab of ['unpaid', 'unsettled'] as const) {
        const res = await dueOrders(ctx, c.id, tab);
        for (const o of res.list) listed.set(o.id, o);
        expect(res.totalDueFen).toBe(res.list.reduce((n, o) => n + o.dueFen, 0));
      }
      // The member centre (我的资产): what waits for payment and settlement, summed from the generator's figures.
      const mine = built.filter((b) => b.userId === c.id);
      const sum = (states: readonly string[]) => mine.filter((b) => states.includes(b.state)).reduce((n, b) => n + b.expected.dueFen, 0);
      const assets = await assetsOf(ctx, c.id);
      expect(assets.unsettledFen, `user ${c.id}'s 待结算`).toBe(sum(['unsettled', 'overdue']));
      expect(assets.overdueFen).toBe(sum(['overdue']));
      expect(assets.unpaidFen, `user ${c.id}'s 待付款`).toBe(
        mine.filter((b) => b.state !== 'unsettled' && b.state !== 'overdue').reduce((n, b) => n + b.expected.dueFen, 0),
      );
    }
    for (const b of built) {
      const row = listed.get(b.id);
      if (b.expected.dueFen > 0 || b.state === 'unpaid' || b.state === 'unsettled' || b.state === 'overdue') {
        expect(row, `order ${b.id} (${b.state}) is listed`).toBeDefined();
        expect(row!.dueFen).toBe(b.expected.dueFen);
        expect(row!.finalFen).toBe(b.expected.finalFen);
        expect(row!.paidFen).toBe(b.expected.paidFen);
        expect(row!.title).toBe(b.names.slice(0, 3).join('、'));
      } else expect(listed.has(b.id), `order ${b.id} (${b.state}) owes nothing`).toBe(false);
    }
    const owing = new Map<number, number>();
    for (let page = 1; ; page++) {
      const res = await adminReceivables(ctx, { page, pageSize: 50, overCredit: false } as never);
      for (const row of res.list) owing.set(row.orderId, row.owedFen);
      if (res.list.length < 50) break;
    }
    for (const b of built.filter((x) => x.state === 'unsettled' || x.state === 'overdue')) expect(owing.get(b.id)).toBe(b.expected.dueFen);
  }, 600_000);

  it("the research group's quota: each member's spending is what they settled from it, the group's balance and statement the rest", async () => {
    const settled = built.filter((b) => b.fromGroup);
    let total = 0;
    for (const c of customers.filter((x) => x.groupMember)) {
      const theirs = settled.filter((b) => b.userId === c.id).reduce((n, b) => n + b.expected.paidFen, 0);
      const funds = await groupFunds(ctx, c.id, { clusterId, page: 1, pageSize: 1 });
      expect(funds.spentFen, `user ${c.id}'s spending from the group`).toBe(theirs);
      expect(funds.limitFen).toBe(GROUP_FUNDS / 2);
      const assets = (await assetsOf(ctx, c.id)).groups.find((g) => g.id === clusterId)!;
      expect([assets.spentFen, assets.limitFen]).toEqual([theirs, GROUP_FUNDS / 2]);
      total += theirs;
    }
    const owner = customers[1]!; // the teacher who owns the group: the one who reads its statement
    const funds = await groupFunds(ctx, owner.id, { clusterId, page: 1, pageSize: 100 });
    expect(funds.balanceFen).toBe(GROUP_FUNDS - total);
    // The owner's statement: one settlement line per order, its amount what the order paid.
    const lines = new Map<number, number>();
    for (let page = 1; ; page++) {
      const res = (await groupFunds(ctx, owner.id, { clusterId, page, pageSize: 100 })).statement!;
      for (const l of res.list) if (l.orderId !== null) lines.set(l.orderId, (lines.get(l.orderId) ?? 0) + l.amountFen);
      if (res.list.length < 100) break;
    }
    expect(lines.size).toBe(settled.length);
    for (const b of settled) expect(lines.get(b.id), `order ${b.id} in the group's statement`).toBe(-b.expected.paidFen);
  }, 600_000);

  it("the contract PDF prints the order's figures and the invoice allows what the customer paid", async () => {
    await eachOf(
      built.filter((x) => x.kind === 'enterprise' && x.id % PAGE_EVERY === 0),
      async (b) => {
        const [o] = await ctx.db.select().from(orders).where(eq(orders.id, b.id));
        const c = await contractInputOf(ctx, o!);
        const rows = amountRows(c.figures);
        expect(rows[0]).toEqual(['合计', yuan(b.expected.totalFen!)]);
        if (rows.length > 1) expect(rows.at(-1)).toEqual(['合同金额', yuan(b.expected.payableFen!)]);
        expect(terms(c)[1]).toContain(`合同金额为人民币 ${yuan(b.expected.payableFen!)}`);
      },
    );
    const byId = new Map(built.map((b) => [b.id, b]));
    for (const c of customers) {
      const { list } = await invoiceableOrders(ctx, c.id);
      for (const row of list) {
        const b = byId.get(row.orderId)!;
        expect(row.final_fen, `order ${b.id}'s invoiceable amount`).toBe(b.expected.payableFen);
        expect(row.invoiceable_fen).toBe(b.expected.payableFen);
      }
    }
  }, 600_000);

  it('the invoice PDF prints what each invoiced order paid', async () => {
    // Every invoiceable order of every customer (every PAGE_EVERY-th on PGlite), applied for in full and issued
    // through the console: the PDF (the real invoice-pdf code, stored and downloaded as the customer downloads it)
    // lists each order's amount.
    const finance = (await staffTokens(t, 'finance')).token;
    const byId = new Map(built.map((b) => [b.id, b]));
    let invoiced = 0;
    let invoiceNo = 10_000_000;
    for (const c of customers) {
      const title = await callApi(t, 'invoiceAdd', { token: c.tokens.token, body: companyE as never });
      expect(title.body.code, title.body.msg).toBe(1);
      const list = (await invoiceableOrders(ctx, c.id)).list.filter((o) => o.orderId % PAGE_EVERY === 0);
      for (let k = 0; k < list.length; k += INVOICE_LINES_MAX) {
        const lines = list
          .slice(k, k + INVOICE_LINES_MAX)
          .map((o) => ({ source: 'order' as const, sourceId: o.orderId, amount_fen: o.invoiceable_fen }));
        const applied = await callApi(t, 'invoiceApplyAdd', { token: c.tokens.token, body: { titleId: title.body.data.id, lines } });
        expect(applied.body.code, applied.body.msg).toBe(1);
        const issued = await callApi(t, 'adminInvoiceIssue', {
          token: finance,
          body: { id: applied.body.data.id, invoiceNo: String(++invoiceNo) },
        });
        expect(issued.body.code, issued.body.msg).toBe(1);
        const pdf = await t.app.inject({
          method: 'GET',
          url: `/api/auth/invoiceApply/pdf?id=${applied.body.data.id}`,
          headers: { token: c.tokens.token },
        });
        expect(pdf.statusCode).toBe(200);
        const text = pdfText(pdf.rawPayload).split('\n');
        let sum = 0;
        for (const line of lines) {
          const b = byId.get(line.sourceId)!;
          const at = text.indexOf(b.no);
          expect(at, `order ${b.no} on invoice ${invoiceNo}`).toBeGreaterThan(-1);
          expect(text[at + 1], `order ${b.no}'s amount on invoice ${invoiceNo}`).toBe(yuan(b.expected.payableFen!));
          sum += b.expected.payableFen!;
        }
        expect(text[text.indexOf('合计') + 1], `invoice ${invoiceNo}'s total`).toBe(yuan(sum));
        expect(text.some((l) => l.includes(`（小写）${yuan(sum)}`))).toBe(true);
        invoiced += lines.length;
      }
    }
    expect(invoiced).toBeGreaterThan(ORDERS / 3 / PAGE_EVERY);
  }, 600_000);

  it("the ledger's lines of each order add up to its figures", async () => {
    const rows = rowsOf<{ order_id: number; kind: string; s: string }>(
      await ctx.db.execute(
        sql`select e.order_id, acc.kind, sum(l.amount_fen)::bigint as s from ledger_line l join ledger_entry e on e.id = l.entry_id
          join ledger_account acc on acc.id = l.account_id where e.order_id is not null group by 1, 2`,
      ),
    );
    const sums = new Map(rows.map((r) => [`${Number(r.order_id)}:${r.kind}`, Number(r.s)]));
    const of = (id: number, kind: string) => sums.get(`${id}:${kind}`) ?? 0;
    for (const b of built) {
      // The customer's money in: what left their balance or the group's, less what came back to them (a refund
      // still waiting in 应付退款 has not come back: it is still theirs in the order).
      const fromCustomer = 0 - (of(b.id, 'prestore') + of(b.id, 'group')) || 0;
      expect(fromCustomer, `order ${b.id}'s ledger`).toBe(b.expected.paidFen);
      expect(0 - of(b.id, 'group') || 0, `order ${b.id}'s group lines`).toBe(b.fromGroup ? b.expected.paidFen : 0);
      expect(0 - of(b.id, 'receivable') || 0).toBe(b.state === 'unsettled' || b.state === 'overdue' ? b.expected.dueFen : 0);
    }
    expect((await ledger.reconcileLedger(ctx)).unbalanced).toEqual([]);
  }, 600_000);
});
