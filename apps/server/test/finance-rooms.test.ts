import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@yance/contracts/endpoints';
import { addDays } from '@yance/contracts/pickup';
import { urlOf } from '@yance/contracts/routes';
import { chinaToday } from '@yance/contracts/sampling-rules';
import { userAccount } from '../src/db/schema.ts';
import { systemClock } from '../src/lib/clock.ts';
import { journalXlsx } from '../src/modules/payment/finance-rooms.service.ts';
import { sweepMoney } from '../src/modules/payment/payment-sweep.service.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { testRunner } from './job-helpers.ts';
import { callApi, staffTokens } from './factories.ts';
import { orderingCustomer, placeOrder } from './order-factories.ts';
import { LOCAL_PAY_SECRET, newKey, topUpOnline, unsettledOrder } from './money-factories.ts';

/** 收支流水 and 应收账款: finance's read-only rooms over the ledger (ADR 0050). */
describe('finance’s journal and receivables', () => {
  let t: TestApp;
  let finance = '';
  let lab = '';
  let admin = '';
  beforeAll(async () => {
    t = await createTestApp({ env: { PAYMENT_LOCAL_SECRET: LOCAL_PAY_SECRET } });
    finance = (await staffTokens(t, 'finance')).token;
    lab = (await staffTokens(t, 'lab')).token;
    admin = (await staffTokens(t, 'admin')).token;
  });
  afterAll(async () => t.close());

  const journal = (query: Record<string, string | number> = {}) =>
    callApi(t, 'adminLedgerJournal', { token: finance, query: { page: 1, pageSize: 50, ...query } as never });

  it('lists a top-up and a payment with their lines, filtered by kind, date and keyword (phone, name, order and top-up number)', async () => {
    const firm = await orderingCustomer(t, undefined, 2);
    await t.db.update(userAccount).set({ name: '钱流水' }).where(eq(userAccount.id, firm.id));
    const { no: topupNo } = await topUpOnline(t, firm, 1_000_000);
    const o = await placeOrder(t, firm);
    // Contract signed and confirmed (contract.test covers it): set straight to 待付款 for the money.
    await t.db.execute(sql`update orders set state = 'unpaid' where id = ${o.id}`);
    const paid = await callApi(t, 'payOrder', { token: firm.tokens.token, body: { orderId: o.id, idempotencyKey: newKey() } });
    expect(paid.body.code, paid.body.msg).toBe(1);
    const due = paid.body.data.paidFen;
    const masked = `${firm.phone.slice(0, 3)}****${firm.phone.slice(7)}`;

    // By phone: newest first — the payment, the tier's bonus (¥10 000 reaches 5 %: ¥500), the top-up.
    const byPhone = (await journal({ keyword: firm.phone })).body.data;
    expect(byPhone.list.map((e) => e.kind)).toEqual(['orderPay', 'topupBonus', 'topup']);
    expect(byPhone).toMatchObject({ total: 3, more: false });
    const [pay, bonus, credit] = byPhone.list;
    expect(pay).toMatchObject({
      orderId: o.id,
      orderNo: o.no,
      topupNo: null,
      customer: { id: firm.id, name: '钱流水', phone: masked },
    });
    expect(pay!.lines).toEqual(
      expect.arrayContaining([
        { account: 'prestore', owner: '钱流水', amountFen: -due },
        { account: 'revenue', owner: '', amountFen: due },
      ]),
    );
    expect(pay!.lines).toHaveLength(2);
    expect(credit).toMatchObject({ topupNo, orderNo: null, memo: expect.stringContaining(topupNo) });
    expect(credit!.lines).toEqual(
      expect.arrayContaining([
        { account: 'gateway', owner: '本地支付（演示）', amountFen: -1_000_000 },
        { account: 'prestore', owner: '钱流水', amountFen: 1_000_000 },
      ]),
    );
    expect(bonus!.lines).toEqual(
      expect.arrayContaining([
        { account: 'bonus', owner: '', amountFen: -50_000 },
        { account: 'prestore', owner: '钱流水', amountFen: 50_000 },
      ]),
    );
    // A keyword bounds the period: each account kind's movement over the matching entries.
    const sums = new Map(byPhone.sums!.map((s) => [s.account, s.sumFen]));
    expect(sums.get('gateway')).toBe(-1_000_000);
    expect(sums.get('revenue')).toBe(due);
    expect(sums.get('prestore')).toBe(1_050_000 - due);

    // By kind, by name, by the order's and the top-up's number (case as typed).
    expect((await journal({ keyword: firm.phone, kind: 'orderPay' })).body.data.list.map((e) => e.id)).toEqual([pay!.id]);
    expect((await journal({ keyword: '钱流' })).body.data.list.map((e) => e.id)).toEqual(byPhone.list.map((e) => e.id));
    expect((await journal({ keyword: o.no })).body.data.list.map((e) => e.kind)).toEqual(['orderPay']);
    expect((await journal({ keyword: topupNo.toLowerCase() })).body.data.list.map((e) => e.kind)).toEqual(['topupBonus', 'topup']);
    expect((await journal({ keyword: 'YC19990101-0001' })).body.data).toMatchObject({ list: [], total: 0, sums: [] });

    // By China date: today's entries (from yesterday, so a run across midnight still finds them); none from tomorrow.
    const today = chinaToday(new Date());
    const dated = (await journal({ keyword: firm.phone, from: addDays(today, -1), to: addDays(today, 1) })).body.data;
    expect(dated.total).toBe(3);
    expect((await journal({ keyword: firm.phone, from: addDays(today, 1) })).body.data.total).toBe(0);
    expect((await journal({ keyword: firm.phone, to: addDays(today, -2) })).body.data.total).toBe(0);
    // Without a keyword the whole ledger pages, newest first; its sums need both dates.
    const all = (await journal({ pageSize: 2 })).body.data;
    expect(all.list.map((e) => e.id)).toEqual([pay!.id, bonus!.id]);
    expect(all.sums).toBeNull();
    const period = (await journal({ from: today, to: addDays(today, 1) })).body.data;
    expect(period.sums!.reduce((n, s) => n + s.sumFen, 0)).toBe(0);

    const backwards = await journal({ from: today, to: addDays(today, -1) });
    expect(backwards).toMatchObject({ status: 400, body: { msg: '[结束日期]不能早于开始日期' } });
    const badKind = await journal({ kind: 'gift' });
    expect(badKind).toMatchObject({ status: 400, body: { msg: '[类型]不正确' } });
  });

  it('is finance’s: other roles get 403, a customer’s token 401', async () => {
    const customer = await orderingCustomer(t);
    for (const role of ['lab', 'manager', 'operator'] as const) {
      const token = (await staffTokens(t, role)).token;
      for (const name of ['adminLedgerJournal', 'adminLedgerJournalExport', 'adminReceivableList'] as const)
        expect((await callApi(t, name, { token })).status, `${role} ${name}`).toBe(403);
    }
    for (const name of ['adminLedgerJournal', 'adminLedgerJournalExport', 'adminReceivableList'] as const)
      expect((await callApi(t, name, { token: customer.tokens.token })).status, name).toBe(401);
  });

  it('exports the filtered journal as a real .xlsx, one row per line', async () => {
    const u = await orderingCustomer(t);
    const { no } = await topUpOnline(t, u, 200_000);
    const res = await t.app.inject({
      method: 'GET',
      url: urlOf(endpoints.adminLedgerJournalExport),
      query: { keyword: u.phone },
      headers: { token: finance },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(/收支流水-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('收支流水')!;
    const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      '时间',
      '分录号',
      '类型',
      '摘要',
      '客户',
      '手机号',
      '订单号',
      '充值单号',
      '科目',
      '账户所属',
      '金额（元）',
      '经办人',
    ]);
    // The bonus (2 % of ¥2 000: ¥40) and the top-up, two lines each; the top-up's: the gateway out, the balance in.
    expect(sheet.rowCount).toBe(5);
    const rows = [2, 3, 4, 5].map(values);
    expect(rows.map((r) => r[2])).toEqual(['充值赠送', '充值赠送', '充值', '充值']);
    expect(rows.filter((r) => r[2] === '充值').map((r) => [r[7], r[8], r[10]])).toEqual(
      expect.arrayContaining([
        [no, '在线支付清算', -2000],
        [no, '客户预存余额', 2000],
      ]),
    );
    expect(rows.every((r) => r[5] === `${u.phone.slice(0, 3)}****${u.phone.slice(7)}`)).toBe(true);
    const about = book.getWorksheet('说明')!;
    expect((about.getRow(5).values as unknown[]).slice(1)).toEqual(['关键词', u.phone]);
    expect(String(about.getRow(6).getCell(2).value)).toMatch(/^2 笔分录，4 行/);

    // Past the cap, whole entries only (the newest), and the last row and 说明 say so.
    const capped = new ExcelJS.Workbook();
    await capped.xlsx.load((await journalXlsx(testRunner(t, systemClock, {}).ctx, { keyword: u.phone }, 3)) as unknown as ArrayBuffer);
    const cut = capped.getWorksheet('收支流水')!;
    expect(cut.rowCount).toBe(4);
    expect(cut.getRow(2).getCell(3).value).toBe('充值赠送');
    expect(cut.getRow(4).getCell(1).value).toBe('仅导出了最新的 1 笔分录（2 行，上限 3 行），更早的分录请缩小日期范围后分别导出');
    expect(capped.getWorksheet('说明')!.getRow(7).getCell(2).value).toMatch(/^仅导出了最新的 1 笔分录/);

    const bad = await t.app.inject({
      method: 'GET',
      url: urlOf(endpoints.adminLedgerJournalExport),
      query: { from: '2026-13-01' },
      headers: { token: finance },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ code: 0, msg: '[开始日期]格式不正确' });
  });

  it('lists an unsettled order with what it owes and its due date, and 欠款中 once the sweep has moved it', async () => {
    const u = await orderingCustomer(t);
    await t.db.update(userAccount).set({ company: '应收测试大学' }).where(eq(userAccount.id, u.id));
    const o = await unsettledOrder(t, lab, u);
    const receivables = (query: Record<string, string | number | boolean> = {}) =>
      callApi(t, 'adminReceivableList', { token: finance, query: { page: 1, pageSize: 20, ...query } as never });

    const today = chinaToday(new Date());
    const listed = (await receivables({ keyword: u.phone })).body.data;
    expect(listed.list).toEqual([
      expect.objectContaining({
        orderId: o.id,
        orderNo: o.no,
        state: 'unsettled',
        owedFen: 90_000,
        customerOwedFen: 90_000,
        creditLimitFen: null,
        customer: { id: u.id, name: '张同学', company: '应收测试大学', phone: `${u.phone.slice(0, 3)}****${u.phone.slice(7)}` },
        // Billed just now; the money settings give 30 days.
        dueDate: addDays(today, 30),
        daysPastDue: -30,
      }),
    ]);
    expect(listed.totals).toEqual([
      { state: 'unsettled', orders: 1, owedFen: 90_000 },
      { state: 'overdue', orders: 0, owedFen: 0 },
    ]);
    expect(listed.list[0]!.managerName).not.toBe('');
    // By order number and company too; not under 欠款中; not over a credit limit it does not have.
    expect((await receivables({ keyword: o.no.toLowerCase() })).body.data.list.map((r) => r.orderId)).toEqual([o.id]);
    expect((await receivables({ keyword: '应收测试' })).body.data.list.map((r) => r.orderId)).toEqual([o.id]);
    expect((await receivables({ keyword: u.phone, state: 'overdue' })).body.data).toMatchObject({ list: [], total: 0 });
    expect((await receivables({ keyword: u.phone, overCredit: true })).body.data.total).toBe(0);

    // The manager's limit of ¥500 is reached by the ¥900 owed: the customer is over its credit.
    expect((await callApi(t, 'customerCredit', { token: admin, body: { id: u.id, creditLimitFen: 50_000 } })).body.code).toBe(1);
    const over = (await receivables({ overCredit: true })).body.data;
    expect(over.list.find((r) => r.orderId === o.id)).toMatchObject({ creditLimitFen: 50_000, customerOwedFen: 90_000 });

    // The order entered 待结算 31 days ago: the sweep makes it 欠款中, a day past its due date.
    await t.db.execute(sql`update order_event set at = at - interval '31 days' where order_id = ${o.id} and to_state = 'unsettled'`);
    expect((await sweepMoney(testRunner(t, systemClock, {}).ctx)).overdue).toBeGreaterThanOrEqual(1);
    const overdue = (await receivables({ keyword: u.phone, state: 'overdue' })).body.data;
    expect(overdue.list).toEqual([expect.objectContaining({ orderId: o.id, state: 'overdue', owedFen: 90_000, daysPastDue: 1 })]);
    expect(overdue.totals).toEqual([
      { state: 'unsettled', orders: 0, owedFen: 0 },
      { state: 'overdue', orders: 1, owedFen: 90_000 },
    ]);

    // Settled: nothing owed, gone from the list.
    await topUpOnline(t, u, 100_000);
    const settled = await callApi(t, 'settlementAdd', { token: u.tokens.token, body: { orderIds: [o.id], idempotencyKey: newKey() } });
    expect(settled.body.code, settled.body.msg).toBe(1);
    expect((await receivables({ keyword: u.phone })).body.data).toMatchObject({ list: [], total: 0 });
  });
});
