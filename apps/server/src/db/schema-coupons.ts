// Coupons and points (优惠券、积分, issue 10, ADR 0053). A coupon is held by at
// most one order at a time (user_coupon.order_id is unique); an order holds at
// most one coupon (order_discount is keyed by the order). Points are not
// money: their own balance row (never negative, CHECK) and history.
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  COUPON_KINDS,
  COUPON_ORIGINS,
  COUPON_SOURCES,
  COUPON_STATES,
  POINTS_REASONS,
  type CouponKind,
  type CouponOrigin,
  type CouponSource,
  type CouponState,
  type PointsReason,
} from '@yance/contracts/coupon-states';
import { notNegative, oneOf } from './checks.ts';
import { staffAccount, userAccount } from './schema-accounts.ts';
import { orders } from './schema-orders.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A coupon template: its rule is fixed at creation (issued coupons keep their terms); only `active` changes. */
export const couponTemplate = pgTable(
  'coupon_template',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind').$type<CouponKind>().notNull(),
    amountFen: integer('amount_fen').notNull().default(0),
    thresholdFen: integer('threshold_fen').notNull().default(0),
    ratePercent: integer('rate_percent').notNull().default(100),
    maxOffFen: integer('max_off_fen').notNull().default(0),
    /** Fixed window (China days, both included), or validDays after issue. */
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    validDays: integer('valid_days'),
    typeIds: jsonb('type_ids').$type<number[]>().notNull().default([]),
    deviceIds: jsonb('device_ids').$type<number[]>().notNull().default([]),
    perUserLimit: integer('per_user_limit').notNull().default(1),
    onSignup: boolean('on_signup').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** A programme's own template (ADR 0069: the invitation's new-customer coupon), null for the console's. */
    origin: text('origin').$type<CouponOrigin>(),
    staffId: integer('staff_id').references(() => staffAccount.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    oneOf('coupon_template_kind_check', t.kind, COUPON_KINDS),
    notNegative('coupon_template_amount_check', t.amountFen),
    notNegative('coupon_template_threshold_check', t.thresholdFen),
    check('coupon_template_rate_check', sql`${t.ratePercent} between 1 and 100`),
    oneOf('coupon_template_origin_check', t.origin, COUPON_ORIGINS),
    uniqueIndex('coupon_template_origin_idx')
      .on(t.origin)
      .where(sql`${t.active} and ${t.origin} is not null`),
    check('coupon_template_window_check', sql`(${t.validFrom} is not null and ${t.validTo} is not null) or ${t.validDays} is not null`),
  ],
);

/** A customer's coupon: its window fixed at issue; held by one order at most (order_id unique). */
export const userCoupon = pgTable(
  'user_coupon',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplate.id),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id),
    state: text('state').$type<CouponState>().notNull(),
    source: text('source').$type<CouponSource>().notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to').notNull(),
    orderId: integer('order_id')
      .unique()
      .references(() => orders.id),
    staffId: integer('staff_id').references(() => staffAccount.id, { onDelete: 'set null' }),
    issuedAt: at('issued_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    oneOf('user_coupon_state_check', t.state, COUPON_STATES),
    oneOf('user_coupon_source_check', t.source, COUPON_SOURCES),
    check('user_coupon_held_check', sql`(${t.state} = 'used') = (${t.orderId} is not null)`),
    index('user_coupon_user_idx').on(t.userId, t.state, t.validTo),
    index('user_coupon_template_idx').on(t.templateId, t.userId),
    // An invitee's new-customer coupon is issued once (ADR 0069).
    uniqueIndex('user_coupon_invite_idx')
      .on(t.userId)
      .where(sql`${t.source} = 'invite'`),
  ],
);

/** What an order deducts (at most one coupon, and points), fixed at order/add; returned_at once a cancellation gave them back. */
export const orderDiscount = pgTable(
  'order_discount',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id),
    userCouponId: integer('user_coupon_id').references(() => userCoupon.id),
    couponName: text('coupon_name').notNull().default(''),
    couponFen: integer('coupon_fen').notNull().default(0),
    points: integer('points').notNull().default(0),
    pointsFen: integer('points_fen').notNull().default(0),
    createdAt: at('created_at').notNull(),
    returnedAt: at('returned_at'),
  },
  (t) => [
    notNegative('order_discount_coupon_check', t.couponFen),
    notNegative('order_discount_points_check', t.points),
    notNegative('order_discount_points_fen_check', t.pointsFen),
  ],
);

/** A customer's points balance: moved by one conditional UPDATE under its row lock, never negative. */
export const pointsAccount = pgTable(
  'points_account',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => userAccount.id),
    balance: integer('balance').notNull().default(0),
  },
  (t) => [notNegative('points_account_balance_check', t.balance)],
);

/**
 * A points history line with the balance after it. A line that adds points
 * (earn, giveBack) keeps what is left of them and when that expires, spent
 * oldest-expiring first; the expiry job takes what is left at expires_at.
 */
export const pointsEntry = pgTable(
  'points_entry',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id),
    reason: text('reason').$type<PointsReason>().notNull(),
    points: integer('points').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    expiresAt: at('expires_at'),
    left: integer('left').notNull().default(0),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    oneOf('points_entry_reason_check', t.reason, POINTS_REASONS),
    notNegative('points_entry_balance_check', t.balanceAfter),
    notNegative('points_entry_left_check', t.left),
    index('points_entry_user_idx').on(t.userId, t.id),
    index('points_entry_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.left} > 0`),
  ],
);
