import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import {
  adminPromoters,
  adminWithdrawals,
  answerPromoter,
  answerWithdrawal,
  releaseNow,
  savePromotionSettings,
} from './promotion-admin.service.ts';
import { adminPriceRules, savePriceRules } from './price-rule.service.ts';
import { applyPromoter } from './promotion-promoter.service.ts';
import { myWithdrawals, requestWithdrawal } from './promotion-withdraw.service.ts';
import { getPromotionSettings, promotionCustomers, promotionInfo, promotionRebates, promotionStatement } from './promotion.service.ts';
import { createOnce } from '../ledger/index.ts';

/** Promotion (ADR 0055): the promoter's calls scoped to `user`; the console's 推广员 and 提现审核 rooms. */
export const promotionRoutes = (ctx: AppContext) =>
  ({
    promotionInfo: ({ user }) => promotionInfo(ctx, user.id),
    promotionApply: ({ user, body, ip }) =>
      createOnce(ctx, { userId: user.id }, 'promotion/apply', body, (t, form) => applyPromoter(t, user.id, form, ip)),
    promotionCustomers: ({ user, body }) => promotionCustomers(ctx, user.id, body),
    promotionRebates: ({ user, body }) => promotionRebates(ctx, user.id, body),
    promotionStatement: ({ user, body }) => promotionStatement(ctx, user.id, body),
    promotionWithdraw: ({ user, body, ip }) => requestWithdrawal(ctx, user.id, body, ip),
    promotionWithdrawals: ({ user, body }) => myWithdrawals(ctx, user.id, body),
    adminPromoterList: ({ query }) => adminPromoters(ctx, query),
    adminPromoterApprove: ({ staff, body, ip }) => answerPromoter(ctx, staff, 'approve', body, ip),
    adminPromoterReject: ({ staff, body, ip }) => answerPromoter(ctx, staff, 'reject', body, ip),
    adminPromoterDisable: ({ staff, body, ip }) => answerPromoter(ctx, staff, 'disable', body, ip),
    adminPromoterEnable: ({ staff, body, ip }) => answerPromoter(ctx, staff, 'enable', body, ip),
    adminPriceRules: () => adminPriceRules(ctx),
    adminPriceRulesSave: ({ staff, body, ip }) => savePriceRules(ctx, staff, body, ip),
    adminPromotionSettings: () => getPromotionSettings(ctx),
    adminPromotionSettingsSave: ({ staff, body, ip }) => savePromotionSettings(ctx, staff, body, ip),
    adminPromotionRelease: ({ staff, ip }) => releaseNow(ctx, staff, ip),
    adminWithdrawList: ({ query }) => adminWithdrawals(ctx, query),
    adminWithdrawApprove: ({ staff, body, ip }) => answerWithdrawal(ctx, staff, 'approve', body, ip),
    adminWithdrawReject: ({ staff, body, ip }) => answerWithdrawal(ctx, staff, 'reject', body, ip),
    adminWithdrawPay: ({ staff, body, ip }) => answerWithdrawal(ctx, staff, 'pay', body, ip),
  }) satisfies Handlers;
