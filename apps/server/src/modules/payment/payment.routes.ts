import { randomBytes } from 'node:crypto';
import type { GatewayKey } from '@yance/contracts/ledger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { readUploadedFile } from '../../plugins/multipart.ts';
import { putPrivateFile, sendPrivateFile, type FileStorage } from '../media/index.ts';
import type { PaymentGateway } from './gateway.ts';
import { createAlipayGateway } from './alipay.ts';
import { createLocalGateway } from './local-gateway.ts';
import { createWechatPayGateway } from './wechat-pay.ts';
import { adminJournal, adminReceivables, journalFileName, journalXlsx } from './finance-rooms.service.ts';
import {
  adminRefunds,
  adminStatement,
  adminTopupReceipt,
  adminTopups,
  approveRefund,
  reconcile,
  reconcileXlsx,
  saveMoneySettings,
} from './payment-admin.service.ts';
import type { Gateways } from './gateway.ts';
import { creditGroup, groupFunds, transferGroup } from './group-funds.service.ts';
import { getMoneySettings } from './money-settings.service.ts';
import { dueOrders, settleOrders } from './order-payment.service.ts';
import { paymentGroups } from './payment-group.ts';
import { handleCallback, localTradeInfo } from './payment-callback.service.ts';
import { assetsOf, prestoreInfo, prestoreStatement } from './prestore.service.ts';
import { answerTransfer, closeTopup } from './topup-move.service.ts';
import { addTopup, listTopups, payOnline } from './topup.service.ts';
import { rawBodyOf } from '../../plugins/callback-body.ts';

/** The gateways PAYMENT_GATEWAYS offers (ADR 0050). */
export function createGateways(ctx: AppContext): Gateways {
  const all = new Map<GatewayKey, PaymentGateway>();
  const c = ctx.config;
  for (const name of c.PAYMENT_GATEWAYS) {
    if (name === 'local') all.set('local', createLocalGateway(c.PAYMENT_LOCAL_SECRET));
    // loadConfig refused a chosen gateway without its settings (missingPaymentEnv), so the `?? ''` never applies.
    if (name === 'alipay')
      all.set(
        'alipay',
        createAlipayGateway(
          {
            appId: c.ALIPAY_APP_ID ?? '',
            privateKey: c.ALIPAY_PRIVATE_KEY ?? '',
            alipayPublicKey: c.ALIPAY_PUBLIC_KEY ?? '',
            gateway: c.ALIPAY_GATEWAY,
          },
          { now: ctx.clock },
        ),
      );
    if (name === 'wechat')
      all.set(
        'wechat',
        createWechatPayGateway(
          {
            mchId: c.WECHATPAY_MCH_ID ?? '',
            appId: c.WECHATPAY_APP_ID ?? '',
            serialNo: c.WECHATPAY_SERIAL_NO ?? '',
            privateKey: c.WECHATPAY_PRIVATE_KEY ?? '',
            platformPublicKey: c.WECHATPAY_PLATFORM_PUBLIC_KEY ?? '',
            platformSerial: c.WECHATPAY_PLATFORM_SERIAL ?? '',
            apiV3Key: c.WECHATPAY_API_V3_KEY ?? '',
            base: c.WECHATPAY_BASE,
          },
          { fetch: ctx.fetch, now: ctx.clock, nonce: () => randomBytes(16).toString('hex') },
        ),
      );
  }
  return all;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const originOf = (ctx: AppContext, request: FastifyRequest) => ctx.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;

/** A gateway's callback: verified and credited once; answered the way that gateway expects. */
async function notify(ctx: AppContext, gateways: Gateways, name: GatewayKey, request: FastifyRequest, reply: FastifyReply) {
  const gateway = gateways.get(name);
  if (!gateway) throw new AppError('NOT_FOUND', '支付方式未启用');
  const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v[0] : v]));
  const result = await handleCallback(ctx, gateway, { headers, rawBody: rawBodyOf(request) });
  if (!result.ok) return reply.code(400).type('text/plain; charset=utf-8').send('fail');
  return reply.code(gateway.ack.status).type(gateway.ack.contentType).send(gateway.ack.body);
}

