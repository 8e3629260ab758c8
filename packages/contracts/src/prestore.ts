// Prestore (预存), payments and settlement: the schemas of issue 10's calls
// (ADR 0050). Amounts are integer fen. Top-ups are in topup.ts, the money
// settings in money-settings.ts, the journal and receivables in journal.ts.
import { z } from 'zod';
import { GATEWAY_NAMES, LEDGER_ACCOUNT_KINDS, LEDGER_ENTRY_KINDS, REFUND_STATES, type GatewayKey } from './ledger.ts';
import { idempotencyKey } from './idempotency.ts';
import { fen, fenData, id } from './numbers.ts';
import { orderFigures } from './order-figures.ts';
import { ORDER_KINDS, ORDER_STATES } from './order-states.ts';
import { pagingQuery } from './paging.ts';
import { optionalText, text } from './text.ts';

/** A money-moving request's idempotency key (ADR 0050): required on every call that moves money. */
export { idempotencyKey };

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
  /** Every figure of the order (issue 21): finalFen, paidFen and dueFen above are its own. */
  figures: orderFigures,
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

/** prestore/transfer: the owner moves money from their prestore balance into the group (in) or back (out). */
export const groupTransferBody = z.object({
  clusterId: id('课题组'),
  direction: z.enum(['in', 'out'], { error: '[转账方向]不正确' }),
  amountFen: fen('转账金额').refine((v) => v > 0, '[转账金额]必须大于0'),
  idempotencyKey,
});
export type GroupTransferBody = z.input<typeof groupTransferBody>;
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

/** 课题组入账 (console): finance credits a bank transfer received for a group, with the bank's reference. */
export const groupCreditBody = z.object({
  clusterId: id('课题组'),
  amountFen: fen('入账金额').refine((v) => v > 0, '[入账金额]必须大于0'),
  bankRef: text('银行流水号', { max: 64 }),
  note: optionalText('备注', { max: 200 }),
  idempotencyKey,
});
export type GroupCreditBody = z.output<typeof groupCreditBody>;
export const groupCreditResult = z.object({ groupBalanceFen: z.number().int() });

// ---- console -----------------------------------------------------------------------------

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
