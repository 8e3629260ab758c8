import type { Endpoint } from '../endpoint.ts';
import {
  adminInvite,
  adminInviteMoveBody,
  adminInviteQuery,
  invitee,
  inviteInfo,
  inviteListBody,
  inviteSettings,
  inviteSettingsData,
} from '../invite.ts';
import { page } from '../paging.ts';
import { routes } from '../routes.ts';

const RULES =
  '邀请有礼（ADR 0069）：被邀请人注册即得新客券；其注册后若干个月内每笔订单付款按实付金额的比例返利到邀请人的返利钱包，订单完成若干天后可提现——比例、月数、天数与券额均来自设置 invite。首笔付款时做防刷检查（同一设备、24 小时内同一 IP），命中的由运营或财务审核，通过后才计返利。';

/** Invitations (邀请有礼, issue 10, ADR 0054): the customer's code and invitees, the console's room. */
export const inviteEndpoints = {
  inviteInfo: {
    ...routes.inviteInfo,
    summary: '我的邀请码、邀请链接、活动规则（设置）、邀请所得与返利钱包',
    description: RULES,
    response: inviteInfo,
  },
  inviteTerms: {
    ...routes.inviteTerms,
    summary: '邀请有礼的当前规则（返利比例、月数、可提现天数、新客券），供邀请弹窗与注册表单显示',
    description: RULES,
    response: inviteSettingsData,
  },
  inviteList: {
    ...routes.inviteList,
    summary: '我邀请的好友（手机号已脱敏）：注册时间、状态与奖励',
    body: inviteListBody,
    response: page(invitee),
  },
  adminInviteList: {
    ...routes.adminInviteList,
    summary: '邀请记录：邀请人、被邀请人、首单、奖励状态与原因',
    query: adminInviteQuery,
    response: page(adminInvite),
  },
  adminInviteSettings: { ...routes.adminInviteSettings, summary: '邀请有礼设置', response: inviteSettingsData },
  adminInviteSettingsSave: {
    ...routes.adminInviteSettingsSave,
    summary: '保存邀请有礼设置（只影响之后的付款与注册）',
    description: RULES,
    body: inviteSettings,
    response: inviteSettingsData,
  },
  adminInviteGrant: {
    ...routes.adminInviteGrant,
    summary: '审核通过暂缓的邀请（之前的付款补计返利；旧规则的一次性奖励按当时金额记账），站内信通知邀请人',
    body: adminInviteMoveBody,
    response: adminInvite,
    success: '已审核通过',
  },
  adminInviteRefuse: {
    ...routes.adminInviteRefuse,
    summary: '确认不发放暂缓的邀请奖励（须填写原因，之后的付款也不计返利）',
    body: adminInviteMoveBody,
    response: adminInvite,
    success: '已确认不发放',
  },
} as const satisfies Record<string, Endpoint>;
