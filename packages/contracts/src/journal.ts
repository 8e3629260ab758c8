// 收支流水 (the journal) and 应收账款 (receivables): the finance console's views of the ledger
// (ADR 0050). Amounts are integer fen.
import { z } from 'zod';
import { LEDGER_ACCOUNT_KINDS, LEDGER_ENTRY_KINDS } from './ledger.ts';
import type { ORDER_STATES } from './order-states.ts';
import { page, pagingQuery } from './paging.ts';
import { optionalText } from './text.ts';

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
