import type { Endpoint } from '../endpoint.ts';
import { noticeOutboxEntry, noticeOutboxQuery } from '../notice-outbox.ts';
import { page } from '../paging.ts';
import { routes } from '../routes.ts';

/** The console's outbox of order notices by SMS and e-mail (ADR 0046). */
export const noticeOutboxEndpoints = {
  noticeList: {
    ...routes.noticeList,
    summary: '订单通知发件记录（短信、邮件；按通道、收件人筛选，最新在前）',
    query: noticeOutboxQuery,
    response: page(noticeOutboxEntry),
  },
} as const satisfies Record<string, Endpoint>;
