// Sampling requests of an order (spec §3–§5, issue 9 "Sampling"): the rules
// are the contracts' sampling-rules.ts, the same the storefront's dialog runs;
// a request's state moves only on the sampling machine (ADR 0058), its
// order's state gating every action (SAMPLING_TRANSITIONS' parentIn).
import type { OrderState } from '@yance/contracts/order-states';
import type { SamplingAddBody, SamplingListResponse, SamplingRequest } from '@yance/contracts/sampling';
import { pickupError, selfSendError } from '@yance/contracts/sampling-rules';
import {
  SAMPLING_STATE_NAMES,
  SAMPLING_TRANSITIONS,
  samplingActionOf,
  samplingRefusal,
  type SamplingAction,
  type SamplingState,
} from '@yance/contracts/sampling-states';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { defineMachine } from '../../lib/state-machine.ts';
import { owned as ownedAddress } from '../address/index.ts';
import {
  customerMover,
  findCustomerOrder,
  lockCustomerOrder,
  orderNoOf,
  orderStateOf,
  recordOrderNote,
  type OrderRow,
} from '../order/index.ts';
import { moveSamples } from '../lab/index.ts';
import { getSettings } from '../setting/index.ts';
import { staffMember } from '../staff/index.ts';
import * as repo from './sampling.repository.ts';
import type { NewSamplingRow, SamplingRow } from './sampling.repository.ts';
import { placeText } from '@yance/contracts/place';

export const NO_REQUEST = '取样申请不存在';
export const ACTIVE_EXISTS = '该订单已有取样申请，请先取消再重新提交';
export { ALREADY_RECEIVED } from '@yance/contracts/sampling-states';
export const ALREADY_CANCELLED = '取样申请已取消';

/**
 * The sampling request's machine: the customer sends, books and cancels their
 * own (another's answers as missing); the console assigns a collector. Every
 * action is gated by the order's state (read under the order's lock, which
 * the caller holds).
 */
export const samplingMachine = defineMachine<AppContext, SamplingRow, SamplingState, typeof SAMPLING_TRANSITIONS>({
  objectType: 'sampling',
  table: SAMPLING_TRANSITIONS,
  names: SAMPLING_STATE_NAMES,
  noun: '取样申请',
  missing: NO_REQUEST,
  lock: (t, id) => repo.lockRequest(t.db, id),
  reach: (_t, mover, row) => mover.kind !== 'customer' || row.userId === mover.userId,
  write: (t, row, from, to, _at, set) => repo.setRequestState(t.db, row.id, from, to, set),
  // The customer hears of the collector (notices.ts): who comes when.
  audience: async (t, row) => ({
    userId: row.userId,
    orderId: row.orderId,
    vars: {
      no: (await orderNoOf(t, row.orderId)) ?? '',
      name: row.assigneeId === null ? '' : ((await staffMember(t, row.assigneeId))?.name ?? ''),
      date: row.date,
      time: row.time,
    },
  }),
  parent: {
    state: async (t, row) => (await orderStateOf(t, row.orderId))!,
    refused: (state, action) => samplingRefusal(action as SamplingAction, state as OrderState) ?? '',
  },
});

const toApi = (r: SamplingRow, order: OrderRow, collector: string | null = null): SamplingRequest => ({
  id: r.id,
  orderId: r.orderId,
  type: r.type,
  state: r.state,
  date: r.date,
  time: r.time,
  message: r.message,
  name: r.name,
  phone: r.phone,
  province: r.province,
  city: r.city,
  area: r.area,
  address: r.address,
  address_code: r.addressCode,
  address_rid: r.addressRid,
  express_company: r.expressCompany,
  express_no: r.expressNo,
  createdAt: r.createdAt.toISOString(),
  cancelledAt: r.cancelledAt?.toISOString() ?? null,
  cancellable: samplingMachine.canLeave('cancel', r.state) && !samplingRefusal('cancel', order.state),
  collector,
});

