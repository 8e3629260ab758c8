import { z } from 'zod';
import { tokenPair } from '../account.ts';
import type { Endpoint } from '../endpoint.ts';
import { routes } from '../routes.ts';
import {
  adminSetupBody,
  recoveryCodes,
  staffOwnPasswordBody,
  totpDisableBody,
  totpEnableBody,
  totpSetupResult,
} from '../staff-security.ts';
import { staffIdBody } from '../staff.ts';

/** One's own password and authenticator, an admin's reset of someone's, and the first admin (ADR 0038). */
export const staffSecurityEndpoints = {
  adminPassword: {
    ...routes.adminPassword,
    summary: '员工修改自己的密码（需原密码；其他登录立即失效）',
    body: staffOwnPasswordBody,
    response: z.null(),
    success: '密码已修改',
  },
  totpSetup: {
    ...routes.totpSetup,
    summary: '开始绑定动态验证码：生成新密钥与 otpauth:// 链接（二维码），确认前不生效',
    response: totpSetupResult,
  },
  totpEnable: {
    ...routes.totpEnable,
    summary: '确认绑定动态验证码（输入应用显示的6位数字）；只在此时返回10个一次性恢复码',
    body: totpEnableBody,
    response: recoveryCodes,
    success: '已绑定动态验证码',
  },
  totpDisable: {
    ...routes.totpDisable,
    summary: '解绑动态验证码（需当前动态验证码或恢复码；管理员与财务不可解绑）',
    body: totpDisableBody,
    response: z.null(),
    success: '已解绑动态验证码',
  },
  staffResetTotp: {
    ...routes.staffResetTotp,
    summary: '重置员工的动态验证码（其登录立即失效，下次登录重新绑定）',
    body: staffIdBody,
    response: z.null(),
    success: '动态验证码已重置',
  },
  adminSetup: {
    ...routes.adminSetup,
    summary: '首次启动：凭一次性设置链接创建第一位管理员（已有员工时拒绝）',
    body: adminSetupBody,
    response: tokenPair,
    success: '管理员已创建',
  },
} as const satisfies Record<string, Endpoint>;
