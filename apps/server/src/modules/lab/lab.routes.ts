import { RESULT_FILE_MAX_BYTES } from '@yance/contracts/lab';
import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { readUploadedFile } from '../../plugins/multipart.ts';
import { UPLOAD_CSP } from '../../plugins/static-web.ts';
import type { FastifyReply } from 'fastify';
import type { FileStorage } from '../media/index.ts';
import {
  addTestRecord,
  adminAdjust,
  adminArrivals,
  adminCheckIn,
  adminReturn,
  customerQuery,
  customerRetest,
  customerSamples,
  customerTestRecords,
} from './lab.service.ts';
import { adminDownload, customerDownload, reviewResult, uploadResult, type FileDownload } from './result-file.service.ts';
import { createOnce } from '../ledger/index.ts';

/** A private file: the raw bytes with their type, as an attachment, never sniffed, cached or run if opened. */
const sendFile = async (reply: FastifyReply, file: Promise<FileDownload>) => {
  const { bytes, name, contentType } = await file;
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="result"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', UPLOAD_CSP)
    .send(bytes);
};

/** The lab's work (ADR 0041): the customer's calls scoped to `user`, the console's behind their permissions. */
export const labRoutes = (ctx: AppContext, privateFiles: FileStorage) =>
  ({
    orderTestRecord: ({ user, body }) => customerTestRecords(ctx, user.id, body.id),
    orderFileDownload: ({ user, query, reply }) => sendFile(reply, customerDownload(ctx, privateFiles, user.id, query.id)),
    orderRetest: ({ user, body, ip }) =>
      createOnce(ctx, { userId: user.id }, 'order/retest', body, (t, form) => customerRetest(t, user.id, form.id, form.reason, ip)),
    orderQuery: ({ user, body }) => customerQuery(ctx, user.id, body.no),
    sampleList: ({ user, body }) => customerSamples(ctx, user.id, body),
    adminSampleArrivals: ({ query }) => adminArrivals(ctx, query),
    adminSampleCheckIn: ({ staff, body, ip }) => adminCheckIn(ctx, staff, body, ip),
    adminSampleReturn: ({ staff, body, ip }) => adminReturn(ctx, staff, body, ip),
    adminTestRecordAdd: ({ staff, body, ip }) =>
      createOnce(ctx, { staffId: staff.id }, 'order/testRecord/add', body, (t, form) => addTestRecord(t, staff, form, ip)),
    adminResultUpload: async ({ staff, request, ip }) =>
      uploadResult(ctx, privateFiles, staff, await readUploadedFile(request, RESULT_FILE_MAX_BYTES), ip),
    adminResultReview: ({ staff, body, ip }) => reviewResult(ctx, staff, body, ip),
    adminResultDownload: ({ staff, query, reply }) => sendFile(reply, adminDownload(ctx, privateFiles, staff, query.id)),
    adminOrderAdjust: ({ staff, body, ip }) =>
      createOnce(ctx, { staffId: staff.id }, 'order/adjust', body, (t, form) => adminAdjust(t, staff, form, ip)),
  }) satisfies Handlers;
