// Prestore (预存), payments and settlement: the schemas of issue 10's calls
// (ADR 0050). Amounts are integer fen.
import { z } from 'zod';
import { privateUploadResult } from './demand.ts';
import {
  GATEWAY_NAMES,
  LEDGER_ACCOUNT_KINDS,
  LEDGER_ENTRY_KINDS,
  REFUND_STATES,
  TOPUP_METHODS,
  TOPUP_STATES,
  type GatewayKey,
} from './ledger.ts';
import { fen, fenData, id, integer } from './numbers.ts';
import { ORDER_KINDS, ORDER_STATES } from './order-states.ts';
import { page, pagingQuery } from './paging.ts';
import { optionalText, text } from './text.ts';

/**
 * A money-moving request's idempotency key (ADR 0050): made by the page once
 * per intent (opening the pay dialog) and sent again on every retry of it.
 */
export const idempotencyKey = z
  .string({ error: '[请求编号]不能为空' })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, '[请求编号]格式不正确，请刷新页面后重试');

// ---- settings ---------------------------------------------------------------------------

export const BONUS_PERCENT_MAX = 30;

/** A prestore bonus tier: a top-up of at least minFen gets percent of it as a separate bonus line. */
export const bonusTier = z.object({
  minFen: fen('档位金额'),
  percent: integer('赠送比例', 0, BONUS_PERCENT_MAX),
});
export type BonusTier = z.infer<typeof bonusTier>;

/** How often an overdue order is reminded when finance has not said (days). */
export const OVERDUE_REMIND_DAYS_DEFAULT = 7;

/** The money settings finance keeps in the console (defaults in product.md). */
export const moneySettings = z
  .object({
    /** The smallest top-up (product.md: ¥1 000). */
    prestoreMinFen: fen('最低预存金额'),
    bonusTiers: z.array(bonusTier).max(10, '赠送档位最多10个'),
    /** An institution's order waits this many days in 待结算 before it becomes 欠款中. */
    settleDueDays: integer('结算期限（天）', 1, 365),
    /** An order 欠款中 is reminded again (site message and SMS) every this many days; 0: only the first notice. Settings saved before it existed read 7. */
    overdueRemindDays: integer('欠款提醒间隔（天）', 0, 90).default(OVERDUE_REMIND_DAYS_DEFAULT),
    /** The shop's account that bank transfers go to. */
    bankName: text('开户银行', { max: 60, required: true }),
    bankAccount: text('银行账号', { max: 40, required: true }),
    /** An online trade closes unpaid after this many minutes. */
    tradeMinutes: integer('支付有效期（分钟）', 5, 24 * 60),
  })
  .refine((s) => s.bonusTiers.every((t, i, all) => i === 0 || (all[i - 1]?.minFen ?? 0) < t.minFen), {
    message: '[赠送档位]须按金额从小到大排列且不重复',
    path: ['bonusTiers'],
  });
export type MoneySettings = z.infer<typeof moneySettings>;

/** The money settings in an answer: plain data (a response cannot run the input's preprocessing backwards). */
export const moneySettingsData = z.object({
  prestoreMinFen: fenData,
  bonusTiers: z.array(z.object({ minFen: fenData, percent: z.number().int() })),
  settleDueDays: z.number().int(),
  overdueRemindDays: z.number().int(),
  bankName: z.string(),
  bankAccount: z.string(),
  tradeMinutes: z.number().int(),
});

/** The bonus of a top-up: the highest tier it reaches, rounded down to the fen. */
export function bonusOf(amountFen: number, tiers: readonly BonusTier[]): number {
  let percent = 0;
  for (const t of tiers) if (amountFen >= t.minFen) percent = Math.max(percent, t.percent);
  return Math.floor((amountFen * percent) / 100);
}

// ---- customer calls ----------------------------------------------------------------------

/** prestore/info: the balance and what a top-up needs to show before paying. */
export const prestoreInfo = z.object({
  balanceFen: z.number().int(),
  minFen: fenData,
  bonusTiers: z.array(z.object({ minFen: fenData, percent: z.number().int() })),
  gateways: z.array(z.enum(GATEWAY_NAMES)),
  bank: z.object({ company: z.string(), bankName: z.string(), bankAccount: z.string() }),
  /** Top-ups waiting: transfers for finance, online trades not yet paid. */
  pendingTopups: z.number().int(),
});
export type PrestoreInfo = z.infer<typeof prestoreInfo>;

