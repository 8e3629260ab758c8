import { z } from 'zod';
import type { Endpoint } from '../endpoint.ts';
import { adminOrderDetail } from '../order.ts';
import {
  adminContractQuery,
  adminContractRejectBody,
  contractListResponse,
  contractOrderBody,
  contractSummary,
  contractUploadFields,
} from '../order-contract.ts';
import { routes } from '../routes.ts';

const PDF = '成功时直接返回 PDF 文件（Content-Disposition: attachment），不是 JSON 信封。';

/** The enterprise contract of an order (issue 9, ADR 0045). */
export const contractEndpoints = {
  contractList: { ...routes.contractList, summary: '我的合同：企业订单的合同及签署状态', response: contractListResponse },
  contractDownload: {
    ...routes.contractDownload,
    summary: '下载本人订单的合同 PDF（双方、项目、价格、条款、签章栏）',
    description: PDF,
    query: contractOrderBody,
    response: z.null(),
  },
  contractUpload: {
    ...routes.contractUpload,
    summary: '上传签署后的合同扫描件（multipart/form-data 的 file 字段，PDF 或图片；订单号在查询串 orderId）',
    description: '仅「待签约」订单；仅本人与客户经理可见。被退回后可重新上传。',
    query: contractUploadFields,
    response: contractSummary,
    success: '已上传，等待客户经理确认',
  },

  adminContractDetail: {
    ...routes.adminContractDetail,
    summary: '订单的合同与签署件状态',
    query: adminContractQuery,
    response: contractSummary,
  },
  adminContractPdf: {
    ...routes.adminContractPdf,
    summary: '下载订单的合同 PDF',
    description: PDF,
    query: adminContractQuery,
    response: z.null(),
  },
  adminContractScan: {
    ...routes.adminContractScan,
    summary: '下载客户上传的签署件',
    description: '成功时直接返回文件，不是 JSON 信封。',
    query: adminContractQuery,
    response: z.null(),
  },
  adminContractReject: {
    ...routes.adminContractReject,
    summary: '退回签署件（须写原因，客户重新上传）',
    body: adminContractRejectBody,
    response: adminOrderDetail,
    success: '已退回',
  },
} as const satisfies Record<string, Endpoint>;
