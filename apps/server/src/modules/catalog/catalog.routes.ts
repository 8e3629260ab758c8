import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceDetail, deviceDetailQuery, deviceSearchQuery, deviceSearchResponse, typeGroupResponse } from '@yance/contracts/catalog';
import { envelope, errorEnvelope } from '@yance/contracts/envelope';
import { prefectureListResponse } from '@yance/contracts/home';
import { ok } from '../../lib/reply.ts';
import { getDeviceDetail, listPrefectures, listTypeGroups, searchCatalog } from './catalog.service.ts';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/open/web/type/group',
    { schema: { tags: ['open'], summary: '项目类型及其子分类（含在架项目数）', response: { 200: envelope(typeGroupResponse) } } },
    async () => ok(await listTypeGroups(app.db)),
  );

  app.get(
    '/open/web/device/search',
    {
      schema: {
        tags: ['open'],
        summary: '搜索检测项目',
        description: '按名称、别名（如 XRD）或分类名搜索在架项目；按相关度、下单量排序。kw 为空时按下单量列出。',
        querystring: deviceSearchQuery,
        response: { 200: envelope(deviceSearchResponse) },
      },
    },
    async (request) => ok(await searchCatalog(app.db, request.query)),
  );

  app.get(
    '/open/web/device/detail',
    {
      schema: {
        tags: ['open'],
        summary: '检测项目详情（含同类推荐）',
        querystring: deviceDetailQuery,
        response: { 200: envelope(deviceDetail), 404: errorEnvelope },
      },
    },
    async (request) => ok(await getDeviceDetail(app.db, request.query.rid)),
  );

  app.get(
    '/open/web/prefecture/list',
    { schema: { tags: ['open'], summary: '热门专区列表', response: { 200: envelope(prefectureListResponse) } } },
    async () => ok(await listPrefectures(app.db)),
  );
};
