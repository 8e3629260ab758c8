// One truth per figure (issue 21): a property test over 400 generated orders — coupons, points,
// 补差价/退差价, a research group's money, cancellations with their refunds — built as rows in one database
// with the ledger postings the payment module makes, then read through every reader: the customer's list
// and page, 待付款 and 待结算 (the pay and settle dialogs' data), the contract PDF's text, the invoiceable
// amount, the console's list and page, 应收账款 and the ledger itself. Each must agree to the fen with what
// the generator knows it built (computed here, independently of the server's figures function).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffCaller } from '../src/context.ts';
import { createContext, type AppContext } from '../src/context.ts';
import { rowsOf } from '../src/db/client.ts';
import { device, orders } from '../src/db/schema.ts';
import { formatFen as yuan } from '@yance/contracts/money';
import { amountRows, terms } from '../src/modules/contract/contract-pdf.ts';
import { contractInputOf } from '../src/modules/contract/contract.service.ts';
import { invoiceableOrders } from '../src/modules/invoice/invoice-apply.service.ts';
import * as ledger from '../src/modules/ledger/index.ts';
import { adminOrderDetail, adminOrderList } from '../src/modules/order/order-admin.service.ts';
import { listOrders, orderDetail } from '../src/modules/order/order.service.ts';
import { adminReceivables } from '../src/modules/payment/finance-rooms.service.ts';
import { dueOrders } from '../src/modules/payment/order-payment.service.ts';
import { modulePorts } from '../src/ports.ts';
import { domainEvents } from '../src/subscribers.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { orderingCustomer, XRD } from './order-factories.ts';
import { buildOrder, random, type Built } from './order-figures-generator.ts';

// 400 orders hold every case many times over (the counts below) and keep the file near half a minute on CI.
const ORDERS = 400;
const SEED = 20261128;

