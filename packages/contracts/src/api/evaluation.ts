import type { Endpoint } from '../endpoint.ts';
import {
  adminEvaluation,
  adminEvaluationListQuery,
  adminEvaluationReplyBody,
  evaluateAddBody,
  evaluateListBody,
  evaluateListResponse,
  evaluationEntry,
  publicEvaluationQuery,
  publicEvaluationResponse,
} from '../evaluation.ts';
import { page } from '../paging.ts';
import { routes } from '../routes.ts';

/** Evaluations (评价) of an order's catalogue items and the manager's reply (issue 9, ADR 0048). */
export const evaluationEndpoints = {
  evaluateAdd: {
    ...routes.evaluateAdd,
    summary: '评价订单中的一个检测项目（1–5 星与评价内容，每项一次）',
    description:
      '订单确认数据后（待结算、欠款中、已完成）才能评价，否则 409；定制项目（类型 31）不能评价；同一项目再次评价为 409。别人的订单项目与不存在的一样为 404。',
    body: evaluateAddBody,
    response: evaluationEntry,
    success: '感谢您的评价',
  },
  evaluateList: {
    ...routes.evaluateList,
    summary: '我的评价（最新在前）；给出 orderId 时只列该订单的评价，并答复仍可评价的项目',
    body: evaluateListBody,
    response: evaluateListResponse,
  },
  evaluatePublicList: {
    ...routes.evaluatePublicList,
    summary: '项目的用户评价（最新在前，账号打码），含客户经理的回复',
    description: '公开数据；项目详情页服务端渲染前 5 条，「查看更多」翻页。',
    query: publicEvaluationQuery,
    response: publicEvaluationResponse,
  },
  adminEvaluationList: {
    ...routes.adminEvaluationList,
    summary: '评价列表（按星级、回复状态、项目关键词；客户经理只见自己客户的评价）',
    query: adminEvaluationListQuery,
    response: page(adminEvaluation),
  },
  adminEvaluationReply: {
    ...routes.adminEvaluationReply,
    summary: '回复评价（可修改回复）；首次回复时给客户发站内信',
    body: adminEvaluationReplyBody,
    response: adminEvaluation,
    success: '回复已保存',
  },
} as const satisfies Record<string, Endpoint>;
