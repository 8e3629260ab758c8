import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { createOnce } from '../ledger/index.ts';
import { readUploadedFile } from '../../plugins/multipart.ts';
import { sendPrivateFile, type FileStorage } from '../media/index.ts';
import {
  acceptDemand,
  addDemand,
  adminDemandDetail,
  adminDemandList,
  adminFile,
  adminQuoteDemand,
  customerFile,
  declineDemand,
  demandDetail,
  listDemands,
  uploadAttachment,
  withdrawDemand,
} from './demand.service.ts';

/** Custom demands (ADR 0044): the customer's calls scoped to `user`, the console's behind order.quote and reach. */
export const demandRoutes = (ctx: AppContext, storage: FileStorage) =>
  ({
    demandUpload: async ({ user, request }) =>
      uploadAttachment(storage, user.id, await readUploadedFile(request, ctx.config.UPLOAD_MAX_BYTES, '附件')),
    demandFile: async ({ user, query, reply }) => sendPrivateFile(reply, await customerFile(ctx, storage, user.id, query.id, query.file)),
    demandAdd: ({ user, body, ip }) =>
      createOnce(ctx, { userId: user.id }, 'demand/add', body, (t) => addDemand(t, storage, user.id, body, ip)),
    demandList: ({ user, body }) => listDemands(ctx, user.id, body),
    demandDetail: ({ user, body }) => demandDetail(ctx, user.id, body.id),
    demandAccept: ({ user, body, ip }) => acceptDemand(ctx, user.id, body.id, ip),
    demandDecline: ({ user, body, ip }) => declineDemand(ctx, user.id, body.id, body.reason, ip),
    demandWithdraw: ({ user, body, ip }) => withdrawDemand(ctx, user.id, body.id, ip),
    adminDemandList: ({ staff, query }) => adminDemandList(ctx, staff, query),
    adminDemandDetail: ({ staff, query }) => adminDemandDetail(ctx, staff, query.id),
    adminDemandFile: async ({ staff, query, reply }) => sendPrivateFile(reply, await adminFile(ctx, storage, staff, query.id, query.file)),
    adminDemandQuote: ({ staff, body, ip }) =>
      createOnce(ctx, { staffId: staff.id }, 'demand/quote', body, (t, form) => adminQuoteDemand(t, staff, form, ip)),
  }) satisfies Handlers;
