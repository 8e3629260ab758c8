import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@yance/contracts/envelope';
import { settingList4KeyBody, settingList4KeyResponse, webSettings } from '@yance/contracts/setting';
import { ok } from '../../lib/reply.ts';
import { getSettings, getWebSettings } from './setting.service.ts';

export const settingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/open/setting',
    { schema: { tags: ['open'], summary: '网站设置（上门取样区域、取样设置、联系方式）', response: { 200: envelope(webSettings) } } },
    async () => ok(await getWebSettings(app.db)),
  );

  app.post(
    '/open/setting/list4key',
    {
      schema: {
        tags: ['open'],
        summary: '按键读取网站设置',
        description: 'keys 为数组，或逗号分隔的字符串（表单提交）。',
        body: settingList4KeyBody,
        response: { 200: envelope(settingList4KeyResponse) },
      },
    },
    async (request) => ok(await getSettings(app.db, request.body.keys)),
  );
};
