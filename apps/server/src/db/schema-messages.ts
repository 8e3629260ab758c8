// Notices to customers and their message centre (issue 9 "Notifications", ADR 0046).
import { sql } from 'drizzle-orm';
import { NOTICE_CHANNELS, NOTICE_DELIVERY_STATES, type NoticeDeliveryState } from '@yance/contracts/notice-outbox';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { MESSAGE_KINDS, type MessageKind } from '@yance/contracts/message';
import { oneOf } from './checks.ts';
import { userAccount } from './schema-accounts.ts';
import { orders } from './schema-orders.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A message of a customer's message centre (the in-site notice). `key`
 * (order:<id>:<action>, pickup:<request>:<staff>:<time>) is unique, so one event never leaves two messages.
 */
export const message = pgTable(
  'message',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MessageKind>().notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    key: text('key').notNull(),
    readAt: at('read_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('message_key_idx').on(t.key),
    index('message_user_idx').on(t.userId, t.id.desc()),
    index('message_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    oneOf('message_kind_check', t.kind, MESSAGE_KINDS),
  ],
);

/**
 * One SMS or e-mail notice, claimed before it is handed to the gateway:
 * `key` (order:<id>:<action>:<channel>) is unique, so a retried job or a
 * second process finds the claim and sends nothing (at most once, ADR 0046).
 * A send that throws deletes its claim for the next try; a claim left in
 * `sending` (a crash after the gateway took it) is never sent again.
 */
export const noticeDelivery = pgTable(
  'notice_delivery',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    channel: text('channel').$type<(typeof NOTICE_CHANNELS)[number]>().notNull(),
    userId: integer('user_id').references(() => userAccount.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The phone or e-mail address it went to. */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    content: text('content').notNull(),
    state: text('state').$type<NoticeDeliveryState>().notNull(),
    /** Which provider took it (console, aliyun, log, smtp …). */
    provider: text('provider').notNull().default(''),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
  },
  (t) => [
    uniqueIndex('notice_delivery_key_idx').on(t.key),
    index('notice_delivery_channel_idx').on(t.channel, t.id.desc()),
    oneOf('notice_delivery_channel_check', t.channel, NOTICE_CHANNELS),
    oneOf('notice_delivery_state_check', t.state, NOTICE_DELIVERY_STATES),
  ],
);
