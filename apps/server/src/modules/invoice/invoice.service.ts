// Invoice applications (开票申请, spec §7 invoiceApply; ADR 0052, ADR 0058):
// the application's machine on the one engine — every change of its state is
// invoiceMachine.move (or .created right after the customer's application is
// written, invoice-apply.service.ts), by the contracts' INVOICE_TRANSITIONS,
// with the audit log in the same transaction; the customer's in-site message
// is the NOTICES table's, and the e-invoice's mail subscribes to its moves
// (subscribers.ts). Here too:
// the views both sides share, the customer's reads and withdrawal, the PDF and
// the red-letter reversal of a refunded order's invoices.
import type { InvoiceApplyDetail, InvoiceApplyListBody, InvoiceApplySummary } from '@yance/contracts/invoice';
import {
  canLeaveInvoice,
  INVOICE_KIND_NAMES,
  INVOICE_STATE_NAMES,
  INVOICE_TRANSITIONS,
  invoiceApplyNo,
  isElectronicInvoice,
  type InvoiceAction,
  type InvoiceState,
} from '@yance/contracts/invoice-states';
import type { Page } from '@yance/contracts/paging';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { formatFen } from '@yance/contracts/money';
import { defineMachine, SYSTEM_ACTOR, SYSTEM_MOVER, type Moved } from '../../lib/state-machine.ts';
import { getPrivateFile, type FileStorage } from '../media/index.ts';
import { customerMover } from '../order/index.ts';
import { queueInvoiceMail } from './invoice-mail.service.ts';
import * as repo from './invoice.repository.ts';
import type { ApplicationRow, LineRow } from './invoice.repository.ts';

export const NO_APPLICATION = '开票申请不存在';

/**
 * The application's machine: a customer reaches only their own (another's is
 * 404); finance (invoice.manage) issues and rejects; the system rejects and
 * reverses for a refunded order. The reason of a rejection or a reversal is
 * the move's note, written to the row with the state.
 */
export const invoiceMachine = defineMachine<AppContext, ApplicationRow, InvoiceState, typeof INVOICE_TRANSITIONS>({
  objectType: 'invoice',
  table: INVOICE_TRANSITIONS,
  names: INVOICE_STATE_NAMES,
  noun: '开票申请',
  missing: NO_APPLICATION,
  lock: (t, id) => repo.lockApplication(t.db, id),
  reach: (_t, mover, row) => mover.kind !== 'customer' || row.userId === mover.userId,
  write: (t, row, from, to, at, set) => repo.moveApplication(t.db, row.id, from, to, { ...set, updatedAt: at }),
  noteMissing: (action) => (action === 'reject' ? '[驳回原因]不能为空' : '[原因]不能为空'),
  // Every move tells the customer (notices.ts): the application's number, its kind and amount, where the invoice is.
  audience: (_t, a) => ({
    userId: a.userId,
    orderId: null,
    vars: {
      no: invoiceApplyNo(a.id),
      what: `${INVOICE_KIND_NAMES[a.kind]} ${formatFen(a.amountFen)}`,
      invoiceNo: a.invoiceNo ?? '',
      reason: a.reason,
      // Written with the issue, before the invoice.mail job sends: the e-mail is on its way, not yet delivered.
      whereToGet:
        isElectronicInvoice(a.kind) && a.email
          ? `发票PDF将通过邮件发送至${a.email}，也可在「开票记录」下载。`
          : '可在「开票记录」下载发票。',
    },
  }),
});

/**
 * What follows every move of an application, in its transaction (subscribed to invoiceMachine.moved): an issued
 * e-invoice's mail with its PDF is queued with the issue (the caller wakes the worker after). The customer's in-site
 * message is the NOTICES table's (the machine's audience gives its values).
 */
export async function afterInvoiceMove(t: AppContext, m: Moved<ApplicationRow, InvoiceState, InvoiceAction>): Promise<void> {
  if (m.action === 'issue') await queueInvoiceMail(t, m.row);
}

/** The customer as the machine's mover. */
export const customerOf = async (ctx: AppContext, userId: number, ip = '') => ({ ...(await customerMover(ctx, userId, ip)), ip });

// ---- views -------------------------------------------------------------------------

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function summaryOf(a: ApplicationRow, lines: readonly LineRow[]): InvoiceApplySummary {
  return {
    id: a.id,
    no: invoiceApplyNo(a.id),
    state: a.state,
    kind: a.kind,
    titleName: a.title.name,
    amount_fen: a.amountFen,
    labels: lines.map((l) => l.label),
    invoiceNo: a.invoiceNo ?? '',
    rejectReason: a.reason,
    createdAt: a.createdAt.toISOString(),
    decidedAt: iso(a.decidedAt),
  };
}

