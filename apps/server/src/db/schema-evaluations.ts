// Evaluations of an order's catalogue items and the items' ratings (issue 9, ADR 0048).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { EVALUATION_COMMENT_MAX, EVALUATION_REPLY_MAX, STARS_MAX, STARS_MIN } from '@yance/contracts/evaluation';
import { notNegative } from './checks.ts';
import { device } from './schema.ts';
import { staffAccount, userAccount } from './schema-accounts.ts';
import { orderLine, orders } from './schema-orders.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const n = (v: number) => sql.raw(String(v));

/**
 * One evaluation per order line of a catalogue item (unique order_line_id):
 * 1–5 stars and a comment, and the account manager's reply (editable).
 * device_id is the line's item, copied so an item's comments are one index walk.
 */
export const evaluation = pgTable(
  'evaluation',
  {
    id: serial('id').primaryKey(),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLine.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => device.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    comment: text('comment').notNull().default(''),
    reply: text('reply'),
    repliedAt: at('replied_at'),
    repliedBy: integer('replied_by').references(() => staffAccount.id, { onDelete: 'set null' }),
    /** The replier's name at the time (the console shows it). */
    repliedByName: text('replied_by_name').notNull().default(''),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('evaluation_order_line_idx').on(t.orderLineId),
    // The item's page: its latest comments.
    index('evaluation_device_created_idx').on(t.deviceId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The console's room: newest first.
    index('evaluation_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The customer's own, and one order's.
    index('evaluation_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('evaluation_order_idx').on(t.orderId),
    check('evaluation_stars_check', sql`${t.stars} between ${n(STARS_MIN)} and ${n(STARS_MAX)}`),
    check('evaluation_comment_check', sql`char_length(${t.comment}) <= ${n(EVALUATION_COMMENT_MAX)}`),
    check('evaluation_reply_check', sql`${t.reply} is null or char_length(${t.reply}) between 1 and ${n(EVALUATION_REPLY_MAX)}`),
  ],
);

/**
 * An item's rating, kept with every evaluation in the same transaction, so the
 * item's page reads the average without aggregating. Its own narrow row
 * rather than columns of device: an evaluation neither rewrites the wide
 * device row nor fires its search triggers.
 */
export const deviceRating = pgTable(
  'device_rating',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => device.id, { onDelete: 'cascade' }),
    starSum: integer('star_sum').notNull().default(0),
    starCount: integer('star_count').notNull().default(0),
  },
  (t) => [notNegative('device_rating_star_sum_check', t.starSum), notNegative('device_rating_star_count_check', t.starCount)],
);
