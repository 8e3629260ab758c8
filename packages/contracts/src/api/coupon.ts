import { z } from 'zod';
import type { Endpoint } from '../endpoint.ts';
import {
  adminCouponIssuedQuery,
  adminIssuedCoupon,
  couponIssueBody,
  couponListBody,
  couponListResponse,
  couponTemplate,
  couponTemplateActiveBody,
  couponTemplateAddBody,
  couponUsableBody,
  couponUsableResponse,
  integralInfo,
  integralLine,
  integralListBody,
  myCoupon,
  pointsSettings,
  pointsSettingsData,
} from '../coupon.ts';
import { page } from '../paging.ts';
import { priceOffersData } from '../price-rules.ts';
import { routes } from '../routes.ts';

/** Coupons and points: the customer's pages, the order page's picker and the console's room (issue 10, ADR 0053). */
export const couponEndpoints = {
  couponList: {
    ...routes.couponList,
    summary: '我的优惠券（可使用 / 已使用 / 已过期，带各栏数量）',
    body: couponListBody,
    response: couponListResponse,
  },
  couponUsable: {
    ...routes.couponUsable,
    summary: '下单页：所选方案条目可用的优惠券（各自的优惠金额，推荐最省的一张）与可用积分',
    description: '仅作提示；下单（order/add 的 couponId、points）时服务器按订单实际金额重新核对归属、有效期、门槛与适用范围。',
    body: couponUsableBody,
    response: couponUsableResponse,
  },
  priceOffers: {
    ...routes.priceOffers,
    summary: '我的优惠活动：会给我下一张订单计价的优惠规则（已下过单的客户不含新客户首单规则），用于项目上的优惠标签',
    response: priceOffersData,
  },
  integralInfo: { ...routes.integralInfo, summary: '我的积分：余额、30天内将过期的积分与积分规则', response: integralInfo },
  integralList: {
    ...routes.integralList,
    summary: '积分明细（最新在前，带变动原因与订单）',
    body: integralListBody,
    response: page(integralLine),
  },

  adminCouponTemplateList: {
    ...routes.adminCouponTemplateList,
    summary: '优惠券模板（最新在前，带已发放与已使用数量）',
    response: z.array(couponTemplate),
  },
  adminCouponTemplateAdd: {
    ...routes.adminCouponTemplateAdd,
    summary: '新建优惠券模板（满减或折扣；固定日期或领取后N天有效；适用类型/项目；每人限领；可设为注册即送）',
    description: '模板建立后规则不再修改（已发放的券按发放时的规则使用），只能停用或启用。',
    body: couponTemplateAddBody,
    response: couponTemplate,
    success: '优惠券已创建',
  },
  adminCouponTemplateActive: {
    ...routes.adminCouponTemplateActive,
    summary: '停用或启用优惠券模板（停用后不再发放，已发放的券仍可使用）',
    body: couponTemplateActiveBody,
    response: couponTemplate,
    success: '已保存',
  },
  adminCouponIssue: {
    ...routes.adminCouponIssue,
    summary: '按手机号向客户发放优惠券（每人限领数量内）',
    body: couponIssueBody,
    response: myCoupon,
    success: '优惠券已发放',
  },
  adminCouponIssued: {
    ...routes.adminCouponIssued,
    summary: '某模板已发放的优惠券（最新在前）',
    query: adminCouponIssuedQuery,
    response: page(adminIssuedCoupon),
  },
  adminPointsSettings: {
    ...routes.adminPointsSettings,
    summary: '积分设置：获得比例、抵扣比例与上限、有效期',
    response: pointsSettingsData,
  },
  adminPointsSettingsSave: {
    ...routes.adminPointsSettingsSave,
    summary: '保存积分设置',
    body: pointsSettings,
    response: pointsSettingsData,
    success: '设置已保存',
  },
} as const satisfies Record<string, Endpoint>;
