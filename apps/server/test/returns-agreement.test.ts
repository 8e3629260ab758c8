// Sample return to the address the customer chose, and the service agreement an institution accepts (issue 21
// "every promise kept", ADR 0070).
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETURN_ADDRESS_MISSING, RETURN_ADDRESS_NEEDED } from '@yance/contracts/order';
import { AGREEMENT_NEEDED, agreementChanged, DEFAULT_SERVICE_AGREEMENT } from '@yance/contracts/service-agreement';
import { auditLog, orderEvent } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens } from './factories.ts';
import { orderBody, orderingCustomer, pickupAddress, planLine, reviewedFile, XRD } from './order-factories.ts';

let t: TestApp;
const token = { lab: '', admin: '' };
beforeAll(async () => {
  t = await createTestApp();
  token.lab = (await staffTokens(t, 'lab')).token;
  token.admin = (await staffTokens(t, 'admin')).token;
});
afterAll(async () => t.close());

type Customer = Awaited<ReturnType<typeof orderingCustomer>>;
const cartOf = async (u: Customer) => (await callApi(t, 'planList', { token: u.tokens.token })).body.data.cartNum;
const detailOf = async (u: Customer, id: number) => (await callApi(t, 'orderDetail', { token: u.tokens.token, body: { id } })).body.data;
const asked = { name: 'TiO2 薄膜', count: 1, form: 'film' as const, hazards: [], returnSample: true };

/** An order of one XRD sample asked back, to this address. */
async function askedBackOrder(u: Customer, returnAddressRid: string) {
  const line = await planLine(t, u, XRD, 1);
  const res = await callApi(t, 'orderAdd', {
    token: u.tokens.token,
    body: { ...orderBody([line], { returnAddressRid }), lines: [{ planId: line, samples: [asked] }] },
  });
  expect(res.body.code, res.body.msg).toBe(1);
  return res.body.data;
}

describe('sample return (ADR 0070)', () => {
  it('asks where a returned sample goes: one of the caller’s own addresses, copied onto the order', async () => {
    const u = await orderingCustomer(t);
    const other = await orderingCustomer(t);
    const theirs = await pickupAddress(t, other);
    const line = await planLine(t, u, XRD, 1);
    const body = { ...orderBody([line]), lines: [{ planId: line, samples: [asked] }] };
    const none = await callApi(t, 'orderAdd', { token: u.tokens.token, body });
    expect(none).toMatchObject({ status: 400, body: { msg: RETURN_ADDRESS_NEEDED } });
    const foreign = await callApi(t, 'orderAdd', { token: u.tokens.token, body: { ...body, returnAddressRid: theirs.address_rid } });
    expect(foreign).toMatchObject({ status: 400, body: { msg: RETURN_ADDRESS_MISSING } });
    expect(await cartOf(u)).toBe(1);
    const mine = await pickupAddress(t, u);
    const placed = await callApi(t, 'orderAdd', { token: u.tokens.token, body: { ...body, returnAddressRid: mine.address_rid } });
    const d = await detailOf(u, placed.body.data.id);
    expect(d.returnAddress).toMatchObject({ name: '张同学', phone: '13800000001', area: '海淀区', address: '学院路1号' });
    // Editing the address book later leaves the order's copy as it was.
    await callApi(t, 'addressEdit', { token: u.tokens.token, body: { ...mine, address: '学院路99号' } });
    expect((await detailOf(u, d.id)).returnAddress?.address).toBe('学院路1号');
    const admin = (await callApi(t, 'adminOrderDetail', { token: token.lab, query: { id: d.id } })).body.data;
    expect(admin.returnAddress?.address_code).toBe('110108');
  });

  it('delivered: 待退还; the lab’s 退还 moves it to 已退还 on its machine (audit + timeline) and it stays so after completion', async () => {
    const firm = await orderingCustomer(t, undefined, 2);
    const place = await pickupAddress(t, firm);
    const o = await askedBackOrder(firm, place.address_rid);
    // The contract and the prepayment are their own tests': the order is taken as paid.
    await t.db.execute(sql`update orders set state = 'awaitingSample' where id = ${o.id}`);
    const move = (call: 'adminOrderReceive' | 'adminOrderStartTesting' | 'adminOrderDeliver', expect: string) =>
      callApi(t, call, { token: token.lab, body: { id: o.id, expect: expect as never } });
    await move('adminOrderReceive', 'awaitingSample');
    await move('adminOrderStartTesting', 'received');
    await reviewedFile(t, token.lab, o.id);
    expect((await move('adminOrderDeliver', 'testing')).body.data.state).toBe('delivered');
    const delivered = await detailOf(firm, o.id);
    expect(delivered.samples.map((s) => s.tracking.state)).toEqual(['awaitingReturn']);
    const sampleId = delivered.samples[0]!.id;
    const back = await callApi(t, 'adminSampleReturn', {
      token: token.lab,
      body: { id: sampleId, expect: 'awaitingReturn', return_company: '顺丰速运', return_no: 'SF7700001' },
    });
    expect(back.body.data).toMatchObject({ state: 'returned', return_no: 'SF7700001' });
    const confirmed = await callApi(t, 'orderConfirm', { token: firm.tokens.token, body: { id: o.id } });
    expect(confirmed.body.data.state).toBe('completed');
    const done = await detailOf(firm, o.id);
    expect(done.samples[0]!.tracking).toMatchObject({ state: 'returned', return_company: '顺丰速运', return_no: 'SF7700001' });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'sample'), eq(auditLog.objectId, String(sampleId))))
      .orderBy(asc(auditLog.id));
    expect(audit.map((a) => a.action).slice(-2)).toEqual(['sample.holdForReturn', 'sample.giveBack']);
    const timeline = await t.db.select().from(orderEvent).where(eq(orderEvent.orderId, o.id)).orderBy(asc(orderEvent.id));
    const hold = timeline.find((e) => e.action === 'sample.holdForReturn');
    expect(hold?.note).toContain('退还至 北京市海淀区学院路1号');
    expect(timeline.find((e) => e.action === 'sample.giveBack')?.note).toContain('顺丰速运 SF7700001');
    // The customer hears of it.
    const messages = (await callApi(t, 'messageList', { token: firm.tokens.token, body: {} })).body.data.list;
    expect(messages.some((m) => m.content.includes('已寄回：顺丰速运 SF7700001'))).toBe(true);
  });
});

