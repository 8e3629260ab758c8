import { randomUUID } from 'node:crypto';
// Notices to customers (issue 9 "Notifications", ADR 0046): one entry point,
// notifyOrder, called inside the transaction of an order's transition. The
// in-site message is written there; SMS and e-mail are queued as jobs in the
// same transaction, so they exist if and only if the transition committed,
// and each (order, action, channel) reaches the gateway at most once.
import { OVERDUE_REMINDER, type NoticeChannel, type MessageEntry, type MessageKind, type MessageListBody } from '@yance/contracts/message';
import { isNotice, noticeKind, noticeText, NOTICES, siteWords, type Notice } from '@yance/contracts/notices';
import type { AppContext } from '../../context.ts';
import type { MailAttachment } from '../../lib/mail-provider.ts';
import type { Moved } from '../../lib/state-machine.ts';
import { enqueue, type JobHandlers, type JobPayloads, type JobTry } from '../job/index.ts';
import { deliverNotice } from '../sms/index.ts';
import { MESSAGE_ORDER_NEXT } from './message-next-port.ts';
import * as repo from './notify.repository.ts';

// The module's face to app.ts: the mail provider chosen from config (ADR 0046).
export { createMailProvider } from './mail.ts';

/** The order as a notice needs it. */
export interface NoticeOrder {
  id: number;
  no: string;
  userId: number;
}

/** An e-mail address worth trying: the profile's e-mail is free text until attestation checks it. */
const mailable = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

/** The table's row of a move, if it sends a notice. */
const noticeOf = (objectType: string, action: string): Notice | null => {
  const row = (NOTICES as Record<string, (typeof NOTICES)[keyof typeof NOTICES]>)[`${objectType}.${action}`];
  return row && isNotice(row) ? row : null;
};

/**
 * The one notify subscriber (ADR 0058): a move the NOTICES table sends a
 * notice for reaches the machine's audience — the in-site message written in
 * the move's transaction, SMS and e-mail queued in it — so it exists if and
 * only if the move committed, and each (object, move, channel) reaches the
 * gateway at most once. Moves the table keeps silent send nothing.
 */
export async function notifyMove(t: AppContext, m: Moved<unknown>): Promise<void> {
  const notice = noticeOf(m.objectType, m.action);
  if (!notice) return;
  const to = await m.audience();
  if (!to) return;
  const { title, text } = noticeText(notice, { note: m.note, ...to.vars });
  // An order's action happens once, so its key is the move's; other objects' moves may repeat (a demand quoted again,
  // a collector assigned again), each in its own transaction: their key is unique to the move.
  const key = m.objectType === 'order' ? `order:${m.objectId}:${m.action}` : `${m.objectType}:${m.objectId}:${m.action}:${randomUUID()}`;
  await sendNotice(
    t,
    { userId: to.userId, orderId: to.orderId },
    { kind: noticeKind(`${m.objectType}.${m.action}`) as MessageKind, key, title, text, channels: notice.channels },
  );
}

/**
 * Reminds the customer of an order still 欠款中 (OVERDUE_REMINDER): the
 * `round`-th reminder, `days` after it became overdue. Idempotent per round:
 * the hourly sweep may ask again and nothing more is sent.
 */
export async function remindOverdue(t: AppContext, order: NoticeOrder, round: number, days: number): Promise<void> {
  await sendNotice(
    t,
    { userId: order.userId, orderId: order.id },
    {
      kind: 'markOverdue',
      key: overdueReminderKey(order.id, round),
      title: OVERDUE_REMINDER.title,
      text: OVERDUE_REMINDER.text.replace('{no}', order.no).replace('{days}', String(days)),
      channels: OVERDUE_REMINDER.channels,
    },
  );
}

/** The reminder's key: its message's, and its SMS's after a colon (the sweep looks the message up by it). */
export const overdueReminderKey = (orderId: number, round: number) => `order:${orderId}:overdueRemind:${round}`;

/** One notice: the in-site message and the queued SMS and e-mail, each once per key. */
async function sendNotice(
  t: AppContext,
  order: { userId: number; orderId: number | null },
  n: { kind: MessageKind; key: string; title: string; text: string; channels: readonly NoticeChannel[] },
): Promise<void> {
  const { key, title, text } = n;
  const channels: readonly string[] = n.channels;
  const at = t.clock();
  if (channels.includes('site')) {
    await repo.insertMessage(t.db, {
      userId: order.userId,
      kind: n.kind,
      title,
      content: siteWords(text),
      orderId: order.orderId,
      key,
      createdAt: at,
    });
  }
  // A notice for the site alone (order.pay) needs no phone or e-mail.
  if (!channels.includes('sms') && !channels.includes('mail')) return;
  const to = await repo.findRecipient(t.db, order.userId);
  if (!to) return;
  const base = { userId: order.userId, orderId: order.orderId, subject: title, text };
  if (channels.includes('sms') && to.phone) {
    await enqueue(t, 'notice.send', { ...base, key: `${key}:sms`, channel: 'sms', to: to.phone }, { dedupeKey: `notice:${key}:sms` });
  }
  if (channels.includes('mail') && mailable(to.email)) {
    await enqueue(t, 'notice.send', { ...base, key: `${key}:mail`, channel: 'mail', to: to.email }, { dedupeKey: `notice:${key}:mail` });
  }
}

/** An in-site message about an order that is not one of ORDER_NOTICES' actions, or about no order at all. */
export interface SiteNotice {
  kind: MessageKind;
  /** Unique per event: the same key twice adds nothing. */
  key: string;
  title: string;
  text: string;
}

