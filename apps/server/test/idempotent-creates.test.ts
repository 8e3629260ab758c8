// Issue 21, ADR 0061: every create call takes an idempotency key; a repeated request (a double click, a lost
// answer retried) answers the first one's result instead of an error, and creates nothing more.
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointName } from '@yance/contracts/endpoints';
import {
  article,
  auditLog,
  banner,
  booking,
  cluster,
  clusterMember,
  couponTemplate,
  demand,
  demandQuoteLine,
  device,
  invoiceApplication,
  invoiceTitle,
  orderAdjustment,
  orderLine,
  orderRetest,
  orderSample,
  orders,
  partner,
  planItem,
  prefecture,
  prefectureDevice,
  promoter,
  samplingRequest,
  staffAccount,
  testRecord,
  topup,
  typeChild,
  userAccount,
  userAddress,
  userCoupon,
} from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, GOOD_PASSWORD, newPhone, smsCode, staffTokens, testClock, type TestUser } from './factories.ts';
import { personE } from './invoice-factories.ts';
import { LOCAL_PAY_SECRET, newKey, topUpOnline } from './money-factories.ts';
import { haidianAddress, orderBody, orderingCustomer, placeOrder, planLine, reviewedFile, XRD } from './order-factories.ts';

// A Sunday afternoon in China; the seeded SEM opens Monday 09:00.
const clock = testClock(new Date('2026-11-22T08:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, env: { ACCESS_TOKEN_TTL: String(40 * 86400), PAYMENT_LOCAL_SECRET: LOCAL_PAY_SECRET } });
});
afterAll(async () => t.close());

