import { z } from 'zod';
import type { Endpoint } from '../endpoint.ts';
import {
  adminResultFile,
  arrivalItem,
  arrivalsQuery,
  orderAdjustBody,
  orderQueryBody,
  orderQueryResponse,
  orderRetestBody,
  orderTestRecordBody,
  orderTestRecordResponse,
  resultFileQuery,
  resultFileReviewBody,
  sampleListBody,
  sampleListItem,
  sampleMoveBody,
  sampleMoveResponse,
  sampleReturnBody,
  testRecord,
  testRecordAddBody,
} from '../lab.ts';
import { adminOrderDetail, orderDetail } from '../order.ts';
import { page } from '../paging.ts';
import { routes } from '../routes.ts';

const RAW = '成功时直接返回文件本身（Content-Type 为文件类型，Content-Disposition: attachment），不是 JSON 信封；失败时为 JSON 信封。';

/** The lab's work on orders (issue 9, ADR 0041): samples, test records, private result files and their review, price adjustments. */
export const labEndpoints = {
  orderTestRecord: {
    ...routes.orderTestRecord,
    summary: '订单的检测记录（按样品：仪器、测试条件、测试人、时间、备注）',
    body: orderTestRecordBody,
    response: orderTestRecordResponse,
  },
  orderFileDownload: {
    ...routes.orderFileDownload,
    summary: '下载自己订单的结果文件（仅审核通过的文件；带登录令牌的 GET，不是公开链接）',
    description: `${RAW} 别人的订单或未审核的文件与不存在的文件一样回答 404。`,
    query: resultFileQuery,
    response: z.null(),
  },
  orderRetest: {
    ...routes.orderRetest,
    summary: '申请免费复测（交付后 15 天内，每个订单一次）',
    body: orderRetestBody,
    response: orderDetail,
    success: '已提交复测申请',
  },
  orderQuery: {
    ...routes.orderQuery,
    summary: '按订单号或样品编号查询自己的订单',
    description: '别人的订单、样品与不存在的一样回答「未查询到该订单或样品」。',
    body: orderQueryBody,
    response: orderQueryResponse,
  },
  sampleList: {
    ...routes.sampleList,
    summary: '我的样品：每个样品的状态、寄样与退还快递单号、所属订单（分页）',
    body: sampleListBody,
    response: page(sampleListItem),
  },
  adminSampleArrivals: {
    ...routes.adminSampleArrivals,
    summary: '到样列表：待寄送/运输中的样品与快递单号（all=true 列出全部样品）',
    query: arrivalsQuery,
    response: page(arrivalItem),
  },
  adminSampleCheckIn: {
    ...routes.adminSampleCheckIn,
    summary: '签收一个样品；订单的样品全部签收时订单随之「确认收样」',
    description: 'expect 为页面上看到的样品状态，不符为 409。',
    body: sampleMoveBody,
    response: sampleMoveResponse,
    success: '已签收',
  },
  adminSampleReturn: {
    ...routes.adminSampleReturn,
    summary: '退还样品：填写退还快递公司与单号（客户要求退还的样品）',
    body: sampleReturnBody,
    response: sampleMoveResponse,
    success: '已登记退还',
  },
  adminTestRecordAdd: {
    ...routes.adminTestRecordAdd,
    summary: '为样品写一条检测记录（已签收之后）',
    body: testRecordAddBody,
    response: testRecord,
    success: '已保存',
  },
  adminResultUpload: {
    ...routes.adminResultUpload,
    summary: '上传结果文件（multipart/form-data：file，orderId，可选 sampleId）；上传后待审核',
    description: '文件私有保存，不生成公开链接；审核通过后客户才能看到并下载。最大 50 MB。',
    response: adminResultFile,
    success: '上传成功',
  },
  adminResultReview: {
    ...routes.adminResultReview,
    summary: '审核结果文件：通过，或驳回并填写原因',
    body: resultFileReviewBody,
    response: adminResultFile,
    success: '已审核',
  },
  adminResultDownload: {
    ...routes.adminResultDownload,
    summary: '下载结果文件（控制台）',
    description: RAW,
    query: resultFileQuery,
    response: z.null(),
  },
  adminOrderAdjust: {
    ...routes.adminOrderAdjust,
    summary: '调整订单最终金额（补差价/退差价，须填写原因；已收样或实验中的订单，实验员或客户经理）',
    body: orderAdjustBody,
    response: adminOrderDetail,
    success: '已调整',
  },
} as const satisfies Record<string, Endpoint>;