/**
 * Writes an in-site message to the customer in the caller's transaction (t),
 * like notifyOrder's site channel: it exists if and only if the change that
 * caused it committed. Used for the collector of a pick-up (ADR 0049), the
 * manager's reply to an evaluation (ADR 0048), research groups' changes (ADR
 * 0051) and the moves of an invoice application (ADR 0052) — the last two
 * about no one order (id null).
 */
export async function notifySite(t: AppContext, order: { id: number | null; userId: number }, n: SiteNotice): Promise<void> {
  await repo.insertMessage(t.db, {
    userId: order.userId,
    kind: n.kind,
    title: n.title,
    content: siteWords(n.text),
    orderId: order.id,
    key: n.key,
    createdAt: t.clock(),
  });
}

/** One SMS or e-mail to send at most once: its key and what notice_delivery (the console's 通知记录) records of it. */
interface Delivery {
  key: string;
  channel: 'sms' | 'mail';
  userId: number;
  /** The order it is about; null for notices about no order (an e-invoice). */
  orderId: number | null;
  to: string;
  subject: string;
  text: string;
}

/**
 * Claims the delivery's key (unique), sends, marks it sent. A key claimed
 * before — by an earlier try that sent, or by another process — sends
 * nothing (answers false). A send that throws gives the claim back and the
 * error goes to the job, which is retried; a crash after the gateway took the
 * notice leaves the claim, so it is never sent twice (at most once, ADR 0046).
 * `send` answers the provider's name.
 */
async function deliverOnce(ctx: AppContext, d: Delivery, send: () => Promise<string>): Promise<boolean> {
  const claim = await repo.claimDelivery(ctx.db, {
    key: d.key,
    channel: d.channel,
    userId: d.userId,
    orderId: d.orderId,
    recipient: d.to,
    subject: d.subject,
    content: d.text,
    state: 'sending',
    createdAt: ctx.clock(),
  });
  if (claim === null) {
    ctx.log.info({ notice: d.key }, 'notice already sent, skipped');
    return false;
  }
  let provider: string;
  try {
    provider = await send();
  } catch (err) {
    await repo.dropClaim(ctx.db, claim);
    throw err;
  }
  await repo.markDelivered(ctx.db, claim, provider, ctx.clock());
  return true;
}

/** Every e-mail of ours goes out under the site's name. */
const mailSubject = (subject: string) => `【研测】${subject}`;

/** The notice.send job: an order notice by SMS or e-mail, once per key (deliverOnce). */
export async function deliverOrderNotice(ctx: AppContext, p: JobPayloads['notice.send'], job: JobTry): Promise<void> {
  await deliverOnce(ctx, p, async () => {
    if (p.channel === 'sms') {
      await deliverNotice(ctx, { phone: p.to, notice: { kind: 'orderNotice', param: p.text, text: `【研测】${p.text}` } }, job);
      return ctx.sms.name;
    }
    await ctx.mail.send({ to: p.to, subject: mailSubject(p.subject), text: p.text });
    return ctx.mail.name;
  });
}

/** An e-mail with files, about no order's transition (the e-invoice's PDF, ADR 0052). */
export interface DocumentMail {
  /** Unique per e-mail (invoice:<id>:issue:mail): the same key twice sends once. */
  key: string;
  userId: number;
  to: string;
  /** Without the site's 【研测】, which the sent subject gains. */
  subject: string;
  text: string;
  attachments: MailAttachment[];
}

/**
 * Sends the e-mail at most once per key, as the order notices are
 * (deliverOnce): recorded in notice_delivery, so the console's 通知记录 lists
 * it; a send that throws gives the claim back and rethrows, for the calling
 * job to retry. Answers false when the key was claimed before.
 */
export async function mailOnce(ctx: AppContext, m: DocumentMail): Promise<boolean> {
  return deliverOnce(
    ctx,
    { key: m.key, channel: 'mail', userId: m.userId, orderId: null, to: m.to, subject: m.subject, text: m.text },
    async () => {
      await ctx.mail.send({ to: m.to, subject: mailSubject(m.subject), text: m.text, attachments: m.attachments });
      return ctx.mail.name;
    },
  );
}

/** The notifications' queued work (ADR 0034, 0046). */
export const notifyJobs = { 'notice.send': deliverOrderNotice } satisfies JobHandlers;

// ---- the message centre ---------------------------------------------------

/** message/list: the customer's own messages, newest first, and their unread count. */
export async function listMessages(ctx: AppContext, userId: number, q: MessageListBody) {
  const { rows, total } = await repo.pageMessages(ctx.db, userId, q.unread, q.page, q.pageSize);
  // What the message's order waits for from the customer now (ADR 0062): the message links to that step.
  const next = await ctx.ports.get(MESSAGE_ORDER_NEXT)(
    ctx,
    rows.flatMap((r) => (r.orderId === null ? [] : [r.orderId])),
  );
  const list: MessageEntry[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    content: r.content,
    orderId: r.orderId,
    orderNo: r.orderNo,
    next: r.orderId === null ? [] : (next.get(r.orderId) ?? []),
    read: r.readAt !== null,
    createdAt: r.createdAt.toISOString(),
  }));
  return { list, total, page: q.page, pageSize: q.pageSize, unread: await repo.countUnread(ctx.db, userId) };
}

/** message/unread: the header's badge. */
export async function unreadCount(ctx: AppContext, userId: number) {
  return { unread: await repo.countUnread(ctx.db, userId) };
}

/** message/read: the given messages of this customer (or all of them) read; others' ids change nothing. */
export async function readMessages(ctx: AppContext, userId: number, body: { ids: number[]; all: boolean }) {
  await repo.markRead(ctx.db, userId, body.all ? null : body.ids, ctx.clock());
  return unreadCount(ctx, userId);
}
