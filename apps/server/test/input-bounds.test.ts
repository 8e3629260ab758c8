import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { endpoints, type EndpointName } from '@yance/contracts/endpoints';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, createUser, newPhone, staffTokens, type TestUser } from './factories.ts';
import { numberFields, withField, type FieldPath, type NumberField } from './number-fields.ts';

/**
 * Every number of every call's query and body (found by walking the
 * declarations, so a call added later is covered without touching this file)
 * gets out-of-range, negative, fractional, exponent and non-numeric values:
 * always a 4xx with a Chinese message, never a 5xx (ADR 0024).
 */
let t: TestApp;
let user: TestUser;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  staffToken = (await staffTokens(t)).token;
});
afterAll(async () => t.close());

type Part = 'query' | 'body';
interface Example {
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
}

/**
 * A valid request for each call that has a number field and cannot be called
 * with an empty query and body; the bad value replaces one field of it.
 */
const EXAMPLES: Partial<Record<EndpointName, Example>> = {
  articleList: { query: { type: 'news' } },
  code4sms: {
    body: {
      phone: newPhone(),
      useFor: 0,
      // The shape of an ALTCHA proof of work (only parsed here: the bad number is refused before it is checked).
      altcha: {
        challenge: {
          parameters: { algorithm: 'PBKDF2/SHA-256', nonce: 'ab', salt: 'cd', cost: 1000, keyLength: 32, keyPrefix: '00' },
          signature: 'ef',
        },
        solution: { counter: 1, derivedKey: 'aa' },
      },
    },
  },
  update4profile: {
    body: { name: '张三', email: 'zhang@example.com', organization: 1, company: '某大学', region: '110101', address: '某路1号' },
  },
  staffEdit: { body: { id: 1, name: '张三', phone: '', email: '', roles: ['lab'] } },
  staffDisable: { body: { id: 1 } },
  staffEnable: { body: { id: 1 } },
  staffResetPassword: { body: { id: 1, password: 'Tiger-lily 2049' } },
  staffResetTotp: { body: { id: 1 } },
  jobRetry: { body: { id: 1 } },
  bannerAdd: { body: { img: '/upload/u/banner.jpg', redirect: 'd10001', title: '冬季科研季', sort: 1 } },
  bannerEdit: { body: { id: 1, img: '/upload/u/banner.jpg', redirect: 'd10001', title: '冬季科研季', sort: 1 } },
  partnerAdd: { body: { name: '某大学', img: '/upload/u/logo.png', sort: 1 } },
  partnerEdit: { body: { id: 1, name: '某大学', img: '/upload/u/logo.png', sort: 1 } },
  settingSamplingSave: {
    body: {
      samplingSetting: {
        disabled_date: [],
        disabled_date_time: [],
        disabled_time: [],
        disabled_week: [0],
        invalid_disabled_date: [],
        sampling_time1: '09:00-11:00',
        sampling_time2: '11:00-13:00',
        sampling_time3: '14:00-16:00',
        sampling_time4: '16:00-18:00',
        WxTip1: '',
      },
    },
  },
  bannerSort: { body: { ids: [1, 2] } },
  partnerSort: { body: { ids: [1, 2] } },
  catalogChildAdd: { body: { typeId: 1, name: '结构分析', sort: 1 } },
  catalogChildEdit: { body: { id: 1, name: '结构分析', sort: 1 } },
  catalogChildSort: { body: { ids: [1, 2] } },
  catalogPrefectureSort: { body: { ids: [1, 2] } },
  catalogPrefectureAdd: { body: { name: '源材料专区', img: '/upload/u/area.jpg', sort: 1 } },
  catalogPrefectureEdit: { body: { id: 1, name: '源材料专区', img: '/upload/u/area.jpg', sort: 1 } },
  catalogPrefectureItems: { query: { id: 1 } },
  catalogPrefectureItemAdd: { body: { id: 1, deviceIds: [1] } },
  catalogPrefectureItemRemove: { body: { id: 1, deviceIds: [1] } },
  catalogDeviceAdd: {
    body: {
      rid: 'X-1',
      name: '示例项目',
      childId: 1,
      img: '/upload/u/item.jpg',
      priceFen: 8000,
      unit: 'sample',
      turnaroundDays: 5,
      options: [{ name: '扫描范围', choices: [{ label: '常规', extra_fen: 0 }] }],
    },
  },
  catalogDeviceEdit: {
    body: {
      id: 1,
      rid: 'X-1',
      name: '示例项目',
      childId: 1,
      img: '/upload/u/item.jpg',
      priceFen: 8000,
      unit: 'sample',
      turnaroundDays: 5,
      options: [{ name: '扫描范围', choices: [{ label: '常规', extra_fen: 0 }] }],
    },
  },
  catalogDeviceShelf: { body: { ids: [1], onShelf: true } },
  customerAssign: { body: { customerId: 1, managerId: 1 } },
  customerReview: { body: { id: 1, approve: true } },
  bannerRemove: { body: { id: 1 } },
  articlePublish: { body: { id: 1 } },
  articleUnpublish: { body: { id: 1 } },
  articleRemove: { body: { id: 1 } },
  partnerRemove: { body: { id: 1 } },
  catalogChildRemove: { body: { id: 1 } },
  catalogPrefectureRemove: { body: { id: 1 } },
  customerDisable: { body: { id: 1 } },
  customerEnable: { body: { id: 1 } },
  articleAdminDetail: { query: { id: 1 } },
  catalogDeviceDetail: { query: { id: 1 } },
  customerDetail: { query: { id: 1 } },
  catalogTypeEdit: { body: { id: 1, name: '送样检测', img: '/upload/u/type.jpg' } },
  articleEdit: { body: { id: 1, type: 'news', title: '新闻标题', body: '<p>正文</p>' } },
  planAdd: { body: { rid: 'd10001', count: 1 } },
  planEdit: { body: { id: 1, count: 1 } },
  planDel: { body: { ids: [1] } },
  orderAdd: { body: { lines: [{ planId: 1, samples: [{ name: '样品A', count: 1, form: 'powder' }] }], delivery: 0 } },
  orderDetail: { body: { id: 1 } },
  orderCancel: { body: { id: 1, reason: '不需要了' } },
  orderConfirm: { body: { id: 1 } },
  orderAgain: { body: { id: 1 } },
  samplingAdd: {
    body: { orderId: 1, type: 1, date: '2026-11-23', time: '09:00-11:00', name: '张三', phone: '13800000000', address_rid: 'a1' },
  },
  samplingList: { body: { orderId: 1 } },
  samplingCancel: { body: { id: 1 } },
  adminOrderDetail: { query: { id: 1 } },
  adminOrderQuote: { body: { id: 1, expect: 'quoting', lines: [{ lineId: 1, amount_fen: 8000 }] } },
  adminOrderConfirmContract: { body: { id: 1, expect: 'contracting' } },
  adminOrderMarkPaid: { body: { id: 1, expect: 'unpaid', note: '已到账', receivedFen: 100, bankRef: 'HX2026' } },
  adminOrderReceive: { body: { id: 1, expect: 'awaitingSample' } },
  adminOrderStartTesting: { body: { id: 1, expect: 'received' } },
  adminOrderDeliver: { body: { id: 1, expect: 'testing' } },
  adminOrderConfirmData: { body: { id: 1, expect: 'delivered' } },
  adminOrderCancel: { body: { id: 1, expect: 'quoting', note: '客户要求' } },
  deviceEstimate: { query: { rid: 'd10001', count: 1 } },
  adminOrderAdjust: { body: { id: 1, final_fen: 1000, reason: '样品数量与下单不符' } },
  reservationAdd: { body: { rid: 'd20001', date: '2026-12-01', start: '09:00', minutes: 60 } },
  adminReservationDay: { query: { date: '2026-12-01', deviceId: 1 } },
  adminReservationScheduleSave: {
    body: {
      deviceId: 1,
      schedule: {
        enabled: true,
        hours: Array.from({ length: 7 }, () => [540, 1080]),
        horizonDays: 14,
        minMinutes: 30,
        maxMinutes: 240,
        bookHoursBefore: 1,
        cancelHoursBefore: 24,
        sameDayCancel: false,
      },
    },
  },
  adminReservationPolicySave: { body: { limit: 3, windowDays: 90, suspendDays: 30 } },
  adminReservationCancel: { body: { id: 1, expect: 'booked' } },
  adminReservationCheckIn: { body: { id: 1, expect: 'booked' } },
  adminReservationComplete: { body: { id: 1, expect: 'checkedIn' } },
  adminReservationNoShow: { body: { id: 1, expect: 'booked' } },
  reservationCancel: { body: { id: 1 } },
  adminResultReview: { body: { id: 1, approve: true } },
  adminResultDownload: { query: { id: 1 } },
  orderFileDownload: { query: { id: 1 } },
  adminSampleCheckIn: { body: { id: 1, expect: 'inTransit' } },
  adminSampleReturn: { body: { id: 1, expect: 'testing', return_company: '顺丰速运', return_no: 'SF1234567890' } },
  adminTestRecordAdd: {
    body: { sampleId: 1, instrument: 'Bruker D8 Advance', operator: '李实验员', testedAt: '2026-11-25T10:00:00+08:00' },
  },
  orderTestRecord: { body: { id: 1 } },
  orderRetest: { body: { id: 1, reason: '峰位与预期不符' } },
  messageRead: { body: { ids: [1] } },
  orderCalled: { body: { orderId: 1 } },
  settingLabCalendarSave: { body: { labCalendar: { workdays: [1, 2, 3, 4, 5], holidays: [], makeupDays: [] } } },
  demandFile: { query: { id: 1, file: '0123456789abcdef0123456789abcdef' } },
  demandAdd: { body: { title: '定制测试', description: '说明', budget_fen: 100, contact_name: '王工', contact_phone: '13800000000' } },
  demandDetail: { body: { id: 1 } },
  demandAccept: { body: { id: 1 } },
  demandDecline: { body: { id: 1 } },
  demandWithdraw: { body: { id: 1 } },
  adminDemandDetail: { query: { id: 1 } },
  adminDemandFile: { query: { id: 1, file: '0123456789abcdef0123456789abcdef' } },
  adminDemandQuote: {
    body: { id: 1, lines: [{ name: '定制', unit_fen: 100, unit: 'job', count: 1, turnaround_days: 5 }], valid_until: '2026-12-01' },
  },
  contractDownload: { query: { orderId: 1 } },
  contractUpload: { query: { orderId: 1 } },
  adminContractDetail: { query: { orderId: 1 } },
  adminContractPdf: { query: { orderId: 1 } },
  adminContractScan: { query: { orderId: 1 } },
  adminContractReject: { body: { orderId: 1, reason: '缺少盖章' } },
  evaluateAdd: { body: { lineId: 1, stars: 5 } },
  evaluatePublicList: { query: { rid: 'd10001' } },
  adminEvaluationReply: { body: { id: 1, reply: '感谢您的评价' } },
  adminPickupAssign: { body: { id: 1, staffId: 3 } },
  prestoreAdd: { body: { method: 'online', gateway: 'local', amountFen: 100_000, idempotencyKey: 'k'.repeat(16) } },
  prestoreClose: { body: { id: 1 } },
  customerCredit: { body: { id: 1, creditLimitFen: 100_000 } },
  adminRefundApprove: { body: { id: 1, idempotencyKey: 'k'.repeat(16) } },
  prestoreTransfer: { body: { clusterId: 1, direction: 'in', amountFen: 100, idempotencyKey: 'k'.repeat(16) } },
  clusterFunds: { body: { clusterId: 1 } },
  payOrder: { body: { orderId: 1, idempotencyKey: 'k'.repeat(16) } },
  payOnline: { body: { orderId: 1, gateway: 'local', idempotencyKey: 'k'.repeat(16) } },
  promotionWithdraw: {
    body: {
      amountFen: 10_000,
      holder: '王推广',
      bank: '中国建设银行北京海淀支行',
      account: '6217000012345678',
      idempotencyKey: 'k'.repeat(16),
    },
  },
  adminPromotionSettingsSave: { body: { rateBp: 500, pendingDays: 7, minWithdrawFen: 10_000 } },
  adminWithdrawApprove: { body: { id: 1, idempotencyKey: 'k'.repeat(16) } },
  adminWithdrawReject: { body: { id: 1, note: '信息不符', idempotencyKey: 'k'.repeat(16) } },
  adminWithdrawPay: { body: { id: 1, reference: 'HX20261125', idempotencyKey: 'k'.repeat(16) } },
  adminPromoterReject: { body: { id: 1, note: '信息不全' } },
  adminPromoterDisable: { body: { id: 1, note: '违规' } },
  adminPromoterApprove: { body: { id: 1 } },
  adminPromoterEnable: { body: { id: 1 } },
  settlementAdd: { body: { orderIds: [1], idempotencyKey: 'k'.repeat(16) } },
  adminTopupReceipt: { query: { id: 1 } },
  adminTopupConfirm: { body: { id: 1, idempotencyKey: 'k'.repeat(16) } },
  adminTopupReject: { body: { id: 1, note: '凭证不清', idempotencyKey: 'k'.repeat(16) } },
  adminLedgerStatement: { query: { userId: 1 } },
  adminLedgerJournal: { query: { kind: 'topup', from: '2026-11-01', to: '2026-11-30', keyword: '13900000001' } },
  adminReceivableList: { query: { state: 'overdue', keyword: 'YC', overCredit: 'true' } },
  adminMoneySettingsSave: {
    body: {
      prestoreMinFen: 100_000,
      bonusTiers: [{ minFen: 100_000, percent: 2 }],
      settleDueDays: 30,
      bankName: '工行',
      bankAccount: '0200',
      tradeMinutes: 30,
    },
  },
  adminPickupUnassign: { body: { id: 1 } },
  clusterEdit: { body: { id: 1, name: '纳米材料课题组', institution: '某大学' } },
  clusterDel: { body: { id: 1 } },
  clusterApply: { body: { id: 1 } },
  clusterAgree: { body: { id: 1, agree: true } },
  clusterTransfer: { body: { id: 1, memberId: 2 } },
  clusterAdd4user: { body: { id: 1, phone: '13800000001' } },
  clusterSearch4user: { body: { id: 1, phone: '13800000001' } },
  clusterDelete4user: { body: { id: 1 } },
  clusterAssign: { body: { id: 1, limitFen: 100_000 } },
  adminClusterDetail: { query: { id: 1 } },
  invoiceAdd: { body: { kind: 1, holder: 'person', name: '张三', email: 'zhang@example.com' } },
  invoiceEdit: { body: { id: 1, kind: 1, holder: 'person', name: '张三', email: 'zhang@example.com' } },
  invoiceDel: { body: { id: 1 } },
  invoiceDefault: { body: { id: 1 } },
  invoiceApplyAdd: { body: { titleId: 1, lines: [{ source: 'order', sourceId: 1, amount_fen: 100 }] } },
  couponUsable: { body: { planIds: [1] } },
  adminCouponTemplateAdd: { body: { name: '新人券', kind: 'amount', amountFen: 100, validity: 'days', validDays: 30 } },
  adminCouponTemplateActive: { body: { id: 1, active: true } },
  adminCouponIssue: { body: { templateId: 1, phone: '13900000001' } },
  adminCouponIssued: { query: { templateId: 1 } },
  adminPointsSettingsSave: { body: { earnPerYuan: 1, pointsPerYuan: 100, capPercent: 10, expireMonths: 12 } },
  invoiceApplyDetail: { body: { id: 1 } },
  invoiceApplyCancel: { body: { id: 1 } },
  invoiceApplyPdf: { query: { id: 1 } },
  adminInvoiceDetail: { query: { id: 1 } },
  adminInvoicePdf: { query: { id: 1 } },
  adminInvoiceIssue: { body: { id: 1, invoiceNo: '12345678' } },
  adminInvoiceReject: { body: { id: 1, reason: '抬头有误' } },
  adminInviteSettingsSave: { body: { enabled: true, inviterRewardFen: 5000, inviteeRewardFen: 0 } },
  adminInviteGrant: { body: { id: 1, idempotencyKey: 'k'.repeat(16) } },
  adminInviteRefuse: { body: { id: 1, note: '同一设备', idempotencyKey: 'k'.repeat(16) } },
};

