import { z } from 'zod';
import { currentPassword } from './account.ts';
import { text } from './text.ts';

/**
 * Staff roles (issue 8, product.md "Who uses it"): 管理员 everything; 客户经理
 * their own customers, quotes, demands, contracts; 实验员 samples, pick-ups,
 * bookings, test records, results; 财务 money; 运营 catalogue, content,
 * coupons, settings.
 */
export const STAFF_ROLES = ['admin', 'manager', 'lab', 'finance', 'operator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_NAMES: Record<StaffRole, string> = {
  admin: '管理员',
  manager: '客户经理',
  lab: '实验员',
  finance: '财务',
  operator: '运营',
};

/**
 * Every permission of the console and the roles that hold it (ADR 0032). The
 * one table the server checks and the console reads to hide what a role
 * cannot do; admin holds every permission.
 */
export const PERMISSIONS = {
  /** Staff accounts and their roles. */
  'staff.manage': [],
  /** The audit log. */
  'audit.read': [],
  /** Failed jobs and retrying them. */
  'job.manage': [],
  /** The SMS outbox. */
  'sms.read': ['operator'],
  /** The dashboard's numbers. */
  'dashboard.read': ['manager', 'lab', 'finance', 'operator'],
  /** Customers (a manager only their own). */
  'customer.read': ['manager', 'finance'],
  /** Disable and enable customers, review attestations, reassign. */
  'customer.manage': ['manager'],
  /** Catalogue: types, categories, items, hot areas. */
  'catalog.manage': ['operator'],
  /** Content: banners, articles, pages, partners, popup. */
  'content.manage': ['operator'],
  /** Web settings of spec §3. */
  'setting.manage': ['operator'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** Whether these roles hold the permission. */
export const can = (roles: readonly StaffRole[], permission: Permission): boolean =>
  roles.includes('admin') || roles.some((r) => (PERMISSIONS[permission] as readonly StaffRole[]).includes(r));

/** The demo staff accounts' password (demo data only; DEMO_STAFF_PASSWORD changes it, the README prints it). */
export const DEMO_STAFF_PASSWORD = 'yance-demo-2026';

/** An admin-scope call also declares who may make it: a permission, any signed-in staff, or anyone (sign-in itself). */
export type AdminAccess = Permission | 'signedIn' | 'anyone';

export const staffLoginBody = z.object({
  account: text('账号', { max: 64 }),
  password: currentPassword,
});

/** The signed-in staff member as the console shows them. */
export const staffMe = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  /** What these roles may do (the console hides the rest). */
  permissions: z.array(z.enum(PERMISSION_NAMES as [Permission, ...Permission[]])),
});
export type StaffMe = z.infer<typeof staffMe>;

export const staffSummary = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  disabled: z.boolean(),
  createdAt: z.string(),
});