/** Prestore, paying, settling, the gateways' callbacks and finance's room (ADR 0050). */
export function paymentRoutes(ctx: AppContext, storage: FileStorage, gateways: Gateways) {
  // pay/order's calls that arrive together are paid together (ADR 0085): one grouping per app.
  const payments = paymentGroups(ctx);
  return {
    prestoreInfo: ({ user }) => prestoreInfo(ctx, gateways, user.id),
    prestoreList: ({ user, body }) => prestoreStatement(ctx, user.id, body),
    prestoreAdd: ({ user, body, ip, request }) => addTopup(ctx, { gateways, storage, origin: originOf(ctx, request) }, user.id, body, ip),
    prestoreUpload: async ({ user, request }) =>
      putPrivateFile(
        storage,
        user.id,
        await readUploadedFile(request, ctx.config.UPLOAD_MAX_BYTES, '转账凭证'),
        ['image', 'pdf'],
        '[转账凭证]只能是图片或PDF文件',
      ),
    prestoreTopups: ({ user, body }) => listTopups(ctx, gateways, user.id, body),
    prestoreClose: ({ user, body, ip }) => closeTopup(ctx, user.id, body.id, ip),
    payDueList: ({ user, body }) => dueOrders(ctx, user.id, body.tab),
    payOrder: ({ user, body, ip }) => payments.pay(user.id, body, ip),
    payOnline: ({ user, body, ip, request }) => payOnline(ctx, { gateways, storage, origin: originOf(ctx, request) }, user.id, body, ip),
    settlementAdd: ({ user, body, ip }) => settleOrders(ctx, user.id, body, ip),
    prestoreTransfer: ({ user, body, ip }) => transferGroup(ctx, user.id, body, ip),
    clusterFunds: ({ user, body }) => groupFunds(ctx, user.id, body),
    assets: ({ user }) => assetsOf(ctx, user.id),
    payLocalInfo: async ({ query }) => {
      const local = gateways.get('local');
      if (!local) throw new AppError('NOT_FOUND', '支付单不存在');
      return localTradeInfo(ctx, local, query.no, query.key);
    },
    payNotifyLocal: ({ request, reply }) => notify(ctx, gateways, 'local', request, reply),
    payNotifyAlipay: ({ request, reply }) => notify(ctx, gateways, 'alipay', request, reply),
    payNotifyWechat: ({ request, reply }) => notify(ctx, gateways, 'wechat', request, reply),
    adminTopupList: ({ query }) => adminTopups(ctx, query),
    adminTopupReceipt: async ({ query, reply }) => sendPrivateFile(reply, await adminTopupReceipt(ctx, storage, query.id)),
    adminClusterCredit: ({ staff, body, ip }) => creditGroup(ctx, staff, body, ip),
    adminTopupConfirm: ({ staff, body, ip }) => answerTransfer(ctx, staff, 'confirm', body, ip),
    adminTopupReject: ({ staff, body, ip }) => answerTransfer(ctx, staff, 'reject', body, ip),
    adminRefundList: ({ query }) => adminRefunds(ctx, query),
    adminRefundApprove: ({ staff, body, ip }) => approveRefund(ctx, staff, body, ip),
    adminLedgerReconcile: () => reconcile(ctx),
    adminLedgerExport: async ({ reply }) => {
      const name = `对账单-${ctx.clock().toISOString().slice(0, 10)}.xlsx`;
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="ledger.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(await reconcileXlsx(ctx));
    },
    adminLedgerStatement: ({ query }) => adminStatement(ctx, query),
    adminLedgerJournal: ({ query }) => adminJournal(ctx, query),
    adminLedgerJournalExport: async ({ query, reply }) => {
      const book = await journalXlsx(ctx, query);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="journal.xlsx"; filename*=UTF-8''${encodeURIComponent(journalFileName(ctx))}`)
        .send(book);
    },
    adminReceivableList: ({ query }) => adminReceivables(ctx, query),
    adminMoneySettings: () => getMoneySettings(ctx),
    adminMoneySettingsSave: ({ staff, body, ip }) => saveMoneySettings(ctx, staff, body, ip),
  } satisfies Handlers;
}
