// The order notices sent by SMS and e-mail as the console reads them (ADR 0046): every notice claimed, newest first.
import { z } from 'zod';
import { pagingQuery } from './paging.ts';
import { text } from './text.ts';

/** How a notice leaves the site (the in-site message is the message centre's). */
export const NOTICE_CHANNELS = ['sms', 'mail'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];
export const NOTICE_CHANNEL_NAMES: Record<NoticeChannel, string> = { sms: '短信', mail: '邮件' };

/** sending: claimed, the provider not yet answered (or the process stopped there); skipped: nothing to send to. */
export const NOTICE_DELIVERY_STATES = ['sending', 'sent', 'skipped'] as const;
export type NoticeDeliveryState = (typeof NOTICE_DELIVERY_STATES)[number];
export const NOTICE_DELIVERY_STATE_NAMES: Record<NoticeDeliveryState, string> = { sending: '发送中', sent: '已发送', skipped: '未发送' };

export const noticeOutboxQuery = pagingQuery.extend({
  channel: z.preprocess((v) => (v === '' ? undefined : v), z.enum(NOTICE_CHANNELS, { error: '[通道]不存在' }).optional()),
  /** The whole phone number or e-mail address. */
  to: text('收件人', { max: 64, required: false }).optional(),
});

export const noticeOutboxEntry = z.object({
  id: z.number().int(),
  channel: z.enum(NOTICE_CHANNELS),
  recipient: z.string(),
  subject: z.string(),
  content: z.string(),
  state: z.enum(NOTICE_DELIVERY_STATES),
  provider: z.string(),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type NoticeOutboxEntry = z.infer<typeof noticeOutboxEntry>;
