import { AuditOutlined, DashboardOutlined, MessageOutlined, ScheduleOutlined, TeamOutlined } from '@ant-design/icons';
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
 * The side menu, grouped by domain. The groups 客户, 目录, 内容 and 运营
 * (customers, catalogue, content, jobs and the SMS outbox) get their entries
 * with their pages; a group with no entry the staff member may open is not shown.
 */
export const MENU: MenuGroup[] = [
  { key: 'overview', label: '概览', entries: [{ path: '/', label: '概览', permission: 'dashboard.read', icon: <DashboardOutlined /> }] },
  {
    key: 'operations',
    label: '运营',
    entries: [
      { path: '/jobs', label: '后台任务', permission: 'job.manage', icon: <ScheduleOutlined /> },
      { path: '/sms', label: '短信记录', permission: 'sms.read', icon: <MessageOutlined /> },
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

/** The menu entry a path belongs to, and its group (for the breadcrumb). */
export function entryOf(pathname: string): { group: MenuGroup; entry: MenuEntry } | null {
  for (const group of [...MENU, OWN])
    for (const entry of group.entries) if (entry.path === '/' ? pathname === '/' : pathname.startsWith(entry.path)) return { group, entry };
  return null;
}
