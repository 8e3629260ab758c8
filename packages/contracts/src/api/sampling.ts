import type { Endpoint } from '../endpoint.ts';
import { routes } from '../routes.ts';
import { samplingAddBody, samplingCancelBody, samplingListBody, samplingListResponse, samplingRequest } from '../sampling.ts';

/** Sampling requests of the customer's orders (spec §3–§5, §7; issue 9 "Sampling"). */
export const samplingEndpoints = {
  samplingAdd: {
    ...routes.samplingAdd,
    summary: '提交取样信息：待取样订单预约上门取样（日期、时段、地址），待寄样订单填写快递单号',
    description:
      '规则与提示同取样弹窗（spec §5）：[姓名]/[手机]/[取样地址]/[详细地址]/[取样日期]/[取样时间]不能为空；日期不早于今天、不超过6个月、避开不可取样的星期与日期；时段须开放；地址须在上门取样区域内（否则「现存地址所在城市尚未开通上门取样服务」）。每个订单同时只有一个有效申请（先取消再重新提交）；订单状态不符为 409。',
    body: samplingAddBody,
    response: samplingRequest,
    success: '提交成功!',
  },
  samplingList: {
    ...routes.samplingList,
    summary: '订单的取样申请（最新在前）与实验室收样地址',
    body: samplingListBody,
    response: samplingListResponse,
  },
  samplingCancel: {
    ...routes.samplingCancel,
    summary: '取消取样申请（实验室收样前）',
    body: samplingCancelBody,
    response: samplingRequest,
    success: '已取消',
  },
} as const satisfies Record<string, Endpoint>;
