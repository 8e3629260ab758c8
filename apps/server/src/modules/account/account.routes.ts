import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { code4smsBody, loginBody, loginForCodeBody, refreshBody, resetBody, signBody, tokenPair } from '@yance/contracts/account';
import { envelope } from '@yance/contracts/envelope';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/reply.ts';
import type { SmsPurpose } from '../../lib/sms-provider.ts';
import { endSession, refreshSession } from '../session/session.service.ts';
import { login, loginWithCode, register, requestSmsCode, resetPassword } from './account.service.ts';

const tags = ['open'];
const tokens = { 200: envelope(tokenPair) };
const done = { 200: envelope(z.null()) };

/** Register, the password and SMS logins, reset, refresh and logout (spec §7). */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/open/code4sms', { schema: { tags, summary: '发送短信验证码（useFor 0 注册, 1 重置, 3 登录, 4 换绑手机）', body: code4smsBody, response: done } }, async (request) => {
    await requestSmsCode(ctx, request.body.phone, request.body.useFor as SmsPurpose, request.ip);
    return ok(null, '验证码已发送');
  });
  app.post('/open/sign', { schema: { tags, summary: '注册并登录', body: signBody, response: tokens } }, async (request) =>
    ok(await register(ctx, request.body, request.ip), '注册成功'),
  );
  app.post('/open/login', { schema: { tags, summary: '账号（用户名或手机号）密码登录', body: loginBody, response: tokens } }, async (request) =>
    ok(await login(ctx, request.body.account, request.body.password, request.ip), '登录成功'),
  );
  app.post('/open/loginForCode', { schema: { tags, summary: '短信验证码登录', body: loginForCodeBody, response: tokens } }, async (request) =>
    ok(await loginWithCode(ctx, request.body.phone, request.body.code, request.ip), '登录成功'),
  );
  app.post('/open/reset', { schema: { tags, summary: '重置密码（并退出该账号的所有登录）', body: resetBody, response: done } }, async (request) => {
    await resetPassword(ctx, request.body.account, request.body.code, request.body.password);
    return ok(null, '密码重置成功');
  });
  app.post('/open/refresh4token', { schema: { tags, summary: '用刷新令牌换新令牌（刷新令牌轮换）', body: refreshBody, response: tokens } }, async (request) =>
    ok(await refreshSession(ctx, request.body.token, request.ip)),
  );
  app.post('/auth/logout', { schema: { tags: ['auth'], summary: '退出登录（服务端作废本次登录）', response: done } }, async (request) => {
    await endSession(ctx, request.user!.sessionId);
    return ok(null);
  });
};
