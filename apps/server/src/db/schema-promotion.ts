// Promotion (推广, issue 10, ADR 0055, ADR 0069): promoters, the rebate
// wallets (a promoter's or an inviter's), their rebates (one per order
// payment) and their withdrawals. Money itself is in the ledger (the
// customer's wallet and walletPending accounts); these rows carry the states.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Fen } from '@yance/contracts/money';
import {
  PROMOTER_STATES,
  REBATE_KINDS,
  REBATE_STATES,
  WITHDRAW_STATES,
  type PromoterState,
  type RebateKind,
  type RebateState,
  type WithdrawState,
} from '@yance/contracts/promotion-states';
import { notNegative, oneOf } from './checks.ts';
import { staffAccount, userAccount } from './schema-accounts.ts';
import { ledgerEntry } from './schema-money.ts';
import { orders } from './schema-orders.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A customer's promoter application and, once approved, the promoter (one per customer). */
export const promoter = pgTable(
  'promoter',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => userAccount.id),
    state: text('state').$type<PromoterState>().notNull(),
    name: text('name').notNull(),
    channel: text('channel').notNull(),
    reason: text('reason').notNull().default(''),
    note: text('note').notNull().default(''),
    staffId: integer('staff_id').references(() => staffAccount.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    decidedAt: at('decided_at'),
  },
  (t) => [oneOf('promoter_state_check', t.state, PROMOTER_STATES), index('promoter_state_idx').on(t.state, t.id)],
);

/**
 * A customer's rebate wallet (ADR 0069): made with their first rebate (a
 * promoter's or an inviter's). owed_fen: rebates reversed after they had
 * become available and could not be taken from the wallet; the next releases
 * pay it off first. Every movement of the wallet takes this row's lock first.
 */
export const wallet = pgTable(
  'wallet',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => userAccount.id),
    owedFen: bigint('owed_fen', { mode: 'number' }).notNull().default(0),
    createdAt: at('created_at').notNull(),
  },
  (t) => [notNegative('wallet_owed_check', t.owedFen)],
);

/**
 * A rebate: one per payment entry of an invited customer's order (unique on
 * the entry), its kind, rate and hold fixed when earned. promoter_id is the
 * earner (a promoter, or the inviter for an invitation rebate). release_at is
 * set when the order completes (plus hold_days); the hourly job makes it
 * available.
 */
export const rebate = pgTable(
  'rebate',
  {
    id: serial('id').primaryKey(),
    promoterId: integer('promoter_id')
      .notNull()
      .references(() => userAccount.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => userAccount.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    paymentEntryId: bigint('payment_entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntry.id),
    kind: text('kind').$type<RebateKind>().notNull(),
    baseFen: integer('base_fen').$type<Fen>().notNull(),
    rateBp: integer('rate_bp').notNull(),
    /** Days after the order's completion before the rebate is withdrawable (the settings when earned). */
    holdDays: integer('hold_days').notNull(),
    amountFen: integer('amount_fen').$type<Fen>().notNull(),
    state: text('state').$type<RebateState>().notNull(),
    releaseAt: at('release_at'),
    createdAt: at('created_at').notNull(),
    releasedAt: at('released_at'),
    reversedAt: at('reversed_at'),
  },
  (t) => [
    uniqueIndex('rebate_payment_idx').on(t.paymentEntryId),
    index('rebate_promoter_idx').on(t.promoterId, t.id),
    index('rebate_order_idx').on(t.orderId),
    index('rebate_due_idx')
      .on(t.releaseAt)
      .where(sql`${t.state} = 'pending'`),
    oneOf('rebate_state_check', t.state, REBATE_STATES),
    oneOf('rebate_kind_check', t.kind, REBATE_KINDS),
    notNegative('rebate_hold_days_check', t.holdDays),
    check('rebate_amount_check', sql`${t.amountFen} > 0`),
  ],
);

/** A withdrawal: the amount left the wallet for payout when asked; finance approves or rejects, then records it paid. */
export const withdrawal = pgTable(
  'withdrawal',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id),
    amountFen: integer('amount_fen').$type<Fen>().notNull(),
    holder: text('holder').notNull(),
    bank: text('bank').notNull(),
    account: text('account').notNull(),
    state: text('state').$type<WithdrawState>().notNull(),
    note: text('note').notNull().default(''),
    reference: text('reference').notNull().default(''),
    staffId: integer('staff_id').references(() => staffAccount.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    decidedAt: at('decided_at'),
    paidAt: at('paid_at'),
  },
  (t) => [
    index('withdrawal_user_idx').on(t.userId, t.id),
    index('withdrawal_state_idx').on(t.state, t.id),
    oneOf('withdrawal_state_check', t.state, WITHDRAW_STATES),
    check('withdrawal_amount_check', sql`${t.amountFen} > 0`),
  ],
);
