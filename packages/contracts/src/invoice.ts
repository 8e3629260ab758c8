// Invoices (发票, issue 10, ADR 0052): the customer's titles (抬头, spec §7
// invoice add/edit/del/default), applications against paid orders
// (invoiceApply), and the console's 发票 room. Kinds, states and the
// transition table are zod-free in invoice-states.ts.
import { z } from 'zod';
import { FEN_MAX } from './money.ts';
import {
  INVOICE_HOLDERS,
  INVOICE_LINES_MAX,
  INVOICE_SOURCES,
  INVOICE_STATES,
  INVOICE_TITLE_KINDS,
  isElectronicInvoice,
  isSpecialInvoice,
  type InvoiceHolder,
  type InvoiceTitleKind,
} from './invoice-states.ts';
import { createKey } from './idempotency.ts';
import { fenData, id, integer, oneOf } from './numbers.ts';
import { ORDER_KINDS, ORDER_STATES } from './order-states.ts';
import { pagingQuery } from './paging.ts';
import { optionalText, text } from './text.ts';

/** 纳税人识别号: the 18-character unified social credit code, or an older 15- or 20-character number; letters and digits. */
export const TAX_ID_PATTERN = /^(?:[0-9A-Z]{15}|[0-9A-Z]{18}|[0-9A-Z]{20})$/;
/** 发票号码 as the tax system prints it: 8 digits (older invoices) up to 20 (全电发票). */
export const INVOICE_NO_PATTERN = /^\d{8,20}$/;
const isEmail = (v: string) => z.email().safeParse(v).success;

/** The refusals a title's kind and holder decide, one message per field (the forms show it under the field). */
export const INVOICE_TITLE_RULES = {
  specialPerson: '[抬头类型]专用发票只能开给单位',
  taxIdMissing: '[纳税人识别号]单位抬头必须填写纳税人识别号',
  emailMissing: '[收票邮箱]电子发票必须填写收票邮箱',
  addressMissing: '[收票地址]纸质发票必须选择收票地址',
} as const;

/** What a 专票 (kinds 3, 4) also needs, by field, and its message. */
export const SPECIAL_INVOICE_FIELDS = {
  register_address: '[注册地址]开具专用发票必须填写注册地址',
  register_phone: '[注册电话]开具专用发票必须填写注册电话',
  bank: '[开户银行]开具专用发票必须填写开户银行',
  bank_account: '[银行账号]开具专用发票必须填写银行账号',
} as const;

const titleShape = {
  kind: oneOf('发票类型', INVOICE_TITLE_KINDS, { missing: '[发票类型]不能为空' }),
  holder: z.enum(INVOICE_HOLDERS, { error: '[抬头类型]不正确' }),
  name: text('抬头名称', { max: 100 }),
  tax_id: text('纳税人识别号', { max: 32, required: false })
    .overwrite((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => v === '' || TAX_ID_PATTERN.test(v), '[纳税人识别号]应为15、18或20位字母或数字')
    .optional()
    .default(''),
  register_address: optionalText('注册地址', { max: 100 }),
  register_phone: optionalText('注册电话', { max: 32 }).refine((v) => v === '' || /^[\d\-+() ]{5,32}$/.test(v), '[注册电话]格式不正确'),
  bank: optionalText('开户银行', { max: 64 }),
  bank_account: text('银行账号', { max: 40, required: false })
    .overwrite((v) => v.replace(/[\s-]+/g, ''))
    .refine((v) => v === '' || /^\d{6,30}$/.test(v), '[银行账号]应为6到30位数字')
    .optional()
    .default(''),
  /** E-invoices (1, 3): where the PDF is sent. */
  email: optionalText('收票邮箱', { max: 64 }).refine((v) => v === '' || isEmail(v), '[收票邮箱]格式不正确'),
  /** Paper invoices (2, 4): one of the customer's addresses (address_rid of the address book). */
  address_rid: optionalText('收票地址', { max: 32 }),
  default: z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 1, z.boolean()),
};

type TitleFields = {
  kind: InvoiceTitleKind;
  holder: InvoiceHolder;
  tax_id: string;
  email: string;
  address_rid: string;
} & Record<keyof typeof SPECIAL_INVOICE_FIELDS, string>;

/** The rules across fields: 专票 only for a company and with every bank field; a company's tax id; where the invoice goes. */
function titleRules(v: TitleFields, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const special = isSpecialInvoice(v.kind);
  if (special && v.holder !== 'company') issue('holder', INVOICE_TITLE_RULES.specialPerson);
  if ((special || v.holder === 'company') && !v.tax_id) issue('tax_id', INVOICE_TITLE_RULES.taxIdMissing);
  if (special)
    for (const [field, message] of Object.entries(SPECIAL_INVOICE_FIELDS))
      if (!v[field as keyof typeof SPECIAL_INVOICE_FIELDS]) issue(field, message);
  if (isElectronicInvoice(v.kind) && !v.email) issue('email', INVOICE_TITLE_RULES.emailMissing);
  if (!isElectronicInvoice(v.kind) && !v.address_rid) issue('address_rid', INVOICE_TITLE_RULES.addressMissing);
}

