// The one place a demand's state changes (ADR 0044, ADR 0058): every customer
// call, console quote and the expire job move a demand on the one engine with
// an action of the contracts' DEMAND_TRANSITIONS; its timeline is demand_event.
import { DEMAND_STATE_NAMES, DEMAND_TRANSITIONS, type DemandState } from '@yance/contracts/demand';
import { seesAllOrders } from '@yance/contracts/order';
import { chinaToday } from '@yance/contracts/sampling-rules';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { defineMachine, type Mover } from '../../lib/state-machine.ts';
import type { JobHandlers } from '../job/index.ts';
import { customerCard } from '../order/index.ts';
import * as repo from './demand.repository.ts';
import type { DemandRow, NewDemandRow } from './demand.repository.ts';

export const NO_DEMAND = '需求不存在';

export const quoteExpired = (validUntil: string) => `报价已过有效期（有效期至${validUntil}），请联系客户经理重新报价`;

/**
 * Whether the mover may see the demand: the customer their own; staff who see
 * every order see every demand; a manager their customers' and those of
 * customers without a manager (anyone who quotes may answer those).
 */
async function reaches(ctx: AppContext, mover: Mover, row: DemandRow): Promise<boolean> {
  if (mover.kind === 'customer') return row.userId === mover.userId;
  if (mover.kind === 'staff' && !seesAllOrders(mover.caller.roles)) {
    const customer = await customerCard(ctx, row.userId);
    return customer?.managerId == null || customer.managerId === mover.caller.id;
  }
  return true;
}

/** The demand if the mover reaches it; a missing one and one out of reach answer alike (404). */
export async function reachable(ctx: AppContext, mover: Mover, row: DemandRow | undefined): Promise<DemandRow> {
  if (!row || !(await reaches(ctx, mover, row))) throw new AppError('NOT_FOUND', NO_DEMAND);
  return row;
}

/** The demand's machine: reach, a compare-and-set with the quote's fields, a quote accepted only within its validity, the timeline. */
export const demandMachine = defineMachine<AppContext, DemandRow, DemandState, typeof DEMAND_TRANSITIONS>({
  objectType: 'demand',
  table: DEMAND_TRANSITIONS,
  names: DEMAND_STATE_NAMES,
  noun: '需求',
  missing: NO_DEMAND,
  lock: (t, id) => repo.lockDemand(t.db, id),
  reach: reaches,
  write: (t, row, from, to, at, set) => repo.moveState(t.db, row.id, from, to, at, set as Partial<NewDemandRow>),
  audience: (_t, row) => ({ userId: row.userId, orderId: null, vars: { name: row.title } }),
  check: async (t, _mover, row, action) => {
    if (action === 'accept' && row.validUntil < chinaToday(t.clock())) throw new AppError('CONFLICT', quoteExpired(row.validUntil));
  },
  timeline: (t, m) =>
    repo.insertEvent(t.db, {
      demandId: m.objectId,
      at: m.at,
      actorKind: m.actor.kind,
      actorId: m.actor.id,
      actorName: m.actor.name,
      action: m.action,
      fromState: m.from,
      toState: m.to,
      note: m.note,
    }),
});

export const expireQuote = (ctx: AppContext, d: Pick<DemandRow, 'id' | 'validUntil'>) =>
  demandMachine.move(ctx, { kind: 'system' }, d.id, 'expire', { expect: 'quoted', note: `有效期至${d.validUntil}` });

/**
 * The demand.expire job (hourly): quotes valid only before today become 报价已过期, each in its own transaction; one
 * that the customer accepted or the manager re-quoted meanwhile is left as it is (the move expects 'quoted').
 */
export async function expireQuotes(ctx: AppContext): Promise<number> {
  let expired = 0;
  for (const id of await repo.quotedBefore(ctx.db, chinaToday(ctx.clock()))) {
    const row = await repo.findDemand(ctx.db, id);
    if (!row || row.state !== 'quoted') continue;
    await expireQuote(ctx, row).then(
      () => expired++,
      (e: unknown) => {
        if (!(e instanceof AppError && e.kind === 'CONFLICT')) throw e;
      },
    );
  }
  if (expired) ctx.log.info({ expired }, 'quotes expired');
  return expired;
}

export const demandJobs = {
  'demand.expire': async (ctx) => {
    await expireQuotes(ctx);
  },
} satisfies JobHandlers;
