// Evaluations (评价, issue 9, ADR 0048): after confirming the data the
// customer gives each catalogue line of the order 1–5 stars and a comment;
// the item's page shows the average and the latest comments; the account
// manager may reply.
import { z } from 'zod';
import { createKey } from './idempotency.ts';
import { id, integer } from './numbers.ts';
import type { OrderState } from './order-states.ts';
import { pagingQuery } from './paging.ts';
import { optionalText, text } from './text.ts';

/** Order states in which its lines may be evaluated: after 确认数据 (ORDER_TRANSITIONS.confirmData). */
export const EVALUABLE_STATES = ['unsettled', 'overdue', 'completed'] as const satisfies readonly OrderState[];
export const isEvaluable = (state: OrderState): boolean => (EVALUABLE_STATES as readonly OrderState[]).includes(state);

export const STARS_MIN = 1;
export const STARS_MAX = 5;
export const EVALUATION_COMMENT_MAX = 500;
export const EVALUATION_REPLY_MAX = 500;
/** Comments the item's page renders on the server; 查看更多 pages through the rest. */
export const LATEST_EVALUATIONS = 5;
/** Most comments one page of the open list may ask for. */
export const PUBLIC_EVALUATION_PAGE_MAX = 20;

export const EVALUATION_REFUSED = {
  state: '订单确认数据后才能评价',
  custom: '定制项目不支持评价',
  twice: '该项目已评价，每个项目只能评价一次',
} as const;

const HTML_TAG = /<\/?[a-z!][^>]*>/i;
/** A comment or reply: multi-line text without HTML tags (the pages show it as text). */
const plain = <T extends z.ZodType<string>>(schema: T, label: string) =>
  schema.refine((v) => !HTML_TAG.test(v), `[${label}]不能包含HTML标签`);

export const stars = integer('评分', STARS_MIN, STARS_MAX, { wrong: '[评分]须为1到5星' });

export const evaluateAddBody = z.object({
  /** The order line (one catalogue item of the customer's order). */
  lineId: id('订单项目'),
  stars,
  comment: plain(optionalText('评价内容', { max: EVALUATION_COMMENT_MAX, multiline: true }), '评价内容'),
  idempotencyKey: createKey,
});
export type EvaluateAddBody = z.output<typeof evaluateAddBody>;

/** The manager's answer under a comment. */
export const evaluationReply = z.object({ text: z.string(), at: z.string() });

/** The customer's own evaluation (order detail, evaluate/list). */
export const evaluationEntry = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  lineId: z.number().int(),
  rid: z.string(),
  name: z.string(),
  stars: z.number().int(),
  comment: z.string(),
  reply: evaluationReply.nullable(),
  createdAt: z.string(),
});
export type EvaluationEntry = z.infer<typeof evaluationEntry>;

export const evaluateListBody = pagingQuery.extend({
  /** Only this order's evaluations; the answer then also names its lines still open to evaluation. */
  orderId: id('订单').optional(),
});
export type EvaluateListBody = z.output<typeof evaluateListBody>;

export const evaluateListResponse = z.object({
  list: z.array(evaluationEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** With orderId: the order's lines the customer may evaluate now (catalogue items, not yet evaluated, order confirmed). */
  open: z.array(z.number().int()),
});
export type EvaluateListResponse = z.infer<typeof evaluateListResponse>;

/** An item's public comment: the account masked (139****0001). */
export const publicEvaluation = z.object({
  id: z.number().int(),
  account: z.string(),
  stars: z.number().int(),
  comment: z.string(),
  reply: evaluationReply.nullable(),
  createdAt: z.string(),
});
export type PublicEvaluation = z.infer<typeof publicEvaluation>;

export const publicEvaluationQuery = z.object({
  rid: text('项目编号', { max: 32 }),
  page: pagingQuery.shape.page,
  pageSize: integer('每页条数', 1, PUBLIC_EVALUATION_PAGE_MAX).default(LATEST_EVALUATIONS),
});
export type PublicEvaluationQuery = z.output<typeof publicEvaluationQuery>;

export const publicEvaluationResponse = z.object({
  list: z.array(publicEvaluation),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PublicEvaluationResponse = z.infer<typeof publicEvaluationResponse>;

/** The item's rating as its page shows it: the average to one decimal (null without evaluations) and the count. */
export const ratingOf = (sum: number, count: number) => ({
  rating_avg: count > 0 ? Math.round((sum / count) * 10) / 10 : null,
  rating_count: count,
});

/** 139****0001: how a customer's account shows on public pages. */
export const maskAccount = (phone: string) => (phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '匿名用户');

// ---- console --------------------------------------------------------------

export const REPLY_FILTERS = { no: '未回复', yes: '已回复' } as const;
export type ReplyFilter = keyof typeof REPLY_FILTERS;

export const adminEvaluationListQuery = pagingQuery.extend({
  stars: integer('评分', STARS_MIN, STARS_MAX, { wrong: '[评分]须为1到5星' }).optional(),
  replied: z.enum(['no', 'yes'], { error: '[回复状态]不存在' }).optional(),
  /** Item name or number. */
  kw: optionalText('关键词', { max: 64 }),
});
export type AdminEvaluationListQuery = z.output<typeof adminEvaluationListQuery>;

export const adminEvaluation = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  rid: z.string(),
  name: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  customerPhone: z.string(),
  stars: z.number().int(),
  comment: z.string(),
  reply: evaluationReply.nullable(),
  /** Who replied last (their name at the time). */
  repliedBy: z.string(),
  createdAt: z.string(),
});
export type AdminEvaluation = z.infer<typeof adminEvaluation>;

export const adminEvaluationReplyBody = z.object({
  id: id('评价'),
  reply: plain(text('回复内容', { max: EVALUATION_REPLY_MAX, multiline: true }), '回复内容'),
  idempotencyKey: createKey,
});
export type AdminEvaluationReplyBody = z.output<typeof adminEvaluationReplyBody>;
