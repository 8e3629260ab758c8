// The lab's work on an order (issue 9, ADR 0041): samples' states and tracking,
// test records, private result files with their review, price adjustments,
// free retests; the customer's sample list and order/sample look-up.
import { z } from 'zod';
import { FEN_MAX } from './money.ts';
import { id, integer } from './numbers.ts';
import { ORDER_STATES } from './order-states.ts';
import { pagingQuery } from './paging.ts';
import { RESULT_FILE_STATES } from './result-file-states.ts';
import { SAMPLE_STATES } from './sample-states.ts';
import { optionalText, text } from './text.ts';
import { createKey } from './idempotency.ts';

/** Result files the lab may upload: the data and the report, at most this size each. */
export const RESULT_FILE_MAX_BYTES = 50 * 1024 * 1024;
// The states, their names and the transition table live zod-free in result-file-states.ts.
export { RESULT_FILE_STATES, RESULT_FILE_STATE_NAMES, type ResultFileState } from './result-file-states.ts';
export const NO_REVIEWED_FILE = '尚无审核通过的结果文件，不能交付数据';

const courierNo = (label: string) => text(label, { max: 40 }).refine((v) => /^[A-Za-z0-9-]+$/.test(v), `[${label}]只能包含字母、数字和-`);

// ---- what the order detail shows -------------------------------------------

export const sampleTracking = z.object({
  state: z.enum(SAMPLE_STATES),
  /** The courier and number the customer posted it with (self-send). */
  express_company: z.string(),
  express_no: z.string(),
  /** The courier and number the lab sent it back with. */
  return_company: z.string(),
  return_no: z.string(),
  checkedInAt: z.string().nullable(),
  /** A kept sample is destroyed on this day. */
  keptUntil: z.string().nullable(),
});
export type SampleTracking = z.infer<typeof sampleTracking>;

export const testRecord = z.object({
  id: z.number().int(),
  sampleId: z.number().int(),
  sampleNo: z.string(),
  sampleName: z.string(),
  instrument: z.string(),
  conditions: z.string(),
  operator: z.string(),
  testedAt: z.string(),
  note: z.string(),
});
export type TestRecord = z.infer<typeof testRecord>;

/** A result file as the customer sees it (only reviewed ones) — download with the Authorization header, not a public URL. */
export const resultFile = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  sampleNo: z.string().nullable(),
  uploadedAt: z.string(),
  /** GET this path (with the caller's token) for the raw file. */
  download: z.string(),
});
export type ResultFile = z.infer<typeof resultFile>;

/** The console sees every file with its review. */
export const adminResultFile = resultFile.extend({
  state: z.enum(RESULT_FILE_STATES),
  rejectReason: z.string(),
  uploadedBy: z.string(),
  reviewedBy: z.string(),
});
export type AdminResultFile = z.infer<typeof adminResultFile>;

export const priceAdjustment = z.object({
  id: z.number().int(),
  /** Signed fen: positive 补差价, negative 退差价. */
  amount_fen: z.number().int(),
  final_fen: z.number().int(),
  reason: z.string(),
  by: z.string(),
  at: z.string(),
});
export type PriceAdjustment = z.infer<typeof priceAdjustment>;

export const retestInfo = z.object({
  /** The last day a free retest may be asked for (15 days after delivery); null before delivery. */
  until: z.string().nullable(),
  requestedAt: z.string().nullable(),
  reason: z.string(),
  /** The reader may ask now. */
  canRequest: z.boolean(),
});
export type RetestInfo = z.infer<typeof retestInfo>;

// ---- customer calls -------------------------------------------------------------

export const orderTestRecordBody = z.object({ id: id('订单') });
export const orderTestRecordResponse = z.object({ list: z.array(testRecord) });

export const resultFileQuery = z.object({ id: id('文件') });

export const orderRetestBody = z.object({
  id: id('订单'),
  reason: text('复测原因', { max: 500, multiline: true }),
  idempotencyKey: createKey,
});

export const sampleListBody = pagingQuery.extend({ state: z.enum(SAMPLE_STATES, { error: '[样品状态]不存在' }).optional() });
export type SampleListBody = z.output<typeof sampleListBody>;
export const sampleListItem = sampleTracking.extend({
  id: z.number().int(),
  no: z.string(),
  name: z.string(),
  count: z.number().int(),
  returnSample: z.boolean(),
  orderId: z.number().int(),
  orderNo: z.string(),
  item: z.string(),
});
export type SampleListItem = z.infer<typeof sampleListItem>;

export const orderQueryBody = z.object({ no: text('订单号或样品编号', { max: 40 }) });
export const orderQueryResponse = z.object({ orderId: z.number().int(), orderNo: z.string(), sampleId: z.number().int().nullable() });
export const NOT_FOUND_BY_NO = '未查询到该订单或样品';

// ---- console calls ---------------------------------------------------------------

export const arrivalsQuery = pagingQuery.extend({
  /** Order number, sample number, sample name or courier number. */
  kw: optionalText('关键词', { max: 64 }),
  /** Only arriving samples (待寄送, 运输中) by default; all lists every sample. */
  all: z.preprocess((v) => v === 'true' || v === true || v === '1', z.boolean()).default(false),
});
export type ArrivalsQuery = z.output<typeof arrivalsQuery>;
export const arrivalItem = sampleListItem.extend({
  orderState: z.enum(ORDER_STATES),
  delivery: z.number().int().nullable(),
  customerName: z.string(),
  form: z.string(),
  hazards: z.array(z.string()),
});
export type ArrivalItem = z.infer<typeof arrivalItem>;

export const sampleMoveBody = z.object({
  id: id('样品'),
  expect: z.enum(SAMPLE_STATES, { error: '[样品状态]不存在' }),
  note: optionalText('备注', { max: 200 }),
});
export type SampleMoveBody = z.output<typeof sampleMoveBody>;
export const sampleReturnBody = sampleMoveBody.extend({
  return_company: text('快递公司', { max: 32 }),
  return_no: courierNo('快递单号'),
});
export type SampleReturnBody = z.output<typeof sampleReturnBody>;
export const sampleMoveResponse = arrivalItem;

export const testRecordAddBody = z.object({
  idempotencyKey: createKey,
  sampleId: id('样品'),
  instrument: text('仪器', { max: 64 }),
  conditions: optionalText('测试条件', { max: 500, multiline: true }),
  operator: text('测试人', { max: 32 }),
  testedAt: text('测试时间', { max: 40 }).refine((v) => !Number.isNaN(Date.parse(v)), '[测试时间]格式不正确'),
  note: optionalText('备注', { max: 500, multiline: true }),
});
export type TestRecordAddBody = z.output<typeof testRecordAddBody>;

export const resultFileReviewBody = z.object({
  id: id('文件'),
  approve: z.boolean({ error: '[审核结果]不能为空' }),
  reason: optionalText('驳回原因', { max: 200 }),
});
export type ResultFileReviewBody = z.output<typeof resultFileReviewBody>;

export const orderAdjustBody = z.object({
  id: id('订单'),
  /** The amount the customer finally pays, in fen. */
  final_fen: integer('最终金额', 0, FEN_MAX),
  reason: text('调整原因', { max: 200 }),
  idempotencyKey: createKey,
});
export type OrderAdjustBody = z.output<typeof orderAdjustBody>;