/** invoice/add: a title (抬头) of the customer. */
export const invoiceTitleForm = z.object(titleShape).superRefine(titleRules);
export type InvoiceTitleForm = z.output<typeof invoiceTitleForm>;
export const invoiceTitleAddBody = z.object({ ...titleShape, idempotencyKey: createKey }).superRefine(titleRules);
/** invoice/edit: the same fields and the title's id. */
export const invoiceTitleEditBody = z.object({ id: id('发票抬头'), ...titleShape }).superRefine(titleRules);
export type InvoiceTitleEditBody = z.output<typeof invoiceTitleEditBody>;
export const invoiceTitleIdBody = z.object({ id: id('发票抬头') });

/** A title as the pages show it; address_text is the chosen address as one line ('' when none, or when it was deleted since). */
export const invoiceTitle = z.object({
  id: z.number().int(),
  kind: z.literal(INVOICE_TITLE_KINDS),
  holder: z.enum(INVOICE_HOLDERS),
  name: z.string(),
  tax_id: z.string(),
  register_address: z.string(),
  register_phone: z.string(),
  bank: z.string(),
  bank_account: z.string(),
  email: z.string(),
  address_rid: z.string(),
  address_text: z.string(),
  default: z.boolean(),
});
export type InvoiceTitle = z.infer<typeof invoiceTitle>;
export const invoiceTitleListResponse = z.object({ list: z.array(invoiceTitle) });

/** The title as it was when the customer applied: kept with the application, whatever happens to the title later. */
export const invoiceTitleSnapshot = invoiceTitle.pick({
  kind: true,
  holder: true,
  name: true,
  tax_id: true,
  register_address: true,
  register_phone: true,
  bank: true,
  bank_account: true,
});
export type InvoiceTitleSnapshot = z.infer<typeof invoiceTitleSnapshot>;

// ---- applications (invoiceApply) --------------------------------------------

/** An order the customer may still invoice: paid, and its final amount not yet wholly applied for. */
export const invoiceableOrder = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  kind: z.enum(ORDER_KINDS),
  state: z.enum(ORDER_STATES),
  createdAt: z.string(),
  /** What the customer pays for the order (its figures' payableFen: after 补差价 / 退差价, less the coupon and the points). */
  final_fen: fenData,
  /** Already in applications that are 申请中 or 已开票. */
  applied_fen: fenData,
  /** What one more application may still ask for. */
  invoiceable_fen: fenData,
  /** Paid from the customer's prestore balance: it draws on the prestore pool with the top-ups. */
  fromPrestore: z.boolean(),
});
export type InvoiceableOrder = z.infer<typeof invoiceableOrder>;

/** A credited top-up the customer may still invoice (预存开票, ADR 0052 addendum): its principal, never the bonus. */
export const invoiceableTopup = z.object({
  topupId: z.number().int(),
  topupNo: z.string(),
  method: z.enum(['online', 'transfer']),
  creditedAt: z.string(),
  /** What was paid in (the bonus is not invoiceable). */
  amount_fen: fenData,
  applied_fen: fenData,
  invoiceable_fen: fenData,
});
export type InvoiceableTopup = z.infer<typeof invoiceableTopup>;

export const invoiceableOrdersResponse = z.object({
  list: z.array(invoiceableOrder),
  topups: z.array(invoiceableTopup),
  /**
   * What prestore money may still be invoiced in all (top-ups, and orders paid
   * from the prestore balance): the top-ups' principal less what was moved to
   * research groups and what is already applied for.
   */
  prestoreLeft_fen: fenData,
});

/** One line of an application: what it invoices (a paid order or a credited top-up) and how much. */
export const invoiceApplyLineInput = z.object({
  source: z.enum(INVOICE_SOURCES, { error: '[开票来源]不正确' }).default('order'),
  sourceId: id('开票来源'),
  amount_fen: integer('开票金额', 1, FEN_MAX).brand<'Fen'>(),
});

export const invoiceApplyAddBody = z.object({
  titleId: id('发票抬头'),
  lines: z
    .array(invoiceApplyLineInput, { error: '[开票内容]不能为空' })
    .min(1, '[开票内容]至少选择一个')
    .max(INVOICE_LINES_MAX, `[开票内容]一次最多${INVOICE_LINES_MAX}个`)
    .refine((ls) => new Set(ls.map((l) => `${l.source}:${l.sourceId}`)).size === ls.length, '[开票内容]重复'),
  /** E-invoices: where to send it; empty takes the title's. */
  email: optionalText('收票邮箱', { max: 64 }).refine((v) => v === '' || isEmail(v), '[收票邮箱]格式不正确'),
  /** Paper invoices: one of the customer's addresses; empty takes the title's. */
  address_rid: optionalText('收票地址', { max: 32 }),
  remark: optionalText('备注', { max: 200 }),
  idempotencyKey: createKey,
});
export type InvoiceApplyAddBody = z.output<typeof invoiceApplyAddBody>;

