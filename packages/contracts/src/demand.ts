// Custom demands (定制需求) and their quotes (issue 9, ADR 0044): a customer
// describes what they need on /require, the account manager answers with a
// quote, and the accepted quote's lines become type-31 plan lines.
import { z } from 'zod';
import { PHONE_PATTERN } from './account.ts';
import { CUSTOMER, mayLeave, staff, SYSTEM, type Transition } from './machine.ts';
import { COUNT_MAX, FEN_MAX, PRICE_UNITS, type PriceUnit } from './money.ts';
import { createKey } from './idempotency.ts';
import { count, fenData, id, integer } from './numbers.ts';
import { pagingQuery } from './paging.ts';
import { optionalText, text } from './text.ts';

/** open (waits for a quote) → quoted → accepted / declined / expired; the customer may withdraw before accepting. */
export const DEMAND_STATES = ['open', 'quoted', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type DemandState = (typeof DEMAND_STATES)[number];

export const DEMAND_STATE_NAMES: Record<DemandState, string> = {
  open: '待报价',
  quoted: '已报价',
  accepted: '已接受',
  declined: '已拒绝',
  expired: '报价已过期',
  withdrawn: '已撤回',
};

/**
 * Every change of a demand's state, and the only one: the server's demand
 * machine (modules/demand/demand-transition.ts, on the one engine) moves a
 * demand only through this table, under the demand's lock, with its timeline
 * (demand_event) and the audit log in the same transaction.
 */
export const DEMAND_TRANSITIONS = {
  /** The customer posts a demand (the timeline's first entry). */
  submit: { label: '提交需求', from: [], to: 'open', by: [CUSTOMER] },
  /** The manager answers (or answers again while the customer has not accepted). */
  quote: { label: '报价', from: ['open', 'quoted', 'declined', 'expired'], to: 'quoted', by: [staff('order.quote')] },
  /** The customer accepts before the quote's validity ends: its lines enter the plan as 定制项目. */
  accept: { label: '接受报价', from: ['quoted'], to: 'accepted', by: [CUSTOMER] },
  decline: { label: '拒绝报价', from: ['quoted'], to: 'declined', by: [CUSTOMER] },
  /** The quote's validity has passed (found when the customer tries to accept, or by the daily sweep). */
  expire: { label: '报价过期', from: ['quoted'], to: 'expired', by: [SYSTEM] },
  withdraw: { label: '撤回需求', from: ['open', 'quoted', 'declined', 'expired'], to: 'withdrawn', by: [CUSTOMER] },
} as const satisfies Record<string, Transition<DemandState> & { to: DemandState }>;
export type DemandAction = keyof typeof DEMAND_TRANSITIONS;
export const DEMAND_ACTIONS = Object.keys(DEMAND_TRANSITIONS) as DemandAction[];

/** Whether `action` may leave `state` (the console's quote button). */
export const canLeaveDemand = (action: DemandAction, state: DemandState): boolean =>
  mayLeave<DemandState>(DEMAND_TRANSITIONS[action], state);

/** Most lines one quote may hold, and most attachments one demand may carry. */
export const QUOTE_LINES_MAX = 20;
export const DEMAND_ATTACHMENTS_MAX = 5;
/** Longest validity a manager may give a quote, in days from today. */
export const QUOTE_VALID_DAYS_MAX = 180;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An attachment as stored and shown: the private file's id, its original name, kind and size. */
export const demandAttachment = z.object({ id: z.string(), name: z.string(), type: z.string(), bytes: z.number().int() });
export type DemandAttachment = z.infer<typeof demandAttachment>;

export const demandAddBody = z.object({
  title: text('需求标题', { max: 64 }),
  description: text('需求描述', { max: 2000, multiline: true }),
  /** Budget in fen; absent when the customer leaves it to the quote. */
  budget_fen: integer('预算', 0, FEN_MAX).optional(),
  contact_name: text('联系人', { max: 32 }),
  contact_phone: text('联系电话', { max: 11 }).refine((v) => PHONE_PATTERN.test(v), '[联系电话]格式不正确'),
  /** Ids answered by demand/upload. */
  attachments: z
    .array(text('附件', { max: 64 }))
    .max(DEMAND_ATTACHMENTS_MAX, `[附件]最多${DEMAND_ATTACHMENTS_MAX}个`)
    .default([]),
  idempotencyKey: createKey,
});
export type DemandAddBody = z.output<typeof demandAddBody>;

export const demandIdBody = z.object({ id: id('需求') });
export const demandDeclineBody = demandIdBody.extend({ reason: optionalText('原因', { max: 200 }) });
export const demandListBody = pagingQuery;

export const quoteLineInput = z.object({
  name: text('项目名称', { max: 64 }),
  description: optionalText('项目说明', { max: 500, multiline: true }),
  unit_fen: integer('单价', 0, FEN_MAX),
  unit: z.enum(Object.keys(PRICE_UNITS) as [PriceUnit, ...PriceUnit[]], { error: '[单位]不正确' }),
  count: count('数量', 1, COUNT_MAX),
  turnaround_days: count('周期', 1, 365),
});
export type QuoteLineInput = z.output<typeof quoteLineInput>;

export const demandQuoteBody = z.object({
  id: id('需求'),
  /** The state the manager saw: another answers 409. */
  expect: z.enum(DEMAND_STATES).optional(),
  lines: z.array(quoteLineInput).min(1, '[报价项目]至少一项').max(QUOTE_LINES_MAX, `[报价项目]最多${QUOTE_LINES_MAX}项`),
  valid_until: text('有效期', { max: 10 }).refine((v) => DATE.test(v), '[有效期]格式不正确'),
  note: optionalText('报价说明', { max: 500, multiline: true }),
  idempotencyKey: createKey,
});
export type DemandQuoteBody = z.output<typeof demandQuoteBody>;

export const adminDemandListQuery = pagingQuery.extend({
  state: z.enum(DEMAND_STATES).optional(),
  kw: optionalText('关键词', { max: 64 }),
});
export type AdminDemandListQuery = z.output<typeof adminDemandListQuery>;
export const adminDemandIdQuery = z.object({ id: id('需求') });

export const quoteLine = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  unit_fen: fenData,
  unit: z.enum(Object.keys(PRICE_UNITS) as [PriceUnit, ...PriceUnit[]]),
  count: z.number().int(),
  amount_fen: fenData,
  turnaround_days: z.number().int(),
});

