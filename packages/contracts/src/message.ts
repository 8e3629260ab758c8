import { z } from 'zod';
import { id } from './numbers.ts';
import type { OrderAction } from './order-states.ts';
import { pagingQuery } from './paging.ts';
import { INVOICE_MESSAGE_KINDS } from './invoice-states.ts';

/**
 * Notices to customers (issue 9 "Notifications", ADR 0046). A notice goes out
 * on some of the channels below when an order takes one of the actions in
 * ORDER_NOTICES; the in-site one is a row of the customer's message centre.
 */
export const NOTICE_CHANNELS = ['site', 'sms', 'mail'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];
export const NOTICE_CHANNEL_NAMES: Record<NoticeChannel, string> = { site: '站内信', sms: '短信', mail: '邮件' };

/** What a notice is about: the order action that caused it (the message centre's kind). */
export interface OrderNotice {
  /** The message's title and the e-mail's subject; {no} is the order number. */
  title: string;
  /** The text (site, e-mail; the SMS says it after 【研测】); {no} is the order number. */
  text: string;
  channels: readonly NoticeChannel[];
}

/**
 * Which order actions notify the customer, on which channels, with which
 * words. An action absent here sends nothing. Each (order, action, channel)
 * is sent at most once, whatever retries or processes (ADR 0046).
 */
export const ORDER_NOTICES = {
  quote: {
    title: '订单已报价',
    text: '您的订单{no}已完成报价，请登录研测查看订单并继续办理。',
    channels: ['site', 'sms'],
  },
  receive: {
    title: '样品已签收',
    text: '您的订单{no}的样品已由实验室签收，客户经理将在2小时内与您电话确认样品情况。',
    channels: ['site', 'sms'],
  },
  deliver: {
    title: '检测数据已交付',
    text: '您的订单{no}的检测数据已交付，请登录研测查看并下载结果文件，确认数据无误后点击「确认数据」。',
    channels: ['site', 'sms', 'mail'],
  },
  pay: {
    title: '订单已支付',
    text: '您的订单{no}已从预存余额支付，请按订单寄送样品或等待上门取样。',
    channels: ['site'],
  },
  markOverdue: {
    title: '订单结算已逾期',
    text: '您的订单{no}已超过结算期限，请尽快登录研测在「待结算」中完成结算，逾期未结算将影响新订单办理。',
    channels: ['site', 'sms'],
  },
  cancel: {
    title: '订单已取消',
    text: '您的订单{no}已取消。如有疑问请联系您的客户经理。',
    channels: ['site'],
  },
} as const satisfies Partial<Record<OrderAction, OrderNotice>>;
export type NoticeAction = keyof typeof ORDER_NOTICES;

/**
 * The reminder of an order still 欠款中 (ADR 0050), every N days after it
 * became overdue (the money settings' overdueRemindDays): its message kind
 * is markOverdue's; {days} is how long it has been overdue.
 */
export const OVERDUE_REMINDER = {
  title: '订单欠款提醒',
  text: '您的订单{no}已逾期{days}天未结算，请尽快登录研测在「待结算」中完成结算，逾期未结算将影响新订单办理。',
  channels: ['site', 'sms'],
} as const satisfies OrderNotice;
export const NOTICE_ACTIONS = Object.keys(ORDER_NOTICES) as NoticeAction[];

/**
 * What a message is about: an order action of ORDER_NOTICES, the manager's reply to the customer's evaluation
 * (ADR 0048), a collector chosen for a pick-up (ADR 0049), a research group's change that concerns the
 * customer (an application, its answer, being added or removed, a transfer, a limit — ADR 0051), or a move of
 * an invoice application (ADR 0052).
 */
export const MESSAGE_KINDS = [
  ...NOTICE_ACTIONS,
  'evaluationReply',
  'pickupAssign',
  'cluster',
  ...INVOICE_MESSAGE_KINDS,
  'invite',
  'promotion',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** The words of a notice for an order number. */
export const noticeWords = (action: NoticeAction, no: string) => ({
  title: ORDER_NOTICES[action].title,
  text: ORDER_NOTICES[action].text.replace('{no}', no),
});

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
