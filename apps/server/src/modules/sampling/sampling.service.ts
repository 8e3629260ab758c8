// Sampling requests of an order (spec §3–§5, issue 9 "Sampling"): the rules
// are the contracts' sampling-rules.ts, the same the storefront's dialog runs.
import { ORDER_STATE_NAMES, type OrderState } from '@yance/contracts/order-states';
import { type SamplingAddBody, type SamplingEventAction, type SamplingListResponse, type SamplingRequest } from '@yance/contracts/sampling';
import { chinaToday, pickupError, selfSendError } from '@yance/contracts/sampling-rules';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { owned as ownedAddress } from '../address/address.service.ts';
import {
  customerMover,
  findCustomerOrder,
  lockCustomerOrder,
  recordOrderNote,
  type CustomerMover,
  type OrderRow,
} from '../order/order-api.service.ts';
import { moveSamples } from '../lab/sample.service.ts';
import { getSettings } from '../setting/setting.service.ts';
import * as repo from './sampling.repository.ts';
import type { NewSamplingRow, SamplingRow } from './sampling.repository.ts';

/** The order state each request type belongs to: pick-up waits for the lab's visit, self-send for the parcel. */
const STATE_FOR_TYPE: Record<0 | 1, OrderState> = { 0: 'awaitingSample', 1: 'awaitingPickup' };
const WAITING: readonly OrderState[] = Object.values(STATE_FOR_TYPE);
const TYPE_WORDS: Record<0 | 1, string> = { 0: '填写快递单号', 1: '预约上门取样' };

export const NO_REQUEST = '取样申请不存在';
export const ACTIVE_EXISTS = '该订单已有取样申请，请先取消再重新提交';
export const ALREADY_RECEIVED = '实验室已收样，无法取消取样申请';
export const ALREADY_CANCELLED = '取样申请已取消';

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
  cancellable: r.state === 'active' && WAITING.includes(order.state),
  collector,
});

/** The timeline entry (state unchanged) and the audit row of a request sent or cancelled, in the caller's transaction. */
async function record(t: AppContext, mover: CustomerMover, order: OrderRow, action: SamplingEventAction, row: SamplingRow, note: string) {
  const actor = { kind: 'customer' as const, id: mover.userId, name: mover.name };
  await recordOrderNote(t, mover, order, action, note);
  await recordAudit(t, {
    actor,
    action: action === 'sampling' ? 'sampling.add' : 'sampling.cancel',
    objectType: 'sampling',
    objectId: row.id,
    changes:
      action === 'sampling' ? { order: [null, order.no], type: [null, row.type], note: [null, note] } : { state: ['active', 'cancelled'] },
    ip: mover.ip,
  });
}

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
    chinaToday(t.clock()),
    samplingSetting!,
    allowRegion!,
  );
  if (error) throw new AppError('INVALID', error);
  return { ...place, name, phone, addressRid: body.address_rid, date: body.date, time: body.time, message: body.message };
}

/** The timeline's note for a request: when and where the lab picks up, or the parcel's courier and number. */
const noteOf = (r: SamplingRow) =>
  r.type === 1 ? `${r.date} ${r.time} ${r.province}${r.city}${r.area}${r.address}` : `${r.expressCompany} ${r.expressNo}`;

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
    if (order.state !== STATE_FOR_TYPE[type])
      throw new AppError('CONFLICT', `订单当前为「${ORDER_STATE_NAMES[order.state]}」，不能${TYPE_WORDS[type]}`);
    let fields: Partial<NewSamplingRow>;
    if (type === 1) fields = await pickupFields(t, userId, body);
    else {
      const error = selfSendError(body);
      if (error) throw new AppError('INVALID', error);
      fields = { expressCompany: body.express_company, expressNo: body.express_no, message: body.message };
    }
    if (await repo.findActive(t.db, order.id)) throw new AppError('CONFLICT', ACTIVE_EXISTS);
    const row = await repo.insertRequest(t.db, { ...fields, orderId: order.id, userId, type, createdAt: t.clock() });
    await record(t, mover, order, 'sampling', row, noteOf(row));
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
    const found = await repo.lockOwned(t.db, userId, id);
    if (!found) throw new AppError('NOT_FOUND', NO_REQUEST);
    const order = await lockCustomerOrder(t, mover, found.orderId);
    if (found.state !== 'active') throw new AppError('CONFLICT', ALREADY_CANCELLED);
    if (!WAITING.includes(order.state)) throw new AppError('CONFLICT', ALREADY_RECEIVED);
    const row = await repo.cancelRequest(t.db, found.id, t.clock());
    if (!row) throw new AppError('CONFLICT', ALREADY_CANCELLED);
    await record(t, mover, order, 'samplingCancel', row, noteOf(row));
    if (row.type === 0) await moveSamples(t, mover, order, 'unship', { set: { expressCompany: '', expressNo: '' } });
    return toApi(row, order);
  });
}
