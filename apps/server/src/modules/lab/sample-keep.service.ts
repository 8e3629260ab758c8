// Kept samples (ADR 0041): KEEP_MONTHS after delivery they are destroyed; a week
// before, the order's timeline says so and onDestroyNotice is called (the
// message centre hooks its notice there).
import { DESTROY_NOTICE_DAYS } from '@yance/contracts/sample-states';
import type { AppContext } from '../../context.ts';
import { SYSTEM } from '../audit/index.ts';
import type { JobHandlers } from '../job/index.ts';
import { lockReachableOrder, recordOrderEvent, type OrderRow } from '../order/index.ts';
import * as repo from './lab.repository.ts';
import type { SampleRow } from './lab.repository.ts';
import { moveSamples } from './sample.service.ts';

export interface DestroyNotice {
  order: OrderRow;
  samples: SampleRow[];
  /** The day they are destroyed. */
  on: Date;
}

/**
 * The call point for the notice a week before kept samples are destroyed, in
 * the transaction that writes the timeline entry. The message centre (another
 * slice) adds its message here; until then the timeline entry is the notice.
 */
export async function onDestroyNotice(t: AppContext, notice: DestroyNotice): Promise<void> {
  t.log.info(
    { order: notice.order.no, samples: notice.samples.map((s) => s.no), on: notice.on.toISOString() },
    'kept samples: destroy notice',
  );
}

const SYSTEM_MOVER = { kind: 'system' } as const;

/** One run: notices for samples due within DESTROY_NOTICE_DAYS not yet noticed, then every sample past its day destroyed. Idempotent. */
export async function keepSamples(ctx: AppContext): Promise<{ noticed: number; destroyed: number }> {
  const now = ctx.clock();
  const soon = new Date(now.getTime() + DESTROY_NOTICE_DAYS * 86_400_000);
  let noticed = 0;
  let destroyed = 0;
  for (const orderId of await repo.keptToNotice(ctx.db, soon)) {
    await ctx.tx(async (t) => {
      const order = await lockReachableOrder(t, SYSTEM_MOVER, orderId);
      const fresh = await repo.markNoticed(t.db, orderId, soon, now);
      if (!fresh.length) return;
      const on = fresh.reduce((d, s) => (s.keptUntil! < d ? s.keptUntil! : d), fresh[0]!.keptUntil!);
      const names = fresh.map((s) => `${s.no} ${s.name}`).join('、');
      await recordOrderEvent(
        t,
        SYSTEM,
        order,
        'sample.destroyNotice',
        `${names} 将于 ${on.toISOString().slice(0, 10)} 销毁；如需退还请联系客户经理`,
      );
      await onDestroyNotice(t, { order, samples: fresh, on });
      noticed += fresh.length;
    });
  }
  for (const orderId of await repo.keptDueOrders(ctx.db, now)) {
    await ctx.tx(async (t) => {
      const order = await lockReachableOrder(t, SYSTEM_MOVER, orderId);
      const ids = await repo.keptDueIds(t.db, orderId, now);
      if (ids.length) destroyed += (await moveSamples(t, SYSTEM_MOVER, order, 'destroy', { ids, note: '留样期满' })).length;
    });
  }
  if (noticed || destroyed) ctx.log.info({ noticed, destroyed }, 'kept samples');
  return { noticed, destroyed };
}

export const sampleKeepJobs = {
  'sample.keep': async (ctx) => {
    await keepSamples(ctx);
  },
} satisfies JobHandlers;