/** The application with its lines and snapshot, as both sides show it. */
export async function detailOf(ctx: AppContext, a: ApplicationRow): Promise<Omit<InvoiceApplyDetail, 'canWithdraw'>> {
  const lines = await repo.listLines(ctx.db, [a.id]);
  return {
    ...summaryOf(a, lines),
    title: a.title,
    lines: lines.map((l) => ({ source: l.sourceKind, sourceId: l.sourceId, label: l.label, amount_fen: l.amountFen })),
    email: a.email,
    mailTo: a.mailTo,
    remark: a.remark,
    invoiceDate: a.invoiceDate,
    hasPdf: a.state === 'issued' && a.pdfKey !== null,
  };
}

export const customerDetail = async (ctx: AppContext, a: ApplicationRow): Promise<InvoiceApplyDetail> => ({
  ...(await detailOf(ctx, a)),
  canWithdraw: canLeaveInvoice('withdraw', a.state),
});

/** Pages of applications with their lines' labels. */
export async function withLines(ctx: AppContext, rows: ApplicationRow[]) {
  const lines = await repo.listLines(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    summaryOf(
      r,
      lines.filter((l) => l.applicationId === r.id),
    ),
  );
}

// ---- the customer's applications ------------------------------------------------------------

/** invoiceApply/list: the customer's own, newest first. */
export async function listApplications(ctx: AppContext, userId: number, q: InvoiceApplyListBody): Promise<Page<InvoiceApplySummary>> {
  const { rows, total } = await repo.pageCustomerApplications(ctx.db, userId, q.state, q.page, q.pageSize);
  return { list: await withLines(ctx, rows), total, page: q.page, pageSize: q.pageSize };
}

async function ownApplication(ctx: AppContext, userId: number, id: number): Promise<ApplicationRow> {
  const row = await repo.findApplication(ctx.db, id);
  if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', NO_APPLICATION);
  return row;
}

/** invoiceApply/detail: one of the customer's applications. */
export async function applicationDetail(ctx: AppContext, userId: number, id: number): Promise<InvoiceApplyDetail> {
  return customerDetail(ctx, await ownApplication(ctx, userId, id));
}

/** invoiceApply/cancel: the customer withdraws while 申请中 (else 409); the orders' amounts are free again. */
export async function withdrawApplication(ctx: AppContext, userId: number, id: number, ip = ''): Promise<InvoiceApplyDetail> {
  const moved = await invoiceMachine.move(ctx, await customerOf(ctx, userId, ip), id, 'withdraw');
  return customerDetail(ctx, moved);
}

/** The issued invoice's PDF, for whoever reached the application: 409 before it is issued. */
export async function invoiceFile(storage: FileStorage, a: ApplicationRow) {
  if (a.state !== 'issued' || !a.pdfKey)
    throw new AppError('CONFLICT', `开票申请当前为「${INVOICE_STATE_NAMES[a.state]}」，没有可下载的发票`);
  const file = await getPrivateFile(storage, a.userId, a.pdfKey);
  if (!file) throw new AppError('NOT_FOUND', '发票文件不存在');
  return file;
}

/** invoiceApply/pdf: the customer's own issued invoice. */
export async function customerInvoiceFile(ctx: AppContext, storage: FileStorage, userId: number, id: number) {
  return invoiceFile(storage, await ownApplication(ctx, userId, id));
}

// ---- refunds ---------------------------------------------------------------------------------

/**
 * Red-letter reversal when an order is refunded: every issued invoice with a
 * line of this order is reversed (红冲) and every pending application holding
 * it is rejected, each with the reason, its audit row and the customer's
 * message, in the caller's transaction when there is one. The orders' amounts
 * are free again; the customer applies anew for what remains. Answers the
 * applications moved (the refunds' approval calls it).
 */
export async function reverseInvoicesOfOrder(
  ctx: AppContext,
  orderId: number,
  reason: string,
): Promise<{ reversed: number[]; rejected: number[] }> {
  return ctx.tx(async (t) => {
    const ids = await repo.applicationsOfSource(t.db, 'order', orderId, ['applied', 'issued']);
    const out = { reversed: [] as number[], rejected: [] as number[] };
    for (const id of ids) {
      const row = await repo.lockApplication(t.db, id);
      if (!row) continue;
      const action = row.state === 'issued' ? 'reverse' : 'reject';
      // A rejection is decided by the system; a reversal keeps who issued the invoice.
      const decided = action === 'reject' ? { decidedAt: t.clock(), decidedBy: null, decidedByName: SYSTEM_ACTOR.name } : {};
      const moved = await invoiceMachine.move(t, SYSTEM_MOVER, row, action, { note: reason, set: { ...decided, reason: reason.trim() } });
      (moved.state === 'reversed' ? out.reversed : out.rejected).push(id);
    }
    return out;
  });
}
