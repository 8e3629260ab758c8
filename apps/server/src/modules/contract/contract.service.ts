// The enterprise contract of an order (issue 9, ADR 0045): the PDF made from
// the order, the signed scan the customer uploads, the manager's rejection or
// confirmation (the order's confirmContract, refused while no scan waits).
import {
  CONTRACT_SCAN_MISSING,
  type ContractListResponse,
  type ContractState,
  type ContractSummary,
} from '@yance/contracts/order-contract';
import { ORDER_STATE_NAMES } from '@yance/contracts/order-states';
import type { OrderMoveBody } from '@yance/contracts/order';
import { chinaToday } from '@yance/contracts/sampling-rules';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { getPrivateFile, putPrivateFile } from '../media/private-file.service.ts';
import type { FileStorage } from '../media/storage.service.ts';
import type { UploadedFile } from '../media/upload.service.ts';
import { adminMove, staffOrder, staffOrderDetail } from '../order/order-admin.service.ts';
import {
  customerCard,
  customerMover,
  findCustomerOrder,
  lockCustomerOrder,
  orderLines,
  recordOrderEvent,
  type OrderRow,
} from '../order/order-api.service.ts';
import { getSettings } from '../setting/setting.service.ts';
import * as repo from './contract.repository.ts';
import type { ContractRow } from './contract.repository.ts';

/** The shop's name on the contract (乙方) until 设置 › 联系方式 names the company. */
export const SHOP_NAME = '研测科技检测服务平台';
const SCAN_KINDS = '[签署件]仅支持PDF或图片（JPEG、PNG、WebP）';
const NOT_ENTERPRISE = '该订单无需签署合同';

const summaryOf = (o: OrderRow, c: ContractRow | null | undefined): ContractSummary => ({
  orderId: o.id,
  orderNo: o.no,
  orderState: o.state,
  state: c?.state ?? (o.state === 'contracting' ? 'none' : o.state === 'cancelled' ? 'none' : 'confirmed'),
  total_fen: o.totalFen,
  scanName: c?.scanName ?? '',
  uploadedAt: c?.uploadedAt?.toISOString() ?? null,
  rejectReason: c?.rejectReason ?? '',
  createdAt: o.createdAt.toISOString(),
});

/** An order has a contract once priced, if it is an enterprise's. */
function refuseWithoutContract(o: OrderRow): void {
  if (o.kind !== 'enterprise') throw new AppError('CONFLICT', NOT_ENTERPRISE);
  if (o.state === 'draft' || o.state === 'quoting')
    throw new AppError('CONFLICT', `订单当前为「${ORDER_STATE_NAMES[o.state]}」，报价完成后才能生成合同`);
}

/** contract/list: the customer's enterprise orders past pricing, with their contract's state. */
export async function listContracts(ctx: AppContext, userId: number): Promise<ContractListResponse> {
  const rows = await repo.listCustomerContracts(ctx.db, userId);
  return { list: rows.map((r) => summaryOf(r.o, r.c)) };
}

/** The contract PDF of an order (parties, lines, prices, terms, signature blocks). */
async function pdfOf(ctx: AppContext, o: OrderRow): Promise<{ name: string; bytes: Uint8Array }> {
  const { contractPdf } = await import('./contract-pdf.ts');
  const { localInfo } = await getSettings(ctx, ['localInfo']);
  const c = await customerCard(ctx, o.userId);
  const lines = await orderLines(ctx, o.id);
  const bytes = await contractPdf({
    orderNo: o.no,
    date: chinaToday(o.createdAt),
    shop: {
      name: localInfo?.company || SHOP_NAME,
      address: localInfo?.address ?? '',
      contact: '',
      phone: localInfo?.phone ?? '',
      email: localInfo?.email ?? '',
    },
    customer: { name: c?.company || c?.name || '', address: '', contact: c?.name ?? '', phone: c?.phone ?? '' },
    lines: lines.map((l) => ({
      name: l.name,
      rid: l.rid,
      unit: l.unit,
      unitFen: l.unitFen,
      count: l.count,
      amountFen: l.amountFen,
      turnaroundDays: l.turnaroundDays,
    })),
    totalFen: o.totalFen,
  });
  return { name: `检测服务合同-${o.no}.pdf`, bytes };
}

export async function customerContractPdf(ctx: AppContext, userId: number, orderId: number) {
  const order = await findCustomerOrder(ctx, await customerMover(ctx, userId), orderId);
  refuseWithoutContract(order);
  return pdfOf(ctx, order);
}

/**
 * contract/upload: the signed scan of an order waiting for it (待签约): a
 * PDF or a picture, private; replaces an earlier or rejected scan. The
 * timeline and the audit log in the same transaction.
 */
