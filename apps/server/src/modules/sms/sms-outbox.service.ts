import type { SmsOutboxEntry, smsOutboxQuery } from '@yance/contracts/sms-outbox';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { pageOutbox } from './sms.repository.ts';

/**
 * A real gateway's row never holds a code (sendCode writes ****** for it);
 * the list masks any run of digits a code could be once more, so a row written
 * some other way still shows no code outside the console provider.
 */
const shown = (provider: string, content: string) => (provider === 'console' ? content : content.replace(/\d{4,8}/g, '******'));

/** sms/list: the outbox for the console, newest first (issue 8 "Also"). */
export async function listSmsOutbox(ctx: AppContext, q: z.output<typeof smsOutboxQuery>) {
  const { rows, total } = await pageOutbox(ctx.db, { phone: q.phone || undefined, purpose: q.purpose }, q.page, q.pageSize);
  const list: SmsOutboxEntry[] = rows.map((r) => ({
    id: r.id,
    phone: r.phone,
    purpose: r.purpose,
    provider: r.provider,
    content: shown(r.provider, r.content),
    status: r.status,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
  }));
  return { list, total, page: q.page, pageSize: q.pageSize };
}
