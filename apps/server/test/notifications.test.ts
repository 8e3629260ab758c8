import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderState } from '@yance/contracts/order-states';
import { job, message, noticeDelivery, smsMessage } from '../src/db/schema.ts';
import type { SmsProvider } from '../src/lib/sms-provider.ts';
import { createTestApp, createTwinApps, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens } from './factories.ts';
import { orderingCustomer, placeOrder, reviewedFile } from './order-factories.ts';

type Step = 'adminOrderReceive' | 'adminOrderStartTesting' | 'adminOrderDeliver' | 'adminOrderCancel';

async function step(t: TestApp, token: string, call: Step, id: number, expect: OrderState, note?: string) {
  const res = await callApi(t, call, { token, body: { id, expect, note } });
  if (res.body.code !== 1) throw new Error(`${call}: ${res.body.msg}`);
}

/** A pick-up order taken through receive, testing and delivery by the lab. */
async function deliveredOrder(t: TestApp, lab: string) {
  const u = await orderingCustomer(t);
  const o = await placeOrder(t, u, { delivery: 1 });
  await step(t, lab, 'adminOrderReceive', o.id, 'awaitingPickup');
  await step(t, lab, 'adminOrderStartTesting', o.id, 'received');
  await reviewedFile(t, lab, o.id);
  await step(t, lab, 'adminOrderDeliver', o.id, 'testing');
  return { u, o };
}

const deliveries = (t: TestApp, orderId: number) =>
  t.db.select().from(noticeDelivery).where(eq(noticeDelivery.orderId, orderId)).orderBy(noticeDelivery.key);

describe('order notices and the message centre (ADR 0046)', () => {
  let twins: Awaited<ReturnType<typeof createTwinApps>>;
  let t: TestApp;
  let lab = '';
  let admin = '';
  beforeAll(async () => {
    twins = await createTwinApps();
    t = twins.a;
    lab = (await staffTokens(t, 'lab')).token;
    admin = (await staffTokens(t, 'admin')).token;
  });
  afterAll(async () => twins.close());

  it('delivery leaves one in-site message for the customer only; receive one more; list, unread and read', async () => {
    const { u, o } = await deliveredOrder(t, lab);
    const other = await orderingCustomer(t);
    const list = await callApi(t, 'messageList', { token: u.tokens.token, body: {} });
    expect(list.body.data).toMatchObject({ total: 2, unread: 2 });
    const [newest, first] = list.body.data.list;
    expect(newest).toMatchObject({ kind: 'deliver', title: '检测数据已交付', orderId: o.id, orderNo: o.no, read: false });
    expect(newest!.content).toContain(o.no);
    expect(first).toMatchObject({ kind: 'receive', read: false });
    // Another customer sees none of them, and cannot read them.
    expect((await callApi(t, 'messageList', { token: other.tokens.token, body: {} })).body.data).toMatchObject({ total: 0, unread: 0 });
    const foreign = await callApi(t, 'messageRead', { token: other.tokens.token, body: { ids: [newest!.id] } });
    expect(foreign.body.data).toEqual({ unread: 0 });
    expect((await callApi(t, 'messageUnread', { token: u.tokens.token })).body.data).toEqual({ unread: 2 });
    // Read one, then all.
    expect((await callApi(t, 'messageRead', { token: u.tokens.token, body: { ids: [newest!.id] } })).body.data).toEqual({ unread: 1 });
    const unreadOnly = await callApi(t, 'messageList', { token: u.tokens.token, body: { unread: true } });
    expect(unreadOnly.body.data.list.map((m) => m.kind)).toEqual(['receive']);
    expect((await callApi(t, 'messageRead', { token: u.tokens.token, body: { all: true } })).body.data).toEqual({ unread: 0 });
    const after = await callApi(t, 'messageList', { token: u.tokens.token, body: {} });
    expect(after.body.data.list.every((m) => m.read)).toBe(true);
  });

  it('refuses an empty read and a call without a token', async () => {
    const u = await orderingCustomer(t);
    const empty = await callApi(t, 'messageRead', { token: u.tokens.token, body: {} });
    expect(empty.body).toMatchObject({ code: 0, msg: '[消息]不能为空' });
    const anonymous = await callApi(t, 'messageUnread', {});
    expect(anonymous.status).toBe(401);
  });

  it('SMS and e-mail go once per (order, action, channel): both instances drain, a job run again and a duplicate job send nothing more', async () => {
    const { u, o } = await deliveredOrder(t, lab);
    const queued = await t.db.select().from(job).where(eq(job.kind, 'notice.send'));
    const mine = queued.filter((j) => (j.payload as { orderId: number }).orderId === o.id);
    // receive: SMS; deliver: SMS and e-mail (the attested e-mail).
    expect(mine.map((j) => j.dedupeKey).sort()).toEqual([
      `notice:order:${o.id}:deliver:mail`,
      `notice:order:${o.id}:deliver:sms`,
      `notice:order:${o.id}:receive:sms`,
    ]);
    await Promise.all([twins.a.jobs.drain(), twins.b.jobs.drain()]);
    const sent = await deliveries(t, o.id);
    expect(sent.map((d) => [d.key, d.state, d.recipient])).toEqual([
      [`order:${o.id}:deliver:mail`, 'sent', 'zhang@example.edu.cn'],
      [`order:${o.id}:deliver:sms`, 'sent', u.phone],
      [`order:${o.id}:receive:sms`, 'sent', u.phone],
    ]);
    expect(sent.find((d) => d.channel === 'mail')).toMatchObject({ provider: 'log', subject: '检测数据已交付' });
    const outbox = await t.db.select().from(smsMessage).where(eq(smsMessage.phone, u.phone));
    expect(outbox.filter((m) => m.purpose === 101).map((m) => m.status)).toEqual(['sent', 'sent']);
    // The same jobs again (a retry after a crash, or a second process whose pending key had freed): nothing more is sent.
    for (const j of mine) {
      await t.db.insert(job).values({ ...j, id: undefined, state: 'queued', attempts: 0, runAt: t.clock(), finishedAt: null });
    }
    await Promise.all([twins.a.jobs.drain(), twins.b.jobs.drain()]);
    expect(await deliveries(t, o.id)).toHaveLength(3);
    const again = await t.db.select().from(smsMessage).where(eq(smsMessage.phone, u.phone));
    expect(again.filter((m) => m.purpose === 101)).toHaveLength(2);
    // The customer's messages are not doubled either.
    expect(await t.db.select().from(message).where(eq(message.orderId, o.id))).toHaveLength(2);

    // The console's 通知记录 (sms.read): by recipient and channel, newest first, with the order's number; lab may not read it.
    const operator = (await staffTokens(t, 'operator')).token;
    const byMail = (await callApi(t, 'noticeList', { token: operator, query: { to: 'zhang@example.edu.cn', channel: 'mail' } })).body.data;
    expect(byMail.list.map((d) => [d.channel, d.state, d.orderNo, d.subject])).toContainEqual(['mail', 'sent', o.no, '检测数据已交付']);
    const byPhone = (await callApi(t, 'noticeList', { token: admin, query: { to: u.phone } })).body.data;
    expect(byPhone).toMatchObject({ total: 2 });
    expect(byPhone.list.map((d) => d.content)).toEqual([expect.stringContaining(o.no), expect.stringContaining(o.no)]);
    expect(await callApi(t, 'noticeList', { token: lab, query: {} })).toMatchObject({ status: 403 });
    expect(await callApi(t, 'noticeList', { token: operator, query: { channel: 'fax' } })).toMatchObject({
      status: 400,
      body: { msg: '[通道]不存在' },
    });
  });

  it('a cancelled order tells the customer in the message centre only', async () => {
    const u = await orderingCustomer(t);
    const o = await placeOrder(t, u);
    await step(t, admin, 'adminOrderCancel', o.id, 'awaitingSample', '客户要求取消');
    const list = await callApi(t, 'messageList', { token: u.tokens.token, body: {} });
    expect(list.body.data.list.map((m) => m.kind)).toEqual(['cancel']);
    const jobs = await t.db.select().from(job).where(eq(job.kind, 'notice.send'));
    expect(jobs.filter((j) => (j.payload as { orderId: number }).orderId === o.id)).toEqual([]);
  });
});

