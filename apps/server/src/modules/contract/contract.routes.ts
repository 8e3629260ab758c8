import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { readUploadedFile } from '../../plugins/multipart.ts';
import { sendPrivateFile, type FileStorage } from '../media/index.ts';
import {
  adminContract,
  adminContractPdf,
  adminScan,
  confirmContract,
  customerContractPdf,
  listContracts,
  rejectScan,
  uploadScan,
} from './contract.service.ts';

const pdf = (file: { name: string; bytes: Uint8Array }) => ({ name: file.name, type: 'application/pdf', data: Buffer.from(file.bytes) });

/** The enterprise contract (ADR 0045): the customer's calls scoped to `user`; the console's behind their permission and reach. */
export const contractRoutes = (ctx: AppContext, storage: FileStorage) =>
  ({
    contractList: ({ user }) => listContracts(ctx, user.id),
    contractDownload: async ({ user, query, reply }) => sendPrivateFile(reply, pdf(await customerContractPdf(ctx, user.id, query.orderId))),
    contractUpload: async ({ user, query, request, ip }) =>
      uploadScan(ctx, storage, user.id, query.orderId, await readUploadedFile(request, ctx.config.UPLOAD_MAX_BYTES, '签署件'), ip),
    adminContractDetail: ({ staff, query }) => adminContract(ctx, staff, query.orderId),
    adminContractPdf: async ({ staff, query, reply }) => sendPrivateFile(reply, pdf(await adminContractPdf(ctx, staff, query.orderId))),
    adminContractScan: async ({ staff, query, reply }) => sendPrivateFile(reply, await adminScan(ctx, storage, staff, query.orderId)),
    adminContractReject: ({ staff, body, ip }) => rejectScan(ctx, staff, body.orderId, body.reason, ip),
    adminOrderConfirmContract: ({ staff, body, ip }) => confirmContract(ctx, staff, body, ip),
  }) satisfies Handlers;