const CJK = /[\u4e00-\u9fff]/;
const names = Object.keys(endpoints) as EndpointName[];
const schemaOf = (name: EndpointName, part: Part): z.ZodType | undefined =>
  (endpoints[name] as { query?: z.ZodType; body?: z.ZodType })[part];

/**
 * Values a bounded number field must refuse: out of range, negative,
 * fractional (for integer fields), exponent, hexadecimal, padded and
 * non-numeric; query strings get them as text. A value the field's own range
 * allows (a negative where negatives are fine) is left out.
 */
function badValues(part: Part, f: NumberField): unknown[] {
  const min = f.min!;
  const max = f.max!;
  const text = [
    String(max + 1),
    String(min - 1),
    '99999999999',
    '-1',
    '1.5',
    '1e3',
    '0x10',
    ' 12 ',
    'NaN',
    'Infinity',
    '-Infinity',
    'abc',
    '１２',
  ];
  const json = [max + 1, min - 1, 99_999_999_999, -1, 1.5, 1e300, -1e300, true, [], {}];
  const allowed = (v: unknown) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : Number.NaN;
    return Number.isFinite(n) && n >= min && n <= max && (!f.int || Number.isInteger(n));
  };
  return (part === 'query' ? text : [...text, ...json]).filter((v) => !allowed(v));
}

