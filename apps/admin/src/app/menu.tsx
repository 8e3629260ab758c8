import {
  GiftOutlined,
  TrophyOutlined,
  UsergroupAddOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AccountBookOutlined,
  AuditOutlined,
  BankOutlined,
  CalendarOutlined,
  CarOutlined,
  ClockCircleOutlined,
  ContactsOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  FieldTimeOutlined,
  FileOutlined,
  FileTextOutlined,
  FireOutlined,
  InboxOutlined,
  MailOutlined,
  MessageOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  PhoneOutlined,
  PictureOutlined,
  ProfileOutlined,
  ReconciliationOutlined,
  RollbackOutlined,
  ScheduleOutlined,
  SettingOutlined,
  SolutionOutlined,
  StarOutlined,
  ShareAltOutlined,
  TeamOutlined,
  TransactionOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { Permission } from '@yance/contracts/staff';

export interface MenuEntry {
  /** Inside /admin. */
  path: string;
  label: string;
  /** Who sees the entry (the page checks it again, and the server checks every call). */
  permission: Permission;
  icon: ReactNode;
}

export interface MenuGroup {
  key: string;
  label: string;
  entries: MenuEntry[];
}

/**
 * The side menu, grouped by domain; a group with no entry the staff member
 * may open is not shown. Later issues add their groups.
 */
export const MENU: MenuGroup[] = [
  { key: 'overview', label: '概览', entries: [{ path: '/', label: '概览', permission: 'dashboard.read', icon: <DashboardOutlined /> }] },
  {
    key: 'customers',
    label: '客户',
    entries: [
      { path: '/customers', label: '客户列表', permission: 'customer.read', icon: <ContactsOutlined /> },
      { path: '/clusters', label: '课题组', permission: 'cluster.read', icon: <ApartmentOutlined /> },
    ],
  },
  {
    key: 'orders',
    label: '订单',
    entries: [
      { path: '/orders', label: '订单列表', permission: 'order.read', icon: <ProfileOutlined /> },
      { path: '/samples', label: '到样签收', permission: 'order.lab', icon: <InboxOutlined /> },
      { path: '/pickups', label: '取样日历', permission: 'pickup.manage', icon: <CarOutlined /> },
      { path: '/demands', label: '定制需求', permission: 'order.quote', icon: <SolutionOutlined /> },
      { path: '/evaluations', label: '评价管理', permission: 'evaluation.reply', icon: <StarOutlined /> },
    ],
  },
  {
    key: 'money',
    label: '财务',
    entries: [
      { path: '/money/topups', label: '充值审核', permission: 'ledger.read', icon: <MoneyCollectOutlined /> },
      { path: '/money/refunds', label: '退款审核', permission: 'ledger.read', icon: <RollbackOutlined /> },
      { path: '/money/journal', label: '收支流水', permission: 'ledger.read', icon: <UnorderedListOutlined /> },
      { path: '/money/receivables', label: '应收账款', permission: 'ledger.read', icon: <ClockCircleOutlined /> },
      { path: '/money/reconcile', label: '对账', permission: 'ledger.read', icon: <ReconciliationOutlined /> },
      { path: '/invoices', label: '发票', permission: 'invoice.manage', icon: <FileTextOutlined /> },
      { path: '/invites', label: '邀请有礼', permission: 'invite.manage', icon: <UsergroupAddOutlined /> },
      { path: '/promoters', label: '推广员', permission: 'promoter.manage', icon: <ShareAltOutlined /> },
      { path: '/money/withdrawals', label: '提现审核', permission: 'withdraw.manage', icon: <TransactionOutlined /> },
      { path: '/money/settings', label: '资金设置', permission: 'ledger.read', icon: <AccountBookOutlined /> },
      { path: '/money/coupons', label: '优惠券', permission: 'coupon.manage', icon: <GiftOutlined /> },
      { path: '/money/points', label: '积分设置', permission: 'coupon.manage', icon: <TrophyOutlined /> },
      { path: '/money/promotions', label: '优惠活动', permission: 'pricing.manage', icon: <GiftOutlined /> },
    ],
  },
  {
    key: 'reservations',
    label: '预约',
    entries: [
      { path: '/reservations', label: '预约室', permission: 'booking.manage', icon: <CalendarOutlined /> },
      { path: '/reservations/settings', label: '预约设置', permission: 'booking.manage', icon: <SettingOutlined /> },
    ],
  },
  {
    key: 'catalog',
    label: '目录',
    entries: [
      { path: '/catalog/items', label: '检测项目', permission: 'catalog.manage', icon: <ExperimentOutlined /> },
      { path: '/catalog/types', label: '项目分类', permission: 'catalog.manage', icon: <AppstoreOutlined /> },
      { path: '/catalog/hot', label: '热门专区', permission: 'catalog.manage', icon: <FireOutlined /> },
    ],
  },
  {
    key: 'content',
    label: '内容',
    entries: [
      { path: '/content/banners', label: '轮播图', permission: 'content.manage', icon: <PictureOutlined /> },
      { path: '/content/articles', label: '文章', permission: 'content.manage', icon: <FileTextOutlined /> },
      { path: '/content/pages', label: '单页', permission: 'content.manage', icon: <FileOutlined /> },
      { path: '/content/partners', label: '合作机构', permission: 'content.manage', icon: <BankOutlined /> },
      { path: '/content/popup', label: '首页弹窗', permission: 'content.manage', icon: <NotificationOutlined /> },
    ],
  },
  {
    key: 'settings',
    label: '设置',
    entries: [
      { path: '/settings/sampling', label: '取样设置', permission: 'setting.manage', icon: <CalendarOutlined /> },
      { path: '/settings/regions', label: '上门取样地区', permission: 'setting.manage', icon: <EnvironmentOutlined /> },
      { path: '/settings/contact', label: '联系方式', permission: 'setting.manage', icon: <PhoneOutlined /> },
      { path: '/settings/calendar', label: '工作日历', permission: 'setting.manage', icon: <FieldTimeOutlined /> },
    ],
  },
  {
    key: 'operations',
    label: '运营',
    entries: [
      { path: '/jobs', label: '后台任务', permission: 'job.manage', icon: <ScheduleOutlined /> },
      { path: '/sms', label: '短信记录', permission: 'sms.read', icon: <MessageOutlined /> },
      { path: '/notices', label: '通知记录', permission: 'sms.read', icon: <MailOutlined /> },
    ],
  },
  {
    key: 'system',
    label: '系统',
    entries: [
      { path: '/staff', label: '员工', permission: 'staff.manage', icon: <TeamOutlined /> },
      { path: '/audit', label: '操作日志', permission: 'audit.read', icon: <AuditOutlined /> },
    ],
  },
];

/** The groups and entries these permissions allow. */
export const menuFor = (permissions: readonly Permission[]): MenuGroup[] =>
  MENU.map((g) => ({ ...g, entries: g.entries.filter((e) => permissions.includes(e.permission)) })).filter((g) => g.entries.length > 0);

/** Pages every staff member has, reached from the header's user menu rather than the side menu. */
const OWN: MenuGroup = {
  key: 'own',
  label: '个人',
  entries: [{ path: '/security', label: '账号安全', permission: 'dashboard.read', icon: null }],
};

const within = (pathname: string, path: string) => (path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`));

/** The menu entry a path belongs to (the longest entry path it sits under), and its group (for the breadcrumb). */
export function entryOf(pathname: string): { group: MenuGroup; entry: MenuEntry } | null {
  let found: { group: MenuGroup; entry: MenuEntry } | null = null;
  for (const group of [...MENU, OWN])
    for (const entry of group.entries)
      if (within(pathname, entry.path) && entry.path.length > (found?.entry.path.length ?? -1)) found = { group, entry };
  return found;
}
