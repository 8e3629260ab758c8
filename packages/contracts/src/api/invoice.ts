import { z } from 'zod';
import type { Endpoint } from '../endpoint.ts';
import {
  adminInvoiceDetail,
  adminInvoiceIssueBody,
  adminInvoiceListQuery,
  adminInvoiceRejectBody,
  adminInvoiceSummary,
  invoiceableOrdersResponse,
  invoiceApplyAddBody,
  invoiceApplyDetail,
  invoiceApplyIdBody,
  invoiceApplyIdQuery,
  invoiceApplyListBody,
  invoiceApplySummary,
  invoiceTitle,
  invoiceTitleEditBody,
  invoiceTitleAddBody,
  invoiceTitleIdBody,
  invoiceTitleListResponse,
} from '../invoice.ts';
import { INVOICE_TITLES_MAX } from '../invoice-states.ts';
import { page } from '../paging.ts';
import { routes } from '../routes.ts';

const PDF = '成功时直接返回 PDF 文件（Content-Disposition: attachment），不是 JSON 信封。';
const TITLE_RULES =
  '专用发票（类型 3、4）只能开给单位，且须填写纳税人识别号、注册地址、注册电话、开户银行与银行账号；单位抬头须填写纳税人识别号（15、18 或 20 位字母或数字）；电子发票须填写收票邮箱，纸质发票须选择地址簿中的收票地址。';

/** Invoices: the customer's titles and applications, and the console's 发票 room (issue 10, ADR 0052). */
export const invoiceEndpoints = {
  invoiceList: { ...routes.invoiceList, summary: '我的发票抬头（默认在前）', response: invoiceTitleListResponse },
  invoiceAdd: {
    ...routes.invoiceAdd,
    summary: `新增发票抬头（最多 ${INVOICE_TITLES_MAX} 个；第一个为默认）`,
    description: TITLE_RULES,
    body: invoiceTitleAddBody,
    response: invoiceTitle,
  },
  invoiceEdit: {
    ...routes.invoiceEdit,
    summary: '修改发票抬头',
    description: `${TITLE_RULES} 别人的抬头与不存在的一样为 404。已提交的开票申请保留提交时的抬头。`,
    body: invoiceTitleEditBody,
    response: invoiceTitle,
  },
  invoiceDel: {
    ...routes.invoiceDel,
    summary: '删除发票抬头（删除默认抬头时最新的一个成为默认）',
    body: invoiceTitleIdBody,
    response: z.null(),
  },
  invoiceDefault: {
    ...routes.invoiceDefault,
    summary: '设为默认发票抬头（每位客户一个默认）',
    body: invoiceTitleIdBody,
    response: z.null(),
  },

  invoiceApplyOrders: {
    ...routes.invoiceApplyOrders,
    summary: '可开票的订单：已付款（企业订单付款后、机构订单已完成）且仍有可开票金额',
    description: '可开票金额 = 订单最终金额（含补差价/退差价）减去申请中与已开票的金额。',
    response: invoiceableOrdersResponse,
  },
  invoiceApplyAdd: {
    ...routes.invoiceApplyAdd,
    summary: '申请开票：选择抬头与一个或多个订单及各自的开票金额',
    description:
      '每个订单的金额不能超过其可开票金额（在订单行锁下核对，两个同时提交的申请不会超开）。电子发票寄往收票邮箱，纸质发票寄往收票地址（不填时用抬头的）。别人的抬头、订单与不存在的一样为 404。',
    body: invoiceApplyAddBody,
    response: invoiceApplyDetail,
    success: '开票申请已提交',
  },
  invoiceApplyList: {
    ...routes.invoiceApplyList,
    summary: '开票记录（最新在前，可按状态筛选）',
    body: invoiceApplyListBody,
    response: page(invoiceApplySummary),
  },
  invoiceApplyDetail: {
    ...routes.invoiceApplyDetail,
    summary: '开票申请详情（抬头快照、订单与金额）',
    body: invoiceApplyIdBody,
    response: invoiceApplyDetail,
  },
  invoiceApplyCancel: {
    ...routes.invoiceApplyCancel,
    summary: '撤回开票申请（仅「申请中」，否则 409）',
    body: invoiceApplyIdBody,
    response: invoiceApplyDetail,
    success: '已撤回',
  },
  invoiceApplyPdf: {
    ...routes.invoiceApplyPdf,
    summary: '下载本人已开具的发票 PDF',
    description: `${PDF} 未开票为 409；别人的申请为 404。`,
    query: invoiceApplyIdQuery,
    response: z.null(),
  },

  adminInvoiceList: {
    ...routes.adminInvoiceList,
    summary: '开票申请队列（按状态、申请编号/抬头/手机号；先到先办）',
    query: adminInvoiceListQuery,
    response: page(adminInvoiceSummary),
  },
  adminInvoiceDetail: {
    ...routes.adminInvoiceDetail,
    summary: '开票申请详情（抬头快照、订单、收票方式）',
    query: invoiceApplyIdQuery,
    response: adminInvoiceDetail,
  },
  adminInvoicePdf: {
    ...routes.adminInvoicePdf,
    summary: '下载已开具的发票 PDF',
    description: PDF,
    query: invoiceApplyIdQuery,
    response: z.null(),
  },
  adminInvoiceIssue: {
    ...routes.adminInvoiceIssue,
    summary: '开票：填写发票号码，生成发票 PDF（销售方、购买方、明细、金额大写、号码与日期）',
    description: '仅「申请中」，否则 409；发票号码不能重复。客户收到站内信，可下载 PDF。',
    body: adminInvoiceIssueBody,
    response: adminInvoiceDetail,
    success: '已开票',
  },
  adminInvoiceReject: {
    ...routes.adminInvoiceReject,
    summary: '驳回开票申请（须写原因，客户收到站内信）',
    body: adminInvoiceRejectBody,
    response: adminInvoiceDetail,
    success: '已驳回',
  },
} as const satisfies Record<string, Endpoint>;
