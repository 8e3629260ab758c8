// Result files of an order (ADR 0041): uploaded by the lab into private storage,
// reviewed (审核通过 / 驳回) before the customer sees them, downloaded only
// through an authenticated call that checks the order's owner.
import { createHash } from 'node:crypto';
import type { AdminResultFile, ResultFile, ResultFileReviewBody } from '@yance/contracts/lab';
import { cleanText } from '@yance/contracts/text';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { FileStorage } from '../media/storage.service.ts';
import { staffMover } from '../order/order-admin.service.ts';
import {
  customerMover,
  findReachableOrder,
  lockReachableOrder,
  moverActor,
  recordOrderEvent,
  type Mover,
} from '../order/order-api.service.ts';
import * as repo from './lab.repository.ts';
import type { FileRow, ListedFile } from './lab.repository.ts';

/** The request's file and the text fields sent before it (plugins/multipart reads them). */
export interface ResultUpload {
  bytes: Buffer;
  filename: string;
  fields: Record<string, string>;
}

export const NO_FILE = '文件不存在';

/** Content types by extension: text data as UTF-8 text (the plot viewer reads it), everything unknown as bytes. */
const TYPES: Record<string, string> = {
  xy: 'text/plain; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  dat: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  zip: 'application/zip',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
export const contentTypeOf = (name: string) => TYPES[name.toLowerCase().split('.').pop() ?? ''] ?? 'application/octet-stream';

/** The customer's download path (GET with the Authorization header). */
const customerPath = (id: number) => `/api/auth/order/file?id=${id}`;

type Listed = ListedFile;

const customerFileOf = ({ f, sampleNo }: Listed): ResultFile => ({
  id: f.id,
  name: f.name,
  size: f.bytes,
  contentType: f.contentType,
  sampleNo,
  uploadedAt: f.uploadedAt.toISOString(),
  download: customerPath(f.id),
});

const adminFileOf = (l: Listed): AdminResultFile => ({
  ...customerFileOf(l),
  download: `/api/admin/order/file?id=${l.f.id}`,
  state: l.f.state,
  rejectReason: l.f.rejectReason,
  uploadedBy: l.f.uploadedByName,
  reviewedBy: l.f.reviewedByName,
});

/** The files a customer sees: reviewed ones only. */
export const customerFiles = async (ctx: AppContext, orderId: number) => (await repo.listFiles(ctx.db, orderId, true)).map(customerFileOf);
/** The console's list: every file with its review. */
export const adminFiles = async (ctx: AppContext, orderId: number) => (await repo.listFiles(ctx.db, orderId, false)).map(adminFileOf);

async function adminFileById(ctx: AppContext, id: number): Promise<AdminResultFile> {
  const row = await repo.fileWithSample(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', NO_FILE);
  return adminFileOf(row);
}

const positive = (v: string | undefined) => (v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : undefined);

/**
 * order/file/upload: a result file for an order (fields orderId, sampleId
 * optional, sent before the file), stored privately by the hash of its bytes;
 * pending review. Timeline and audit in one transaction.
 */
export async function uploadResult(
  ctx: AppContext,
  storage: FileStorage,
  caller: StaffCaller,
  part: ResultUpload,
  ip: string,
): Promise<AdminResultFile> {
  const orderId = positive(part.fields.orderId);
  if (!orderId) throw new AppError('INVALID', '[订单]不能为空');
  const sampleId = part.fields.sampleId ? positive(part.fields.sampleId) : undefined;
  if (part.fields.sampleId && !sampleId) throw new AppError('INVALID', '[样品]不正确');
  const name = cleanText(part.filename).replace(/[/\\]/g, '_').slice(0, 200) || '结果文件';
  const mover = staffMover(caller, ip);
  // Reach first: a file is never stored for an order this member cannot see.
  const seen = await findReachableOrder(ctx, mover, orderId);
  if (seen.state === 'cancelled') throw new AppError('CONFLICT', '订单已取消，不能上传结果文件');
  const hash = createHash('sha256').update(part.bytes).digest('hex');
  const key = `u/r/${hash.slice(0, 2)}/${hash.slice(0, 40)}`;
  await storage.put(key, part.bytes, 'application/octet-stream');
  const id = await ctx.tx(async (t) => {
    const order = await lockReachableOrder(t, mover, orderId);
    let sampleNo = '';
    if (sampleId) {
      const s = await repo.findOrderSample(t.db, order.id, sampleId);
      if (!s) throw new AppError('INVALID', '[样品]不属于该订单');
      sampleNo = s.no;
    }
    const actor = moverActor(mover, ['order.lab']);
    const row = await repo.insertFile(t.db, {
      orderId: order.id,
      sampleId: sampleId ?? null,
      key,
      name,
      contentType: contentTypeOf(name),
      bytes: part.bytes.length,
      uploadedBy: caller.id,
      uploadedByName: actor.name,
      uploadedAt: t.clock(),
    });
    await recordOrderEvent(t, actor, order, 'fileUpload', [name, sampleNo].filter(Boolean).join(' '));
    await recordAudit(t, {
      actor,
      action: 'order.fileUpload',
      objectType: 'result_file',
      objectId: row.id,
      changes: { order: [null, order.no], name: [null, name], bytes: [null, part.bytes.length], sample: [null, sampleNo || null] },
      ip,
    });
    return row.id;
  });
  return adminFileById(ctx, id);
}

export const ALREADY_REVIEWED = '该文件已审核，请刷新后重试';

/** order/file/review: 审核通过, or 驳回 with a reason; only a pending file. */
export async function reviewResult(ctx: AppContext, caller: StaffCaller, body: ResultFileReviewBody, ip: string): Promise<AdminResultFile> {
  const mover = staffMover(caller, ip);
  if (!body.approve && !body.reason.trim()) throw new AppError('INVALID', '[驳回原因]不能为空');
  await ctx.tx(async (t) => {
    const found = await repo.findFile(t.db, body.id);
    if (!found) throw new AppError('NOT_FOUND', NO_FILE);
    const order = await lockReachableOrder(t, mover, found.orderId);
    const file = await repo.lockFile(t.db, body.id);
    if (file!.state !== 'pending') throw new AppError('CONFLICT', ALREADY_REVIEWED);
    const actor = moverActor(mover, ['order.lab']);
    const state = body.approve ? 'approved' : 'rejected';
    const reviewed = await repo.reviewFile(t.db, file!.id, {
      state,
      rejectReason: body.approve ? '' : body.reason,
      reviewedBy: caller.id,
      reviewedByName: actor.name,
      reviewedAt: t.clock(),
    });
    if (!reviewed) throw new AppError('CONFLICT', ALREADY_REVIEWED);
    await recordOrderEvent(
      t,
      actor,
      order,
      body.approve ? 'fileApprove' : 'fileReject',
      body.approve ? file!.name : `${file!.name}：${body.reason}`,
    );
    await recordAudit(t, {
      actor,
      action: body.approve ? 'order.fileApprove' : 'order.fileReject',
      objectType: 'result_file',
      objectId: file!.id,
      changes: { state: ['pending', state], ...(body.approve ? {} : { reason: [null, body.reason] }) },
      ip,
    });
  });
  return adminFileById(ctx, body.id);
}

/** A file to send: its bytes, name and content type. */
export interface FileDownload {
  bytes: Buffer;
  name: string;
  contentType: string;
}

async function bytesOf(storage: FileStorage, file: FileRow): Promise<FileDownload> {
  const bytes = await storage.get(file.key);
  if (!bytes) throw new AppError('NOT_FOUND', NO_FILE);
  return { bytes, name: file.name, contentType: file.contentType };
}

/** Who reads a file: the customer only a reviewed file of their own order; staff any file of an order in reach. Anything else is 404. */
async function readable(ctx: AppContext, mover: Mover, id: number): Promise<FileRow> {
  const file = await repo.findFile(ctx.db, id);
  if (!file || (mover.kind === 'customer' && file.state !== 'approved')) throw new AppError('NOT_FOUND', NO_FILE);
  await findReachableOrder(ctx, mover, file.orderId).catch(() => {
    throw new AppError('NOT_FOUND', NO_FILE);
  });
  return file;
}

/** order/file (customer): a reviewed file of one of the caller's orders. */
export async function customerDownload(ctx: AppContext, storage: FileStorage, userId: number, id: number): Promise<FileDownload> {
  return bytesOf(storage, await readable(ctx, await customerMover(ctx, userId), id));
}

/** order/file (console): any file of an order in the staff member's reach. */
export async function adminDownload(ctx: AppContext, storage: FileStorage, caller: StaffCaller, id: number): Promise<FileDownload> {
  return bytesOf(storage, await readable(ctx, staffMover(caller), id));
}
