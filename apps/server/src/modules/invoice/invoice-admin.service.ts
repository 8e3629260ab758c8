// The console's 发票 room (ADR 0052): finance's queue of applications, the
// detail with the title snapshot and lines, 开票 (the number and the PDF) and
// 驳回 with a reason. Every move goes through the invoice machine.
import {
  INVOICE_REFUSED,
  type AdminInvoiceDetail,
  type AdminInvoiceIssueBody,
  type AdminInvoiceListQuery,
  type AdminInvoiceRejectBody,
  type AdminInvoiceSummary,
} from '@yance/contracts/invoice';
import { invoiceApplyNo } from '@yance/contracts/invoice-states';
import type { Page } from '@yance/contracts/paging';
import { chinaToday } from '@yance/contracts/sampling-rules';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { SHOP_NAME } from '../contract/index.ts';
import { putPrivateFile, type FileStorage } from '../media/index.ts';
import { getSettings } from '../setting/index.ts';
import * as repo from './invoice.repository.ts';
import type { ApplicationRow } from './invoice.repository.ts';
import { detailOf, invoiceFile, invoiceMachine, NO_APPLICATION, withLines } from './invoice.service.ts';

type Card = { customerName: string; customerPhone: string; company: string };
const cardOf = (a: ApplicationRow, c: Card) => ({
  customerId: a.userId,
  customerName: c.customerName,
  customerPhone: c.customerPhone,
  company: c.company,
});

/** invoice/list: by state (申请中 oldest first, the rest newest first) and a keyword (FP number, title, phone). */
export async function adminInvoiceList(ctx: AppContext, q: AdminInvoiceListQuery): Promise<Page<AdminInvoiceSummary>> {
  const { rows, total } = await repo.pageAdminApplications(ctx.db, { state: q.state, kw: q.kw || undefined }, q.page, q.pageSize);
  const summaries = await withLines(
    ctx,
    rows.map((r) => r.a),
  );
  return { list: summaries.map((s, i) => ({ ...s, ...cardOf(rows[i]!.a, rows[i]!) })), total, page: q.page, pageSize: q.pageSize };
}

async function found(ctx: AppContext, id: number) {
  const row = await repo.findAdminApplication(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', NO_APPLICATION);
  return row;
}

/** invoice/detail: the application with its customer, snapshot, lines and who decided it. */
export async function adminInvoiceDetail(ctx: AppContext, id: number): Promise<AdminInvoiceDetail> {
  const row = await found(ctx, id);
  return { ...(await detailOf(ctx, row.a)), ...cardOf(row.a, row), decidedBy: row.a.decidedByName };
}

/** invoice/pdf: the issued invoice (409 before). */
export async function adminInvoicePdf(ctx: AppContext, storage: FileStorage, id: number) {
  return invoiceFile(storage, (await found(ctx, id)).a);
}

const staff = (caller: StaffCaller, ip: string) => ({ kind: 'staff' as const, caller, ip });

/**
 * invoice/issue (开票): the number finance typed (unused, else 409) and the
 * invoice PDF — seller 设置 › 公司名称, buyer the snapshot, the lines, the
 * amount in figures and 大写, number and date — stored as a private file of
 * the customer, then the move under the application's lock (申请中 only).
 */
export async function issueInvoice(
  ctx: AppContext,
  storage: FileStorage,
  caller: StaffCaller,
  body: AdminInvoiceIssueBody,
  ip = '',
): Promise<AdminInvoiceDetail> {
  const { a } = await found(ctx, body.id);
  if (!invoiceMachine.canLeave('issue', a.state)) throw new AppError('CONFLICT', invoiceMachine.stale(a.state));
  if (await repo.invoiceNoUsed(ctx.db, body.invoiceNo)) throw new AppError('CONFLICT', INVOICE_REFUSED.invoiceNoTaken);
  const date = chinaToday(ctx.clock());
  const { localInfo } = await getSettings(ctx, ['localInfo']);
  const lines = await repo.listLines(ctx.db, [a.id]);
  const { invoicePdf } = await import('./invoice-pdf.ts');
  const bytes = await invoicePdf({
    invoiceNo: body.invoiceNo,
    date,
    applyNo: invoiceApplyNo(a.id),
    seller: {
      name: localInfo?.company || SHOP_NAME,
      taxId: localInfo?.taxId ?? '',
      address: localInfo?.address ?? '',
      phone: localInfo?.phone ?? '',
    },
    buyer: a.title,
    lines: lines.map((l) => ({ label: l.label, amountFen: l.amountFen, topup: l.sourceKind === 'topup' })),
    totalFen: a.amountFen,
    issuer: caller.name,
  });
  const name = `发票-${body.invoiceNo}.pdf`;
  const stored = await putPrivateFile(storage, a.userId, { bytes, filename: name }, ['pdf'], '[发票]文件生成失败');
  try {
    await invoiceMachine.move(ctx, staff(caller, ip), a.id, 'issue', {
      // The number once more under the application's lock: another invoice may have taken it meanwhile.
      apply: async (t) => {
        if (await repo.invoiceNoUsed(t.db, body.invoiceNo)) throw new AppError('CONFLICT', INVOICE_REFUSED.invoiceNoTaken);
      },
      set: {
        invoiceNo: body.invoiceNo,
        invoiceDate: date,
        pdfKey: stored.id,
        pdfName: name,
        decidedAt: ctx.clock(),
        decidedBy: caller.id,
        decidedByName: caller.name,
      },
    });
  } catch (err) {
    // Two people typing the same number at once: the unique index lets one through.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', INVOICE_REFUSED.invoiceNoTaken, { cause: err });
    throw err;
  }
  // The e-invoice's mail was queued with the move (issue/invoice runs in its key's transaction, ADR 0061): enqueue
  // wakes the worker once that commits.
  return adminInvoiceDetail(ctx, a.id);
}

/** invoice/reject (驳回): with a reason the customer reads; 申请中 only. */
export async function rejectInvoice(
  ctx: AppContext,
  caller: StaffCaller,
  body: AdminInvoiceRejectBody,
  ip = '',
): Promise<AdminInvoiceDetail> {
  await invoiceMachine.move(ctx, staff(caller, ip), body.id, 'reject', {
    note: body.reason,
    set: { reason: body.reason.trim(), decidedAt: ctx.clock(), decidedBy: caller.id, decidedByName: caller.name },
  });
  return adminInvoiceDetail(ctx, body.id);
}
