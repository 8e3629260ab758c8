import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { articleDetail, articleDetailQuery, articleListQuery, articleListResponse, sitePage, sitePageQuery } from '@yance/contracts/content';
import { envelope, errorEnvelope } from '@yance/contracts/envelope';
import { ok } from '../../lib/reply.ts';
import { getSitePage, listArticles, readArticle } from './content.service.ts';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/open/web/article/list',
    {
      schema: {
        tags: ['open'],
        summary: '文章列表（新闻、课程、能力展示、客户致谢），按日期倒序',
        querystring: articleListQuery,
        response: { 200: envelope(articleListResponse) },
      },
    },
    async (request) => ok(await listArticles(app.db, request.query.type, request.query)),
  );

  app.get(
    '/open/web/article/detail',
    {
      schema: {
        tags: ['open'],
        summary: '文章详情（阅读数加一，含同类上一篇/下一篇）',
        querystring: articleDetailQuery,
        response: { 200: envelope(articleDetail), 404: errorEnvelope },
      },
    },
    async (request) => ok(await readArticle(app.db, request.query.rid)),
  );

  app.get(
    '/open/web/page',
    {
      schema: {
        tags: ['open'],
        summary: '站点页面（公司简介、企业文化、招贤纳士、下单指南、用户协议、隐私政策、能力展示、发布需求）',
        querystring: sitePageQuery,
        response: { 200: envelope(sitePage), 404: errorEnvelope },
      },
    },
    async (request) => ok(await getSitePage(app.db, request.query.key)),
  );
};
