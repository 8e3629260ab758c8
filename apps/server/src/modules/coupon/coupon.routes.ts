import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { getPointsSettings, integralInfo, integralList, savePointsSettings } from './coupon-points.service.ts';
import { addTemplate, issueToPhone, listIssued, listTemplates, setTemplateActive } from './coupon-template.service.ts';
import { couponList, couponUsable } from './coupon.service.ts';
import { createOnce } from '../ledger/index.ts';

/** Coupons and points (ADR 0053): the customer's scoped to `user`; the console's behind coupon.manage. */
export const couponRoutes = (ctx: AppContext) =>
  ({
    couponList: ({ user, body }) => couponList(ctx, user.id, body),
    couponUsable: ({ user, body }) => couponUsable(ctx, user.id, body),
    integralInfo: ({ user }) => integralInfo(ctx, user.id),
    integralList: ({ user, body }) => integralList(ctx, user.id, body),
    adminCouponTemplateList: () => listTemplates(ctx),
    adminCouponTemplateAdd: ({ staff, body, ip }) =>
      createOnce(ctx, { staffId: staff.id }, 'coupon/template/add', body, (t, form) => addTemplate(t, staff, form, ip)),
    adminCouponTemplateActive: ({ staff, body, ip }) => setTemplateActive(ctx, staff, body, ip),
    adminCouponIssue: ({ staff, body, ip }) =>
      createOnce(ctx, { staffId: staff.id }, 'coupon/issue', body, (t, form) => issueToPhone(t, staff, form, ip)),
    adminCouponIssued: ({ query }) => listIssued(ctx, query),
    adminPointsSettings: () => getPointsSettings(ctx),
    adminPointsSettingsSave: ({ staff, body, ip }) => savePointsSettings(ctx, staff, body, ip),
  }) satisfies Handlers;
