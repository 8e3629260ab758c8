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
  dashboard: { method: 'GET', scope: 'admin', path: '/dashboard', access: 'dashboard.read' },
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof routes;

/** Where a scope's calls live: /api/<scope>. */
export const scopePrefix = (scope: Scope): `/api/${Scope}` => `/api/${scope}`;

/** The URL of a call: /api/<scope><path>. */
export const urlOf = (route: Route): string => `${scopePrefix(route.scope)}${route.path}`;
