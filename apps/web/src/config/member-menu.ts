/** The member menu of spec §2 ("Member menu entries"), in order, with Chinese labels. */
export interface MemberMenuEntry {
  /** The :page segment of /member/:page. */
  page: string;
  label: string;
  to: string;
}

const entry = (page: string, label: string): MemberMenuEntry => ({ page, label, to: `/member/${page}` });

export const MEMBER_MENU: MemberMenuEntry[] = [
  // Spec lists /member itself, which redirects here.
  entry('center', '会员中心'),
  entry('prestore', '预存中心'),
  entry('unsettled', '待结算'),
  entry('unpaid', '待付款'),
  entry('coupon', '优惠券'),
  entry('information', '个人信息'),
  entry('address', '地址管理'),
  entry('order', '我的订单'),
  entry('oquery', '订单查询'),
  entry('promotion', '推广中心'),
  entry('invite', '邀请有礼'),
  entry('integral', '我的积分'),
  entry('invoiceMg', '发票管理'),
  entry('invoiceLs', '开票记录'),
  entry('communityMg', '课题组管理'),
  entry('communityJn', '加入的课题组'),
];

/** Member pages that are routes but not spec §2's entries: spec §2's sample, 我的消息 (ADR 0046) and 我的预约 (on-site bookings, ADR 0043). */
export const MEMBER_EXTRA_PAGES: Record<string, string> = { sample: '我的样品', message: '我的消息', reservation: '我的预约' };

/**
 * The member menu after spec §2's entries (issue 21): the other pages a customer comes back to — the messages,
 * bookings and samples, and the experiment area's demands and contracts (an enterprise signs there).
 */
export const MEMBER_MORE: MemberMenuEntry[] = [
  entry('message', MEMBER_EXTRA_PAGES.message!),
  entry('reservation', MEMBER_EXTRA_PAGES.reservation!),
  entry('sample', MEMBER_EXTRA_PAGES.sample!),
  { page: 'experiment-demand', label: '实验需求', to: '/experiment/demand' },
  { page: 'experiment-contract', label: '合同管理', to: '/experiment/contract' },
];

export const memberPageLabel = (page: string) => MEMBER_MENU.find((e) => e.page === page)?.label ?? MEMBER_EXTRA_PAGES[page];

/** Route prefixes behind the login gate (spec §4, §6). */
export const GUARDED_PREFIXES = ['/member', '/experiment'];
export const isGuardedPath = (pathname: string) => GUARDED_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
