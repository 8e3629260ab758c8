import { z } from 'zod';
import {
  code4smsBody,
  loginBody,
  loginForCodeBody,
  refreshBody,
  resetBody,
  signBody,
  tokenPair,
  powChallenge,
  wxBindBody,
  wxCallbackQuery,
  wxQrLoginResponse,
  wxScanResponse,
  wxStatusResponse,
  wxTicket,
  wxTicketBody,
} from '../account.ts';
import type { Endpoint } from '../endpoint.ts';
import { routes } from '../routes.ts';

const done = z.null();

/** Register, the three ways to log in, reset, tokens (spec §7, ADR 0006). */
export const accountEndpoints = {
  smsChallenge: {
    ...routes.smsChallenge,
    summary: '获取发送短信前的人机验证（ALTCHA 工作量证明，一次有效）',
    response: powChallenge,
  },
  code4sms: {
    ...routes.code4sms,
    summary: '发送短信验证码（useFor 0 注册, 1 重置, 3 登录, 4 换绑手机）；altcha 为已解的人机验证',
    body: code4smsBody,
    response: done,
    success: '验证码已发送',
  },
  sign: { ...routes.sign, summary: '注册并登录', body: signBody, response: tokenPair, success: '注册成功' },
  login: { ...routes.login, summary: '账号（用户名或手机号）密码登录', body: loginBody, response: tokenPair, success: '登录成功' },
  loginForCode: { ...routes.loginForCode, summary: '短信验证码登录', body: loginForCodeBody, response: tokenPair, success: '登录成功' },
  reset: { ...routes.reset, summary: '重置密码（并退出该账号的所有登录）', body: resetBody, response: done, success: '密码重置成功' },
  refresh4token: { ...routes.refresh4token, summary: '用刷新令牌换新令牌（刷新令牌轮换）', body: refreshBody, response: tokenPair },
  logout: { ...routes.logout, summary: '退出登录（服务端作废本次登录及其刷新链）', response: done },
  wxTicket: { ...routes.wxTicket, summary: '获取微信扫码登录二维码', response: wxTicket },
  wxQrCodeLogin: {
    ...routes.wxQrCodeLogin,
    summary: '轮询扫码状态（确认后仅返回一次令牌）',
    body: wxTicketBody,
    response: wxQrLoginResponse,
  },
  wxScan: { ...routes.wxScan, summary: '确认页已打开（本地提供方）；返回请求登录的IP与时间', body: wxTicketBody, response: wxScanResponse },
  wxConfirm: {
    ...routes.wxConfirm,
    summary: '确认登录（本地提供方）：用本设备已登录的账号确认',
    body: wxTicketBody,
    response: wxStatusResponse,
    success: '已确认登录',
  },
  wxBind: {
    ...routes.wxBind,
    summary: '公众号扫码的新微信用户：手机号+验证码绑定（新号码自动注册）',
    body: wxBindBody,
    response: wxStatusResponse,
    success: '登录成功',
  },
  wxCallbackVerify: {
    ...routes.wxCallbackVerify,
    summary: '公众号服务器地址校验',
    query: wxCallbackQuery,
    response: z.string(),
    hidden: true,
  },
  wxCallback: { ...routes.wxCallback, summary: '公众号扫码事件推送', query: wxCallbackQuery, response: z.string(), hidden: true },
} as const satisfies Record<string, Endpoint>;