describe('a refused notice (ADR 0046)', () => {
  let t: TestApp;
  let refusals = 1;
  const sent: string[] = [];
  const sms: SmsProvider = {
    // 'console': the factories read sign-up codes from the outbox, which shows them for the console provider only.
    name: 'console',
    async send() {},
    async notify(phone, notice) {
      if (refusals-- > 0) throw new Error('isv.BUSINESS_LIMIT_CONTROL');
      sent.push(`${phone} ${notice.text}`);
    },
  };
  beforeAll(async () => {
    t = await createTestApp({ sms, env: { JOB_POLL_MS: '60000' } });
  });
  afterAll(async () => t.close());

  it('gives its claim back and is sent by the retry, once', async () => {
    const lab = (await staffTokens(t, 'lab')).token;
    const u = await orderingCustomer(t);
    const o = await placeOrder(t, u, { delivery: 1 });
    await step(t, lab, 'adminOrderReceive', o.id, 'awaitingPickup');
    await t.jobs.drain();
    expect(sent).toEqual([]);
    expect(await deliveries(t, o.id)).toEqual([]);
    const [retry] = await t.db.select().from(job).where(eq(job.kind, 'notice.send'));
    expect(retry).toMatchObject({ state: 'queued', attempts: 1 });
    await t.db
      .update(job)
      .set({ runAt: new Date(0) })
      .where(eq(job.id, retry!.id));
    await t.jobs.drain();
    expect(sent).toEqual([`${u.phone} 【研测】您的订单${o.no}的样品已由实验室签收，客户经理将在2小时内与您电话确认样品情况。`]);
    expect((await deliveries(t, o.id)).map((d) => d.state)).toEqual(['sent']);
  });
});
