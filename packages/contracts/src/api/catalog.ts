import { deviceDetail, deviceDetailQuery, deviceSearchQuery, deviceSearchResponse, typeGroupResponse } from '../catalog.ts';
import type { Endpoint } from '../endpoint.ts';
import { homeData, prefectureListResponse } from '../home.ts';
import { routes } from '../routes.ts';

/** Catalogue and home calls (spec §7 open calls). */
export const catalogEndpoints = {
  home: {
    ...routes.home,
    summary: '首页数据（轮播、服务项目、热门专区、热门项目、能力展示、客户致谢、合作伙伴、弹窗）',
    description: '公开数据，服务端缓存约 10 秒。',
    response: homeData,
  },
  typeGroup: { ...routes.typeGroup, summary: '项目类型及其子分类（含在架项目数）', response: typeGroupResponse },
  deviceSearch: {
    ...routes.deviceSearch,
    summary: '搜索检测项目',
    description: '按名称、别名（如 XRD）或分类名搜索在架项目；按相关度、下单量排序。kw 为空时按下单量列出。',
    query: deviceSearchQuery,
    response: deviceSearchResponse,
  },
  deviceDetail: { ...routes.deviceDetail, summary: '检测项目详情（含同类推荐）', query: deviceDetailQuery, response: deviceDetail },
  prefectureList: { ...routes.prefectureList, summary: '热门专区列表', response: prefectureListResponse },
} as const satisfies Record<string, Endpoint>;