export const demandEvent = z.object({
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  label: z.string(),
  from: z.enum(DEMAND_STATES).nullable(),
  to: z.enum(DEMAND_STATES),
  note: z.string(),
});

export const demandSummary = z.object({
  id: z.number().int(),
  no: z.string(),
  title: z.string(),
  state: z.enum(DEMAND_STATES),
  budget_fen: fenData.nullable(),
  /** The quote's total (null before a quote). */
  total_fen: fenData.nullable(),
  valid_until: z.string(),
  createdAt: z.string(),
});
export type DemandSummary = z.infer<typeof demandSummary>;

export const demandDetail = demandSummary.extend({
  description: z.string(),
  contact_name: z.string(),
  contact_phone: z.string(),
  attachments: z.array(demandAttachment),
  quote_note: z.string(),
  lines: z.array(quoteLine),
  timeline: z.array(demandEvent),
  /** What the reader may do now (the buttons). */
  actions: z.array(z.enum(DEMAND_ACTIONS)),
});
export type DemandDetail = z.infer<typeof demandDetail>;

export const demandListResponse = z.object({
  list: z.array(demandDetail),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DemandListResponse = z.infer<typeof demandListResponse>;

export const adminDemandSummary = demandSummary.extend({
  customerId: z.number().int(),
  customerName: z.string(),
  customerPhone: z.string(),
  company: z.string(),
  managerName: z.string(),
});
export type AdminDemandSummary = z.infer<typeof adminDemandSummary>;
export const adminDemandDetail = demandDetail.extend(adminDemandSummary.shape);
export type AdminDemandDetail = z.infer<typeof adminDemandDetail>;

export const demandAcceptResponse = z.object({ demand: demandDetail, cartNum: z.number().int() });

/** An uploaded private file (demand attachment or signed contract scan). */
export const privateUploadResult = demandAttachment;
export type PrivateUploadResult = z.infer<typeof privateUploadResult>;

/** XQ + the demand id, padded: the number people read and say. */
export const demandNo = (id: number) => `XQ${String(id).padStart(6, '0')}`;
