import { and, asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemandDetail } from '@yance/contracts/demand';
import { CUSTOM_TYPE_ID } from '@yance/contracts/order';
import { auditLog, demand, demandEvent, orderLine, planItem, userAccount } from '../src/db/schema.ts';
import { createTestApp, json, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens, testClock, type TestUser } from './factories.ts';
import { orderBody, orderingCustomer } from './order-factories.ts';
import { domainEvents } from '../src/subscribers.ts';
import { modulePorts } from '../src/ports.ts';
import { createContext } from '../src/context.ts';
import { expireQuotes } from '../src/modules/demand/demand.service.ts';

// 2026-11-22 16:00 in China.
const clock = testClock(new Date('2026-11-22T08:00:00Z'));
let t: TestApp;
const token = { admin: '', manager: '', lab: '' };
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  for (const role of ['admin', 'manager', 'lab'] as const) token[role] = (await staffTokens(t, role)).token;
});
afterAll(async () => t.close());

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
function formWith(bytes: Buffer, filename: string) {
  const boundary = `----yance${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function uploadAs(t: TestApp, userToken: string, url: string, bytes: Buffer, filename: string) {
  const form = formWith(bytes, filename);
  const res = await t.app.inject({ method: 'POST', url, headers: { ...form.headers, token: userToken }, payload: form.payload });
  return { status: res.statusCode, body: json(res) as { code: number; msg: string; data: { id: string; name: string; type: string } } };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const demandBody = (over: Record<string, unknown> = {}) => ({
  title: '锂电正极材料循环寿命测试',
  description: '需要 500 次循环，0.5C，25℃，附样品说明。',
  budget_fen: 2_000_000,
  contact_name: '王工',
  contact_phone: '13900000009',
  ...over,
});
const quoteBody = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  lines: [
    { name: '循环寿命测试（500次）', description: '0.5C，25℃', unit_fen: 1_280_000, unit: 'job', count: 1, turnaround_days: 30 },
    { name: '循环后XRD', unit_fen: 30_000, unit: 'sample', count: 2, turnaround_days: 5 },
  ],
  valid_until: '2026-11-30',
  note: '含测试报告',
  ...over,
});

async function postDemand(u: TestUser, over: Record<string, unknown> = {}): Promise<DemandDetail> {
  const res = await callApi(t, 'demandAdd', { token: u.tokens.token, body: demandBody(over) as never });
  expect(res.body.code, res.body.msg).toBe(1);
  return res.body.data;
}
const quote = (id: number, who: keyof typeof token = 'manager', over: Record<string, unknown> = {}) =>
  callApi(t, 'adminDemandQuote', { token: token[who], body: quoteBody(id, over) as never });
const trail = async (id: number) => ({
  events: await t.db.select().from(demandEvent).where(eq(demandEvent.demandId, id)).orderBy(asc(demandEvent.id)),
  audit: await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, 'demand'), eq(auditLog.objectId, String(id))))
    .orderBy(asc(auditLog.id)),
});

describe('demand → quote → accept → type-31 plan lines → order', () => {
  it('walks the table with one timeline and audit row per step, and the quote prices the order', async () => {
    const u = await orderingCustomer(t, clock);
    const file = await uploadAs(t, u.tokens.token, '/api/auth/demand/upload', PDF, '样品说明.pdf');
    expect(file.body).toMatchObject({ code: 1, data: { name: '样品说明.pdf', type: 'application/pdf' } });
    const d = await postDemand(u, { attachments: [file.body.data.id] });
    expect(d).toMatchObject({
      state: 'open',
      no: expect.stringMatching(/^XQ\d{6}$/),
      attachments: [{ name: '样品说明.pdf' }],
      actions: ['withdraw'],
    });

    // The customer cannot accept before a quote; the lab (no order.quote) cannot quote.
    expect(await callApi(t, 'demandAccept', { token: u.tokens.token, body: { id: d.id } })).toMatchObject({ status: 409 });
    expect(await quote(d.id, 'lab')).toMatchObject({ status: 403 });

    const quoted = await quote(d.id);
    expect(quoted.body, quoted.body.msg).toMatchObject({
      code: 1,
      data: { state: 'quoted', total_fen: 1_340_000, valid_until: '2026-11-30' },
    });
    expect(quoted.body.data.lines.map((l) => l.amount_fen)).toEqual([1_280_000, 60_000]);

    const accepted = await callApi(t, 'demandAccept', { token: u.tokens.token, body: { id: d.id } });
    expect(accepted.body, accepted.body.msg).toMatchObject({ code: 1, data: { demand: { state: 'accepted', actions: [] }, cartNum: 2 } });

    const plan = (await callApi(t, 'planList', { token: u.tokens.token })).body.data;
    expect(plan.dataArr[0]).toMatchObject({ type_id: CUSTOM_TYPE_ID, type_name: '定制项目', count: 2 });
    const lines = plan.dataArr[0]!.items;
    expect(lines.map((l) => [l.name, l.unit_fen, l.count, l.amount_fen, l.available])).toEqual([
      ['循环寿命测试（500次）', 1_280_000, 1, 1_280_000, true],
      ['循环后XRD', 30_000, 2, 60_000, true],
    ]);
    // A custom line's count and price are the quote's.
    const edit = await callApi(t, 'planEdit', { token: u.tokens.token, body: { id: lines[1]!.id, count: 5 } });
    expect(edit).toMatchObject({ status: 409, body: { msg: '定制项目按报价下单，数量与选项不能修改' } });

    const ordered = await callApi(t, 'orderAdd', { token: u.tokens.token, body: orderBody(lines.map((l) => l.id)) });
    expect(ordered.body, ordered.body.msg).toMatchObject({ code: 1, data: { state: 'awaitingSample', cartNum: 0 } });
    const rows = await t.db.select().from(orderLine).where(eq(orderLine.orderId, ordered.body.data.id)).orderBy(asc(orderLine.sort));
    expect(rows.map((r) => [r.typeId, r.deviceId, r.unitFen, r.amountFen, r.rid])).toEqual([
      [31, null, 1_280_000, 1_280_000, `${d.no}-01`],
      [31, null, 30_000, 60_000, `${d.no}-02`],
    ]);
    const detail = (await callApi(t, 'orderDetail', { token: u.tokens.token, body: { id: ordered.body.data.id } })).body.data;
    expect(detail.total_fen).toBe(1_340_000);

    const { events, audit } = await trail(d.id);
    expect(events.map((e) => [e.action, e.fromState, e.toState, e.actorKind])).toEqual([
      ['submit', null, 'open', 'customer'],
      ['quote', 'open', 'quoted', 'staff'],
      ['accept', 'quoted', 'accepted', 'customer'],
    ]);
    expect(audit.map((a) => a.action)).toEqual(['demand.submit', 'demand.quote', 'demand.accept']);
    // Accepted: no second quote, no second accept.
    expect(await quote(d.id)).toMatchObject({ status: 409 });
    expect(await callApi(t, 'demandAccept', { token: u.tokens.token, body: { id: d.id } })).toMatchObject({ status: 409 });
  });
});

describe('refusals', () => {
  it('another customer’s demand and attachments are 404 like a missing one', async () => {
    const owner = await orderingCustomer(t, clock);
    const other = await orderingCustomer(t, clock);
    const file = await uploadAs(t, owner.tokens.token, '/api/auth/demand/upload', PDF, 'a.pdf');
    const d = await postDemand(owner, { attachments: [file.body.data.id] });
    for (const call of ['demandDetail', 'demandAccept', 'demandWithdraw', 'demandDecline'] as const) {
      const res = await callApi(t, call, { token: other.tokens.token, body: { id: d.id } });
      expect(res, call).toMatchObject({ status: 404, body: { msg: '需求不存在' } });
    }
    expect(await callApi(t, 'demandDetail', { token: other.tokens.token, body: { id: d.id + 100000 } })).toMatchObject({ status: 404 });
    // Another customer's upload cannot be attached to one's own demand.
    const stolen = await callApi(t, 'demandAdd', {
      token: other.tokens.token,
      body: demandBody({ attachments: [file.body.data.id] }) as never,
    });
    expect(stolen).toMatchObject({ status: 400, body: { msg: '[附件]不存在或已失效，请重新上传' } });
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/auth/demand/file?id=${d.id}&file=${file.body.data.id}`,
      headers: { token: owner.tokens.token },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/auth/demand/file?id=${d.id}&file=${file.body.data.id}`,
      headers: { token: other.tokens.token },
    });
    expect(theirs.statusCode).toBe(404);
    const staff = await t.app.inject({
      method: 'GET',
      url: `/api/admin/demand/file?id=${d.id}&file=${file.body.data.id}`,
      headers: { token: token.manager },
    });
    expect(staff.statusCode).toBe(200);
  });

  it('refuses files that are not documents or pictures, and markup', async () => {
    const u = await orderingCustomer(t, clock);
    const html = await uploadAs(t, u.tokens.token, '/api/auth/demand/upload', Buffer.from('<html><script>x</script></html>'), 'x.html');
    expect(html).toMatchObject({ status: 400, body: { msg: '[附件]仅支持PDF、图片、Word/Excel文档或ZIP压缩包' } });
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const pic = await uploadAs(t, u.tokens.token, '/api/auth/demand/upload', png, 'photo.png');
    expect(pic.body).toMatchObject({ code: 1, data: { type: 'image/jpeg' } });
  });

  it('needs the attestation form, and checks every field', async () => {
    const u = await orderingCustomer(t, clock);
    await t.db.update(userAccount).set({ attested: false }).where(eq(userAccount.id, u.id));
    expect(await callApi(t, 'demandAdd', { token: u.tokens.token, body: demandBody() as never })).toMatchObject({
      status: 403,
      body: { msg: '未完善基本信息无法正常下单' },
    });
    await t.db.update(userAccount).set({ attested: true }).where(eq(userAccount.id, u.id));
    expect(await callApi(t, 'demandAdd', { token: u.tokens.token, body: demandBody({ title: '' }) as never })).toMatchObject({
      status: 400,
      body: { msg: '[需求标题]不能为空' },
    });
    expect(await callApi(t, 'demandAdd', { token: u.tokens.token, body: demandBody({ contact_phone: '123' }) as never })).toMatchObject({
      status: 400,
      body: { msg: '[联系电话]格式不正确' },
    });
  });

  it('a quote’s validity: not before today, at most 180 days; accepting after it marks the demand expired (409)', async () => {
    const u = await orderingCustomer(t, clock);
    const d = await postDemand(u);
    expect(await quote(d.id, 'manager', { valid_until: '2026-11-21' })).toMatchObject({
      status: 400,
      body: { msg: '[有效期]不能早于今天' },
    });
    expect(await quote(d.id, 'manager', { valid_until: '2027-06-30' })).toMatchObject({ status: 400, body: { msg: '[有效期]最长180天' } });
    expect((await quote(d.id, 'manager', { valid_until: '2026-11-22' })).body.data.state).toBe('quoted');
    // A day later (the row's date moved back: the customer's token would expire with the clock).
    await t.db.update(demand).set({ validUntil: '2026-11-21' }).where(eq(demand.id, d.id));
    {
      const late = await callApi(t, 'demandAccept', { token: u.tokens.token, body: { id: d.id } });
      expect(late).toMatchObject({ status: 409, body: { msg: '报价已过有效期（有效期至2026-11-21），请联系客户经理重新报价' } });
      const after = (await callApi(t, 'demandDetail', { token: u.tokens.token, body: { id: d.id } })).body.data;
      expect(after).toMatchObject({ state: 'expired', actions: ['withdraw'] });
      expect(await t.db.select().from(planItem).where(eq(planItem.userId, u.id))).toHaveLength(0);
      // The manager quotes again; the customer declines it, then withdraws.
      expect((await quote(d.id, 'manager', { valid_until: '2026-12-20' })).body.data.state).toBe('quoted');
      const declined = await callApi(t, 'demandDecline', { token: u.tokens.token, body: { id: d.id, reason: '预算不足' } });
      expect(declined.body.data).toMatchObject({ state: 'declined' });
      expect((await callApi(t, 'demandWithdraw', { token: u.tokens.token, body: { id: d.id } })).body.data.state).toBe('withdrawn');
      expect(await callApi(t, 'demandWithdraw', { token: u.tokens.token, body: { id: d.id } })).toMatchObject({ status: 409 });
      expect(await quote(d.id)).toMatchObject({ status: 409 });
      const { events } = await trail(d.id);
      expect(events.map((e) => e.action)).toEqual(['submit', 'quote', 'expire', 'quote', 'decline', 'withdraw']);
      expect(events[2]).toMatchObject({ actorKind: 'system', actorName: '系统' });
      expect(events[4]).toMatchObject({ note: '预算不足' });
    }
  });

  it('the hourly demand.expire job marks quotes past their validity expired, and leaves valid ones and others alone', async () => {
    const u = await orderingCustomer(t, clock);
    const past = await postDemand(u);
    const valid = await postDemand(u);
    for (const d of [past, valid]) expect((await quote(d.id, 'manager', { valid_until: '2026-11-22' })).body.data.state).toBe('quoted');
    await t.db.update(demand).set({ validUntil: '2026-11-21' }).where(eq(demand.id, past.id));
    await t.jobs.ensureSchedules();
    await t.jobs.drain();
    const state = async (id: number) => (await callApi(t, 'demandDetail', { token: u.tokens.token, body: { id } })).body.data.state;
    expect(await state(past.id)).toBe('expired');
    expect(await state(valid.id)).toBe('quoted');
    const { events, audit } = await trail(past.id);
    expect(events.at(-1)).toMatchObject({ action: 'expire', actorKind: 'system', note: '有效期至2026-11-21' });
    expect(audit.at(-1)).toMatchObject({ action: 'demand.expire' });
    // Run again: nothing more to do.
    const ctx = createContext(t.db, {
      events: domainEvents(),
      ports: modulePorts(),
      clock: t.clock,
      log: { info: () => {} },
    } as unknown as Parameters<typeof createContext>[1]);
    expect(await expireQuotes(ctx)).toBe(0);
  });

  it('a stale console page gets 409 (expect)', async () => {
    const u = await orderingCustomer(t, clock);
    const d = await postDemand(u);
    expect(await quote(d.id, 'manager', { expect: 'quoted' })).toMatchObject({ status: 409 });
  });
});

describe('console reach', () => {
  it('a manager sees their customers’ demands and those without a manager; the list filters by state', async () => {
    const mine = await orderingCustomer(t, clock);
    const d = await postDemand(mine);
    const list = await callApi(t, 'adminDemandList', { token: token.manager, query: { state: 'open' } });
    expect(list.body.data.list.map((x) => x.id)).toContain(d.id);
    expect(list.body.data.list.every((x) => x.state === 'open')).toBe(true);
    const detail = await callApi(t, 'adminDemandDetail', { token: token.manager, query: { id: d.id } });
    expect(detail.body.data).toMatchObject({ customerPhone: mine.phone, actions: ['quote'] });
    // Another manager's customer: out of reach.
    // Point the customer at another staff member (the admin) as their manager.
    await t.db.execute(
      sql`update user_account set manager_id = (select id from staff_account where account = 'admin') where id = ${mine.id}`,
    );
    expect(await callApi(t, 'adminDemandDetail', { token: token.manager, query: { id: d.id } })).toMatchObject({ status: 404 });
    expect((await callApi(t, 'adminDemandDetail', { token: token.admin, query: { id: d.id } })).body.code).toBe(1);
    expect(await callApi(t, 'adminDemandList', { token: token.lab })).toMatchObject({ status: 403 });
  });
});