describe('a create call sent twice with one key', () => {
  it('sign: both answers sign the new user in, one account; another password is refused', async () => {
    const phone = newPhone();
    const code = await smsCode(t, phone, 0, clock);
    const body = { phone, code, password: GOOD_PASSWORD, agree: true as const, idempotencyKey: newKey() };
    const [a, b] = await Promise.all([callApi(t, 'sign', { body }), callApi(t, 'sign', { body })]);
    expect([a.body.code, b.body.code], `${a.body.msg} / ${b.body.msg}`).toEqual([1, 1]);
    const again = await callApi(t, 'sign', { body });
    expect(again.body.code, again.body.msg).toBe(1);
    expect(await t.db.select().from(userAccount).where(eq(userAccount.phone, phone))).toHaveLength(1);
    const me = await callApi(t, 'userInfo', { token: b.body.data.token });
    expect(me.body.code, me.body.msg).toBe(1);
    const stranger = await callApi(t, 'sign', { body: { ...body, password: 'Other-lily 2049' } });
    expect(stranger.body.code).not.toBe(1);
    // Without a key a repeat is what it always was: the code is spent.
    const phone2 = newPhone();
    const code2 = await smsCode(t, phone2, 0, clock);
    const plain = { phone: phone2, code: code2, password: GOOD_PASSWORD, agree: true as const };
    expect((await callApi(t, 'sign', { body: plain })).body.code).toBe(1);
    expect((await callApi(t, 'sign', { body: plain })).body.msg).toBe('验证码错误或已过期');
  });

  it('order/add: one order, both answers name it; the same key with another body is refused', async () => {
    const u = await orderingCustomer(t, clock);
    const line = await planLine(t, u);
    const body = { ...orderBody([line]), idempotencyKey: newKey() };
    const first = await callApi(t, 'orderAdd', { token: u.tokens.token, body });
    const second = await callApi(t, 'orderAdd', { token: u.tokens.token, body });
    expect([first.body.code, second.body.code], second.body.msg).toEqual([1, 1]);
    expect(second.body.data).toEqual(first.body.data);
    expect(await t.db.select().from(orders).where(eq(orders.userId, u.id))).toHaveLength(1);
    const other = await callApi(t, 'orderAdd', { token: u.tokens.token, body: { ...body, remark: '另一单' } });
    expect(other.body.msg).toBe('该请求编号已用于另一笔操作，请刷新页面后重试');
  });

  it('reservation/add: one booking', async () => {
    const u = await orderingCustomer(t, clock);
    const body = { rid: 'd20001', date: '2026-11-23', start: '10:00', minutes: 60, remark: '', idempotencyKey: newKey() };
    const [a, b] = [
      await callApi(t, 'reservationAdd', { token: u.tokens.token, body }),
      await callApi(t, 'reservationAdd', { token: u.tokens.token, body }),
    ];
    expect([a.body.code, b.body.code], b.body.msg).toEqual([1, 1]);
    expect(b.body.data).toEqual(a.body.data);
    expect(await t.db.select().from(booking).where(eq(booking.userId, u.id))).toHaveLength(1);
  });

  it('demand/add, cluster/add and cluster/apply: one each', async () => {
    const u = await orderingCustomer(t, clock);
    const owner = await orderingCustomer(t, clock, 3); // a teacher: only they found groups
    const d = {
      title: '薄膜应力测试',
      description: '需要测一批薄膜的残余应力',
      contact_name: '张同学',
      contact_phone: u.phone,
      idempotencyKey: newKey(),
    };
    for (let i = 0; i < 2; i++) expect((await callApi(t, 'demandAdd', { token: u.tokens.token, body: d })).body.code).toBe(1);
    const [userRow] = await t.db.select().from(userAccount).where(eq(userAccount.phone, u.phone));
    expect(await t.db.select().from(demand).where(eq(demand.userId, userRow!.id))).toHaveLength(1);

    const c = { name: `课题组${newKey().slice(0, 6)}`, institution: '某大学', idempotencyKey: newKey() };
    const made = await callApi(t, 'clusterAdd', { token: owner.tokens.token, body: c });
    const again = await callApi(t, 'clusterAdd', { token: owner.tokens.token, body: c });
    expect([made.body.code, again.body.code], again.body.msg).toEqual([1, 1]);
    expect(await t.db.select().from(cluster).where(eq(cluster.name, c.name))).toHaveLength(1);

    const apply = { id: made.body.data.id, message: '', idempotencyKey: newKey() };
    for (let i = 0; i < 2; i++) {
      const res = await callApi(t, 'clusterApply', { token: u.tokens.token, body: apply });
      expect(res.body.code, res.body.msg).toBe(1);
    }
    expect(await t.db.select().from(clusterMember).where(eq(clusterMember.clusterId, made.body.data.id))).toHaveLength(2); // the owner and u
  });
});

describe('a draft saves what is there (issue 21)', () => {
  it('keeps a sample without a name or form; sending it as an order is refused with the field’s message', async () => {
    const u = await orderingCustomer(t, clock);
    const line = await planLine(t, u);
    const partial = { planId: line, samples: [{ name: '', count: 1, hazards: [], returnSample: false }] };
    const saved = await callApi(t, 'orderAdd', { token: u.tokens.token, body: { lines: [partial], delivery: 0, draft: true } });
    expect(saved.body.code, saved.body.msg).toBe(1);
    const samples = await t.db.select().from(orderSample).where(eq(orderSample.orderId, saved.body.data.id));
    expect(samples.map((s) => [s.name, s.form])).toEqual([['', '']]);
    const [draftLine] = (await callApi(t, 'orderDetail', { token: u.tokens.token, body: { id: saved.body.data.id } })).body.data.lines;
    const sent = await callApi(t, 'orderAdd', {
      token: u.tokens.token,
      body: { draftId: saved.body.data.id, lines: [{ lineId: draftLine!.id, samples: partial.samples }], delivery: 0, agreementVersion: 1 },
    });
    expect(sent.body.msg).toBe('[样品名称]不能为空');
    // A sample line sent without samples: its kind needs them (ADR 0070); the plan line stays in the plan.
    const another = await planLine(t, u);
    const noSamples = await callApi(t, 'orderAdd', {
      token: u.tokens.token,
      body: { lines: [{ planId: another, samples: [] }], delivery: 0, agreementVersion: 1 },
    });
    expect(noSamples.body.msg).toBe('[样品]请填写样品信息');
    expect((await callApi(t, 'planList', { token: u.tokens.token })).body.data.cartNum).toBe(1);
  });
});

