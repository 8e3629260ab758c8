// Top-ups (充值) and online trades (ADR 0050): the customer's calls and the console's.
// Amounts are integer fen.
import { z } from 'zod';
import { privateUploadResult } from './demand.ts';
import { GATEWAY_NAMES, TOPUP_METHODS, TOPUP_STATES } from './ledger.ts';
import { fen, fenData, id } from './numbers.ts';
import { pagingQuery } from './paging.ts';
import { idempotencyKey } from './prestore.ts';
import { optionalText } from './text.ts';

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

export const receiptUploadResult = privateUploadResult;

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
