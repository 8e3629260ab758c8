import { callTask, callTaskDoneBody, callTaskListResponse } from '../call-task.ts';
import type { Endpoint } from '../endpoint.ts';
import { routes } from '../routes.ts';

/** The account manager's call after the samples are received (ADR 0046). */
export const callTaskEndpoints = {
  orderCallTasks: {
    ...routes.orderCallTasks,
    summary: '待致电：已收样、客户经理尚未致电的订单（最早收样在前，2小时内须致电）',
    description: '客户经理只看到自己客户的订单；管理员看到全部。',
    response: callTaskListResponse,
  },
  orderCalled: {
    ...routes.orderCalled,
    summary: '记录已致电：写入订单时间线（状态不变）与审计日志',
    description: '订单须已收样且尚未记录致电，否则 409；别人客户的订单为 404。',
    body: callTaskDoneBody,
    response: callTask,
    success: '已记录致电',
  },
} as const satisfies Record<string, Endpoint>;