export const invoiceApplyIdBody = z.object({ id: id('开票申请') });
export const invoiceApplyIdQuery = invoiceApplyIdBody;
export const invoiceApplyListBody = pagingQuery.extend({
  state: z.enum(INVOICE_STATES, { error: '[状态]不正确' }).optional(),
});
export type InvoiceApplyListBody = z.output<typeof invoiceApplyListBody>;

export const invoiceLine = z.object({
  source: z.enum(['order', 'topup']),
  sourceId: z.number().int(),
  /** The order's number (or the top-up's) as the customer reads it. */
  label: z.string(),
  amount_fen: fenData,
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

export const invoiceApplySummary = z.object({
  id: z.number().int(),
  no: z.string(),
  state: z.enum(INVOICE_STATES),
  kind: z.literal(INVOICE_TITLE_KINDS),
  titleName: z.string(),
  amount_fen: fenData,
  /** The orders' numbers. */
  labels: z.array(z.string()),
  invoiceNo: z.string(),
  rejectReason: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type InvoiceApplySummary = z.infer<typeof invoiceApplySummary>;

export const invoiceApplyDetail = invoiceApplySummary.extend({
  title: invoiceTitleSnapshot,
  lines: z.array(invoiceLine),
  email: z.string(),
  /** The paper invoice's address as one line (name, phone, place). */
  mailTo: z.string(),
  remark: z.string(),
  /** The invoice's date (YYYY-MM-DD, China) once issued. */
  invoiceDate: z.string(),
  /** Whether the invoice PDF can be downloaded (issued). */
  hasPdf: z.boolean(),
  /** The customer may still withdraw it. */
  canWithdraw: z.boolean(),
});
export type InvoiceApplyDetail = z.infer<typeof invoiceApplyDetail>;

// ---- the console's 发票 room -------------------------------------------------

export const adminInvoiceListQuery = pagingQuery.extend({
  state: z.enum(INVOICE_STATES, { error: '[状态]不正确' }).optional(),
  /** The application's number (FP…), the title's name or the customer's phone. */
  kw: text('搜索词', { max: 64, required: false }).optional(),
});
export type AdminInvoiceListQuery = z.output<typeof adminInvoiceListQuery>;

const customerCardShape = {
  customerId: z.number().int(),
  customerName: z.string(),
  customerPhone: z.string(),
  company: z.string(),
};
export const adminInvoiceSummary = invoiceApplySummary.extend(customerCardShape);
export type AdminInvoiceSummary = z.infer<typeof adminInvoiceSummary>;
export const adminInvoiceDetail = invoiceApplyDetail.omit({ canWithdraw: true }).extend({
  ...customerCardShape,
  /** Who decided (issued or rejected) it. */
  decidedBy: z.string(),
});
export type AdminInvoiceDetail = z.infer<typeof adminInvoiceDetail>;

export const adminInvoiceIssueBody = z.object({
  id: id('开票申请'),
  invoiceNo: text('发票号码', { max: 32 })
    .overwrite((v) => v.replace(/\s+/g, ''))
    .refine((v) => INVOICE_NO_PATTERN.test(v), '[发票号码]应为8到20位数字'),
  idempotencyKey: createKey,
});
export type AdminInvoiceIssueBody = z.output<typeof adminInvoiceIssueBody>;
export const adminInvoiceRejectBody = z.object({ id: id('开票申请'), reason: text('驳回原因', { max: 200 }) });
export type AdminInvoiceRejectBody = z.output<typeof adminInvoiceRejectBody>;

/** The refusals of the application calls, written once (the tests and the pages read them). */
export const INVOICE_REFUSED = {
  notInvoiceable: (no: string) => `订单${no}尚未付款，暂不能开票`,
  over: (no: string, left: string) => `订单${no}可开票金额不足（剩余${left}）`,
  topupNotInvoiceable: (no: string) => `充值单${no}尚未到账，暂不能开票`,
  topupOver: (no: string, left: string) => `充值单${no}可开票金额不足（剩余${left}）`,
  prestoreOver: (left: string) => `预存资金可开票金额不足（剩余${left}）：赠送金额、转入课题组的金额和已开票的部分不能再开票`,
  noTopup: '充值单不存在',
  noAddress: '[收票地址]纸质发票必须选择收票地址',
  noEmail: '[收票邮箱]电子发票必须填写收票邮箱',
  titlesFull: (max: number) => `[发票抬头]最多${max}个`,
  invoiceNoTaken: '该发票号码已被使用',
} as const;
