// pay/order's calls grouped (ADR 0085): the calls that arrive while the groups in flight run wait, then go together
// in one transaction — each the very payment it would be alone (payOrder: the same claim, lock, rules, posting, move
// and stored answer), their statements pipelined on one connection, sharing BEGIN, COMMIT, the relation locks and
// the write batch, whose rows of one table become one multi-row insert (ADR 0066). A group only saves work: when any
// of its payments is refused or fails, the whole group rolls back and each of its calls runs again alone, so every
// answer is the one it would have had alone.
import type { PayResult } from '@yance/contracts/prestore';
import type { AppContext } from '../../context.ts';
import { gatheredWrites } from '../../db/prepared.ts';
import { payOrder } from './order-payment.service.ts';

type PayBody = Parameters<typeof payOrder>[2];

interface Call {
  userId: number;
  body: PayBody;
  ip: string;
  resolve(result: PayResult): void;
  reject(err: unknown): void;
}

/**
 * Groups in flight at once, each on a connection of its own: PostgreSQL runs a transaction's statements one after
 * another on one core, so one group at a time would leave the other core idle (ADR 0085 measured 2 to 8).
 */
export const GROUPS_IN_FLIGHT = 4;
/** The most calls one group takes: a bigger group holds its orders' locks longer and answers its first call later. */
const GROUP_MAX = 12;

/** A group whose transaction cannot commit as a whole (a payment refused or failed): its calls run again alone. */
class GroupBroken extends Error {}

/** pay/order for one app: `pay` answers what payOrder would, the calls that arrive together paid together. */
export function paymentGroups(ctx: AppContext) {
  const waiting: Call[] = [];
  /**
   * Customers with a call in flight: their next call waits for it. Their balance orders their payments anyway, and
   * a double click's second request then finds the first one's stored answer.
   */
  const busy = new Set<number>();
  let inFlight = 0;

  /**
   * The oldest waiting calls of customers not in flight, one each, in customer order: every group takes its rows'
   * locks in the same order, so two groups never wait for each other in a circle.
   */
  function take(): Call[] {
    const group: Call[] = [];
    const taken = new Set<number>();
    for (let i = 0; i < waiting.length && group.length < GROUP_MAX;) {
      const call = waiting[i]!;
      if (busy.has(call.userId) || taken.has(call.userId)) i++;
      else {
        taken.add(call.userId);
        group.push(call);
        waiting.splice(i, 1);
      }
    }
    if (group.length) ctx.metrics.paymentsWaiting(waiting.length);
    return group.sort((a, b) => a.userId - b.userId);
  }

  const alone = (c: Call) => payOrder(ctx, c.userId, c.body, c.ip).then(c.resolve, c.reject);

  async function run(group: Call[]): Promise<void> {
    if (group.length === 1) return alone(group[0]!);
    const paid = await ctx
      .tx(async (t) => {
        // allSettled, not all: the transaction ends only once every payment has stopped sending statements on it.
        // What the payments send in one turn of the event loop goes out in one socket write (ADR 0087).
        const settled = await gatheredWrites(t.db, () => Promise.allSettled(group.map((c) => payOrder(t, c.userId, c.body, c.ip))));
        return settled.map((s) => {
          if (s.status === 'rejected') throw new GroupBroken();
          return s.value;
        });
      })
      .catch(() => undefined);
    ctx.metrics.paymentGroup(group.length, paid !== undefined);
    if (paid) group.forEach((c, i) => c.resolve(paid[i]!));
    else await Promise.all(group.map(alone));
  }

  function pump(): void {
    while (inFlight < GROUPS_IN_FLIGHT) {
      const group = take();
      if (!group.length) return;
      inFlight++;
      for (const c of group) busy.add(c.userId);
      void run(group).finally(() => {
        inFlight--;
        for (const c of group) busy.delete(c.userId);
        pump();
      });
    }
  }

  return {
    pay(userId: number, body: PayBody, ip: string): Promise<PayResult> {
      return new Promise<PayResult>((resolve, reject) => {
        waiting.push({ userId, body, ip, resolve, reject });
        ctx.metrics.paymentsWaiting(waiting.length);
        pump();
      });
    },
  };
}
