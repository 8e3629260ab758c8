import {
  deviceDetail,
  deviceDetailQuery,
  deviceEstimateQuery,
  deviceSearchQuery,
  deviceSearchResponse,
  deviceSuggestQuery,
  deviceSuggestResponse,
  hotKeywordsResponse,
  turnaroundEstimate,
  typeGroupResponse,
} from '../catalog.ts';
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
    description: '按名称、别名（如 XRD）或分类名搜索在架项目，“BET比表面”也能找到；按相关度、下单量排序。kw 为空时按下单量列出。',
    query: deviceSearchQuery,
    response: deviceSearchResponse,
  },
  deviceSuggest: {
    ...routes.deviceSuggest,
    summary: '输入联想：名称或别名含关键词的在架项目',
    description: '边输入边提示；keyword 为空时返回空列表。名称不含关键词时，alias 为匹配到的别名。',
    query: deviceSuggestQuery,
    response: deviceSuggestResponse,
  },
  hotKeywords: {
    ...routes.hotKeywords,
    summary: '热门搜索词',
    description: '运营设置的词；未设置时取下单最多的项目的常用叫法。',
    response: hotKeywordsResponse,
  },
  deviceDetail: { ...routes.deviceDetail, summary: '检测项目详情（含同类推荐）', query: deviceDetailQuery, response: deviceDetail },
  deviceEstimate: {
    ...routes.deviceEstimate,
    summary: '预计出结果时间（按该项目当前排队样品数、日检测量、周期与实验室工作日历）',
    description: '送样检测项目：排队中（待寄样至实验中）的样品按日检测量排满的整工作日，加上项目周期；date 为今日收样时的预计日期。',
    query: deviceEstimateQuery,
    response: turnaroundEstimate,
  },
  prefectureList: { ...routes.prefectureList, summary: '热门专区列表', response: prefectureListResponse },
} as const satisfies Record<string, Endpoint>;