describe('the service agreement (ADR 0070)', () => {
  it('an institution’s order needs the agreement in force ticked; the version and time are kept and shown', async () => {
    const u = await orderingCustomer(t);
    const open = (await callApi(t, 'serviceAgreement', {})).body.data;
    expect(open).toMatchObject({ version: DEFAULT_SERVICE_AGREEMENT.version, title: '检测服务协议' });
    expect(open.body).toContain('48小时内寄回');
    const line = await planLine(t, u, XRD, 1);
    const { agreementVersion: _v, ...unticked } = orderBody([line]);
    const refused = await callApi(t, 'orderAdd', { token: u.tokens.token, body: unticked });
    expect(refused).toMatchObject({ status: 400, body: { msg: AGREEMENT_NEEDED } });
    expect(await cartOf(u)).toBe(1);
    // A draft accepts nothing yet.
    const draft = await callApi(t, 'orderAdd', { token: u.tokens.token, body: { ...unticked, draft: true } });
    expect((await detailOf(u, draft.body.data.id)).agreement).toBeNull();
    // The console saves a new text: version 2; an order ticked on version 1 is refused, the new one accepted.
    const saved = await callApi(t, 'settingAgreementSave', {
      token: token.admin,
      body: { title: '检测服务协议', body: `${open.body}\n九、本协议自勾选同意时生效。` },
    });
    expect(saved.body.data).toMatchObject({ version: 2 });
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'setting'), eq(auditLog.objectId, 'serviceAgreement')));
    expect(row!.changes).toMatchObject({ version: [1, 2] });
    const stale = await callApi(t, 'orderAdd', {
      token: u.tokens.token,
      body: {
        draftId: draft.body.data.id,
        lines: [{ lineId: (await detailOf(u, draft.body.data.id)).lines[0]!.id, samples: unticked.lines[0]!.samples }],
        delivery: 0,
        agreementVersion: 1,
      },
    });
    expect(stale).toMatchObject({ status: 409, body: { msg: agreementChanged('检测服务协议') } });
    const sent = await callApi(t, 'orderAdd', {
      token: u.tokens.token,
      body: {
        draftId: draft.body.data.id,
        lines: [{ lineId: (await detailOf(u, draft.body.data.id)).lines[0]!.id, samples: unticked.lines[0]!.samples }],
        delivery: 0,
        agreementVersion: 2,
      },
    });
    expect(sent.body.code, sent.body.msg).toBe(1);
    const d = await detailOf(u, sent.body.data.id);
    expect(d.agreement).toMatchObject({ title: '检测服务协议', version: 2 });
    expect(Date.parse(d.agreement!.acceptedAt)).not.toBeNaN();
    const admin = (await callApi(t, 'adminOrderDetail', { token: token.admin, query: { id: d.id } })).body.data;
    expect(admin.agreement).toEqual(d.agreement);
    // The same text saved again is no new version.
    const same = await callApi(t, 'settingAgreementSave', {
      token: token.admin,
      body: { title: saved.body.data.title, body: saved.body.data.body },
    });
    expect(same.body.data.version).toBe(2);
  });

  it('an enterprise signs its contract instead: its order needs no agreement and keeps none', async () => {
    const firm = await orderingCustomer(t, undefined, 2);
    const line = await planLine(t, firm, XRD, 1);
    const { agreementVersion: _v, ...body } = orderBody([line]);
    const placed = await callApi(t, 'orderAdd', { token: firm.tokens.token, body });
    expect(placed.body.data.state).toBe('contracting');
    expect((await detailOf(firm, placed.body.data.id)).agreement).toBeNull();
  });
});
