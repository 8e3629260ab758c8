// The experiment plan (实验方案, the cart) and orders (issue 9, ADR 0039).
import { z } from 'zod';
import { priceUnit } from './catalog.ts';
import { COUNT_MAX } from './money.ts';
import { createKey } from './idempotency.ts';
import { count, fen, fenData, id, oneOf } from './numbers.ts';
import { ORDER_NEXT_STEPS } from './order-next.ts';
import { ORDER_ACTIONS, ORDER_KINDS, ORDER_STATES, ORDER_TAB_NAMES, DELIVERY_METHODS } from './order-states.ts';
import { adminResultFile, priceAdjustment, resultFile, retestInfo, sampleTracking, testRecord } from './lab.ts';
import { orderDeduction } from './coupon.ts';
import { orderFigures } from './order-figures.ts';
import { page, pagingQuery } from './paging.ts';
import type { StaffRole } from './staff.ts';
import { optionalText, text } from './text.ts';
import { agreementAcceptance } from './service-agreement.ts';
import { draftSampleInput, RETURN_ADDRESS_NEEDED, returnAddress, sampleInput, SAMPLES_PER_LINE_MAX } from './order-sample.ts';

/** Type id of 定制项目: items made from an accepted quote; they lead the plan (spec §3, product.md). */
export const CUSTOM_TYPE_ID = 31;

/** Most lines a plan may hold, and most lines one order may take. */
export const PLAN_LINES_MAX = 50;

/** The chosen label of each price option, by option name (money.ts Choices). */
export const choicesInput = z.record(text('选项', { max: 32 }), text('选项', { max: 64 }));

// ---- plan --------------------------------------------------------------

export const planAddBody = z.object({
  idempotencyKey: createKey,
  rid: text('项目编号', { max: 32 }),
  choices: choicesInput.optional().default({}),
  /** Samples (or hours, jobs: the item's unit). */
  count: count('数量', 1, COUNT_MAX),
  /**
   * 立即下单: a line of its own, never added to an equal line's count — the order page orders just this, and
   * takes it out of the plan again when the customer leaves without ordering (issue 21).
   */
  alone: z.boolean().default(false),
});
export type PlanAddBody = z.output<typeof planAddBody>;

export const planEditBody = z.object({
  id: id('方案条目'),
  choices: choicesInput.optional(),
  count: count('数量', 1, COUNT_MAX).optional(),
});
export type PlanEditBody = z.output<typeof planEditBody>;

export const planDelBody = z.object({ ids: z.array(id('方案条目')).min(1, '[方案条目]请选择要删除的项目').max(PLAN_LINES_MAX) });

/** One line of the plan, with its live price. */
export const planLine = z.object({
  id: z.number().int(),
  rid: z.string(),
  name: z.string(),
  img: z.string(),
  type_id: z.number().int(),
  unit: priceUnit,
  /** Unit price with the chosen options, in fen. */
  unit_fen: fenData,
  choices: z.record(z.string(), z.string()),
  /** The item's options, for changing them in the plan. */
  options: z.array(z.object({ name: z.string(), choices: z.array(z.object({ label: z.string(), extra_fen: fenData })) })),
  count: z.number().int(),
  /** unit_fen × count; null when the item has no fixed price (待报价). */
  amount_fen: fenData.nullable(),
  turnaround_days: z.number().int(),
  /** 预计N个工作日出结果 from the lab's queue now (ADR 0041), and the day if the samples arrived today. */
  estimate_days: z.number().int(),
  estimate_date: z.string().nullable(),
  /** False when the item was taken off the shelf since: it cannot be ordered. */
  available: z.boolean(),
});
export type PlanLine = z.infer<typeof planLine>;

/** plan/list (spec §3 user plan): dataArr groups the lines by type_id with their count, type 31 first. */
export const planListResponse = z.object({
  dataArr: z.array(
    z.object({
      type_id: z.number().int(),
      type_name: z.string(),
      count: z.number().int(),
      items: z.array(planLine),
    }),
  ),
  cartNum: z.number().int(),
});
export type PlanListResponse = z.infer<typeof planListResponse>;

export const planAddResponse = z.object({ id: z.number().int(), cartNum: z.number().int() });

// ---- order input ---------------------------------------------------------

