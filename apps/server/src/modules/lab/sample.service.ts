// The one place a sample's state changes (ADR 0041, ADR 0058): every call, the
// order's transitions and the keep job go through moveSamples, which moves each
// sample on the one engine with an action of the contracts' SAMPLE_TRANSITIONS —
// its gate on the order's state included.
import { NO_REVIEWED_FILE } from '@yance/contracts/lab';
import type { OrderAction, OrderState } from '@yance/contracts/order-states';
import {
  keepUntil,
  SAMPLE_STATE_NAMES,
  SAMPLE_TRANSITIONS,
  sampleRefusal,
  type SampleAction,
  type SampleState,
} from '@yance/contracts/sample-states';
import { placeText } from '@yance/contracts/place';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { defineMachine } from '../../lib/state-machine.ts';
import { recordOrderEvent, type Mover, type OrderRow } from '../order/index.ts';
import * as repo from './lab.repository.ts';
import type { SampleFields, SampleRow } from './lab.repository.ts';

export const NO_SAMPLE = '样品不存在';

/** The sample's machine; its order's state gates every action (`parentIn`). */
export const sampleMachine = defineMachine<AppContext, SampleRow, SampleState, typeof SAMPLE_TRANSITIONS>({
  objectType: 'sample',
  table: SAMPLE_TRANSITIONS,
  names: SAMPLE_STATE_NAMES,
  noun: '样品',
  missing: NO_SAMPLE,
  lock: async (t, id) => {
    const s = await repo.findSample(t.db, id);
    return s && (await repo.lockSamples(t.db, s.orderId, [id]))[0];
  },
  write: (t, row, from, to, at, set) => repo.setSampleState(t.db, row.id, from, to, at, set as SampleFields),
  audience: async (t, row) => ({
    userId: (await repo.orderOwnerOf(t.db, row.orderId))!,
    orderId: row.orderId,
    vars: { name: `${row.no} ${row.name}`, note: `${row.returnCompany} ${row.returnNo}`.trim() },
  }),
  parent: {
    state: async (t, row) => (await repo.orderStateOf(t.db, row.orderId))!,
    refused: (state, action) => sampleRefusal(action as SampleAction, state as OrderState) ?? '',
  },
});

export const sampleStale = (state: SampleState) => sampleMachine.stale(state);

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

/**
 * Moves samples of one order by one action of the sample table, inside the
 * caller's transaction, which already holds the order locked (reach checked by
 * the caller): locks the samples and moves each on the engine (who may 403,
 * its state 409, the order's state 409, compare-and-set, one audit row per
 * sample), then writes one timeline entry for the batch. Answers the moved samples.
 */
export async function moveSamples(
  t: AppContext,
  mover: Mover,
  order: OrderRow,
  action: SampleAction,
  opts: SampleMoveOptions = {},
): Promise<SampleRow[]> {
  if (!sampleMachine.mayTake(mover, action)) throw new AppError('FORBIDDEN', '您没有权限执行此操作');
  const locked = await repo.lockSamples(t.db, order.id, opts.ids);
  if (opts.ids && locked.length !== new Set(opts.ids).size) throw new AppError('NOT_FOUND', NO_SAMPLE);
  const moving = opts.ids ? locked : locked.filter((s) => sampleMachine.canLeave(action, s.state));
  const moved: SampleRow[] = [];
  for (const s of moving)
    moved.push(await sampleMachine.move(t, mover, s, action, { locked: s, expect: opts.expect, set: opts.set ?? {} }));
  if (!moved.length) return [];
  const note = [moved.map((s) => `${s.no} ${s.name}`).join('、'), opts.note?.trim()].filter(Boolean).join('；');
  await recordOrderEvent(t, sampleMachine.actorFor(mover, action), order, `sample.${action}`, note);
  return moved;
}

/** Whether the order has a result file that passed review (交付数据 needs one). */
export const hasApprovedFile = (t: AppContext, orderId: number) => repo.hasApprovedFile(t.db, orderId);

/** The timeline's words for samples waiting to go back: where to. */
const returnNote = (order: OrderRow) => (order.returnAddress ? `退还至 ${placeText(order.returnAddress)}` : '');

/**
 * What the samples do when their order moves, in moveOrder's transaction
 * (ADR 0041): 确认收样 signs every sample still out, 开始实验 starts them,
 * 交付数据 needs a reviewed file (409 otherwise), keeps every sample the
 * customer did not ask back for KEEP_MONTHS and holds the others for return.
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
    // The samples asked back wait to be sent to the order's return address (待退还), no longer 检测中 (ADR 0070).
    // (Those kept just left 已签收/检测中, so what is still there was asked back.)
    const back = await repo.sampleIdsIn(t.db, order.id, ['signed', 'testing']);
    if (back.length) await moveSamples(t, mover, order, 'holdForReturn', { ids: back, note: returnNote(order) });
  }
}
