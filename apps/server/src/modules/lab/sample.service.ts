// The one place a sample's state changes (ADR 0041): every call, the order's
// transitions and the keep job go through moveSamples with an action of the
// contracts' SAMPLE_TRANSITIONS.
import { NO_REVIEWED_FILE } from '@yance/contracts/lab';
import type { OrderAction, OrderActor } from '@yance/contracts/order-states';
import {
  canSampleLeave,
  keepUntil,
  SAMPLE_STATE_NAMES,
  SAMPLE_TRANSITIONS,
  type SampleAction,
  type SampleState,
} from '@yance/contracts/sample-states';
import { can, type Permission } from '@yance/contracts/staff';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStateMove } from '../audit/audit.service.ts';
import { moverActor, recordOrderEvent, type Mover, type OrderRow } from '../order/order-api.service.ts';
import * as repo from './lab.repository.ts';
import type { SampleFields, SampleRow } from './lab.repository.ts';

export const NO_SAMPLE = '样品不存在';
export const sampleStale = (state: SampleState) => `样品状态已变化（当前为「${SAMPLE_STATE_NAMES[state]}」），请刷新后重试`;

export interface SampleMoveOptions {
  /** These samples (each must be able to leave its state, else 409); without ids, every sample of the order that can. */
  ids?: readonly number[];
  /** The state the actor saw: another one answers 409. */
  expect?: SampleState;
  /** Words for the timeline after the samples' numbers (a courier number, a reason). */
  note?: string;
  /** Fields written with the move (courier numbers, keep day). */
  set?: SampleFields;
}

const permissionsOf = (action: SampleAction): Permission[] =>
  (SAMPLE_TRANSITIONS[action].by as readonly OrderActor[]).flatMap((a) => ('permission' in a ? [a.permission] : []));

function mayTakeSample(mover: Mover, action: SampleAction): boolean {
  const by = SAMPLE_TRANSITIONS[action].by as readonly OrderActor[];
  if (mover.kind === 'customer') return by.some((a) => 'customer' in a);
  if (mover.kind === 'system') return by.some((a) => 'system' in a);
  return permissionsOf(action).some((p) => can(mover.caller.roles, p));
}

const auditValue = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));

/**
 * Moves samples of one order by one action of the sample table, inside the
 * caller's transaction, which already holds the order locked (reach checked by
 * the caller): locks the samples, checks who may (403) and each sample's state
 * (409), writes the new state with a compare-and-set, one timeline entry for
 * the batch and one audit row per sample. Answers the moved samples.
 */
export async function moveSamples(
  t: AppContext,
  mover: Mover,
  order: OrderRow,
  action: SampleAction,
  opts: SampleMoveOptions = {},
): Promise<SampleRow[]> {
  if (!mayTakeSample(mover, action)) throw new AppError('FORBIDDEN', '您没有权限执行此操作');
  const locked = await repo.lockSamples(t.db, order.id, opts.ids);
  if (opts.ids && locked.length !== new Set(opts.ids).size) throw new AppError('NOT_FOUND', NO_SAMPLE);
  const moving = opts.ids ? locked : locked.filter((s) => canSampleLeave(action, s.state));
  for (const s of moving)
    if ((opts.expect !== undefined && opts.expect !== s.state) || !canSampleLeave(action, s.state))
      throw new AppError('CONFLICT', sampleStale(s.state));
  if (!moving.length) return [];
  const to = SAMPLE_TRANSITIONS[action].to;
  const at = t.clock();
  const actor = moverActor(mover, permissionsOf(action));
  const moved: SampleRow[] = [];
  for (const s of moving) {
    const row = await repo.setSampleState(t.db, s.id, s.state, to, at, opts.set);
    // The row lock makes this unreachable; kept so a change of locking can never move a sample twice.
    if (!row) throw new AppError('CONFLICT', sampleStale(s.state));
    moved.push(row);
    const changes: Record<string, [unknown, unknown]> = {};
    for (const [k, v] of Object.entries(opts.set ?? {})) changes[k] = [auditValue(s[k as keyof SampleRow]), auditValue(v)];
    await recordStateMove(t, {
      actor,
      objectType: 'sample',
      objectId: s.id,
      action,
      from: s.state,
      to,
      changes,
      ip: mover.kind === 'system' ? '' : mover.ip,
    });
  }
  const note = [moved.map((s) => `${s.no} ${s.name}`).join('、'), opts.note?.trim()].filter(Boolean).join('；');
  await recordOrderEvent(t, actor, order, `sample.${action}`, note);
  return moved;
}

/** Whether the order has a result file that passed review (交付数据 needs one). */
export const hasApprovedFile = (t: AppContext, orderId: number) => repo.hasApprovedFile(t.db, orderId);

/**
 * What the samples do when their order moves, in moveOrder's transaction
 * (ADR 0041): 确认收样 signs every sample still out, 开始实验 starts them,
 * 交付数据 needs a reviewed file (409 otherwise) and keeps every sample the
 * customer did not ask back for KEEP_MONTHS.
 */
export async function afterOrderMove(t: AppContext, mover: Mover, order: OrderRow, action: OrderAction): Promise<void> {
  if (action === 'receive') await moveSamples(t, mover, order, 'checkIn', { set: { checkedInAt: t.clock() } });
  else if (action === 'startTesting') await moveSamples(t, mover, order, 'test');
  else if (action === 'deliver') {
    if (!(await hasApprovedFile(t, order.id))) throw new AppError('CONFLICT', NO_REVIEWED_FILE);
    const keep = await repo.sampleIdsIn(t.db, order.id, ['signed', 'testing'], true);
    const until = keepUntil(t.clock());
    if (keep.length)
      await moveSamples(t, mover, order, 'keep', {
        ids: keep,
        set: { keptUntil: until },
        note: `留样至${until.toISOString().slice(0, 10)}`,
      });
  }
}