export const statementBody = pagingQuery.extend({
  kind: z.enum(LEDGER_ENTRY_KINDS).optional(),
  /** China-time days, inclusive. */
  from: z.iso.date({ error: '[开始日期]格式不正确' }).optional(),
  to: z.iso.date({ error: '[结束日期]格式不正确' }).optional(),
});
export type StatementBody = z.infer<typeof statementBody>;

export const statementLine = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  memo: z.string(),
  /** Positive: into the balance; negative: out of it. */
  amountFen: z.number().int(),
  balanceAfterFen: z.number().int(),
  orderId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type StatementLine = z.infer<typeof statementLine>;

export const topupAddBody = z
  .object({
    method: z.enum(TOPUP_METHODS, { error: '[充值方式]不正确' }),
    amountFen: fen('充值金额').refine((v) => v > 0, '[充值金额]必须大于0'),
    /** Online: which gateway (one the shop offers). */
    gateway: z.enum(GATEWAY_NAMES, { error: '[支付方式]不正确' }).optional(),
    /** Transfer: the paying account's name and the receipt (an uploaded picture or PDF). */
    payer: optionalText('付款户名', { max: 60 }),
    receiptId: z
      .string()
      .regex(/^[0-9a-f]{32}$/, '[转账凭证]不正确')
      .optional(),
    wantInvoice: z.boolean().default(false),
    idempotencyKey,
  })
  .superRefine((b, c) => {
    if (b.method === 'online' && !b.gateway) c.addIssue({ code: 'custom', message: '[支付方式]不能为空', path: ['gateway'] });
    if (b.method === 'transfer' && !b.payer) c.addIssue({ code: 'custom', message: '[付款户名]不能为空', path: ['payer'] });
    if (b.method === 'transfer' && !b.receiptId) c.addIssue({ code: 'custom', message: '[转账凭证]不能为空', path: ['receiptId'] });
  });
export type TopupAddBody = z.infer<typeof topupAddBody>;

/** pay/online: one 待付款 order paid online in one step (the trade's amount is what the order needs now, set by the server). */
export const payOnlineBody = z.object({
  orderId: id('订单'),
  gateway: z.enum(GATEWAY_NAMES, { error: '[支付方式]不正确' }),
  idempotencyKey,
});
export type PayOnlineBody = z.infer<typeof payOnlineBody>;

/** How the payer goes on after an online trade starts. */
export const paymentStart = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({ kind: z.literal('qr'), codeUrl: z.string() }),
]);

export const topupEntry = z.object({
  id: z.number().int(),
  no: z.string(),
  method: z.enum(TOPUP_METHODS),
  gateway: z.enum(GATEWAY_NAMES).nullable(),
  amountFen: fenData,
  bonusFen: fenData,
  state: z.enum(TOPUP_STATES),
  payer: z.string(),
  wantInvoice: z.boolean(),
  /** The 待付款 orders this trade pays once credited (pay/online); empty for a top-up. */
  payOrderIds: z.array(z.number().int()),
  note: z.string(),
  createdAt: z.string(),
  creditedAt: z.string().nullable(),
});
export type TopupEntry = z.infer<typeof topupEntry>;

/** A top-up in the customer's own list: a pending trade of the local gateway also has its cashier page's address (去支付). */
export const topupListEntry = topupEntry.extend({ payUrl: z.string().nullable() });
export type TopupListEntry = z.infer<typeof topupListEntry>;

export const topupAddResponse = z.object({ topup: topupEntry, start: paymentStart.nullable() });
export type TopupAddResponse = z.infer<typeof topupAddResponse>;

export const topupListBody = pagingQuery.extend({ state: z.enum(TOPUP_STATES).optional() });
export const topupIdBody = z.object({ id: id('充值单') });