export async function uploadScan(ctx: AppContext, storage: FileStorage, userId: number, orderId: number, file: UploadedFile, ip: string) {
  const mover = await customerMover(ctx, userId, ip);
  const order = await findCustomerOrder(ctx, mover, orderId);
  refuseWithoutContract(order);
  if (order.state !== 'contracting') throw new AppError('CONFLICT', `订单当前为「${ORDER_STATE_NAMES[order.state]}」，不能上传签署合同`);
  const stored = await putPrivateFile(storage, userId, file, ['pdf', 'image'], SCAN_KINDS);
  return ctx.tx(async (t) => {
    const locked = await lockCustomerOrder(t, mover, orderId);
    if (locked.state !== 'contracting')
      throw new AppError('CONFLICT', `订单当前为「${ORDER_STATE_NAMES[locked.state]}」，不能上传签署合同`);
    const before = await repo.findContract(t.db, locked.id);
    const row = await repo.saveContract(t.db, locked.id, {
      state: 'uploaded',
      scanKey: stored.id,
      scanName: stored.name,
      scanType: stored.type,
      uploadedAt: t.clock(),
      rejectReason: '',
      decidedBy: null,
      decidedAt: null,
    });
    const actor = { kind: 'customer' as const, id: userId, name: mover.name };
    await recordOrderEvent(t, actor, locked, 'contractUpload', stored.name);
    await recordAudit(t, {
      actor,
      action: 'contract.upload',
      objectType: 'order',
      objectId: locked.id,
      changes: { contract: [before?.state ?? 'none', 'uploaded'], scan: [before?.scanName ?? null, stored.name] },
      ip,
    });
    return summaryOf(locked, row);
  });
}

// ---- console -------------------------------------------------------------

export async function adminContract(ctx: AppContext, caller: StaffCaller, orderId: number): Promise<ContractSummary> {
  const order = await staffOrder(ctx, caller, orderId);
  refuseWithoutContract(order);
  return summaryOf(order, await repo.findContract(ctx.db, order.id));
}

export async function adminContractPdf(ctx: AppContext, caller: StaffCaller, orderId: number) {
  const order = await staffOrder(ctx, caller, orderId);
  refuseWithoutContract(order);
  return pdfOf(ctx, order);
}

export async function adminScan(ctx: AppContext, storage: FileStorage, caller: StaffCaller, orderId: number) {
  const order = await staffOrder(ctx, caller, orderId);
  const c = await repo.findContract(ctx.db, order.id);
  const file = c?.scanKey ? await getPrivateFile(storage, order.userId, c.scanKey) : undefined;
  if (!file) throw new AppError('NOT_FOUND', '客户尚未上传签署的合同');
  return file;
}

const WAITING: readonly ContractState[] = ['uploaded'];

/** contract/reject: the manager sends the scan back with a reason; the customer uploads again. */
export async function rejectScan(ctx: AppContext, caller: StaffCaller, orderId: number, reason: string, ip: string) {
  const order = await ctx.tx(async (t) => {
    const o = await staffOrder(t, caller, orderId, true);
    if (o.state !== 'contracting') throw new AppError('CONFLICT', `订单当前为「${ORDER_STATE_NAMES[o.state]}」，不能退回签署合同`);
    const c = await repo.findContract(t.db, o.id);
    if (!c || !WAITING.includes(c.state)) throw new AppError('CONFLICT', '没有待确认的签署合同');
    await repo.saveContract(t.db, o.id, { state: 'rejected', rejectReason: reason, decidedBy: caller.id, decidedAt: t.clock() });
    const actor = { kind: 'staff' as const, id: caller.id, name: `客户经理 ${caller.name}` };
    await recordOrderEvent(t, actor, o, 'contractReject', reason);
    await recordAudit(t, {
      actor,
      action: 'contract.reject',
      objectType: 'order',
      objectId: o.id,
      changes: { contract: ['uploaded', 'rejected'], reason: [null, reason] },
      ip,
    });
    return o;
  });
  return staffOrderDetail(ctx, caller, order);
}

/** 确认合同 (the order's confirmContract): refused with 409 while no signed scan waits; the scan is marked confirmed with the move. */
export async function confirmContract(ctx: AppContext, caller: StaffCaller, body: OrderMoveBody, ip: string) {
  return adminMove(ctx, caller, 'confirmContract', body, ip, async (t, o) => {
    const c = await repo.findContract(t.db, o.id);
    if (!c || !WAITING.includes(c.state)) throw new AppError('CONFLICT', CONTRACT_SCAN_MISSING);
    await repo.saveContract(t.db, o.id, { state: 'confirmed', decidedBy: caller.id, decidedAt: t.clock() });
    return { contract: [c.state, 'confirmed'] as [unknown, unknown] };
  });
}