// ---- every other create call (ADR 0061's addendum) ---------------------------------------------------------------

/** What a case sends and how it counts what the call creates. */
interface Sent {
  token: string;
  body: Record<string, unknown>;
  rows: () => Promise<number>;
}

const rowsOf = async (table: PgTable, where?: SQL) => Number((await t.db.select({ n: count() }).from(table).where(where))[0]!.n);

/** The lab's moves an order takes on its way (each must succeed). */
async function labMove(call: 'adminOrderReceive' | 'adminOrderStartTesting' | 'adminOrderDeliver', id: number, expect_: string) {
  const res = await callApi(t, call, { token: staff.admin, body: { id, expect: expect_ as never } });
  expect(res.body.code, `${call}: ${res.body.msg}`).toBe(1);
}
/** A customer's self-send XRD order, taken by the lab as far as `upTo`. */
async function orderAt(u: TestUser, upTo: 'awaitingSample' | 'received' | 'delivered' = 'awaitingSample') {
  const o = await placeOrder(t, u);
  if (upTo === 'awaitingSample') return o;
  await labMove('adminOrderReceive', o.id, 'awaitingSample');
  if (upTo === 'received') return o;
  await labMove('adminOrderStartTesting', o.id, 'received');
  await reviewedFile(t, staff.lab, o.id); // uploaded by the lab, approved by another (four eyes)
  await labMove('adminOrderDeliver', o.id, 'testing');
  return o;
}

const staff = { admin: '', lab: '' };
const customer = async (organization = 0) => orderingCustomer(t, clock, organization);

