import { z } from 'zod';
import { refreshBody, tokenPair } from '../account.ts';
import type { Endpoint } from '../endpoint.ts';
import { page, pagingQuery } from '../paging.ts';
import { routes } from '../routes.ts';
import { staffLoginBody, staffMe, staffSummary } from '../staff.ts';

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
  staffList: { ...routes.staffList, summary: '员工列表', query: pagingQuery, response: page(staffSummary) },
} as const satisfies Record<string, Endpoint>;
