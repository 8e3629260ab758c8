// Where every call lives: the one place a call's method and path are written.
// No zod here, so the web's api client can carry this table without the schemas.
import type { AdminAccess } from './staff.ts';

/**
 * The three API scopes (ADR 0009). A call's scope decides its guard on the
 * server: `open` for anyone, `auth` for a signed-in customer, `admin` for staff.
 */
export type Scope = 'open' | 'auth' | 'admin';
export type Method = 'GET' | 'POST';

export interface Route {
  method: Method;
  scope: Scope;
  /** Path inside the scope; the URL is /api/<scope><path>. */
  path: `/${string}`;
  /**
   * Admin scope only, and required there (ADR 0032): the permission the call
   * needs (staff.ts PERMISSIONS), 'signedIn' for any staff member, or
   * 'anyone' for the calls that come before a token (sign-in, refresh).
   */
  access?: AdminAccess;
}

export const routes = {
  // catalogue (spec §7 open calls)
  typeGroup: { method: 'GET', scope: 'open', path: '/web/type/group' },
  deviceSearch: { method: 'GET', scope: 'open', path: '/web/device/search' },
  deviceDetail: { method: 'GET', scope: 'open', path: '/web/device/detail' },
  deviceSuggest: { method: 'GET', scope: 'open', path: '/web/device/suggest' },
  hotKeywords: { method: 'GET', scope: 'open', path: '/web/device/hotKeywords' },
  prefectureList: { method: 'GET', scope: 'open', path: '/web/prefecture/list' },
  // content and home
  home: { method: 'GET', scope: 'open', path: '/web/index' },
  articleList: { method: 'GET', scope: 'open', path: '/web/article/list' },
  articleDetail: { method: 'GET', scope: 'open', path: '/web/article/detail' },
  sitePage: { method: 'GET', scope: 'open', path: '/web/page' },
  setting: { method: 'POST', scope: 'open', path: '/setting' },
  settingList4key: { method: 'POST', scope: 'open', path: '/setting/list4key' },
  ping: { method: 'GET', scope: 'open', path: '/ping' },
  // accounts
  smsChallenge: { method: 'GET', scope: 'open', path: '/sms/challenge' },
  code4sms: { method: 'POST', scope: 'open', path: '/code4sms' },
  sign: { method: 'POST', scope: 'open', path: '/sign' },
  login: { method: 'POST', scope: 'open', path: '/login' },
  loginForCode: { method: 'POST', scope: 'open', path: '/loginForCode' },
  reset: { method: 'POST', scope: 'open', path: '/reset' },
  refresh4token: { method: 'POST', scope: 'open', path: '/refresh4token' },
  logout: { method: 'POST', scope: 'auth', path: '/logout' },
  // WeChat QR login
  wxTicket: { method: 'GET', scope: 'open', path: '/wx/ticket' },
  wxQrCodeLogin: { method: 'POST', scope: 'open', path: '/wx/qrCodeLogin' },
  wxScan: { method: 'POST', scope: 'open', path: '/wx/scan' },
  wxConfirm: { method: 'POST', scope: 'auth', path: '/wx/confirm' },
  wxBind: { method: 'POST', scope: 'open', path: '/wx/bind' },
  wxCallbackVerify: { method: 'GET', scope: 'open', path: '/wx/callback' },
  wxCallback: { method: 'POST', scope: 'open', path: '/wx/callback' },
  // the signed-in customer
  userInfo: { method: 'POST', scope: 'auth', path: '/user/info' },
  updateInfo: { method: 'POST', scope: 'auth', path: '/user/updateInfo' },
  update4profile: { method: 'POST', scope: 'auth', path: '/user/update4profile' },
  code4currentPhone: { method: 'POST', scope: 'auth', path: '/user/code4currentPhone' },
  update4contact: { method: 'POST', scope: 'auth', path: '/user/update4contact' },
  // the experiment plan and orders (issue 9, ADR 0039)
  planList: { method: 'POST', scope: 'auth', path: '/plan/list' },
  planAdd: { method: 'POST', scope: 'auth', path: '/plan/add' },
  planEdit: { method: 'POST', scope: 'auth', path: '/plan/edit' },
  planDel: { method: 'POST', scope: 'auth', path: '/plan/del' },
  orderAdd: { method: 'POST', scope: 'auth', path: '/order/add' },
  orderList: { method: 'POST', scope: 'auth', path: '/order/list' },
  orderDetail: { method: 'POST', scope: 'auth', path: '/order/detail' },
  orderCancel: { method: 'POST', scope: 'auth', path: '/order/cancel' },
  orderConfirm: { method: 'POST', scope: 'auth', path: '/order/confirm' },
  orderAgain: { method: 'POST', scope: 'auth', path: '/order/again' },
  addressAdd: { method: 'POST', scope: 'auth', path: '/address/add' },
  addressEdit: { method: 'POST', scope: 'auth', path: '/address/edit' },
  addressDel: { method: 'POST', scope: 'auth', path: '/address/del' },
  addressDefault: { method: 'POST', scope: 'auth', path: '/address/default' },
  // the operator console (ADR 0032)
  adminLogin: { method: 'POST', scope: 'admin', path: '/login', access: 'anyone' },
  adminRefresh: { method: 'POST', scope: 'admin', path: '/refresh', access: 'anyone' },
  adminLogout: { method: 'POST', scope: 'admin', path: '/logout', access: 'signedIn' },
  adminMe: { method: 'POST', scope: 'admin', path: '/me', access: 'signedIn' },
  staffList: { method: 'GET', scope: 'admin', path: '/staff/list', access: 'staff.manage' },
  staffAdd: { method: 'POST', scope: 'admin', path: '/staff/add', access: 'staff.manage' },
  staffEdit: { method: 'POST', scope: 'admin', path: '/staff/edit', access: 'staff.manage' },
  staffDisable: { method: 'POST', scope: 'admin', path: '/staff/disable', access: 'staff.manage' },
  staffEnable: { method: 'POST', scope: 'admin', path: '/staff/enable', access: 'staff.manage' },
  staffResetPassword: { method: 'POST', scope: 'admin', path: '/staff/resetPassword', access: 'staff.manage' },
  auditList: { method: 'GET', scope: 'admin', path: '/audit/list', access: 'audit.read' },
  jobList: { method: 'GET', scope: 'admin', path: '/job/list', access: 'job.manage' },
  jobRetry: { method: 'POST', scope: 'admin', path: '/job/retry', access: 'job.manage' },
  // content (issue 8): banners, articles, site pages, partners, the promo popup
  bannerList: { method: 'GET', scope: 'admin', path: '/banner/list', access: 'content.manage' },
  bannerAdd: { method: 'POST', scope: 'admin', path: '/banner/add', access: 'content.manage' },
  bannerEdit: { method: 'POST', scope: 'admin', path: '/banner/edit', access: 'content.manage' },
  bannerSort: { method: 'POST', scope: 'admin', path: '/banner/sort', access: 'content.manage' },
  bannerRemove: { method: 'POST', scope: 'admin', path: '/banner/remove', access: 'content.manage' },
  articleAdminList: { method: 'GET', scope: 'admin', path: '/article/list', access: 'content.manage' },
  articleAdminDetail: { method: 'GET', scope: 'admin', path: '/article/detail', access: 'content.manage' },
  articleAdd: { method: 'POST', scope: 'admin', path: '/article/add', access: 'content.manage' },
  articleEdit: { method: 'POST', scope: 'admin', path: '/article/edit', access: 'content.manage' },
  articlePublish: { method: 'POST', scope: 'admin', path: '/article/publish', access: 'content.manage' },
  articleUnpublish: { method: 'POST', scope: 'admin', path: '/article/unpublish', access: 'content.manage' },
  articleRemove: { method: 'POST', scope: 'admin', path: '/article/remove', access: 'content.manage' },
  sitePageAdminList: { method: 'GET', scope: 'admin', path: '/page/list', access: 'content.manage' },
  sitePageAdminDetail: { method: 'GET', scope: 'admin', path: '/page/detail', access: 'content.manage' },
  sitePageEdit: { method: 'POST', scope: 'admin', path: '/page/edit', access: 'content.manage' },
  partnerList: { method: 'GET', scope: 'admin', path: '/partner/list', access: 'content.manage' },
  partnerAdd: { method: 'POST', scope: 'admin', path: '/partner/add', access: 'content.manage' },
  partnerEdit: { method: 'POST', scope: 'admin', path: '/partner/edit', access: 'content.manage' },
  partnerSort: { method: 'POST', scope: 'admin', path: '/partner/sort', access: 'content.manage' },
  partnerRemove: { method: 'POST', scope: 'admin', path: '/partner/remove', access: 'content.manage' },
  popupDetail: { method: 'GET', scope: 'admin', path: '/popup/detail', access: 'content.manage' },
  popupSave: { method: 'POST', scope: 'admin', path: '/popup/save', access: 'content.manage' },
  mediaUpload: { method: 'POST', scope: 'admin', path: '/media/upload', access: 'media.upload' },
  // web settings of spec §3
  settingAdminDetail: { method: 'GET', scope: 'admin', path: '/setting/detail', access: 'setting.manage' },
  settingAllowRegionSave: { method: 'POST', scope: 'admin', path: '/setting/allowRegion', access: 'setting.manage' },
  settingSamplingSave: { method: 'POST', scope: 'admin', path: '/setting/samplingSetting', access: 'setting.manage' },
  settingLocalInfoSave: { method: 'POST', scope: 'admin', path: '/setting/localInfo', access: 'setting.manage' },
  // staff sign-in security (ADR 0038): one's own password and TOTP, the first admin
  adminPassword: { method: 'POST', scope: 'admin', path: '/password', access: 'signedIn' },
  totpSetup: { method: 'POST', scope: 'admin', path: '/totp/setup', access: 'signedIn' },
  totpEnable: { method: 'POST', scope: 'admin', path: '/totp/enable', access: 'signedIn' },
  totpDisable: { method: 'POST', scope: 'admin', path: '/totp/disable', access: 'signedIn' },
  staffResetTotp: { method: 'POST', scope: 'admin', path: '/staff/resetTotp', access: 'staff.manage' },
  adminSetup: { method: 'POST', scope: 'admin', path: '/setup', access: 'anyone' },
  smsList: { method: 'GET', scope: 'admin', path: '/sms/list', access: 'sms.read' },
  // orders in the console (issue 9, ADR 0039): one call per transition, each with its permission
  adminOrderList: { method: 'GET', scope: 'admin', path: '/order/list', access: 'order.read' },
  adminOrderDetail: { method: 'GET', scope: 'admin', path: '/order/detail', access: 'order.read' },
  adminOrderQuote: { method: 'POST', scope: 'admin', path: '/order/quote', access: 'order.quote' },
  adminOrderConfirmContract: { method: 'POST', scope: 'admin', path: '/order/confirmContract', access: 'order.quote' },
  adminOrderMarkPaid: { method: 'POST', scope: 'admin', path: '/order/markPaid', access: 'order.pay' },
  adminOrderReceive: { method: 'POST', scope: 'admin', path: '/order/receive', access: 'order.lab' },
  adminOrderStartTesting: { method: 'POST', scope: 'admin', path: '/order/startTesting', access: 'order.lab' },
  adminOrderDeliver: { method: 'POST', scope: 'admin', path: '/order/deliver', access: 'order.lab' },
  adminOrderConfirmData: { method: 'POST', scope: 'admin', path: '/order/confirmData', access: 'order.lab' },
  adminOrderCancel: { method: 'POST', scope: 'admin', path: '/order/cancel', access: 'order.cancel' },
  // the console's catalogue (ADR 0036)
  catalogTypeList: { method: 'GET', scope: 'admin', path: '/catalog/type/list', access: 'catalog.manage' },
  catalogTypeEdit: { method: 'POST', scope: 'admin', path: '/catalog/type/edit', access: 'catalog.manage' },
  catalogChildList: { method: 'GET', scope: 'admin', path: '/catalog/child/list', access: 'catalog.manage' },
  catalogChildAdd: { method: 'POST', scope: 'admin', path: '/catalog/child/add', access: 'catalog.manage' },
  catalogChildEdit: { method: 'POST', scope: 'admin', path: '/catalog/child/edit', access: 'catalog.manage' },
  catalogChildSort: { method: 'POST', scope: 'admin', path: '/catalog/child/sort', access: 'catalog.manage' },
  catalogChildRemove: { method: 'POST', scope: 'admin', path: '/catalog/child/remove', access: 'catalog.manage' },
  catalogDeviceList: { method: 'GET', scope: 'admin', path: '/catalog/device/list', access: 'catalog.manage' },
  catalogDeviceDetail: { method: 'GET', scope: 'admin', path: '/catalog/device/detail', access: 'catalog.manage' },
  catalogDeviceAdd: { method: 'POST', scope: 'admin', path: '/catalog/device/add', access: 'catalog.manage' },
  catalogDeviceEdit: { method: 'POST', scope: 'admin', path: '/catalog/device/edit', access: 'catalog.manage' },
  catalogDeviceShelf: { method: 'POST', scope: 'admin', path: '/catalog/device/shelf', access: 'catalog.manage' },
  catalogDeviceExport: { method: 'GET', scope: 'admin', path: '/catalog/device/export', access: 'catalog.manage' },
  catalogDeviceImport: { method: 'POST', scope: 'admin', path: '/catalog/device/import', access: 'catalog.manage' },
  catalogPrefectureList: { method: 'GET', scope: 'admin', path: '/catalog/prefecture/list', access: 'catalog.manage' },
  catalogPrefectureAdd: { method: 'POST', scope: 'admin', path: '/catalog/prefecture/add', access: 'catalog.manage' },
  catalogPrefectureEdit: { method: 'POST', scope: 'admin', path: '/catalog/prefecture/edit', access: 'catalog.manage' },
  catalogPrefectureSort: { method: 'POST', scope: 'admin', path: '/catalog/prefecture/sort', access: 'catalog.manage' },
  catalogPrefectureRemove: { method: 'POST', scope: 'admin', path: '/catalog/prefecture/remove', access: 'catalog.manage' },
  catalogPrefectureItems: { method: 'GET', scope: 'admin', path: '/catalog/prefecture/items', access: 'catalog.manage' },
  catalogPrefectureItemAdd: { method: 'POST', scope: 'admin', path: '/catalog/prefecture/itemAdd', access: 'catalog.manage' },
  catalogPrefectureItemRemove: { method: 'POST', scope: 'admin', path: '/catalog/prefecture/itemRemove', access: 'catalog.manage' },
  customerList: { method: 'GET', scope: 'admin', path: '/customer/list', access: 'customer.read' },
  customerDetail: { method: 'GET', scope: 'admin', path: '/customer/detail', access: 'customer.read' },
  customerDisable: { method: 'POST', scope: 'admin', path: '/customer/disable', access: 'customer.manage' },
  customerEnable: { method: 'POST', scope: 'admin', path: '/customer/enable', access: 'customer.manage' },
  customerReview: { method: 'POST', scope: 'admin', path: '/customer/review', access: 'customer.manage' },
  customerManagers: { method: 'GET', scope: 'admin', path: '/customer/managers', access: 'customer.read' },
  customerAssign: { method: 'POST', scope: 'admin', path: '/customer/assign', access: 'customer.assign' },
  dashboard: { method: 'GET', scope: 'admin', path: '/dashboard', access: 'dashboard.read' },
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof routes;

/** Where a scope's calls live: /api/<scope>. */
export const scopePrefix = (scope: Scope): `/api/${Scope}` => `/api/${scope}`;

/** The URL of a call: /api/<scope><path>. */
export const urlOf = (route: Route): string => `${scopePrefix(route.scope)}${route.path}`;
