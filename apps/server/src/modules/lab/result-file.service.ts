// Result files of an order (ADR 0041): uploaded by the lab into private storage,
// reviewed (审核通过 / 驳回) before the customer sees them, downloaded only
// through an authenticated call that checks the order's owner. A file's state
// moves only on the result-file machine (ADR 0058), gated by its order's state.
import { createHash } from 'node:crypto';
import type { AdminResultFile, ResultFile, ResultFileReviewBody } from '@yance/contracts/lab';
import type { OrderState } from '@yance/contracts/order-states';
import {
  RESULT_FILE_STATE_NAMES,
  RESULT_FILE_TRANSITIONS,
  resultFileRefusal,
  type ResultFileAction,
  type ResultFileState,
} from '@yance/contracts/result-file-states';
import { DEFAULT_LAB_REVIEW, LAB_REVIEW_KEY, labReview } from '@yance/contracts/setting';
import { cleanText } from '@yance/contracts/text';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { defineMachine } from '../../lib/state-machine.ts';
import type { FileStorage } from '../media/index.ts';
import { getSettingValue } from '../setting/index.ts';
import { staffMover, customerMover, findReachableOrder, lockReachableOrder, recordOrderEvent, type Mover } from '../order/index.ts';
import * as repo from './lab.repository.ts';
import type { FileRow, ListedFile } from './lab.repository.ts';

/** The request's file and the text fields sent before it (plugins/multipart reads them). */
export interface ResultUpload {
  bytes: Buffer;
  filename: string;
  fields: Record<string, string>;
}

export const NO_FILE = '文件不存在';
export const ALREADY_REVIEWED = '该文件已审核，请刷新后重试';
export const SELF_REVIEW = '结果文件须由上传人以外的另一位员工审核通过（单人实验室可由运营在「工作日历」页开启本人审核）';

/** The result file's machine: the lab uploads and reviews; the order's state gates every action (the caller holds its lock and reach). */
export const resultFileMachine = defineMachine<AppContext, FileRow, ResultFileState, typeof RESULT_FILE_TRANSITIONS>({
  objectType: 'result_file',
  table: RESULT_FILE_TRANSITIONS,
  names: RESULT_FILE_STATE_NAMES,
  noun: '结果文件',
  missing: NO_FILE,
  lock: (t, id) => repo.lockFile(t.db, id),
  write: (t, row, from, to, _at, set) => repo.setFileState(t.db, row.id, from, to, set),
  parent: {
    state: async (t, row) => (await repo.orderStateOf(t.db, row.orderId))!,
    refused: (state, action) => resultFileRefusal(action as ResultFileAction, state as OrderState) ?? '',
  },
  noteMissing: () => '[驳回原因]不能为空',
  // Four eyes (issue 21): the one who uploaded a file does not pass it, unless the operator set a one-person lab.
  check: async (t, mover, row, action) => {
    if (action !== 'approve' || mover.kind !== 'staff' || row.uploadedBy !== mover.caller.id) return;
    const setting = labReview.safeParse(await getSettingValue(t, LAB_REVIEW_KEY));
    if (!(setting.success ? setting.data : DEFAULT_LAB_REVIEW).singlePersonLab) throw new AppError('FORBIDDEN', SELF_REVIEW);
  },
});

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
  // The table's gate before the bytes are stored (the machine checks it again under the order's lock).
  const refused = resultFileRefusal('upload', seen.state);
  if (refused) throw new AppError('CONFLICT', refused);
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
    const actor = resultFileMachine.actorFor(mover, 'upload');
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
    await resultFileMachine.created(t, mover, row, 'upload', {
      changes: { order: [null, order.no], name: [null, name], bytes: [null, part.bytes.length], sample: [null, sampleNo || null] },
    });
    await recordOrderEvent(t, actor, order, 'fileUpload', [name, sampleNo].filter(Boolean).join(' '));
    return row.id;
  });
  return adminFileById(ctx, id);
}

/** order/file/review: 审核通过, or 驳回 with a reason; only a pending file, of an order the lab works on. */
export async function reviewResult(ctx: AppContext, caller: StaffCaller, body: ResultFileReviewBody, ip: string): Promise<AdminResultFile> {
  const mover = staffMover(caller, ip);
  const action: ResultFileAction = body.approve ? 'approve' : 'reject';
  await ctx.tx(async (t) => {
    const found = await repo.findFile(t.db, body.id);
    if (!found) throw new AppError('NOT_FOUND', NO_FILE);
    const order = await lockReachableOrder(t, mover, found.orderId);
    const file = (await repo.lockFile(t.db, body.id))!;
    if (!resultFileMachine.canLeave(action, file.state)) throw new AppError('CONFLICT', ALREADY_REVIEWED);
    const actor = resultFileMachine.actorFor(mover, action);
    const reason = body.approve ? '' : body.reason.trim();
    await resultFileMachine.move(t, mover, file, action, {
      locked: file,
      note: reason,
      set: { rejectReason: reason, reviewedBy: caller.id, reviewedByName: actor.name, reviewedAt: t.clock() },
    });
    await recordOrderEvent(
      t,
      actor,
      order,
      body.approve ? 'fileApprove' : 'fileReject',
      body.approve ? file.name : `${file.name}：${body.reason}`,
    );
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
