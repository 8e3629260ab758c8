import { z } from 'zod';
import { id } from './numbers.ts';
import { ORDER_NEXT_STEPS } from './order-next.ts';
import { noticeKind, SENT_NOTICE_KEYS, type Notice, type NoticeMessageKind } from './notices.ts';
import { pagingQuery } from './paging.ts';
import { INVOICE_MESSAGE_KINDS } from './invoice-states.ts';

// Notices to customers (issue 9 "Notifications", ADR 0046; one table since ADR 0058: notices.ts).
export { NOTICE_CHANNELS, NOTICE_CHANNEL_NAMES, type NoticeChannel, type Notice as OrderNotice } from './notices.ts';

/**
 * The reminder of an order still 欠款中 (ADR 0050), every N days after it
 * became overdue (the money settings' overdueRemindDays): its message kind
 * is markOverdue's; {days} is how long it has been overdue.
 */
export const OVERDUE_REMINDER = {
  title: '订单欠款提醒',
  text: '您的订单{no}已逾期{days}天未结算，请尽快登录研测在「待结算」中完成结算，逾期未结算将影响新订单办理。',
  channels: ['site', 'sms'],
} as const satisfies Notice;

/**
 * What a message is about: a notice of the NOTICES table (notices.ts), the manager's reply to the customer's evaluation
 * (ADR 0048), a collector chosen for a pick-up (ADR 0049), a research group's change that concerns the
 * customer (an application, its answer, being added or removed, a transfer, a limit — ADR 0051), or a move of
 * an invoice application (ADR 0052).
 */
const OTHER_KINDS = ['evaluationReply', 'cluster', ...INVOICE_MESSAGE_KINDS, 'invite', 'promotion'] as const;
/** In this order (the database's CHECK is generated from it): a notice row that reuses an older kind keeps its place. */
export const MESSAGE_KINDS = [
  ...(SENT_NOTICE_KEYS.map(noticeKind) as NoticeMessageKind[]).filter((k) => !(OTHER_KINDS as readonly string[]).includes(k)),
  ...OTHER_KINDS,
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

// ---- message centre calls (/api/auth/message/*) ---------------------------

export const messageListBody = pagingQuery.extend({
  /** Only the unread ones. */
  unread: z.boolean().default(false),
});
export type MessageListBody = z.output<typeof messageListBody>;

export const messageEntry = z.object({
  id: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  title: z.string(),
  content: z.string(),
  /** The order it is about (the page links to it), or null. */
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  /** What that order waits for from the customer now (ADR 0062; empty without an order or when it waits for nobody). */
  next: z.array(z.enum(ORDER_NEXT_STEPS)),
  read: z.boolean(),
  createdAt: z.string(),
});
export type MessageEntry = z.infer<typeof messageEntry>;

export const messageListResponse = z.object({
  list: z.array(messageEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Unread messages of the customer (the header's badge). */
  unread: z.number().int(),
});
export type MessageListResponse = z.infer<typeof messageListResponse>;

/** message/read: the given messages, or every message with all: true. */
export const messageReadBody = z
  .object({
    ids: z.array(id('消息')).max(100, '[消息]一次最多100条').default([]),
    all: z.boolean().default(false),
  })
  .refine((b) => b.all || b.ids.length > 0, '[消息]不能为空');
export type MessageReadBody = z.output<typeof messageReadBody>;

export const messageUnreadResponse = z.object({ unread: z.number().int() });
export type MessageUnreadResponse = z.infer<typeof messageUnreadResponse>;