/** An order waiting for money: what is due now (after price adjustments, less what was paid). */
export const dueOrder = z.object({
  id: z.number().int(),
  no: z.string(),
  state: z.enum(ORDER_STATES),
  kind: z.enum(ORDER_KINDS),
  /** The first items' names, for the row. */
  title: z.string(),
  finalFen: fenData,
  paidFen: z.number().int(),
  dueFen: fenData,
  /** When it entered its state (待结算: the due date counts from here). */
  since: z.string(),
  /** 待结算: the last day to settle before 欠款中. */
  dueDate: z.string().nullable(),
});
export type DueOrder = z.infer<typeof dueOrder>;

export const dueListBody = z.object({ tab: z.enum(['unpaid', 'unsettled'], { error: '[列表]不正确' }) });
export const dueListResponse = z.object({ list: z.array(dueOrder), totalDueFen: z.number().int(), balanceFen: z.number().int() });

/** Pay one 待付款 order (prepayment) from the balance. */
export const payOrderBody = z.object({ orderId: id('订单'), idempotencyKey });
export const payResult = z.object({
  orderIds: z.array(z.number().int()),
  paidFen: fenData,
  balanceFen: z.number().int(),
});
export type PayResult = z.infer<typeof payResult>;

/** Settle several 待结算 / 欠款中 orders from the personal balance, or from a research group's within the member's limit. */
export const settleBody = z.object({
  /** Pay from this research group's balance (a member's spending counts against their limit); absent: the personal balance. */
  clusterId: id('课题组').optional(),
  orderIds: z
    .array(id('订单'))
    .min(1, '请选择要结算的订单')
    .max(50, '一次最多结算50个订单')
    .refine((ids) => new Set(ids).size === ids.length, '订单不能重复'),
  idempotencyKey,
});

export const receiptUploadResult = privateUploadResult;

