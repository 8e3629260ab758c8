import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@yance/contracts/envelope';
import { homeData } from '@yance/contracts/home';
import type { AppContext } from '../../context.ts';
import { getHomePayload } from './home.service.ts';

export const homeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/open/web/index',
    {
      // The payload is already serialised and gzipped in the cache; compressing per request would waste it.
      compress: false,
      schema: {
        tags: ['open'],
        summary: '首页数据（轮播、服务项目、热门专区、热门项目、能力展示、客户致谢、合作伙伴、弹窗）',
        description: '公开数据，服务端缓存约 10 秒。',
        response: { 200: envelope(homeData) },
      },
    },
    async (request, reply) => {
      const payload = await getHomePayload(ctx.db, ctx.clock);
      reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
      const accepts = request.headers['accept-encoding'];
      // A string or buffer with a JSON content type is sent as is, skipping the serializer (hence the casts).
      if (typeof accepts === 'string' && /\bgzip\b/.test(accepts)) {
        return reply.header('content-encoding', 'gzip').send(payload.gzip as never);
      }
      return reply.send(payload.json as never);
    },
  );
};
