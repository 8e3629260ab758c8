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
  '被邀请人首笔订单付款（企业预付或机构结算）后，按当时的设置向邀请人（及被邀请人）预存余额发放一次奖励；被邀请人与邀请人手机号相同、使用过同一设备，或注册 IP 与邀请人 24 小时内的 IP 相同时，奖励暂缓，由运营或财务审核。';

/** Invitations (邀请有礼, issue 10, ADR 0054): the customer's code and invitees, the console's room. */
export const inviteEndpoints = {
  inviteInfo: { ...routes.inviteInfo, summary: '我的邀请码、邀请链接与奖励规则', description: RULES, response: inviteInfo },
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
  adminInviteSettings: { ...routes.adminInviteSettings, summary: '邀请奖励设置', response: inviteSettingsData },
  adminInviteSettingsSave: {
    ...routes.adminInviteSettingsSave,
    summary: '保存邀请奖励设置',
    description: RULES,
    body: inviteSettings,
    response: inviteSettingsData,
  },
  adminInviteGrant: {
    ...routes.adminInviteGrant,
    summary: '发放暂缓的邀请奖励（按首单时的金额记账，站内信通知邀请人）',
    body: adminInviteMoveBody,
    response: adminInvite,
    success: '奖励已发放',
  },
  adminInviteRefuse: {
    ...routes.adminInviteRefuse,
    summary: '确认不发放暂缓的邀请奖励（须填写原因）',
    body: adminInviteMoveBody,
    response: adminInvite,
    success: '已确认不发放',
  },
} as const satisfies Record<string, Endpoint>;
