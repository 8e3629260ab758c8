// An order's money facts as the payment module reads them: the order module's
// (its one figures function reads the same, issue 21), and the customer's
// orders waiting for money with them.
import type { OrderState } from '@yance/contracts/order-states';
import type { Executor } from '../../db/client.ts';
import { orderFacts, type OrderFacts } from '../order/index.ts';
import { userOrderRows } from './order-money.repository.ts';

export type OrderMoneyRow = OrderFacts;

/** The money facts of these orders (call under the orders' locks for a decision). */
export const orderMoney = (db: Executor, ids: readonly number[]): Promise<OrderMoneyRow[]> => orderFacts(db, ids);

/** The customer's orders in these states, oldest first, with their money facts, first item names and since when. */
export async function userOrdersInStates(db: Executor, userId: number, states: readonly OrderState[]) {
  const rows = await userOrderRows(db, userId, states);
  const facts = new Map(
    (
      await orderFacts(
        db,
        rows.map((r) => r.id),
      )
    ).map((f) => [f.id, f]),
  );
  return rows.flatMap((r) => {
    const f = facts.get(r.id);
    return f ? [{ ...f, title: r.title, since: r.since }] : [];
  });
}