/** Each create call with what it needs first: a customer's by their token, the console's by an admin's. */
const CASES: Partial<Record<EndpointName, () => Promise<Sent>>> = {
  addressAdd: async () => {
    const u = await customer();
    const body = haidianAddress(false);
    return { token: u.tokens.token, body, rows: () => rowsOf(userAddress, eq(userAddress.userId, u.id)) };
  },
  planAdd: async () => {
    const u = await customer();
    return { token: u.tokens.token, body: { rid: XRD, count: 1 }, rows: () => rowsOf(planItem, eq(planItem.userId, u.id)) };
  },
  samplingAdd: async () => {
    const u = await customer();
    const o = await orderAt(u);
    const body = { orderId: o.id, type: 0, express_company: '顺丰速运', express_no: 'SF1234567890' };
    return { token: u.tokens.token, body, rows: () => rowsOf(samplingRequest, eq(samplingRequest.orderId, o.id)) };
  },
  invoiceAdd: async () => {
    const u = await customer();
    return { token: u.tokens.token, body: { ...personE }, rows: () => rowsOf(invoiceTitle, eq(invoiceTitle.userId, u.id)) };
  },
  clusterAdd4user: async () => {
    const owner = await customer(3);
    const made = await callApi(t, 'clusterAdd', {
      token: owner.tokens.token,
      body: { name: `课题组${newKey().slice(0, 6)}`, institution: '某大学' },
    });
    const member = await customer();
    const body = { id: made.body.data.id, phone: member.phone };
    return { token: owner.tokens.token, body, rows: () => rowsOf(clusterMember, eq(clusterMember.clusterId, made.body.data.id)) };
  },
  promotionApply: async () => {
    const u = await customer();
    return { token: u.tokens.token, body: { name: '王推广', channel: '课题组' }, rows: () => rowsOf(promoter, eq(promoter.userId, u.id)) };
  },
  orderRetest: async () => {
    const u = await customer();
    const o = await orderAt(u, 'delivered');
    return {
      token: u.tokens.token,
      body: { id: o.id, reason: '峰位异常，请复测' },
      rows: () => rowsOf(orderRetest, eq(orderRetest.orderId, o.id)),
    };
  },
  orderAgain: async () => {
    const u = await customer();
    const o = await orderAt(u);
    return { token: u.tokens.token, body: { id: o.id }, rows: () => rowsOf(planItem, eq(planItem.userId, u.id)) };
  },
  staffAdd: async () => {
    const body = {
      account: `lab.${newKey().slice(0, 8)}`,
      name: '周实验员',
      phone: '13900001111',
      email: '',
      roles: ['lab'],
      password: 'Lab-zhou 2026!',
    };
    return { token: staff.admin, body, rows: () => rowsOf(staffAccount) };
  },
  bannerAdd: async () => ({
    token: staff.admin,
    body: { img: '/upload/img/banner/b1.svg', redirect: XRD, title: '限时：XRD 九折', sort: 1 },
    rows: () => rowsOf(banner),
  }),
  articleAdd: async () => ({
    token: staff.admin,
    body: { type: 'news', title: '研测上线球差电镜预约', sketch: '机时开放', body: '<p>开放预约</p>' },
    rows: () => rowsOf(article),
  }),
  partnerAdd: async () => ({
    token: staff.admin,
    body: { name: '某光源中心', img: '/upload/img/partner/p1.svg', sort: 99 },
    rows: () => rowsOf(partner),
  }),
  catalogChildAdd: async () => ({
    token: staff.admin,
    body: { typeId: 1, name: `分类${newKey().slice(0, 4)}`, sort: 1 },
    rows: () => rowsOf(typeChild),
  }),
  catalogDeviceAdd: async () => ({
    token: staff.admin,
    body: {
      rid: `c9${newKey().slice(0, 4)}`,
      name: '原位拉曼光谱测试',
      childId: (await t.db.select({ id: typeChild.id }).from(typeChild).limit(1))[0]!.id,
      img: '/upload/img/device/raman.svg',
      priceFen: 45000,
      unit: 'sample',
      turnaroundDays: 5,
      options: [{ name: '温度', choices: [{ label: '室温', extra_fen: 0 }] }],
    },
    rows: () => rowsOf(device),
  }),
  catalogPrefectureAdd: async () => ({
    token: staff.admin,
    body: { name: `专区${newKey().slice(0, 4)}`, img: '/upload/img/p.svg', sketch: '' },
    rows: () => rowsOf(prefecture),
  }),
  catalogPrefectureItemAdd: async () => {
    const made = await callApi(t, 'catalogPrefectureAdd', {
      token: staff.admin,
      body: { name: `专区${newKey().slice(0, 4)}`, img: '/upload/img/p.svg', sketch: '' },
    });
    const [xrd] = await t.db.select({ id: device.id }).from(device).where(eq(device.rid, XRD));
    const body = { id: made.body.data.id, deviceIds: [xrd!.id] };
    return { token: staff.admin, body, rows: () => rowsOf(prefectureDevice, eq(prefectureDevice.prefectureId, made.body.data.id)) };
  },
  adminTestRecordAdd: async () => {
    const o = await orderAt(await customer(), 'received');
    const [sample] = await t.db.select().from(orderSample).where(eq(orderSample.orderId, o.id));
    const body = { sampleId: sample!.id, instrument: 'Bruker D8 Advance', operator: '李实验员', testedAt: '2026-11-22T09:00:00Z' };
    return { token: staff.admin, body, rows: () => rowsOf(testRecord, eq(testRecord.orderId, o.id)) };
  },
  adminOrderAdjust: async () => {
    const o = await orderAt(await customer(), 'received');
    const body = { id: o.id, final_fen: 20000, reason: '多测一个样品' };
    return { token: staff.admin, body, rows: () => rowsOf(orderAdjustment, eq(orderAdjustment.orderId, o.id)) };
  },
  adminCouponTemplateAdd: async () => ({
    token: staff.admin,
    body: { name: '新人券', kind: 'amount', amountFen: 100, validity: 'days', validDays: 30 },
    rows: () => rowsOf(couponTemplate),
  }),
  adminCouponIssue: async () => {
    const made = await callApi(t, 'adminCouponTemplateAdd', {
      token: staff.admin,
      body: { name: '满减券', kind: 'amount', amountFen: 100, validity: 'days', validDays: 30, perUserLimit: 5 },
    });
    const u = await customer();
    const body = { templateId: made.body.data.id, phone: u.phone };
    return { token: staff.admin, body, rows: () => rowsOf(userCoupon, eq(userCoupon.userId, u.id)) };
  },
  adminDemandQuote: async () => {
    const u = await customer();
    const d = await callApi(t, 'demandAdd', {
      token: u.tokens.token,
      body: { title: '薄膜应力测试', description: '需要测一批薄膜的残余应力', contact_name: '张同学', contact_phone: u.phone },
    });
    const body = {
      id: d.body.data.id,
      lines: [{ name: '定制', unit_fen: 100, unit: 'job', count: 1, turnaround_days: 5 }],
      valid_until: '2026-12-20',
    };
    return { token: staff.admin, body, rows: () => rowsOf(demandQuoteLine, eq(demandQuoteLine.demandId, d.body.data.id)) };
  },
  adminInvoiceIssue: async () => {
    // A top-up credited online, applied for in full: finance issues it (the number and the PDF).
    const u = await customer();
    const { no } = await topUpOnline(t, u, 100_000);
    const [paid] = await t.db.select().from(topup).where(eq(topup.no, no));
    const title = await callApi(t, 'invoiceAdd', { token: u.tokens.token, body: { ...personE } as never });
    const lines = [{ source: 'topup' as const, sourceId: paid!.id, amount_fen: 100_000 }];
    const applied = await callApi(t, 'invoiceApplyAdd', { token: u.tokens.token, body: { titleId: title.body.data.id, lines } });
    expect(applied.body.code, applied.body.msg).toBe(1);
    const issued = and(eq(invoiceApplication.id, applied.body.data.id), eq(invoiceApplication.state, 'issued'));
    return {
      token: staff.admin,
      body: { id: applied.body.data.id, invoiceNo: '26310000000012345678' },
      rows: () => rowsOf(invoiceApplication, issued),
    };
  },
  adminEvaluationReply: async () => {
    const u = await customer();
    const o = await orderAt(u, 'delivered');
    expect((await callApi(t, 'orderConfirm', { token: u.tokens.token, body: { id: o.id } })).body.code).toBe(1);
    const [line] = await t.db.select().from(orderLine).where(eq(orderLine.orderId, o.id));
    const e = await callApi(t, 'evaluateAdd', { token: u.tokens.token, body: { lineId: line!.id, stars: 5, comment: '很好' } });
    expect(e.body.code, e.body.msg).toBe(1);
    const replied = and(eq(auditLog.action, 'evaluation.reply'), eq(auditLog.objectId, String(e.body.data.id)));
    return { token: staff.admin, body: { id: e.body.data.id, reply: '感谢您的评价' }, rows: () => rowsOf(auditLog, replied) };
  },
};

describe('every other create call takes a key too (ADR 0061 addendum): the same key twice answers the first result, one row', () => {
  beforeAll(async () => {
    staff.admin = (await staffTokens(t, 'admin')).token;
    staff.lab = (await staffTokens(t, 'lab')).token;
  });

  it.each(Object.keys(CASES) as EndpointName[])('%s', async (call) => {
    const sent = await CASES[call]!();
    const before = await sent.rows();
    const body = { ...sent.body, idempotencyKey: newKey() };
    const first = await callApi(t, call, { token: sent.token, body: body as never });
    const second = await callApi(t, call, { token: sent.token, body: body as never });
    expect([first.body.code, second.body.code], `${first.body.msg} / ${second.body.msg}`).toEqual([1, 1]);
    expect(second.body.data).toEqual(first.body.data);
    expect(await sent.rows(), 'rows created').toBe(before + 1);
  });
});
