import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { createOnce } from '../ledger/index.ts';
import { sendPrivateFile, type FileStorage } from '../media/index.ts';
import { adminInvoiceDetail, adminInvoiceList, adminInvoicePdf, issueInvoice, rejectInvoice } from './invoice-admin.service.ts';
import { addTitle, editTitle, listTitles, makeDefaultTitle, removeTitle } from './invoice-title.service.ts';
import { applyInvoice, invoiceableOrders } from './invoice-apply.service.ts';
import { applicationDetail, customerInvoiceFile, listApplications, withdrawApplication } from './invoice.service.ts';

/** Invoices (ADR 0052): the customer's titles and applications scoped to `user`; the console's behind invoice.manage. */
export const invoiceRoutes = (ctx: AppContext, storage: FileStorage) =>
  ({
    invoiceList: ({ user }) => listTitles(ctx, user.id),
    invoiceAdd: ({ user, body }) => createOnce(ctx, { userId: user.id }, 'invoice/add', body, (t, form) => addTitle(t, user.id, form)),
    invoiceEdit: ({ user, body }) => editTitle(ctx, user.id, body.id, body),
    invoiceDel: ({ user, body }) => removeTitle(ctx, user.id, body.id).then(() => null),
    invoiceDefault: ({ user, body }) => makeDefaultTitle(ctx, user.id, body.id).then(() => null),
    invoiceApplyOrders: ({ user }) => invoiceableOrders(ctx, user.id),
    invoiceApplyAdd: ({ user, body, ip }) =>
      createOnce(ctx, { userId: user.id }, 'invoiceApply/add', body, (t) => applyInvoice(t, user.id, body, ip)),
    invoiceApplyList: ({ user, body }) => listApplications(ctx, user.id, body),
    invoiceApplyDetail: ({ user, body }) => applicationDetail(ctx, user.id, body.id),
    invoiceApplyCancel: ({ user, body, ip }) => withdrawApplication(ctx, user.id, body.id, ip),
    invoiceApplyPdf: async ({ user, query, reply }) => sendPrivateFile(reply, await customerInvoiceFile(ctx, storage, user.id, query.id)),
    adminInvoiceList: ({ query }) => adminInvoiceList(ctx, query),
    adminInvoiceDetail: ({ query }) => adminInvoiceDetail(ctx, query.id),
    adminInvoicePdf: async ({ query, reply }) => sendPrivateFile(reply, await adminInvoicePdf(ctx, storage, query.id)),
    adminInvoiceIssue: ({ staff, body, ip }) =>
      createOnce(ctx, { staffId: staff.id }, 'invoice/issue', body, (t, form) => issueInvoice(t, storage, staff, form, ip)),
    adminInvoiceReject: ({ staff, body, ip }) => rejectInvoice(ctx, staff, body, ip),
  }) satisfies Handlers;
