/** Route paths of spec §2, built in one place. */
export const paths = {
  home: () => '/',
  project: (typeId?: number, title?: string, childId?: number) => {
    const base = typeId ? `/project/${typeId}${title ? `/${encodeURIComponent(title)}` : ''}` : '/project';
    return childId ? `${base}?childId=${childId}` : base;
  },
  area: (areaId: number) => `/project?areaId=${areaId}`,
  about: (tab: 'profile' | 'culture' | 'recruit' = 'profile') => `/about/${tab}`,
  televised: () => '/televised',
  list: (type: 'news' | 'course' | 'service' | 'thanks') => `/list/${type}`,
  contact: () => '/contact',
  guide: () => '/guide',
  require: () => '/require',
  license: () => '/license',
  policy: () => '/policy',
  certificates: () => '/certificates',
  search: (kw: string) => `/search?kw=${encodeURIComponent(kw)}`,
  article: (rid: string) => `/article/${rid}`,
  detail: (rid: string) => `/detail/${rid}`,
  member: (page = 'center') => `/member/${page}`,
  invited: (code: string) => `/invited/${encodeURIComponent(code)}`,
  wxConfirm: (ticket: string) => `/wx/confirm/${encodeURIComponent(ticket)}`,
  experiment: (page: 'plan' | 'demand' | 'contract' = 'plan') => `/experiment/${page}`,
  /** The order page for these plan lines (?plan=3,5), or a saved draft to finish (?draft=12). */
  orderNew: (planIds: readonly number[]) => `/experiment/order?plan=${planIds.join(',')}`,
  /** 立即下单: the order page for the one line just added (&now=1: leaving without ordering takes it out of the plan again). */
  orderNow: (planId: number) => `/experiment/order?plan=${planId}&now=1`,
  orderDraft: (orderId: number) => `/experiment/order?draft=${orderId}`,
  /** 我的订单 (a tab), or one order's detail (?id=). */
  orders: (tab?: string) => (tab && tab !== 'all' ? `/member/order?tab=${tab}` : '/member/order'),
  order: (orderId: number) => `/member/order?id=${orderId}`,
  /** The order's page opened on a step the customer owes there (ADR 0062): the sampling dialog, the evaluation. */
  orderStep: (orderId: number, step: string) => `/member/order?id=${orderId}&step=${step}`,
  /** 开票记录 with 申请开票 open for this order. */
  invoiceApply: (orderId: number) => `/member/invoiceLs?apply=${orderId}`,
  /** 预存中心; with ?topup= the return from a payment gateway (ADR 0050). */
  prestore: (topupNo?: string) => (topupNo ? `/member/prestore?topup=${encodeURIComponent(topupNo)}` : '/member/prestore'),
  /** 我的消息 (ADR 0046: no spec route; a member page like the others). */
  messages: () => '/member/message',
} as const;

/** True for an absolute http(s) link (banner redirects, case sources). */
export const isExternal = (href: string) => /^https?:\/\//i.test(href);
