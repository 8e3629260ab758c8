import { z } from 'zod';
import type { Endpoint } from '../endpoint.ts';
import { page } from '../paging.ts';
import { routes } from '../routes.ts';
import {
  attestationReviewBody,
  customerAssignBody,
  customerCreditBody,
  customerDetail,
  customerIdBody,
  customerIdQuery,
  customerListQuery,
  customerSummary,
  managerOption,
} from '../customer.ts';

/** Customers in the console (ADR 0035): a manager reaches only their own, admin and finance every one. */
export const customerEndpoints = {
  customerList: {
    ...routes.customerList,
    summary: '客户列表（按手机号、姓名、单位、用户类型、认证状态、客户经理筛选；客户经理只见自己的客户）',
    query: customerListQuery,
    response: page(customerSummary),
  },
  customerDetail: {
    ...routes.customerDetail,
    summary: '客户详情：资料、认证与审核、地址、登录记录、客户经理',
    query: customerIdQuery,
    response: customerDetail,
  },
  customerDisable: {
    ...routes.customerDisable,
    summary: '停用客户（其登录立即失效，之后不能登录）',
    body: customerIdBody,
    response: customerSummary,
    success: '已停用',
  },
  customerCredit: {
    ...routes.customerCredit,
    summary: '设置机构客户的信用额度（待结算金额达到额度时不能提交新订单；留空为不限）',
    body: customerCreditBody,
    response: customerDetail,
    success: '信用额度已保存',
  },
  customerEnable: { ...routes.customerEnable, summary: '启用客户', body: customerIdBody, response: customerSummary, success: '已启用' },
  customerReview: {
    ...routes.customerReview,
    summary: '审核认证资料：通过，或驳回并写明客户可见的原因',
    body: attestationReviewBody,
    response: customerSummary,
    success: '已审核',
  },
  customerManagers: {
    ...routes.customerManagers,
    summary: '客户经理名单（含已停用的，用于筛选与更换客户经理）',
    response: z.array(managerOption),
  },
  customerAssign: {
    ...routes.customerAssign,
    summary: '更换客户的专属客户经理（仅管理员）',
    body: customerAssignBody,
    response: customerSummary,
    success: '已更换',
  },
} as const satisfies Record<string, Endpoint>;