/** prestore/transfer: the owner moves money from their prestore balance into the group (in) or back (out). */
export const groupTransferBody = z.object({
  clusterId: id('课题组'),
  direction: z.enum(['in', 'out'], { error: '[转账方向]不正确' }),
  amountFen: fen('转账金额').refine((v) => v > 0, '[转账金额]必须大于0'),
  idempotencyKey,
});
export const groupFundsBody = pagingQuery.extend({ clusterId: id('课题组') });
/** A group's money as its owner or a member sees it: the balance, my limit and what I spent, and (owner) the statement. */
export const groupFunds = z.object({
  clusterId: z.number().int(),
  balanceFen: z.number().int(),
  owner: z.boolean(),
  limitFen: z.number().int(),
  spentFen: z.number().int(),
  statement: z
    .object({ list: z.array(statementLine), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
    .nullable(),
});
export type GroupFunds = z.infer<typeof groupFunds>;
export const groupTransferResult = z.object({ balanceFen: z.number().int(), groupBalanceFen: z.number().int() });

// ---- console -----------------------------------------------------------------------------

export const adminTopupQuery = pagingQuery.extend({
  state: z.enum(TOPUP_STATES).optional(),
  method: z.enum(TOPUP_METHODS).optional(),
  /** A top-up number or the customer's phone (start). */
  keyword: optionalText('关键词', { max: 40 }),
});
export const adminTopup = topupEntry.extend({
  userId: z.number().int(),
  customer: z.string(),
  phone: z.string(),
  receipt: z.object({ name: z.string(), type: z.string() }).nullable(),
  gatewayTradeNo: z.string().nullable(),
  staffName: z.string(),
});
export type AdminTopup = z.infer<typeof adminTopup>;

export const adminTopupMoveBody = z.object({
  id: id('充值单'),
  /** confirm: optional note; reject: the reason (required). */
  note: optionalText('备注', { max: 200 }),
  idempotencyKey,
});

export const reconciliation = z.object({
  sumFen: z.number().int(),
  entries: z.number().int(),
  lines: z.number().int(),
  unbalanced: z.array(z.object({ entryId: z.number().int(), sumFen: z.number().int() })),
  mismatched: z.array(z.object({ key: z.string(), balanceFen: z.number().int(), sumFen: z.number().int() })),
  negative: z.array(z.object({ key: z.string(), balanceFen: z.number().int() })),
  byKind: z.array(z.object({ kind: z.enum(LEDGER_ACCOUNT_KINDS), accounts: z.number().int(), sumFen: z.number().int() })),
  /** Per gateway: what its verified callbacks credited against its clearing account's lines. */
  gateways: z.array(
    z.object({
      gateway: z.enum(GATEWAY_NAMES),
      callbacks: z.number().int(),
      callbackFen: z.number().int(),
      clearingFen: z.number().int(),
      matches: z.boolean(),
    }),
  ),
  /** The shop's receivables against the institution orders still waiting to settle. */
  receivable: z.object({ ledgerFen: z.number().int(), ordersFen: z.number().int(), matches: z.boolean() }),
  /** The shop's refunds payable against the refunds waiting for finance. */
  refunds: z.object({ ledgerFen: z.number().int(), pendingFen: z.number().int(), matches: z.boolean() }),
  ok: z.boolean(),
  checkedAt: z.string(),
});
export type Reconciliation = z.infer<typeof reconciliation>;

export const adminRefundQuery = pagingQuery.extend({ state: z.enum(REFUND_STATES).optional() });
export const adminRefund = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  userId: z.number().int(),
  customer: z.string(),
  amountFen: fenData,
  state: z.enum(REFUND_STATES),
  reason: z.string(),
  note: z.string(),
  staffName: z.string(),
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof adminRefund>;
export const adminRefundApproveBody = z.object({ id: id('退款'), note: optionalText('备注', { max: 200 }), idempotencyKey });

export const adminStatementQuery = pagingQuery.extend({ userId: id('客户') });

// ---- 收支流水 (the journal) and 应收账款 (receivables) ---------------------------------------

/** The journal's filter: an entry kind, China-time days [from, to], and a keyword. */
const journalFilter = z.object({
  kind: z.enum(LEDGER_ENTRY_KINDS, { error: '[类型]不正确' }).optional(),
  /** China-time days, inclusive. */
  from: z.iso.date({ error: '[开始日期]格式不正确' }).optional(),
  to: z.iso.date({ error: '[结束日期]格式不正确' }).optional(),
  /** The customer's phone or name (from its start), an order number or a top-up number (whole). */
  keyword: optionalText('关键词', { max: 40 }),
});
const fromNotAfterTo = (q: { from?: string | undefined; to?: string | undefined }) => !q.from || !q.to || q.from <= q.to;
const RANGE_ORDER = { message: '[结束日期]不能早于开始日期', path: ['to'] };

export const adminJournalQuery = pagingQuery.extend(journalFilter.shape).refine(fromNotAfterTo, RANGE_ORDER);
export type AdminJournalQuery = z.output<typeof adminJournalQuery>;
export const adminJournalExportQuery = journalFilter.refine(fromNotAfterTo, RANGE_ORDER);
export type AdminJournalFilter = z.output<typeof adminJournalExportQuery>;

/** A keyword may match at most this many customers (by phone or name); one that matches more is refused with what to type. */
export const JOURNAL_KEYWORD_CUSTOMERS_MAX = 200;
/** The journal counts its entries up to here (total is then a floor and `more` says so). */
export const JOURNAL_COUNT_MAX = 5_000;
/** The journal's .xlsx holds at most this many rows (one per line), the newest; a note says when more matched. */
export const JOURNAL_EXPORT_ROWS_MAX = 50_000;

/** A line of an entry: the account's kind, whose it is, and the signed amount (positive: into the account). */
export const journalLine = z.object({
  account: z.enum(LEDGER_ACCOUNT_KINDS),
  /** An owned account's owner (the customer's name or masked phone, the research group's name), a gateway's name; '' for the shop's others. */
  owner: z.string(),
  amountFen: z.number().int(),
});
export type JournalLine = z.infer<typeof journalLine>;

export const journalEntry = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  memo: z.string(),
  createdAt: z.string(),
  /** The customer the entry concerns: name and masked phone. */
  customer: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }).nullable(),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  topupNo: z.string().nullable(),
  /** The staff member who moved it ('' for the customer or the system). */
  staffName: z.string(),
  lines: z.array(journalLine),
});
export type JournalEntry = z.infer<typeof journalEntry>;

export const adminJournal = page(journalEntry).extend({
  /** More entries matched than JOURNAL_COUNT_MAX: total is then that floor. */
  more: z.boolean(),
  /**
   * The movement of the filtered entries per account kind (owned kinds summed over their owners); null unless the
   * filter is bounded (both dates, or a keyword).
   */
  sums: z.array(z.object({ account: z.enum(LEDGER_ACCOUNT_KINDS), sumFen: z.number().int() })).nullable(),
});
export type AdminJournal = z.infer<typeof adminJournal>;

