// A promoter's application (推广员, ADR 0055, ADR 0058): the customer applies
// (or applies again after a rejection); staff with promoter.manage approve,
// reject, stop and restart. Every change of a promoter's state is
// promoterMachine.move (or .created for the first application), with the
// audit row; the customer's in-site message is the NOTICES table's.
import { PROMOTER_STATE_NAMES, PROMOTER_TRANSITIONS, type PromoterState } from '@yance/contracts/promotion-states';
import type { PromoterApplyBody, PromoterEntry } from '@yance/contracts/promotion';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { defineMachine } from '../../lib/state-machine.ts';
import * as repo from './promotion.repository.ts';
import type { PromoterRow } from './promotion.repository.ts';
import { customerActor, toPromoterEntry } from './promotion.service.ts';

export const NO_PROMOTER_ROW = '推广员不存在';

/** The promoter's machine: a customer reaches only their own application. */
export const promoterMachine = defineMachine<AppContext, PromoterRow, PromoterState, typeof PROMOTER_TRANSITIONS>({
  objectType: 'promoter',
  table: PROMOTER_TRANSITIONS,
  names: PROMOTER_STATE_NAMES,
  noun: '推广员',
  missing: NO_PROMOTER_ROW,
  lock: (t, id) => repo.lockPromoter(t.db, id),
  reach: (_t, mover, row) => mover.kind !== 'customer' || row.userId === mover.userId,
  write: (t, row, from, to, _at, set) => repo.movePromoter(t.db, row.id, from, { ...set, state: to }),
  noteMissing: () => '[原因]不能为空',
  // The customer hears of staff's answer: the NOTICES table's words.
  audience: (_t, row) => ({ userId: row.userId, orderId: null, vars: {} }),
});

/** promotion/apply: the first application, or again after a rejection. */
export async function applyPromoter(ctx: AppContext, userId: number, body: PromoterApplyBody, ip: string): Promise<PromoterEntry> {
  return ctx.tx(async (t) => {
    const mover = { kind: 'customer' as const, userId, name: (await customerActor(t, userId)).name, ip };
    const existing = await repo.lockPromoterByUser(t.db, userId);
    if (existing) {
      if (!promoterMachine.canLeave('reapply', existing.state))
        throw new AppError('CONFLICT', existing.state === 'applied' ? '您的申请正在审核中' : '您已是推广员，无需重复申请');
      const set = { name: body.name, channel: body.channel ?? '', reason: body.reason ?? '', note: '', decidedAt: null };
      return toPromoterEntry(await promoterMachine.move(t, mover, existing, 'reapply', { locked: existing, set }));
    }
    const row = await repo.insertPromoter(t.db, { userId, state: PROMOTER_TRANSITIONS.apply.to, ...body, createdAt: t.clock() });
    if (!row) throw new AppError('CONFLICT', '您的申请正在审核中');
    await promoterMachine.created(t, mover, row, 'apply', { changes: { name: [null, row.name], channel: [null, row.channel] } });
    return toPromoterEntry(row);
  });
}
