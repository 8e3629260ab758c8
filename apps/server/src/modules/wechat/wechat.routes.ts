import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wxConfirmBody, wxQrLoginResponse, wxStatusResponse, wxTicket, wxTicketBody } from '@yance/contracts/account';
import { envelope } from '@yance/contracts/envelope';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/reply.ts';
import { parseWxXml, scanEventOf, wxSignatureValid } from './wx-callback.ts';
import { confirmTicket, handleScanEvent, newTicket, pollTicket, scanTicket } from './wechat.service.ts';

const tags = ['open'];
const signatureQuery = z.object({ signature: z.string().max(64).optional(), timestamp: z.string().max(20).optional(), nonce: z.string().max(64).optional(), echostr: z.string().max(256).optional() });

/** WeChat QR login (spec §4): ticket, poll, and the local confirm page's scan/confirm; the official account's callback. */
export const wechatRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/open/wx/ticket', { schema: { tags, summary: '获取微信扫码登录二维码', response: { 200: envelope(wxTicket) } } }, async (request) =>
    ok(await newTicket(ctx, `${request.protocol}://${request.host}`)),
  );
  app.post('/open/wx/qrCodeLogin', { schema: { tags, summary: '轮询扫码状态（确认后仅返回一次令牌）', body: wxTicketBody, response: { 200: envelope(wxQrLoginResponse) } } }, async (request) =>
    ok(await pollTicket(ctx, request.body.ticket, request.ip)),
  );
  app.post('/open/wx/scan', { schema: { tags, summary: '确认页已打开（本地提供方）', body: wxTicketBody, response: { 200: envelope(wxStatusResponse) } } }, async (request) =>
    ok(await scanTicket(ctx, request.body.ticket)),
  );
  app.post('/open/wx/confirm', { schema: { tags, summary: '确认登录：账号密码，或手机号+验证码（新号码自动注册/绑定）', body: wxConfirmBody, response: { 200: envelope(wxStatusResponse) } } }, async (request) =>
    ok(await confirmTicket(ctx, request.body, request.ip), '登录成功'),
  );

  if (ctx.config.WX_PROVIDER !== 'official') return;
  const token = ctx.config.WX_CALLBACK_TOKEN!;
  // WeChat pushes text/xml; keep the raw text for parseWxXml (scoped to this plugin).
  app.addContentTypeParser(['text/xml', 'application/xml'], { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
  const verified = (q: z.infer<typeof signatureQuery>) => {
    if (!wxSignatureValid(token, q)) throw new AppError('FORBIDDEN', '签名错误');
  };
  app.get('/open/wx/callback', { schema: { hide: true, querystring: signatureQuery } }, async (request, reply) => {
    verified(request.query);
    return reply.type('text/plain').send(request.query.echostr ?? '');
  });
  app.post('/open/wx/callback', { schema: { hide: true, querystring: signatureQuery } }, async (request, reply) => {
    verified(request.query);
    const event = typeof request.body === 'string' ? scanEventOf(parseWxXml(request.body)) : null;
    if (event) await handleScanEvent(ctx, event);
    // "success" tells WeChat not to retry and to send nothing to the user.
    return reply.type('text/plain').send('success');
  });
};