export {
  draftSampleInput,
  RADIOACTIVE_REFUSED,
  RETURN_ADDRESS_MISSING,
  RETURN_ADDRESS_NEEDED,
  returnAddress,
  SAMPLE_FORMS,
  SAMPLE_HAZARDS,
  sampleInput,
  SAMPLES_PER_LINE_MAX,
  type DraftSampleInput,
  type ReturnAddress,
  type SampleForm,
  type SampleHazard,
  type SampleInput,
} from './order-sample.ts';

/**
 * An attachment the customer names with an order: a file name or one of our
 * paths, never text a browser would follow to another host ("//evil",
 * "/\evil", a backslash anywhere). The console links only same-site paths
 * (isSameSitePath) and shows anything else as text.
 */
const attachment = text('附件', { max: 255 }).refine(
  (v) => !/^\/[/\\]/.test(v) && !v.includes('\\'),
  '[附件]地址不正确：不能以“//”或“/\\”开头，也不能含有反斜杠',
);

/**
 * order/add: the selected plan lines become an order (they leave the plan),
 * each with its samples. draft true keeps it as 草稿; draftId finishes or
 * updates a saved draft instead of making a new order: its lines are named by
 * lineId, and a line of the draft left out goes back to the plan.
 */
export const orderAddBody = z
  .object({
    draftId: id('草稿').optional(),
    lines: z
      .array(
        z
          .object({
            /** A line of the caller's plan (it leaves the plan with the order). */
            planId: id('方案条目').optional(),
            /** Or, finishing a draft (draftId), a line the draft already holds. */
            lineId: id('订单项目').optional(),
            samples: z.array(draftSampleInput).max(SAMPLES_PER_LINE_MAX),
          })
          .refine((l) => (l.planId === undefined) !== (l.lineId === undefined), '[项目]请选择要下单的项目'),
      )
      .min(1, '[项目]请选择要下单的项目')
      .max(PLAN_LINES_MAX),
    /** How the samples reach the lab: needed when a line needs samples (line-kinds.ts), refused when none does. */
    delivery: oneOf('送样方式', Object.values(DELIVERY_METHODS), { missing: '[送样方式]不能为空' }).optional(),
    /** Where samples asked back go (one of the caller's addresses, snapshotted): needed when a sample is to be returned. */
    returnAddressRid: text('退还地址', { max: 32 }).optional(),
    /** The version of the service agreement the customer ticked 同意 on (an institution's sent order needs the one in force). */
    agreementVersion: count('服务协议版本', 1, 1_000_000).optional(),
    remark: optionalText('备注', { max: 500, multiline: true }),
    attachments: z.array(attachment).max(10).default([]),
    draft: z.boolean().default(false),
    /** One of the caller's usable coupons (ADR 0053): checked and held by the order on the server. */
    couponId: id('优惠券').optional(),
    /** Points to deduct (ADR 0053): within the balance and the settings' cap. */
    points: count('积分', 0, 1_000_000_000).optional(),
    idempotencyKey: createKey,
  })
  .superRefine((body, ctx) => {
    // A draft saves what is there; an order sent needs every sample complete. Which lines need samples at all is
    // their kind's (line-kinds.ts), which only the server knows from the plan lines named.
    if (body.draft) return;
    if (body.lines.some((l) => l.samples.some((x) => x.returnSample)) && !body.returnAddressRid)
      ctx.addIssue({ code: 'custom', message: RETURN_ADDRESS_NEEDED, path: ['returnAddressRid'] });
    body.lines.forEach((line, i) => {
      line.samples.forEach((sample, j) => {
        const checked = sampleInput.safeParse(sample);
        for (const issue of checked.error?.issues ?? [])
          ctx.addIssue({ code: 'custom', message: issue.message, path: ['lines', i, 'samples', j, ...issue.path] });
      });
    });
  });
export type OrderAddBody = z.output<typeof orderAddBody>;

export const orderIdBody = z.object({ id: id('订单') });
/** order/again (再来一单): the order and the create call's key. */
export const orderAgainBody = orderIdBody.extend({ idempotencyKey: createKey });
export const orderCancelBody = orderIdBody.extend({ reason: text('取消原因', { max: 200 }) });

export const orderListBody = pagingQuery.extend({
  tab: z.enum(ORDER_TAB_NAMES as [string, ...string[]], { error: '[订单状态]不存在' }).default('all'),
  /** Order number, item name or sample name. */
  kw: optionalText('关键词', { max: 64 }),
});
export type OrderListBody = z.output<typeof orderListBody>;

