import { z } from 'zod';
import {
  adminDemandDetail,
  adminDemandIdQuery,
  adminDemandListQuery,
  adminDemandSummary,
  demandAcceptResponse,
  demandAddBody,
  demandDeclineBody,
  demandDetail,
  demandIdBody,
  demandListBody,
  demandListResponse,
  demandQuoteBody,
  privateUploadResult,
} from '../demand.ts';
import type { Endpoint } from '../endpoint.ts';
import { page } from '../paging.ts';
import { routes } from '../routes.ts';

const FILE = '成功时直接返回文件（Content-Disposition: attachment），不是 JSON 信封。';
const fileQuery = z.object({ id: demandIdBody.shape.id, file: z.string().max(64) });

/** Custom demands (定制需求) and their quotes (issue 9, ADR 0044). */
export const demandEndpoints = {
  demandUpload: {
    ...routes.demandUpload,
    summary: '上传需求附件（multipart/form-data 的 file 字段；PDF、图片、Word/Excel、ZIP，仅本人与客户经理可见）',
    response: privateUploadResult,
    success: '上传成功',
  },
  demandFile: { ...routes.demandFile, summary: '下载本人需求的附件', description: FILE, query: fileQuery, response: z.null() },
  demandAdd: {
    ...routes.demandAdd,
    summary: '提交定制需求（标题、描述、附件、预算、联系人）',
    description: '需完成认证资料（否则 403「未完善基本信息无法正常下单」）。',
    body: demandAddBody,
    response: demandDetail,
    success: '需求已提交，客户经理将尽快为您报价',
  },
  demandList: {
    ...routes.demandList,
    summary: '我的定制需求（最新在前），含报价与时间线',
    body: demandListBody,
    response: demandListResponse,
  },
  demandDetail: { ...routes.demandDetail, summary: '定制需求详情', body: demandIdBody, response: demandDetail },
  demandAccept: {
    ...routes.demandAccept,
    summary: '接受报价：报价的每一项成为实验方案中的定制项目（类型 31）',
    description: '报价有效期已过为 409（需求记为「报价已过期」）。价格只取自报价。',
    body: demandIdBody,
    response: demandAcceptResponse,
    success: '已接受报价，项目已加入实验方案',
  },
  demandDecline: {
    ...routes.demandDecline,
    summary: '拒绝报价（可写原因）',
    body: demandDeclineBody,
    response: demandDetail,
    success: '已拒绝报价',
  },
  demandWithdraw: {
    ...routes.demandWithdraw,
    summary: '撤回需求（接受报价前）',
    body: demandIdBody,
    response: demandDetail,
    success: '需求已撤回',
  },

  adminDemandList: {
    ...routes.adminDemandList,
    summary: '定制需求列表（按状态、关键词；客户经理只见自己客户的需求）',
    query: adminDemandListQuery,
    response: page(adminDemandSummary),
  },
  adminDemandDetail: { ...routes.adminDemandDetail, summary: '定制需求详情', query: adminDemandIdQuery, response: adminDemandDetail },
  adminDemandFile: { ...routes.adminDemandFile, summary: '下载需求附件', description: FILE, query: fileQuery, response: z.null() },
  adminDemandQuote: {
    ...routes.adminDemandQuote,
    summary: '报价：项目（名称、说明、单价、单位、数量、周期）与有效期；未接受前可重新报价',
    body: demandQuoteBody,
    response: adminDemandDetail,
    success: '报价已发送',
  },
} as const satisfies Record<string, Endpoint>;