const fields = names.flatMap((name) =>
  (['query', 'body'] as const).flatMap((part) => {
    const schema = schemaOf(name, part);
    return schema ? numberFields(schema).map((f) => ({ name, part, schema, ...f })) : [];
  }),
);

const label = (name: string, part: Part, path: FieldPath) => `${name} ${part}.${path.join('.')}`;

describe('numbers from outside (ADR 0024)', () => {
  it('finds the number fields of the declarations', () => {
    const found = fields.map((f) => label(f.name, f.part, f.path));
    // A sample the walker must see; the test below covers all it finds.
    expect(found).toEqual(
      expect.arrayContaining([
        'deviceSearch query.typeId',
        'deviceSearch query.page',
        'articleList query.pageSize',
        'code4sms body.useFor',
        'update4profile body.organization',
      ]),
    );
  });

  it('gives every number field a finite range', () => {
    for (const f of fields) {
      expect(Number.isFinite(f.min), `${label(f.name, f.part, f.path)} has no minimum`).toBe(true);
      expect(Number.isFinite(f.max), `${label(f.name, f.part, f.path)} has no maximum`).toBe(true);
    }
  });

  it('has a valid example for every call with a number field', () => {
    for (const name of new Set(fields.map((f) => f.name))) {
      for (const part of ['query', 'body'] as const) {
        const schema = schemaOf(name, part);
        if (!schema) continue;
        const example = EXAMPLES[name]?.[part] ?? {};
        const parsed = schema.safeParse(example);
        expect(parsed.error?.issues, `add a valid ${part} of ${name} to EXAMPLES`).toBeUndefined();
      }
    }
  });

  it.each(fields.map((f) => [label(f.name, f.part, f.path), f] as const))(
    'refuses bad values of %s with a Chinese message, never a 5xx',
    async (_, f) => {
      const example = EXAMPLES[f.name] ?? {};
      const scope = endpoints[f.name].scope;
      const token = scope === 'auth' ? user.tokens.token : scope === 'admin' ? staffToken : undefined;
      for (const bad of badValues(f.part, f)) {
        const input = { ...example, [f.part]: withField(example[f.part] ?? {}, f.path, bad) };
        const what = `${label(f.name, f.part, f.path)} = ${JSON.stringify(bad)}`;
        // The contract refuses it at that field …
        const parsed = f.schema.safeParse(input[f.part]);
        expect(parsed.success, what).toBe(false);
        const issue = parsed.error!.issues[0]!;
        expect(issue.path, what).toEqual(f.path);
        expect(issue.message, what).toMatch(CJK);
        // … and so does the server, with that message.
        const res = await callApi(t, f.name, { ...(input as object), token });
        expect(res.status, `${what}: ${res.body.msg}`).toBeGreaterThanOrEqual(400);
        expect(res.status, what).toBeLessThan(500);
        expect(res.body.msg, what).toBe(issue.message);
      }
    },
  );
});

describe('GET /api/open/web/device/search', () => {
  it('answers 400 for a type id the database cannot hold (it once answered 500)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/open/web/device/search?typeId=99999999999' });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ code: 0, msg: '[项目类型]不能大于2147483647', data: null });
  });
  it('still takes the largest id and page (nothing found, no error)', async () => {
    const res = await callApi(t, 'deviceSearch', {
      query: { typeId: 2_147_483_647, childId: 2_147_483_647, areaId: 2_147_483_647, page: 10_000 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ list: [], total: 0 });
  });
});