// ---- order output --------------------------------------------------------

export const orderState = z.enum(ORDER_STATES);
export const orderAction = z.enum(ORDER_ACTIONS as [string, ...string[]]);

export const orderSummary = z.object({
  id: z.number().int(),
  /** YC20261123-0042: readable on the phone, unique across processes. */
  no: z.string(),
  state: orderState,
  kind: z.enum(ORDER_KINDS),
  /** 0 自行寄样, 1 上门取样; null when no line needs samples (数据分析 only, line-kinds.ts). */
  delivery: z.number().int().nullable(),
  /** Item names of the lines, in order. */
  items: z.array(z.string()),
  sampleCount: z.number().int(),
  /** Sum of the lines; null while a line waits for its quote. */
  total_fen: fenData.nullable(),
  /** Every amount of the order from the server's one function (issue 21): what the list, the page and the console show. */
  figures: orderFigures,
  createdAt: z.string(),
  /**
   * What the customer must do now (ADR 0062: orderNextSteps over the order's state and facts), the main step
   * first: 签署合同, 支付, 补差价, 填写快递单号, 预约上门取样, 确认数据, 结算, 评价, 申请开票. Empty while the order
   * waits for the shop (or is done).
   */
  next: z.array(z.enum(ORDER_NEXT_STEPS)),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const orderListResponse = z.object({
  list: z.array(orderSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Orders in each tab (the customer's own), for the tab labels. */
  counts: z.record(z.string(), z.number().int()),
});
export type OrderListResponse = z.infer<typeof orderListResponse>;

/** Most orders order/todo lists (its counts count them all). */
export const ORDER_TODO_MAX = 20;

/** order/todo: the customer's orders that wait for them (next not empty), newest first, and how many wait for each step. */
export const orderTodoResponse = z.object({
  /** Orders with at least one step. */
  total: z.number().int(),
  /** Orders waiting for each step (an order may count under two, e.g. 结算 and 评价). */
  counts: z.record(z.string(), z.number().int()),
  list: z.array(orderSummary),
});
export type OrderTodoResponse = z.infer<typeof orderTodoResponse>;

export const orderSample = z.object({
  id: z.number().int(),
  /** Sample number printed on its label: the order number and a sequence, e.g. YC20261123-0042-02. */
  no: z.string(),
  lineId: z.number().int(),
  name: z.string(),
  count: z.number().int(),
  form: z.string(),
  hazards: z.array(z.string()),
  requirement: z.string(),
  returnSample: z.boolean(),
  /** Where the sample is and its courier numbers (ADR 0041). */
  tracking: sampleTracking,
});
export type OrderSample = z.infer<typeof orderSample>;

export const orderLine = z.object({
  id: z.number().int(),
  rid: z.string(),
  name: z.string(),
  type_id: z.number().int(),
  unit: priceUnit,
  choices: z.record(z.string(), z.string()),
  unit_fen: fenData,
  count: z.number().int(),
  /** null while waiting for the manager's quote; after the promotion's discount. */
  amount_fen: fenData.nullable(),
  /** What the promotion rules took off the line when it was ordered (issue 21), and their labels ('' for none). */
  promo_fen: fenData,
  promo_label: z.string(),
  turnaround_days: z.number().int(),
  /** Working days promised when the order was sent (from the queue then); null on orders sent before the estimate existed. */
  promised_days: z.number().int().nullable(),
  /** The promise counted on the lab's calendar from the day the samples were received; null until then. */
  due_date: z.string().nullable(),
});
export type OrderLine = z.infer<typeof orderLine>;

/** One step of the timeline the customer sees: who did what, when. */
export const orderEvent = z.object({
  at: z.string(),
  /** 您, 客户经理 张三, 实验员 李四, 系统. */
  actor: z.string(),
  action: z.string(),
  label: z.string(),
  from: orderState.nullable(),
  to: orderState,
  note: z.string(),
});
export type OrderEvent = z.infer<typeof orderEvent>;

export const orderDetail = orderSummary.extend({
  /** null when no sample is to be returned. */
  returnAddress: returnAddress.nullable(),
  /** The service agreement the institution accepted with the order (version and time); null for an enterprise's. */
  agreement: agreementAcceptance,
  remark: z.string(),
  attachments: z.array(z.string()),
  lines: z.array(orderLine),
  samples: z.array(orderSample),
  timeline: z.array(orderEvent),
  /** The lab's test records per sample (ADR 0041). */
  testRecords: z.array(testRecord),
  /** Result files the customer may download: reviewed ones only (the console lists all, with their review). */
  files: z.array(resultFile),
  /** 补差价 / 退差价 rows, oldest first; final_fen is the total after them (null while a line waits for its quote). */
  adjustments: z.array(priceAdjustment),
  final_fen: z.number().int().nullable(),
  retest: retestInfo,
  /** The coupon and points the order uses (ADR 0053): the customer pays final_fen minus both. */
  deduction: orderDeduction,
  /** What the reader may do now (customer: submit, confirmData, cancel; staff: by permission). */
  actions: z.array(orderAction),
});
export type OrderDetail = z.infer<typeof orderDetail>;

/** order/again (再来一单): the lines copied into the plan, and the items left out because they are off the shelf or changed. */
export const orderAgainResponse = z.object({ cartNum: z.number().int(), added: z.number().int(), skipped: z.array(z.string()) });
export type OrderAgainResponse = z.infer<typeof orderAgainResponse>;

export const orderAddResponse = z.object({ id: z.number().int(), no: z.string(), state: orderState, cartNum: z.number().int() });

// ---- console -------------------------------------------------------------

/** Roles that reach every order; a manager reaches only their own customers' (as with customers, ADR 0035, 0039). */
export const SEE_ALL_ORDERS: readonly StaffRole[] = ['admin', 'lab', 'finance'];
export const seesAllOrders = (roles: readonly StaffRole[]): boolean => roles.some((r) => SEE_ALL_ORDERS.includes(r));

export const adminOrderListQuery = pagingQuery.extend({
  state: z.enum(ORDER_STATES, { error: '[订单状态]不存在' }).optional(),
  /** Order number, customer phone or name, item or sample name. */
  kw: optionalText('关键词', { max: 64 }),
  customerId: z.preprocess((v) => (v === '' || v === null ? undefined : v), id('客户').optional()),
});
export type AdminOrderListQuery = z.output<typeof adminOrderListQuery>;

export const adminOrderSummary = orderSummary.extend({
  customerId: z.number().int(),
  customerName: z.string(),
  customerPhone: z.string(),
  company: z.string(),
  managerName: z.string(),
});

/** The console's order list; `more` when a keyword matched more orders than the server counts (total is then a floor). */
export const adminOrderListResponse = page(adminOrderSummary).extend({ more: z.boolean() });

export type AdminOrderSummary = z.infer<typeof adminOrderSummary>;
export type AdminOrderListResponse = z.infer<typeof adminOrderListResponse>;

export const adminOrderDetail = orderDetail.extend({
  files: z.array(adminResultFile),
  customerId: z.number().int(),
  customerName: z.string(),
  customerPhone: z.string(),
  company: z.string(),
  managerName: z.string(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

export const adminOrderIdQuery = z.object({ id: id('订单') });

/** Staff moving an order: the state they saw (a stale page gets 409) and a note where the transition asks for one. */
export const orderMoveBody = orderIdBody.extend({
  expect: z.enum(ORDER_STATES, { error: '[订单状态]不存在' }),
  note: optionalText('备注', { max: 500, multiline: true }),
});
export type OrderMoveBody = z.output<typeof orderMoveBody>;

/**
 * 确认收款 (markPaid): finance records the bank transfer that paid a 待付款
 * order — the amount the bank credited and its reference (流水号). The server
 * refuses an amount other than what the order asks (ADR 0050).
 */
export const orderMarkPaidBody = orderMoveBody.extend({
  receivedFen: fen('到账金额').refine((v) => v > 0, '[到账金额]必须大于0'),
  bankRef: text('银行流水号', { max: 60 })
    .regex(/^[0-9A-Za-z-]+$/, '[银行流水号]只能是字母、数字和连字符')
    .refine((v) => v.length >= 4, '[银行流水号]至少4位'),
});
export type OrderMarkPaidBody = z.output<typeof orderMarkPaidBody>;

/** quote: the manager prices every line that had no price (and may correct the others). */
export const orderQuoteBody = orderMoveBody.extend({
  lines: z
    .array(z.object({ lineId: id('订单项目'), amount_fen: fen('报价金额') }))
    .min(1, '[报价]请填写报价')
    .max(PLAN_LINES_MAX),
});
export type OrderQuoteBody = z.output<typeof orderQuoteBody>;