let t: TestApp;
let ctx: AppContext;
const admin: StaffCaller = { id: 1, sessionId: 0, roles: ['admin'], name: '管理员', enrolOnly: false };
const built: Built[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ctx = createContext(t.db, {
    events: domainEvents(),
    ports: modulePorts(),
    clock: t.clock,
    log: { info: () => {} },
    jobs: { wake: () => {} },
  } as unknown as Parameters<typeof createContext>[1]);
  const users = [
    { id: (await orderingCustomer(t, undefined, 0)).id, kind: 'institution' as const },
    { id: (await orderingCustomer(t, undefined, 3)).id, kind: 'institution' as const },
    { id: (await orderingCustomer(t, undefined, 2)).id, kind: 'enterprise' as const },
    { id: (await orderingCustomer(t, undefined, 2)).id, kind: 'enterprise' as const },
  ];
  const groupId = 900_001;
  const [xrd] = await t.db.select({ id: device.id }).from(device).where(eq(device.rid, XRD));
  await ctx.tx(async (tx) => {
    const fund = (account: ledger.AccountRef) =>
      ledger.postEntry(tx, {
        kind: 'topup',
        memo: '测试充值',
        lines: [
          { account: { kind: 'bank' }, amountFen: -400_000_000 },
          { account, amountFen: 400_000_000 },
        ],
      });
    for (const u of users) await fund(ledger.prestoreOf(u.id));
    await fund(ledger.groupAccountOf(groupId));
  });
  const r = random(SEED);
  // One transaction per batch: the generated orders' rows written quickly, each order through the real ledger.
  for (let from = 0; from < ORDERS; from += 100)
    await ctx.tx(async (tx) => {
      for (let i = from; i < Math.min(ORDERS, from + 100); i++)
        await buildOrder(tx, built, r, i, users[i % users.length]!, groupId, xrd!.id);
    });
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
    for (const f of e) {
      expect(f.payableFen).toBe(f.finalFen! - f.couponFen - f.pointsFen);
      expect(f.paidFen).toBeGreaterThanOrEqual(0);
    }
  });

  it("the customer's list and page, the console's list and page read the figures", async () => {
    const byId = new Map(built.map((b) => [b.id, b]));
    const users = [...new Set(built.map((b) => b.userId))];
    let seen = 0;
    for (const userId of users)
      for (let page = 1; ; page++) {
        const res = await listOrders(ctx, userId, { tab: 'all', page, pageSize: 50, kw: '' });
        for (const o of res.list) {
          const b = byId.get(o.id)!;
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
    for (const b of built) {
      const mine = await orderDetail(ctx, b.userId, b.id);
      expect(mine.figures, `order ${b.id}'s page`).toEqual(b.expected);
      expect(mine.final_fen).toBe(b.expected.finalFen);
      // The console's page reads the same summary as its list (checked above for all); every fifth one is opened too.
      if (b.id % 5 === 0) expect((await adminOrderDetail(ctx, admin, b.id)).figures, `order ${b.id} in the console`).toEqual(b.expected);
    }
  }, 600_000);

  it("待付款 and 待结算 (the pay and settle dialogs) and 应收账款 show what is due, with each order's own items", async () => {
    const users = [...new Set(built.map((b) => b.userId))];
    const listed = new Map<number, { dueFen: number; finalFen: number; paidFen: number; title: string }>();
    for (const userId of users)
      for (const tab of ['unpaid', 'unsettled'] as const) {
        const res = await dueOrders(ctx, userId, tab);
        for (const o of res.list) listed.set(o.id, o);
        expect(res.totalDueFen).toBe(res.list.reduce((n, o) => n + o.dueFen, 0));
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

  it("the contract PDF prints the order's figures and the invoice allows what the customer paid", async () => {
    for (const b of built.filter((x) => x.kind === 'enterprise')) {
      const [o] = await ctx.db.select().from(orders).where(eq(orders.id, b.id));
      const c = await contractInputOf(ctx, o!);
      const rows = amountRows(c.figures);
      expect(rows[0]).toEqual(['合计', yuan(b.expected.totalFen!)]);
      if (rows.length > 1) expect(rows.at(-1)).toEqual(['合同金额', yuan(b.expected.payableFen!)]);
      expect(terms(c)[1]).toContain(`合同金额为人民币 ${yuan(b.expected.payableFen!)}`);
    }
    const users = [...new Set(built.map((b) => b.userId))];
    for (const userId of users) {
      const { list } = await invoiceableOrders(ctx, userId);
      for (const row of list) {
        const b = built.find((x) => x.id === row.orderId)!;
        expect(row.final_fen, `order ${b.id}'s invoiceable amount`).toBe(b.expected.payableFen);
        expect(row.invoiceable_fen).toBe(b.expected.payableFen);
      }
    }
  }, 600_000);

  it("the ledger's lines of each order add up to its figures", async () => {
    const rows = rowsOf<{ order_id: number; kind: string; s: string }>(
      await ctx.db.execute(
        sql`select e.order_id, acc.kind, sum(l.amount_fen)::bigint as s from ledger_line l join ledger_entry e on e.id = l.entry_id
          join ledger_account acc on acc.id = l.account_id where e.order_id is not null group by 1, 2`,
      ),
    );
    const of = (id: number, kind: string) => Number(rows.find((r) => Number(r.order_id) === id && r.kind === kind)?.s ?? 0);
    for (const b of built) {
      // The customer's money in: what left their balance or the group's, less what came back to them (a refund
      // still waiting in 应付退款 has not come back: it is still theirs in the order).
      const fromCustomer = 0 - (of(b.id, 'prestore') + of(b.id, 'group')) || 0;
      expect(fromCustomer, `order ${b.id}'s ledger`).toBe(b.expected.paidFen);
      expect(0 - of(b.id, 'receivable') || 0).toBe(b.state === 'unsettled' || b.state === 'overdue' ? b.expected.dueFen : 0);
    }
  }, 600_000);
});
