import { z } from 'zod';
import { refreshBody, tokenPair } from '../account.ts';
import type { Endpoint } from '../endpoint.ts';
import { page } from '../paging.ts';
import { routes } from '../routes.ts';
import {
  auditEntry,
  auditQuery,
  staffAddBody,
  staffEditBody,
  staffIdBody,
  staffListQuery,
  staffLoginBody,
  staffMe,
  staffPasswordBody,
  staffSummary,
} from '../staff.ts';

/** The console's sign-in and staff (ADR 0032). */
export const staffEndpoints = {
  adminLogin: {
    ...routes.adminLogin,
    summary: '员工登录（账号+密码，与客户分开的会话）',
    body: staffLoginBody,
    response: tokenPair,
    success: '登录成功',
  },
  adminRefresh: { ...routes.adminRefresh, summary: '员工用刷新令牌换新令牌（刷新令牌轮换）', body: refreshBody, response: tokenPair },
  adminLogout: { ...routes.adminLogout, summary: '员工退出登录（作废本次登录及其刷新链）', response: z.null() },
  adminMe: { ...routes.adminMe, summary: '当前员工：姓名、角色与权限', response: staffMe },
  staffList: {
    ...routes.staffList,
    summary: '员工列表（按账号或姓名搜索、按角色筛选，按加入时间或账号排序）',
    query: staffListQuery,
    response: page(staffSummary),
  },
  staffAdd: {
    ...routes.staffAdd,
    summary: '新增员工（账号、姓名、联系方式、角色、初始密码）',
    body: staffAddBody,
    response: staffSummary,
    success: '已新增',
  },
  staffEdit: {
    ...routes.staffEdit,
    summary: '修改员工资料与角色（不能提升自己的角色，不能去掉最后一位管理员）',
    body: staffEditBody,
    response: staffSummary,
    success: '已保存',
  },
  staffDisable: {
    ...routes.staffDisable,
    summary: '停用员工（其登录立即失效；不能停用自己或最后一位管理员）',
    body: staffIdBody,
    response: staffSummary,
    success: '已停用',
  },
  staffEnable: { ...routes.staffEnable, summary: '启用员工', body: staffIdBody, response: staffSummary, success: '已启用' },
  staffResetPassword: {
    ...routes.staffResetPassword,
    summary: '重置员工密码（其登录立即失效）',
    description: '不能重置自己的密码（403「请在账号安全中修改自己的密码」）：自己的密码凭原密码在 admin/password 修改。',
    body: staffPasswordBody,
    response: z.null(),
    success: '密码已重置',
  },
  auditList: { ...routes.auditList, summary: '操作日志（按操作人、对象、时间筛选）', query: auditQuery, response: page(auditEntry) },
} as const satisfies Record<string, Endpoint>;