/** A pick-up request's fields after every rule of spec §5: the address book's entry or the new address, date and slot. */
async function pickupFields(t: AppContext, userId: number, body: SamplingAddBody): Promise<Partial<NewSamplingRow>> {
  const book = body.address_rid ? await ownedAddress(t, userId, body.address_rid) : undefined;
  const place = book
    ? { province: book.province, city: book.city, area: book.area, address: book.address, addressCode: book.addressCode }
    : { province: body.province, city: body.city, area: body.area, address: body.address, addressCode: body.address_code };
  const name = body.name || (book?.name ?? '');
  const phone = body.phone || (book?.phone ?? '');
  const { samplingSetting, allowRegion } = await getSettings(t, ['samplingSetting', 'allowRegion']);
  const error = pickupError(
    {
      name,
      phone,
      address_rid: body.address_rid,
      address_code: place.addressCode,
      address: place.address,
      date: body.date,
      time: body.time,
    },
    t.clock(),
    samplingSetting!,
    allowRegion!,
  );
  if (error) throw new AppError('INVALID', error);
  return { ...place, name, phone, addressRid: body.address_rid, date: body.date, time: body.time, message: body.message };
}

/** The timeline's note for a request: when and where the lab picks up, or the parcel's courier and number. */
const noteOf = (r: SamplingRow) => (r.type === 1 ? `${r.date} ${r.time} ${placeText(r)}` : `${r.expressCompany} ${r.expressNo}`);

/**
 * sampling/add: one request for one of the caller's orders waiting for its
 * samples (pick-up → 待取样, self-send → 待寄样), every rule checked again
 * here; the order's timeline and the audit log in the same transaction.
 */
export async function addSampling(ctx: AppContext, userId: number, body: SamplingAddBody, ip: string): Promise<SamplingRequest> {
  const mover = await customerMover(ctx, userId, ip);
  return ctx.tx(async (t) => {
    const order = await lockCustomerOrder(t, mover, body.orderId);
    const type = body.type as 0 | 1;
    const action = samplingActionOf(type);
    // The table's gate first (the machine checks it again when the request is made): no rule of a form the order cannot take.
    const refused = samplingRefusal(action, order.state);
    if (refused) throw new AppError('CONFLICT', refused);
    let fields: Partial<NewSamplingRow>;
    if (type === 1) fields = await pickupFields(t, userId, body);
    else {
      const error = selfSendError(body);
      if (error) throw new AppError('INVALID', error);
      fields = { expressCompany: body.express_company, expressNo: body.express_no, message: body.message };
    }
    if (await repo.findActive(t.db, order.id)) throw new AppError('CONFLICT', ACTIVE_EXISTS);
    const row = await repo.insertRequest(t.db, { ...fields, orderId: order.id, userId, type, createdAt: t.clock() });
    const note = noteOf(row);
    await samplingMachine.created(t, mover, row, action, { note, changes: { order: [null, order.no], type: [null, row.type] } });
    await recordOrderNote(t, mover, order, 'sampling', note);
    // Posted: the order's samples are on their way (运输中) with this courier number (ADR 0041).
    if (type === 0) await moveSamples(t, mover, order, 'ship', { set: { expressCompany: row.expressCompany, expressNo: row.expressNo } });
    return toApi(row, order);
  });
}

/** sampling/list: the requests of one of the caller's orders, and where self-sent parcels go (localInfo.express). */
export async function listSampling(ctx: AppContext, userId: number, orderId: number): Promise<SamplingListResponse> {
  const mover = await customerMover(ctx, userId, '');
  const order = await findCustomerOrder(ctx, mover, orderId);
  const { localInfo } = await getSettings(ctx, ['localInfo']);
  const rows = await repo.listForOrder(ctx.db, order.id);
  const list = rows.map((r) => toApi(r.request, order, r.request.assigneeId === null ? null : r.collectorName || r.collectorAccount));
  return { list, labAddress: localInfo!.express };
}

/** sampling/cancel: the caller's active request, while the lab has not received the samples. */
export async function cancelSampling(ctx: AppContext, userId: number, id: number, ip: string): Promise<SamplingRequest> {
  const mover = await customerMover(ctx, userId, ip);
  return ctx.tx(async (t) => {
    const found = await repo.lockRequest(t.db, id);
    if (!found || found.userId !== userId) throw new AppError('NOT_FOUND', NO_REQUEST);
    const order = await lockCustomerOrder(t, mover, found.orderId);
    if (!samplingMachine.canLeave('cancel', found.state)) throw new AppError('CONFLICT', ALREADY_CANCELLED);
    const row = await samplingMachine.move(t, mover, found, 'cancel', {
      locked: found,
      note: noteOf(found),
      set: { cancelledAt: t.clock() },
    });
    await recordOrderNote(t, mover, order, 'samplingCancel', noteOf(row));
    if (row.type === 0) await moveSamples(t, mover, order, 'unship', { set: { expressCompany: '', expressNo: '' } });
    return toApi(row, order);
  });
}
