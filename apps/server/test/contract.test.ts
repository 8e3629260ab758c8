import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_SCAN_MISSING } from '@yance/contracts/order-contract';
import { createContext } from '../src/context.ts';
import { auditLog, orderEvent, orders, staffAccount, userAccount } from '../src/db/schema.ts';
import { capitalYuan } from '../src/modules/contract/contract-pdf.ts';
import { contractInputOf } from '../src/modules/contract/contract.service.ts';
import { modulePorts } from '../src/ports.ts';
import { createTestApp, json, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens } from './factories.ts';
import { orderingCustomer, placeOrder } from './order-factories.ts';

let t: TestApp;
const token = { manager: '', lab: '' };
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['manager', 'lab'] as const) token[role] = (await staffTokens(t, role)).token;
});
afterAll(async () => t.close());

function formWith(bytes: Buffer, filename: string) {
  const boundary = `----yance${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const SCAN = Buffer.from('%PDF-1.4\n% signed\n%%EOF\n');
async function uploadScan(userToken: string, orderId: number, bytes = SCAN) {
  const form = formWith(bytes, '合同-已签.pdf');
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/auth/contract/upload?orderId=${orderId}`,
    headers: { ...form.headers, token: userToken },
    payload: form.payload,
  });
  return { status: res.statusCode, body: json(res) as { code: number; msg: string; data: { state: string } } };
}
const confirm = (id: number) => callApi(t, 'adminOrderConfirmContract', { token: token.manager, body: { id, expect: 'contracting' } });

describe('capitalYuan', () => {
  it.each([
    [0, '零元整'],
    [1, '壹分'],
    [1050, '壹拾元伍角'],
    [1_370_000, '壹万叁仟柒佰元整'],
    [1_000_001, '壹万元零壹分'],
    [10_010_000, '壹拾万零壹佰元整'],
    [100_050_000, '壹佰万零伍佰元整'],
  ])('%i fen → %s', (fen, words) => expect(capitalYuan(fen)).toBe(words));
});

