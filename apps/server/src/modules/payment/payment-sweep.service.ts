// The hourly money sweep (ADR 0050): overdue institution orders, their reminders, expired online trades.
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { JobHandlers } from '../job/index.ts';
import { remindOverdue } from '../notify/index.ts';
import { moveOrder } from '../order/index.ts';
import { getMoneySettings } from './money-settings.service.ts';
import * as repo from './payment-sweep.repository.ts';
import { lockTopup } from './topup.repository.ts';
import { moveTopup } from './topup-move.service.ts';

const SWEEP_BATCH = 500;

/**
 * The money.sweep job (hourly): institution orders in 待结算 longer than the
 * settlement days become 欠款中 (markOverdue: the customer's in-site message
 * and SMS go with the move, ADR 0046), an order 欠款中 is reminded again every
 * overdueRemindDays (message and SMS, once per round), and online trades past
 * their validity close. Each in its own transaction; one the customer settled or paid
 * meanwhile is left as it is.
 */
export async function sweepMoney(ctx: AppContext): Promise<{ overdue: number; reminded: number; closed: number }> {
  const s = await getMoneySettings(ctx);
  const now = ctx.clock();
  let overdue = 0;
  for (const o of await repo.unsettledSince(ctx.db, new Date(now.getTime() - s.settleDueDays * 86_400_000), SWEEP_BATCH)) {
    await moveOrder(ctx, { kind: 'system' }, o.id, 'markOverdue', { expect: 'unsettled', note: `超过结算期限${s.settleDueDays}天` }).then(
      () => overdue++,
      (e: unknown) => {
        if (!(e instanceof AppError && e.kind === 'CONFLICT')) throw e;
      },
    );
  }
  let reminded = 0;
  if (s.overdueRemindDays > 0) {
    for (const o of await repo.overdueToRemind(ctx.db, now, s.overdueRemindDays, SWEEP_BATCH)) {
      await ctx.tx((t) => remindOverdue(t, o, o.round, o.days));
      reminded++;
    }
  }
  let closed = 0;
  for (const id of await repo.expiredPendingTopups(ctx.db, now, SWEEP_BATCH)) {
    await ctx.tx(async (t) => {
      const row = await lockTopup(t.db, id);
      if (row?.state !== 'pending') return;
      await moveTopup(t, { kind: 'system' }, row, 'close', { note: '支付超时，已自动关闭' });
      closed++;
    });
  }
  if (overdue || reminded || closed) ctx.log.info({ overdue, reminded, closed }, 'money sweep');
  return { overdue, reminded, closed };
}

export const moneyJobs = {
  'money.sweep': async (ctx) => {
    await sweepMoney(ctx);
  },
} satisfies JobHandlers;
