import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { parseWxXml, scanEventOf, wxSignatureValid } from './wx-callback.ts';
import { userAgentOf } from '../session/index.ts';
import { bindTicket, confirmTicket, handleScanEvent, newTicket, pollTicket, scanTicket } from './wechat.service.ts';

/** WeChat QR login (spec §4): ticket, poll, the local confirm page's scan/confirm, and the official account's callback. */
export const wechatRoutes = (ctx: AppContext) => {
  /** The callback exists only with the official-account provider, and only for WeChat's signed requests. */
  const verified = (q: { signature?: string; timestamp?: string; nonce?: string }) => {
    if (ctx.config.WX_PROVIDER !== 'official') throw new AppError('NOT_FOUND', '接口不存在');
    if (!wxSignatureValid(ctx.config.WX_CALLBACK_TOKEN!, q)) throw new AppError('FORBIDDEN', '签名错误');
  };
  return {
    wxTicket: ({ request, ip }) => newTicket(ctx, `${request.protocol}://${request.host}`, ip),
    wxQrCodeLogin: ({ body, ip, request }) => pollTicket(ctx, body.ticket, ip, userAgentOf(request)),
    wxScan: ({ body }) => scanTicket(ctx, body.ticket),
    wxConfirm: ({ body, user }) => confirmTicket(ctx, body.ticket, user.id),
    wxBind: ({ body }) => bindTicket(ctx, body),
    wxCallbackVerify: async ({ query, reply }) => {
      verified(query);
      return reply.type('text/plain').send(query.echostr ?? '');
    },
    wxCallback: async ({ query, request, reply }) => {
      verified(query);
      const event = typeof request.body === 'string' ? scanEventOf(parseWxXml(request.body)) : null;
      if (event) await handleScanEvent(ctx, event);
      // "success" tells WeChat not to retry and to send nothing to the user.
      return reply.type('text/plain').send('success');
    },
  } satisfies Handlers;
};
