import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { message, noticeDelivery, orders, userAccount } from '../../db/schema.ts';
import { batchedInsert } from '../../db/write-batch.ts';

export type MessageRow = typeof message.$inferSelect;
export type NewMessageRow = typeof message.$inferInsert;
export type NewDeliveryRow = typeof noticeDelivery.$inferInsert;

/**
 * Adds a message unless one with its key exists (the same event again), held by the writing transaction and
 * written with its other batched rows before it commits (ADR 0066).
 */
export const insertMessage: (db: Executor, row: NewMessageRow) => Promise<void> = batchedInsert(message, {
  onConflictDoNothing: message.key,
});

/** Where an order's notice goes: the customer's phone and e-mail. */
export async function findRecipient(db: Executor, userId: number) {
  const [row] = await db.select({ phone: userAccount.phone, email: userAccount.email }).from(userAccount).where(eq(userAccount.id, userId));
  return row;
}

/** One page of a customer's messages, newest first, with the order's number. */
export async function pageMessages(db: Executor, userId: number, unreadOnly: boolean, page: number, pageSize: number) {
  const where = and(eq(message.userId, userId), unreadOnly ? isNull(message.readAt) : undefined);
  const rows = await db
    .select({
      id: message.id,
      kind: message.kind,
      title: message.title,
      content: message.content,
      orderId: message.orderId,
      orderNo: orders.no,
      readAt: message.readAt,
      createdAt: message.createdAt,
    })
    .from(message)
    .leftJoin(orders, eq(orders.id, message.orderId))
    .where(where)
    .orderBy(desc(message.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(message).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function countUnread(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(message)
    .where(and(eq(message.userId, userId), isNull(message.readAt)));
  return row?.n ?? 0;
}

/** Marks the user's unread messages read: those of ids, or all when ids is null. Others' ids change nothing. */
export async function markRead(db: Executor, userId: number, ids: readonly number[] | null, at: Date): Promise<void> {
  await db
    .update(message)
    .set({ readAt: at })
    .where(and(eq(message.userId, userId), isNull(message.readAt), ids ? inArray(message.id, [...ids]) : undefined));
}

/** Claims a notice's key before it goes to the gateway: answers the claim's id, or null when it was claimed before. */
export async function claimDelivery(db: Executor, row: NewDeliveryRow): Promise<number | null> {
  const out = await db
    .insert(noticeDelivery)
    .values(row)
    .onConflictDoNothing({ target: noticeDelivery.key })
    .returning({ id: noticeDelivery.id });
  return out[0]?.id ?? null;
}

export async function markDelivered(db: Executor, id: number, provider: string, at: Date): Promise<void> {
  await db.update(noticeDelivery).set({ state: 'sent', provider, sentAt: at }).where(eq(noticeDelivery.id, id));
}

/** A send that failed gives its claim back, so the job's next try may send. */
export async function dropClaim(db: Executor, id: number): Promise<void> {
  await db.delete(noticeDelivery).where(and(eq(noticeDelivery.id, id), eq(noticeDelivery.state, 'sending')));
}

export async function listDeliveries(db: Executor, orderId: number) {
  return db.select().from(noticeDelivery).where(eq(noticeDelivery.orderId, orderId)).orderBy(noticeDelivery.id);
}

/** The console's notice outbox: SMS and e-mail notices, newest first, by channel and recipient, with their order's number. */
export async function pageDeliveries(
  db: Executor,
  f: { channel?: (typeof noticeDelivery.$inferSelect)['channel'] | undefined; to?: string | undefined },
  page: number,
  pageSize: number,
) {
  const where = and(f.channel ? eq(noticeDelivery.channel, f.channel) : undefined, f.to ? eq(noticeDelivery.recipient, f.to) : undefined);
  const rows = await db
    .select({ delivery: noticeDelivery, orderNo: orders.no })
    .from(noticeDelivery)
    .leftJoin(orders, eq(orders.id, noticeDelivery.orderId))
    .where(where)
    .orderBy(desc(noticeDelivery.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ total }] = (await db.select({ total: count() }).from(noticeDelivery).where(where)) as [{ total: number }];
  return { rows, total };
}
