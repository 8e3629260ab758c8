// Where every call of the storefront lives: the one place a call's method and path are written.
// No zod here, so the web's api client carries this table without the schemas; the
// console's calls are in admin-routes.ts, which the storefront's bundle never holds (ADR 0033).
import type { Route } from './route.ts';

export const shopRoutes = {
  // catalogue (spec §7 open calls)
  typeGroup: { method: 'GET', scope: 'open', path: '/web/type/group' },
  deviceSearch: { method: 'GET', scope: 'open', path: '/web/device/search' },
  deviceDetail: { method: 'GET', scope: 'open', path: '/web/device/detail' },
  deviceEstimate: { method: 'GET', scope: 'open', path: '/web/device/estimate' },
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
  // sampling requests of an order (issue 9 "Sampling", spec §3–§5)
  samplingAdd: { method: 'POST', scope: 'auth', path: '/sampling/add' },
  samplingList: { method: 'POST', scope: 'auth', path: '/sampling/list' },
  samplingCancel: { method: 'POST', scope: 'auth', path: '/sampling/cancel' },
  // the lab's work as the customer sees it (issue 9, ADR 0041)
  orderTestRecord: { method: 'POST', scope: 'auth', path: '/order/testRecord' },
  orderFileDownload: { method: 'GET', scope: 'auth', path: '/order/file' },
  orderRetest: { method: 'POST', scope: 'auth', path: '/order/retest' },
  orderQuery: { method: 'POST', scope: 'auth', path: '/order/query' },
  sampleList: { method: 'POST', scope: 'auth', path: '/sample/list' },
  // the message centre (issue 9 "Notifications", ADR 0046)
  messageList: { method: 'POST', scope: 'auth', path: '/message/list' },
  messageRead: { method: 'POST', scope: 'auth', path: '/message/read' },
  messageUnread: { method: 'POST', scope: 'auth', path: '/message/unread' },
  // on-site booking of instruments (issue 9, ADR 0043; spec §7 reservation group)
  reservationDay: { method: 'GET', scope: 'open', path: '/web/reservation/day' },
  reservationAdd: { method: 'POST', scope: 'auth', path: '/reservation/add' },
  reservationList: { method: 'POST', scope: 'auth', path: '/reservation/list' },
  reservationCancel: { method: 'POST', scope: 'auth', path: '/reservation/cancel' },
  // custom demands and their quotes (issue 9, ADR 0044)
  demandUpload: { method: 'POST', scope: 'auth', path: '/demand/upload' },
  demandFile: { method: 'GET', scope: 'auth', path: '/demand/file' },
  demandAdd: { method: 'POST', scope: 'auth', path: '/demand/add' },
  demandList: { method: 'POST', scope: 'auth', path: '/demand/list' },
  demandDetail: { method: 'POST', scope: 'auth', path: '/demand/detail' },
  demandAccept: { method: 'POST', scope: 'auth', path: '/demand/accept' },
  demandDecline: { method: 'POST', scope: 'auth', path: '/demand/decline' },
  demandWithdraw: { method: 'POST', scope: 'auth', path: '/demand/withdraw' },
  // evaluations of an order's items (issue 9, ADR 0048; spec §7 names `evaluate`)
  evaluateAdd: { method: 'POST', scope: 'auth', path: '/evaluate/add' },
  evaluateList: { method: 'POST', scope: 'auth', path: '/evaluate/list' },
  evaluatePublicList: { method: 'GET', scope: 'open', path: '/web/evaluate/list' },
  // the enterprise contract of an order (issue 9, ADR 0045)
  contractList: { method: 'POST', scope: 'auth', path: '/contract/list' },
  contractDownload: { method: 'GET', scope: 'auth', path: '/contract/download' },
  contractUpload: { method: 'POST', scope: 'auth', path: '/contract/upload' },
  // invoices (issue 10, ADR 0052; spec §7 `invoice` add/edit/del/default and `invoiceApply`)
  invoiceList: { method: 'POST', scope: 'auth', path: '/invoice/list' },
  invoiceAdd: { method: 'POST', scope: 'auth', path: '/invoice/add' },
  invoiceEdit: { method: 'POST', scope: 'auth', path: '/invoice/edit' },
  invoiceDel: { method: 'POST', scope: 'auth', path: '/invoice/del' },
  invoiceDefault: { method: 'POST', scope: 'auth', path: '/invoice/default' },
  invoiceApplyOrders: { method: 'POST', scope: 'auth', path: '/invoiceApply/orders' },
  invoiceApplyAdd: { method: 'POST', scope: 'auth', path: '/invoiceApply/add' },
  invoiceApplyList: { method: 'POST', scope: 'auth', path: '/invoiceApply/list' },
  invoiceApplyDetail: { method: 'POST', scope: 'auth', path: '/invoiceApply/detail' },
  invoiceApplyCancel: { method: 'POST', scope: 'auth', path: '/invoiceApply/cancel' },
  invoiceApplyPdf: { method: 'GET', scope: 'auth', path: '/invoiceApply/pdf' },
  // the address book (spec §3, §7)
  addressAdd: { method: 'POST', scope: 'auth', path: '/address/add' },
  addressEdit: { method: 'POST', scope: 'auth', path: '/address/edit' },
  addressDel: { method: 'POST', scope: 'auth', path: '/address/del' },
  addressDefault: { method: 'POST', scope: 'auth', path: '/address/default' },
} as const satisfies Record<string, Route>;
