import type { NoticeOutboxEntry, noticeOutboxQuery } from '@yance/contracts/notice-outbox';
import type { Page } from '@yance/contracts/paging';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { pageDeliveries } from './notify.repository.ts';

/** notice/list: the order notices sent by SMS and e-mail (ADR 0046), newest first, for the console's 通知记录. */
export async function listNoticeOutbox(ctx: AppContext, q: z.output<typeof noticeOutboxQuery>): Promise<Page<NoticeOutboxEntry>> {
  const { rows, total } = await pageDeliveries(ctx.db, { channel: q.channel, to: q.to?.trim() || undefined }, q.page, q.pageSize);
  const list = rows.map(({ delivery: d, orderNo }) => ({
    id: d.id,
    channel: d.channel,
    recipient: d.recipient,
    subject: d.subject,
    content: d.content,
    state: d.state,
    provider: d.provider,
    orderId: d.orderId,
    orderNo,
    createdAt: d.createdAt.toISOString(),
    sentAt: d.sentAt?.toISOString() ?? null,
  }));
  return { list, total, page: q.page, pageSize: q.pageSize };
}