describe('the enterprise contract', () => {
  it('download (PDF with the embedded font) → upload the scan → reject → upload again → 确认合同 → 待付款', async () => {
    const firm = await orderingCustomer(t, undefined, 2);
    const o = await placeOrder(t, firm);
    expect(o.state).toBe('contracting');

    const list = (await callApi(t, 'contractList', { token: firm.tokens.token })).body.data.list;
    expect(list).toEqual([expect.objectContaining({ orderId: o.id, orderNo: o.no, state: 'none', orderState: 'contracting' })]);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/auth/contract/download?orderId=${o.id}`,
      headers: { token: firm.tokens.token },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A subset of Noto Sans SC (the six-letter tag), embedded as a font file.
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC-Regular/);
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/FontFile2 \d+ 0 R/);
    expect(pdf.rawPayload.length).toBeLessThan(400_000);

    // 确认合同 without a scan: 409 with the reason.
    expect(await confirm(o.id)).toMatchObject({ status: 409, body: { msg: CONTRACT_SCAN_MISSING } });
    expect(await callApi(t, 'adminContractReject', { token: token.manager, body: { orderId: o.id, reason: '缺少盖章' } })).toMatchObject({
      status: 409,
    });

    const bad = await uploadScan(firm.tokens.token, o.id, Buffer.from('<svg onload=alert(1)>'));
    expect(bad).toMatchObject({ status: 400, body: { msg: '[签署件]仅支持PDF或图片（JPEG、PNG、WebP）' } });
    expect((await uploadScan(firm.tokens.token, o.id)).body).toMatchObject({ code: 1, data: { state: 'uploaded' } });

    const staffView = await callApi(t, 'adminContractDetail', { token: token.manager, query: { orderId: o.id } });
    expect(staffView.body.data).toMatchObject({ state: 'uploaded', scanName: '合同-已签.pdf' });
    const scan = await t.app.inject({ method: 'GET', url: `/api/admin/contract/scan?orderId=${o.id}`, headers: { token: token.lab } });
    expect(scan.statusCode).toBe(200);
    expect(scan.rawPayload.equals(SCAN)).toBe(true);

    const rejected = await callApi(t, 'adminContractReject', { token: token.manager, body: { orderId: o.id, reason: '缺少盖章' } });
    expect(rejected.body).toMatchObject({ code: 1, data: { state: 'contracting' } });
    expect((await callApi(t, 'contractList', { token: firm.tokens.token })).body.data.list[0]).toMatchObject({
      state: 'rejected',
      rejectReason: '缺少盖章',
    });
    expect(await confirm(o.id)).toMatchObject({ status: 409, body: { msg: CONTRACT_SCAN_MISSING } });

    expect((await uploadScan(firm.tokens.token, o.id)).body.code).toBe(1);
    const confirmed = await confirm(o.id);
    expect(confirmed.body).toMatchObject({ code: 1, data: { state: 'unpaid' } });
    expect((await callApi(t, 'contractList', { token: firm.tokens.token })).body.data.list[0]).toMatchObject({
      state: 'confirmed',
      orderState: 'unpaid',
    });
    // Past 待签约: no more uploads.
    expect(await uploadScan(firm.tokens.token, o.id)).toMatchObject({ status: 409 });

    const events = await t.db.select().from(orderEvent).where(eq(orderEvent.orderId, o.id)).orderBy(asc(orderEvent.id));
    expect(events.map((e) => [e.action, e.toState, e.actorKind])).toEqual([
      ['submit', 'contracting', 'customer'],
      ['contractUpload', 'contracting', 'customer'],
      ['contractReject', 'contracting', 'staff'],
      ['contractUpload', 'contracting', 'customer'],
      ['confirmContract', 'unpaid', 'staff'],
    ]);
    expect(events[2]).toMatchObject({ note: '缺少盖章' });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(inArray(auditLog.objectType, ['order', 'contract']), eq(auditLog.objectId, String(o.id))))
      .orderBy(asc(auditLog.id));
    // The contract moves on its own machine (objectType contract, keyed by the order); 确认合同 moves both.
    expect(audit.map((a) => a.action)).toEqual([
      'order.submit',
      'contract.upload',
      'contract.reject',
      'contract.upload',
      'contract.confirm',
      'order.confirmContract',
    ]);
    expect(audit[2]!.changes).toMatchObject({ state: ['uploaded', 'rejected'], note: [null, '缺少盖章'] });
    expect(audit[4]!.changes).toMatchObject({ state: ['uploaded', 'confirmed'] });
    expect(audit[5]!.changes).toMatchObject({ contract: ['uploaded', 'confirmed'] });
    const timeline = (await callApi(t, 'orderDetail', { token: firm.tokens.token, body: { id: o.id } })).body.data.timeline;
    expect(timeline.map((e) => e.label)).toEqual(['提交订单', '上传签署合同', '退回签署合同', '上传签署合同', '确认合同']);
  });

  it('乙方 names the customer’s account manager as 联系人, with their phone (issue 21: it printed “—”)', async () => {
    const firm = await orderingCustomer(t, undefined, 2);
    const [manager] = await t.db
      .update(staffAccount)
      .set({ name: '王经理', phone: '13900001111' })
      .where(eq(staffAccount.account, 'manager'))
      .returning({ id: staffAccount.id });
    await t.db.update(userAccount).set({ managerId: manager!.id }).where(eq(userAccount.id, firm.id));
    const placed = await placeOrder(t, firm);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
    const ctx = createContext(t.db, { ports: modulePorts(), clock: t.clock } as unknown as Parameters<typeof createContext>[1]);
    expect((await contractInputOf(ctx, row!)).shop).toMatchObject({ contact: '王经理', phone: '13900001111' });
  });

  it('another customer’s contract is 404; an institution’s order has none (409)', async () => {
    const firm = await orderingCustomer(t, undefined, 2);
    const other = await orderingCustomer(t, undefined, 2);
    const o = await placeOrder(t, firm);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auth/contract/download?orderId=${o.id}`,
      headers: { token: other.tokens.token },
    });
    expect(res.statusCode).toBe(404);
    expect(await uploadScan(other.tokens.token, o.id)).toMatchObject({ status: 404, body: { msg: '订单不存在' } });
    expect((await callApi(t, 'contractList', { token: other.tokens.token })).body.data.list).toEqual([]);
    const student = await orderingCustomer(t);
    const so = await placeOrder(t, student);
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/auth/contract/download?orderId=${so.id}`,
      headers: { token: student.tokens.token },
    });
    expect(none.statusCode).toBe(409);
    expect((json(none) as { msg: string }).msg).toBe('该订单无需签署合同');
  });
});
