// The ledger, idempotency keys and top-ups (issue 10, ADR 0050).
// Migration 0029's own SQL adds what drizzle cannot declare: ledger lines
// can be neither updated nor deleted, and each entry's lines sum to zero
// (a deferred constraint trigger, checked at commit).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import {
  GATEWAY_NAMES,
  LEDGER_ACCOUNT_KINDS,
  LEDGER_ENTRY_KINDS,
  REFUND_STATES,
  TOPUP_METHODS,
  TOPUP_STATES,
  type GatewayKey,
  type LedgerAccountKind,
  type LedgerEntryKind,
  type RefundState,
  type TopupMethod,
  type TopupState,
} from '@yance/contracts/ledger';
import type { Fen } from '@yance/contracts/money';
import { notNegative, oneOf } from './checks.ts';
import { staffAccount, userAccount } from './schema-accounts.ts';
import { orders } from './schema-orders.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * An account. `key` names it once ("prestore:12", "revenue", "gateway:local").
 * A customer-side account keeps its balance in `balance_fen` (never negative:
 * the moving UPDATE checks it under the row lock, and the CHECK backs it); a
 * shop account has none (null) — its balance is the sum of its lines.
 */
export const ledgerAccount = pgTable(
  'ledger_account',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    /** The customer (prestore, wallet) or the research group (group); null for the shop's accounts. */
    ownerId: integer('owner_id'),
    balanceFen: money('balance_fen'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [oneOf('ledger_account_kind_check', t.kind, LEDGER_ACCOUNT_KINDS), notNegative('ledger_account_balance_check', t.balanceFen)],
);

/** One movement of money: its lines sum to zero. Written once, never changed; a correction is a new entry. */
export const ledgerEntry = pgTable(
  'ledger_entry',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').$type<LedgerEntryKind>().notNull(),
    /** The statement's words, e.g. "订单 YC20251124001 付款". */
    memo: text('memo').notNull(),
    /** The customer it concerns (their statement's filter), or null. */
    userId: integer('user_id').references(() => userAccount.id),
    orderId: integer('order_id').references(() => orders.id),
    topupId: integer('topup_id'),
    /** Who moved it: null for the customer or the system. */
    staffId: integer('staff_id').references(() => staffAccount.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    oneOf('ledger_entry_kind_check', t.kind, LEDGER_ENTRY_KINDS),
    index('ledger_entry_order_idx').on(t.orderId),
    index('ledger_entry_created_idx').on(t.createdAt),
    // 收支流水 (ADR 0050): a customer's entries newest first (a keyword resolves to customers, then reads here), and
    // one kind's — a rare kind (提现打款) would otherwise walk the whole ledger to fill a page.
    index('ledger_entry_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('ledger_entry_kind_created_idx').on(t.kind, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** A line: an amount added to (positive) or taken from (negative) one account. balance_after_fen for owned accounts only. */
export const ledgerLine = pgTable(
  'ledger_line',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntry.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccount.id),
    amountFen: money('amount_fen').notNull(),
    /** The owned account's balance right after this line (the statement's running balance). */
    balanceAfterFen: money('balance_after_fen'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    check('ledger_line_amount_check', sql`${t.amountFen} <> 0`),
    index('ledger_line_entry_idx').on(t.entryId),
    index('ledger_line_account_idx').on(t.accountId, t.id),
  ],
);

/**
 * A money-moving request's idempotency key (ADR 0050, after Stripe's): the
 * first request with (owner, key) stores its answer in the same transaction
 * as the money it moved; a repeat with the same body answers that, a repeat
 * with another body is refused. A request that failed stored nothing.
 */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    /** Whose key: "u:12" for a customer, "s:3" for staff. */
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    /** The call's name and a hash of its body. */
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.key] }), index('idempotency_key_created_idx').on(t.createdAt)],
);

/**
 * A top-up of a customer's prestore balance (预存充值): online through a
 * gateway (the trade number goes to the gateway) or by bank transfer with
 * the payer and a receipt image that finance confirms. State by
 * TOPUP_TRANSITIONS only. `pay_order_ids`: an online payment of unpaid
 * orders — credited, then those orders are paid from the balance in the
 * same transaction (a moved order leaves the money in the balance).
 */
export const topup = pgTable(
  'topup',
  {
    id: serial('id').primaryKey(),
    no: text('no').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id),
    method: text('method').$type<TopupMethod>().notNull(),
    gateway: text('gateway').$type<GatewayKey>(),
    amountFen: integer('amount_fen').$type<Fen>().notNull(),
    /** The tier's bonus when it was asked, credited as its own line. */
    bonusFen: integer('bonus_fen')
      .$type<Fen>()
      .notNull()
      .default(sql`0`),
    state: text('state').$type<TopupState>().notNull(),
    payer: text('payer').notNull().default(''),
    /** The transfer's receipt image (a private file key). */
    receiptKey: text('receipt_key').notNull().default(''),
    /** Asked for an invoice of this top-up at once. */
    wantInvoice: boolean('want_invoice').notNull().default(false),
    payOrderIds: integer('pay_order_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    gatewayTradeNo: text('gateway_trade_no'),
    /** The last verified callback (for reconciliation). */
    callback: jsonb('callback'),
    note: text('note').notNull().default(''),
    staffId: integer('staff_id').references(() => staffAccount.id, { onDelete: 'set null' }),
    expiresAt: at('expires_at'),
    creditedAt: at('credited_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    oneOf('topup_method_check', t.method, TOPUP_METHODS),
    oneOf('topup_state_check', t.state, TOPUP_STATES),
    oneOf('topup_gateway_check', t.gateway, GATEWAY_NAMES),
    check('topup_amount_check', sql`${t.amountFen} > 0`),
    notNegative('topup_bonus_check', t.bonusFen),
    index('topup_user_idx').on(t.userId, t.id),
    index('topup_state_idx').on(t.state, t.id),
  ],
);

/**
 * The refund of a cancelled prepaid order (one per order): at 取消订单 what
 * the order paid moves from revenue to the shop's refunds payable; finance's
 * 批准退款 moves it to the customer's balance (REFUND_TRANSITIONS).
 */
export const refund = pgTable(
  'refund',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id),
    amountFen: integer('amount_fen').$type<Fen>().notNull(),
    state: text('state').$type<RefundState>().notNull(),
    /** Why the order was cancelled. */
    reason: text('reason').notNull().default(''),
    note: text('note').notNull().default(''),
    staffId: integer('staff_id').references(() => staffAccount.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    refundedAt: at('refunded_at'),
  },
  (t) => [
    oneOf('refund_state_check', t.state, REFUND_STATES),
    check('refund_amount_check', sql`${t.amountFen} > 0`),
    index('refund_state_idx').on(t.state, t.id),
  ],
);
