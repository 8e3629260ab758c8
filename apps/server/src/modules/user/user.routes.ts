import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@yance/contracts/envelope';
import { profileForm, update4contactBody, updateInfoBody, userInfoResponse } from '@yance/contracts/user';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/reply.ts';
import { changePhone, changeUsername, getUserInfo, updateProfile } from './user.service.ts';

const tags = ['auth'];
const done = envelope(z.null());

/** The signed-in user's own account (spec §7 authenticated calls). */
export const userRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/auth/user/info', { schema: { tags, summary: '当前用户信息、地址与方案数', response: { 200: envelope(userInfoResponse) } } }, async (request) =>
    ok(await getUserInfo(ctx, request.user!.id)),
  );
  app.post('/auth/user/updateInfo', { schema: { tags, summary: '设置用户名', body: updateInfoBody, response: { 200: done } } }, async (request) => {
    await changeUsername(ctx, request.user!.id, request.body.username);
    return ok(null);
  });
  app.post('/auth/user/update4profile', { schema: { tags, summary: '完善信息（认证）', body: profileForm, response: { 200: done } } }, async (request) => {
    await updateProfile(ctx, request.user!.id, request.body);
    return ok(null, '提交成功');
  });
  app.post(
    '/auth/user/update4contact',
    { schema: { tags, summary: '更换手机号（新号码短信验证，useFor 4）', body: update4contactBody, response: { 200: done } } },
    async (request) => {
      await changePhone(ctx, request.user!.id, request.body.phone, request.body.code);
      return ok(null);
    },
  );
};