/** The order states an institution's order owes in: billed at 确认数据, then past the settlement days. */
export const RECEIVABLE_STATES = ['unsettled', 'overdue'] as const satisfies readonly (typeof ORDER_STATES)[number][];
export type ReceivableState = (typeof RECEIVABLE_STATES)[number];

export const adminReceivableQuery = pagingQuery.extend({
  state: z.enum(RECEIVABLE_STATES, { error: '[状态]不正确' }).optional(),
  /** Order number, or the customer's phone, name or company (from their start). */
  keyword: optionalText('关键词', { max: 40 }),
  /** Only customers whose 待结算 and 欠款中 orders owe their credit limit or more (order/add refuses them). */
  overCredit: z.preprocess((v) => v === 'true' || v === true || v === '1', z.boolean()).default(false),
});
export type AdminReceivableQuery = z.output<typeof adminReceivableQuery>;

export const adminReceivable = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  state: z.enum(RECEIVABLE_STATES),
  customer: z.object({ id: z.number().int(), name: z.string(), company: z.string(), phone: z.string() }),
  managerName: z.string(),
  /** What the order still owes (payment's dueOf: its bill on the receivables, less what was settled). */
  owedFen: z.number().int(),
  /** When 确认数据 billed it (it entered 待结算). */
  billedAt: z.string(),
  /** The China day the settlement days run out (billed + money settings' settleDueDays). */
  dueDate: z.string(),
  /** Days from the due date to today, China time; negative: days still to go. */
  daysPastDue: z.number().int(),
  /** The customer's credit limit (null: none) and what all its 待结算 and 欠款中 orders owe. */
  creditLimitFen: z.number().int().nullable(),
  customerOwedFen: z.number().int(),
});
export type AdminReceivable = z.infer<typeof adminReceivable>;

export const adminReceivableList = page(adminReceivable).extend({
  /** Per state, under the keyword and credit filters: how many orders and what they owe. */
  totals: z.array(z.object({ state: z.enum(RECEIVABLE_STATES), orders: z.number().int(), owedFen: z.number().int() })),
});
export type AdminReceivableList = z.infer<typeof adminReceivableList>;

/** product.md's defaults, until finance saves its own. */
export const DEFAULT_MONEY_SETTINGS: MoneySettings = {
  prestoreMinFen: 100_000 as MoneySettings['prestoreMinFen'],
  bonusTiers: [
    { minFen: 100_000 as BonusTier['minFen'], percent: 2 },
    { minFen: 500_000 as BonusTier['minFen'], percent: 5 },
    { minFen: 2_000_000 as BonusTier['minFen'], percent: 8 },
  ],
  settleDueDays: 30,
  overdueRemindDays: OVERDUE_REMIND_DAYS_DEFAULT,
  bankName: '中国工商银行北京中关村支行',
  bankAccount: '0200 0045 0920 1234 567',
  tradeMinutes: 30,
};

export type { GatewayKey };

/** assets: the customer's money at a glance (member center): balances, groups, what is due. */
export const assets = z.object({
  balanceFen: z.number().int(),
  pendingTopups: z.number().int(),
  /** Research groups the customer belongs to: the group's balance, the customer's limit and spending. */
  groups: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      owner: z.boolean(),
      balanceFen: z.number().int(),
      limitFen: z.number().int(),
      spentFen: z.number().int(),
    }),
  ),
  /** 待付款 (prepayment and 补差价), 待结算 and, of those, 欠款中. */
  unpaidFen: z.number().int(),
  unpaidOrders: z.number().int(),
  unsettledFen: z.number().int(),
  unsettledOrders: z.number().int(),
  overdueFen: z.number().int(),
  /** Coupons the customer may use now, and the points balance (ADR 0053). */
  usableCoupons: z.number().int(),
  points: z.number().int(),
  /** A promoter's rebate wallet (ADR 0055): what may be withdrawn and what is still pending; null for a customer who never promoted. */
  wallet: z.object({ availableFen: z.number().int(), pendingFen: z.number().int() }).nullable(),
});
export type Assets = z.infer<typeof assets>;
