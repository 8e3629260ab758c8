import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { OrderState } from '@yance/contracts/order-states';
import type { Executor } from '../../db/client.ts';
import { orderEvent, orders, userAccount } from '../../db/schema.ts';

/** States in which a received order still waits for its call; once the data is delivered the call is moot. */
const CALL_STATES: readonly OrderState[] = ['received', 'testing'];

/** Received orders (one receive event each) with no call after it, oldest receipt first; of one manager's customers when given. */
export async function findCallTasks(db: Executor, managerId: number | undefined, orderId?: number) {
  const received = db.$with('received').as(
    db
      .select({ orderId: orderEvent.orderId, at: sql<Date>`max(${orderEvent.at})`.as('received_at') })
      .from(orderEvent)
      .where(eq(orderEvent.action, 'receive'))
      .groupBy(orderEvent.orderId),
  );
  const called = db
    .select({ one: sql`1` })
    .from(orderEvent)
    .where(and(eq(orderEvent.orderId, orders.id), eq(orderEvent.action, 'called')));
  return db
    .with(received)
    .select({
      orderId: orders.id,
      orderNo: orders.no,
      name: userAccount.name,
      phone: userAccount.phone,
      company: userAccount.company,
      receivedAt: received.at,
    })
    .from(orders)
    .innerJoin(received, eq(received.orderId, orders.id))
    .innerJoin(userAccount, eq(userAccount.id, orders.userId))
    .where(
      and(
        inArray(orders.state, [...CALL_STATES]),
        notExists(called),
        managerId === undefined ? undefined : eq(userAccount.managerId, managerId),
        orderId === undefined ? undefined : eq(orders.id, orderId),
      ),
    )
    .orderBy(asc(received.at), asc(orders.id))
    .limit(200);
}

export type CallTaskRow = Awaited<ReturnType<typeof findCallTasks>>[number];
