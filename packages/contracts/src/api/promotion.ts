import { z } from 'zod';
import type { Endpoint } from '../endpoint.ts';
import { page, pagingQuery } from '../paging.ts';
import {
  adminPromoter,
  adminPromoterListQuery,
  adminPromoterMoveBody,
  adminPromoterNoteBody,
  adminWithdraw,
  adminWithdrawApproveBody,
  adminWithdrawListQuery,
  adminWithdrawPayBody,
  adminWithdrawRejectBody,
  promoterApplyBody,
  promoterEntry,
  promotionCustomer,
  promotionInfo,
  promotionSettings,
  promotionSettingsData,
  rebateEntry,
  walletLine,
  walletStatementBody,
  withdrawAddBody,
  withdrawEntry,
} from '../promotion.ts';
import { priceRules, priceRulesData } from '../price-rules.ts';
import { routes } from '../routes.ts';

/** Promotion (推广): the promoter's calls and the console's 推广员 and 提现审核 rooms (issue 10, ADR 0055). */
export const promotionEndpoints = {
  promotionInfo: {
    ...routes.promotionInfo,
    summary: '我的推广：申请状态、返利比例、可提现与待入账金额、客户数',
    response: promotionInfo,
  },
  promotionApply: {
    ...routes.promotionApply,
    summary: '申请成为推广员（已驳回的可重新申请）',
    description: '申请中、已通过或已停用时再次申请为 409。',
    body: promoterApplyBody,
    response: promoterEntry,
    success: '申请已提交，请等待审核',
  },
  promotionCustomers: {
    ...routes.promotionCustomers,
    summary: '我的客户：通过我的邀请注册的客户（手机号脱敏）与其带来的返利',
    body: pagingQuery,
    response: page(promotionCustomer),
  },
  promotionRebates: {
    ...routes.promotionRebates,
    summary: '返利明细：每笔客户付款一条（待入账 / 可提现 / 已冲回）',
    body: pagingQuery,
    response: page(rebateEntry),
  },
  promotionStatement: {
    ...routes.promotionStatement,
    summary: '返利钱包明细（可提现或待入账），每行带变动后余额',
    body: walletStatementBody,
    response: page(walletLine),
  },
  promotionWithdraw: {
    ...routes.promotionWithdraw,
    summary: '申请提现：金额不低于最低提现金额、不超过可提现余额，申请时即从钱包转出',
    description: '需幂等键；同一键重复提交返回第一次的结果。两笔同时提交也不会超过可提现余额。未通过审核的推广员为 404。',
    body: withdrawAddBody,
    response: withdrawEntry,
    success: '提现申请已提交',
  },
  promotionWithdrawals: {
    ...routes.promotionWithdrawals,
    summary: '我的提现记录',
    body: pagingQuery,
    response: page(withdrawEntry),
  },

  adminPromoterList: {
    ...routes.adminPromoterList,
    summary: '推广员：申请与推广员（按状态、姓名或手机号），各自的客户数与钱包',
    query: adminPromoterListQuery,
    response: page(adminPromoter),
  },
  adminPromoterApprove: {
    ...routes.adminPromoterApprove,
    summary: '通过推广员申请',
    body: adminPromoterMoveBody,
    response: adminPromoter,
    success: '已通过',
  },
  adminPromoterReject: {
    ...routes.adminPromoterReject,
    summary: '驳回推广员申请（须填写原因，客户可见）',
    body: adminPromoterNoteBody,
    response: adminPromoter,
    success: '已驳回',
  },
  adminPromoterDisable: {
    ...routes.adminPromoterDisable,
    summary: '停用推广员（不再产生新返利，已有余额仍可提现）',
    body: adminPromoterNoteBody,
    response: adminPromoter,
    success: '已停用',
  },
  adminPromoterEnable: {
    ...routes.adminPromoterEnable,
    summary: '恢复已停用的推广员',
    body: adminPromoterMoveBody,
    response: adminPromoter,
    success: '已恢复',
  },
  adminPriceRules: {
    ...routes.adminPriceRules,
    summary: '优惠活动：给新订单计价、并在首页与项目上显示优惠标签的规则',
    response: priceRulesData,
  },
  adminPriceRulesSave: {
    ...routes.adminPriceRulesSave,
    summary: '保存优惠活动（标签与价格同时生效）',
    body: priceRules,
    response: priceRulesData,
    success: '优惠活动已保存',
  },
  adminPromotionSettings: {
    ...routes.adminPromotionSettings,
    summary: '推广设置：返利比例、入账天数、最低提现金额',
    response: promotionSettingsData,
  },
  adminPromotionSettingsSave: {
    ...routes.adminPromotionSettingsSave,
    summary: '保存推广设置',
    body: promotionSettings,
    response: promotionSettingsData,
    success: '设置已保存',
  },
  adminPromotionRelease: {
    ...routes.adminPromotionRelease,
    summary: '立即执行到期返利入账（与每小时的任务相同：订单完成满入账天数的返利转为可提现）',
    response: z.object({ released: z.number().int() }),
  },
  adminWithdrawList: {
    ...routes.adminWithdrawList,
    summary: '提现申请（按状态），含完整收款账户',
    query: adminWithdrawListQuery,
    response: page(adminWithdraw),
  },
  adminWithdrawApprove: {
    ...routes.adminWithdrawApprove,
    summary: '批准提现',
    body: adminWithdrawApproveBody,
    response: adminWithdraw,
    success: '已批准',
  },
  adminWithdrawReject: {
    ...routes.adminWithdrawReject,
    summary: '驳回提现：金额退回推广员钱包（须填写原因）',
    body: adminWithdrawRejectBody,
    response: adminWithdraw,
    success: '已驳回，金额已退回钱包',
  },
  adminWithdrawPay: {
    ...routes.adminWithdrawPay,
    summary: '确认打款：记录银行流水号（应付提现 → 银行存款）',
    body: adminWithdrawPayBody,
    response: adminWithdraw,
    success: '已确认打款',
  },
} as const satisfies Record<string, Endpoint>;
