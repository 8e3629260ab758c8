import type { Endpoint } from '../endpoint.ts';
import { pickupAssignBody, pickupItem, pickupListQuery, pickupListResponse, pickupStaffResponse, pickupUnassignBody } from '../pickup.ts';
import { routes } from '../routes.ts';

/** The pick-up calendar of the console (取样日历, ADR 0049). */
export const pickupEndpoints = {
  adminPickupList: {
    ...routes.adminPickupList,
    summary: '取样日历：日期范围内的上门取样申请，按日期与时段分组（默认本周，北京时间）',
    description: 'mine=true 只列出分配给自己的；已取消的申请也列出（不可分配）。范围最多42天。',
    query: pickupListQuery,
    response: pickupListResponse,
  },
  adminPickupStaff: {
    ...routes.adminPickupStaff,
    summary: '可安排上门取样的员工（持有 order.lab 或 pickup.manage 且未停用）',
    response: pickupStaffResponse,
  },
  adminPickupAssign: {
    ...routes.adminPickupAssign,
    summary: '安排（或改派）取样员：写入审计日志与订单时间线，并给客户发站内信',
    description:
      '只有有效申请且订单仍为「待取样」可安排（否则 409）；取样员须持有实验室权限（否则 400）；申请不存在为 404。同一取样员重复安排为 409。',
    body: pickupAssignBody,
    response: pickupItem,
    success: '已安排取样员',
  },
  adminPickupUnassign: {
    ...routes.adminPickupUnassign,
    summary: '取消取样员安排：写入审计日志与订单时间线',
    body: pickupUnassignBody,
    response: pickupItem,
    success: '已取消安排',
  },
} as const satisfies Record<string, Endpoint>;
