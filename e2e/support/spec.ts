/** What the specification (shared/docs/spec.md) says, written out here so tests never check the app against its own constants. */

/** Spec §2 "Member menu entries", in its order, with the labels the site shows for them. */
export const SPEC_MEMBER_MENU = [
  ['/member', '会员中心'],
  ['/member/prestore', '预存中心'],
  ['/member/unsettled', '待结算'],
  ['/member/unpaid', '待付款'],
  ['/member/coupon', '优惠券'],
  ['/member/information', '个人信息'],
  ['/member/address', '地址管理'],
  ['/member/order', '我的订单'],
  ['/member/oquery', '订单查询'],
  ['/member/promotion', '推广中心'],
  ['/member/invite', '邀请有礼'],
  ['/member/integral', '我的积分'],
  ['/member/invoiceMg', '发票管理'],
  ['/member/invoiceLs', '开票记录'],
  ['/member/communityMg', '课题组管理'],
  ['/member/communityJn', '加入的课题组'],
] as const;
