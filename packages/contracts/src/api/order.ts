import type { Endpoint } from '../endpoint.ts';
import {
  adminOrderDetail,
  adminOrderIdQuery,
  adminOrderListQuery,
  adminOrderSummary,
  orderAddBody,
  orderAddResponse,
  orderAgainResponse,
  orderCancelBody,
  orderDetail,
  orderIdBody,
  orderListBody,
  orderListResponse,
  orderMoveBody,
  orderQuoteBody,
  planAddBody,
  planAddResponse,
  planDelBody,
  planEditBody,
  planListResponse,
} from '../order.ts';
import { page } from '../paging.ts';
import { routes } from '../routes.ts';

/** The experiment plan and the customer's orders (issue 9, ADR 0039). */
export const orderEndpoints = {
  planList: { ...routes.planList, summary: '实验方案：按项目类型分组（定制项目 31 在前），含实时价格', response: planListResponse },
  planAdd: { ...routes.planAdd, summary: '加入实验方案（项目、选项、数量）', body: planAddBody, response: planAddResponse, success: '已加入实验方案' },
  planEdit: { ...routes.planEdit, summary: '修改方案条目的选项或数量', body: planEditBody, response: planListResponse },
  planDel: { ...routes.planDel, summary: '从方案中删除条目', body: planDelBody, response: planListResponse, success: '已删除' },
  orderAdd: {
    ...routes.orderAdd,
    summary: '下单：所选方案条目及其样品成为订单（或保存为草稿、完成草稿）',
    description: '需完成认证资料（否则 403「未完善基本信息无法正常下单」）。含放射性样品的订单不受理。',
    body: orderAddBody,
    response: orderAddResponse,
    success: '提交成功!',
  },
  orderList: { ...routes.orderList, summary: '我的订单：按状态分页，按订单号、项目或样品名称搜索，含各状态数量', body: orderListBody, response: orderListResponse },
  orderDetail: { ...routes.orderDetail, summary: '订单详情：项目、样品、时间线与可做的操作', body: orderIdBody, response: orderDetail },
  orderCancel: { ...routes.orderCancel, summary: '取消订单（样品签收前），须写原因', body: orderCancelBody, response: orderDetail, success: '订单已取消' },
  orderConfirm: { ...routes.orderConfirm, summary: '确认数据（数据已交付后）', body: orderIdBody, response: orderDetail },
  orderAgain: {
    ...routes.orderAgain,
    summary: '再来一单：把订单的项目与选项放回实验方案（已下架或选项已变的项目不放入，并列出名称）',
    body: orderIdBody,
    response: orderAgainResponse,
    success: '已加入实验方案',
  },

  adminOrderList: {
    ...routes.adminOrderList,
    summary: '订单列表（按状态、客户、关键词；客户经理只见自己客户的订单）',
    query: adminOrderListQuery,
    response: page(adminOrderSummary),
  },
  adminOrderDetail: { ...routes.adminOrderDetail, summary: '订单详情与本人可做的操作', query: adminOrderIdQuery, response: adminOrderDetail },
  adminOrderQuote: { ...routes.adminOrderQuote, summary: '报价：为待报价项目定价', body: orderQuoteBody, response: adminOrderDetail, success: '已报价' },
  adminOrderConfirmContract: { ...routes.adminOrderConfirmContract, summary: '确认合同（企业客户已签署）', body: orderMoveBody, response: adminOrderDetail },
  adminOrderMarkPaid: { ...routes.adminOrderMarkPaid, summary: '确认收款（企业预付款），须写备注', body: orderMoveBody, response: adminOrderDetail },
  adminOrderReceive: { ...routes.adminOrderReceive, summary: '确认收样', body: orderMoveBody, response: adminOrderDetail },
  adminOrderStartTesting: { ...routes.adminOrderStartTesting, summary: '开始实验', body: orderMoveBody, response: adminOrderDetail },
  adminOrderDeliver: { ...routes.adminOrderDeliver, summary: '交付数据', body: orderMoveBody, response: adminOrderDetail },
  adminOrderConfirmData: { ...routes.adminOrderConfirmData, summary: '代客户确认数据', body: orderMoveBody, response: adminOrderDetail },
  adminOrderCancel: { ...routes.adminOrderCancel, summary: '取消订单（样品签收前），须写原因', body: orderMoveBody, response: adminOrderDetail },
} as const satisfies Record<string, Endpoint>;
