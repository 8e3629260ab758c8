// Promotion (推广, issue 10, ADR 0055): the schemas of the promoter's calls
// (apply, wallet, customers, rebates, withdrawals) and the console's 推广员
// and 提现审核 rooms. Amounts are integer fen.
import { z } from 'zod';
import { LEDGER_ENTRY_KINDS } from './ledger.ts';
import { fen, fenData, id, integer } from './numbers.ts';
import { pagingQuery } from './paging.ts';
import { idempotencyKey } from './prestore.ts';
import {
  PROMOTER_STATES,
  REBATE_KINDS,
  REBATE_PENDING_DAYS_MAX,
  REBATE_RATE_BP_MAX,
  REBATE_STATES,
  WITHDRAW_STATES,
} from './promotion-states.ts';
import { optionalText, text } from './text.ts';
import { createKey } from './idempotency.ts';

// ---- settings -------------------------------------------------------------------------------

/** The rebate settings (setting key `promotion`), kept by the console's 推广员 room. */
export const promotionSettings = z.object({
  /** The rebate rate in basis points of the paid amount (500 = 5%). */
  rateBp: integer('返利比例', 0, REBATE_RATE_BP_MAX),
  /** A rebate stays 待入账 until this many days after its order completed. */
  pendingDays: integer('入账天数', 0, REBATE_PENDING_DAYS_MAX),
  /** The smallest withdrawal. */
  minWithdrawFen: fen('最低提现金额'),
});
export type PromotionSettings = z.infer<typeof promotionSettings>;

export const promotionSettingsData = z.object({
  rateBp: z.number().int(),
  pendingDays: z.number().int(),
  minWithdrawFen: fenData,
});

export const DEFAULT_PROMOTION_SETTINGS: PromotionSettings = {
  rateBp: 500,
  pendingDays: 7,
  minWithdrawFen: 10_000 as PromotionSettings['minWithdrawFen'],
};

// ---- the customer's side --------------------------------------------------------------------

export const promoterApplyBody = z.object({
  idempotencyKey: createKey,
  name: text('姓名', { max: 30 }),
  channel: text('推广渠道', { max: 60 }),
  reason: optionalText('申请说明', { max: 300, multiline: true }),
});
export type PromoterApplyBody = z.infer<typeof promoterApplyBody>;

export const promoterEntry = z.object({
  state: z.enum(PROMOTER_STATES),
  name: z.string(),
  channel: z.string(),
  reason: z.string(),
  /** The console's reason of a rejection or a stop. */
  note: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type PromoterEntry = z.infer<typeof promoterEntry>;

export const promotionInfo = z.object({
  /** null: never applied. */
  promoter: promoterEntry.nullable(),
  /** Whether the customer has a rebate wallet (a promoter's, or an inviter's since ADR 0069): its lists and withdrawing. */
  wallet: z.boolean(),
  rateBp: z.number().int(),
  pendingDays: z.number().int(),
  minWithdrawFen: fenData,
  availableFen: z.number().int(),
  pendingFen: z.number().int(),
  /** Rebates reversed after they were withdrawn: taken from the next rebates. */
  owedFen: z.number().int(),
  /** Withdrawals asked and not yet paid (申请中, 已批准). */
  withdrawingFen: z.number().int(),
  customers: z.number().int(),
});
export type PromotionInfo = z.infer<typeof promotionInfo>;

export const promotionCustomer = z.object({
  /** Masked (138****0000). */
  phone: z.string(),
  name: z.string(),
  joinedAt: z.string(),
  rebateFen: z.number().int(),
});
export type PromotionCustomer = z.infer<typeof promotionCustomer>;

export const rebateEntry = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  kind: z.enum(REBATE_KINDS),
  /** The customer, masked. */
  customer: z.string(),
  baseFen: z.number().int(),
  rateBp: z.number().int(),
  amountFen: z.number().int(),
  state: z.enum(REBATE_STATES),
  releaseAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RebateEntry = z.infer<typeof rebateEntry>;

/** A bank account number: 8–30 digits, spaces allowed between groups. */
export const bankAccountNo = text('银行账号', { max: 40 })
  .transform((v) => v.replace(/\s+/g, ''))
  .refine((v) => /^\d{8,30}$/.test(v), '[银行账号]应为8至30位数字');

export const withdrawAddBody = z.object({
  amountFen: fen('提现金额').refine((v) => v > 0, '[提现金额]必须大于0'),
  holder: text('开户人', { max: 30 }).refine((v) => v.length >= 2, '[开户人]至少2个字'),
  bank: text('开户银行', { max: 60 }).refine((v) => v.length >= 4, '[开户银行]请填写完整的银行及支行名称'),
  account: bankAccountNo,
  idempotencyKey,
});
export type WithdrawAddBody = z.input<typeof withdrawAddBody>;

export const withdrawEntry = z.object({
  id: z.number().int(),
  no: z.string(),
  amountFen: z.number().int(),
  holder: z.string(),
  bank: z.string(),
  /** The account, all but its last four digits hidden. */
  account: z.string(),
  state: z.enum(WITHDRAW_STATES),
  note: z.string(),
  reference: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type WithdrawEntry = z.infer<typeof withdrawEntry>;

export const walletStatementBody = pagingQuery.extend({ pending: z.boolean().optional().default(false) });
export const walletLine = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  memo: z.string(),
  amountFen: z.number().int(),
  balanceAfterFen: z.number().int(),
  createdAt: z.string(),
});

// ---- the console ----------------------------------------------------------------------------

export const adminPromoterListQuery = pagingQuery.extend({
  state: z.enum(PROMOTER_STATES, { error: '[状态]不正确' }).optional(),
  kw: optionalText('关键词', { max: 30 }),
});

export const adminPromoter = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  phone: z.string(),
  name: z.string(),
  channel: z.string(),
  reason: z.string(),
  note: z.string(),
  state: z.enum(PROMOTER_STATES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  customers: z.number().int(),
  availableFen: z.number().int(),
  pendingFen: z.number().int(),
  owedFen: z.number().int(),
  earnedFen: z.number().int(),
  withdrawnFen: z.number().int(),
});
export type AdminPromoter = z.infer<typeof adminPromoter>;

export const adminPromoterMoveBody = z.object({ id: id('推广员'), note: optionalText('原因', { max: 200 }) });
export const adminPromoterNoteBody = z.object({ id: id('推广员'), note: text('原因', { max: 200 }) });

export const adminWithdrawListQuery = pagingQuery.extend({
  state: z.enum(WITHDRAW_STATES, { error: '[状态]不正确' }).optional(),
});

export const adminWithdraw = withdrawEntry.extend({
  userId: z.number().int(),
  phone: z.string(),
  promoterName: z.string(),
  /** The full account number: finance transfers to it. */
  account: z.string(),
  staffName: z.string(),
});
export type AdminWithdraw = z.infer<typeof adminWithdraw>;

export const adminWithdrawApproveBody = z.object({ id: id('提现'), idempotencyKey });
export const adminWithdrawRejectBody = z.object({ id: id('提现'), note: text('驳回原因', { max: 200 }), idempotencyKey });
export const adminWithdrawPayBody = z.object({
  id: id('提现'),
  reference: text('打款流水号', { max: 60 }).refine((v) => v.length >= 4, '[打款流水号]至少4位'),
  idempotencyKey,
});
