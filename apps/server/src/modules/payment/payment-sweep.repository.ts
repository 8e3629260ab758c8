// What the hourly money sweep finds: orders past their settlement days, overdue
// orders due a reminder, online trades past their validity.
import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import { orders, topup } from '../../db/schema.ts';

/** Institution orders in 待结算 that entered it before `before` (the overdue job). */
export async function unsettledSince(db: Executor, before: Date, limit: number): Promise<{ id: number; userId: number; no: string }[]> {
  return db
    .select({ id: orders.id, userId: orders.userId, no: orders.no })
    .from(orders)
    .where(
      and(
        eq(orders.state, 'unsettled'),
        sql`(select max(ev.at) from order_event ev where ev.order_id = "orders"."id" and ev.to_state = 'unsettled') < ${before}`,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(limit);
}

/**
 * Orders 欠款中 whose next reminder is due: `round` whole periods of
 * `everyDays` since they became overdue (at least one), and no message of
 * that round yet (its key, notify's overdueReminderKey). Oldest first.
 */
export async function overdueToRemind(
  db: Executor,
  now: Date,
  everyDays: number,
  limit: number,
): Promise<{ id: number; userId: number; no: string; round: number; days: number }[]> {
  const rows = rowsOf<{ id: number; user_id: number; no: string; round: number; days: number }>(
    await db.execute(sql`
    select o.id, o.user_id, o.no, o.days / ${everyDays} as round, o.days
    from (
      select orders.id, orders.user_id, orders.no,
        floor(extract(epoch from (${now}::timestamptz - (
          select max(ev.at) from order_event ev where ev.order_id = orders.id and ev.to_state = 'overdue'
        ))) / 86400)::int as days
      from orders
      where orders.state = 'overdue'
    ) o
    where o.days >= ${everyDays}
      and not exists (select 1 from message m where m.key = 'order:' || o.id || ':overdueRemind:' || (o.days / ${everyDays}))
    order by o.id
    limit ${limit}`),
  );
  return rows.map((r) => ({ id: Number(r.id), userId: Number(r.user_id), no: r.no, round: Number(r.round), days: Number(r.days) }));
}

/** Online trades still pending after their validity (the sweep closes them). */
export async function expiredPendingTopups(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: topup.id })
    .from(topup)
    .where(and(eq(topup.method, 'online'), eq(topup.state, 'pending'), sql`${topup.expiresAt} < ${now}`))
    .orderBy(asc(topup.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
