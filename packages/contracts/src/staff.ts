import { z } from 'zod';
import { currentPassword, password, PHONE_PATTERN } from './account.ts';
import { id, optionalId } from './numbers.ts';
import { pagingQuery } from './paging.ts';
import { optionalTotp, staffAccountName } from './staff-security.ts';
import { text } from './text.ts';
import { createKey } from './idempotency.ts';

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
  /** Disable and enable customers, review attestations (a manager only their own). */
  'customer.manage': ['manager'],
  /** Give a customer another account manager. */
  'customer.assign': [],
  /** Catalogue: types, categories, items, hot areas. */
  'catalog.manage': ['operator'],
  /** Content: banners, articles, pages, partners, popup. */
  'content.manage': ['operator'],
  /** Upload pictures (banners, items, articles); checked and re-encoded by the server (ADR 0037). */
  'media.upload': ['operator'],
  /** Web settings of spec §3. */
  'setting.manage': ['operator'],
  /** Orders and their timelines (a manager only their customers'). */
  'order.read': ['manager', 'lab', 'finance'],
  /** Price 待报价 lines and confirm signed contracts (a manager only their customers'). */
  'order.quote': ['manager'],
  /** The lab's steps: receive samples, start testing, deliver data. */
  'order.lab': ['lab'],
  /** 调整金额 (补差价 / 退差价) while the samples are at the lab: money moves (a manager only their customers' orders, ADR 0041). */
  'order.adjust': ['manager', 'lab'],
  /** 确认收款: an enterprise's prepayment received by bank transfer straight for one order (a ledger entry, ADR 0050). */
  'order.pay': ['finance'],
  /** Cancel an order before its samples are received, with a reason (a manager only their customers'). */
  'order.cancel': ['manager'],
  /** The call after the samples are received: the task list and 已致电 (a manager only their customers', ADR 0046). */
  'order.call': ['manager'],
  /** Evaluations of the customers' items: the list and the reply (a manager only their customers', ADR 0048). */
  'evaluation.reply': ['manager'],
  /** On-site bookings: the day's room (check-in, complete, no-show, cancel), instrument schedules and the no-show rule. */
  'booking.manage': ['lab'],
  /** Research groups (课题组): the list and a group's members, read only (a manager only groups their customers own, ADR 0051). */
  'cluster.read': ['finance', 'manager'],
  /** 课题组入账: credit a bank transfer received for a research group straight to the group's balance (ADR 0051). */
  'cluster.credit': ['finance'],
  /** The pick-up calendar (取样日历): who of the lab picks up which 上门取样 request (ADR 0049). */
  'pickup.manage': ['lab'],
  /** Top-ups by bank transfer (对公转账): confirm with the credited amount, or reject with a reason (ADR 0050). */
  'prestore.confirm': ['finance'],
  /** The ledger: top-ups, customers' statements, payments and the daily reconciliation with its .xlsx (ADR 0050). */
  'ledger.read': ['finance'],
  /** The invoice queue (发票): issue an invoice (number and PDF) or reject an application with a reason (ADR 0052). */
  'invoice.manage': ['finance'],
  /** Coupons and points (优惠券、积分设置): templates, issuing to a customer, the points settings (ADR 0053). */
  'coupon.manage': ['finance', 'operator'],
  /** Invitations (邀请有礼): the list, the reward settings, grant or refuse a withheld reward (ADR 0054). */
  'invite.manage': ['operator', 'finance'],
  /** Promoters (推广员): approve, reject or stop applications, the rebate settings, release due rebates (ADR 0055). */
  'promoter.manage': ['operator', 'finance'],
  /** 优惠活动: the promotion rules that price new orders and give the shop its discount labels (issue 21). */
  'pricing.manage': ['operator'],
  /** Withdrawals (提现审核): approve, reject with a reason, record as paid with the bank's reference (ADR 0055). */
  'withdraw.manage': ['finance'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** Whether these roles hold the permission. */
export const can = (roles: readonly StaffRole[], permission: Permission): boolean =>
  roles.includes('admin') || roles.some((r) => (PERMISSIONS[permission] as readonly StaffRole[]).includes(r));

/**
 * Roles that must sign in with an authenticator app (issue 8, ADR 0038): they
 * move money or staff. Optional for the other roles.
 */
export const TOTP_ROLES = ['admin', 'finance'] as const satisfies readonly StaffRole[];
export const totpRequired = (roles: readonly StaffRole[]): boolean => roles.some((r) => (TOTP_ROLES as readonly StaffRole[]).includes(r));

/** The demo staff accounts' password (demo data only; DEMO_STAFF_PASSWORD changes it, the README prints it). */
export const DEMO_STAFF_PASSWORD = 'yance-demo-2026';

/** An admin-scope call also declares who may make it: a permission, any signed-in staff, or anyone (sign-in itself). */
export type AdminAccess = Permission | 'signedIn' | 'anyone';

export const staffLoginBody = z.object({
  account: text('账号', { max: 64 }),
  password: currentPassword,
  /** The authenticator's 6 digits or a recovery code, when the member has TOTP on (else 401 TOTP_NEEDED). */
  totp: optionalTotp,
});

/** The signed-in staff member as the console shows them. */
export const staffMe = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  /** What these roles may do (the console hides the rest). */
  permissions: z.array(z.enum(PERMISSION_NAMES as [Permission, ...Permission[]])),
  /** Their roles need TOTP; with totpEnabled false the session only enrols (every other call answers 403). */
  totpRequired: z.boolean(),
  totpEnabled: z.boolean(),
});
export type StaffMe = z.infer<typeof staffMe>;

export const staffSummary = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  disabled: z.boolean(),
  totpEnabled: z.boolean(),
  createdAt: z.string(),
});

/** Orders of the staff list: by when they were added or by account, '-' = descending. */
export const STAFF_SORTS = ['createdAt', '-createdAt', 'account', '-account'] as const;
export type StaffSort = (typeof STAFF_SORTS)[number];

/** The staff list: a page, optionally narrowed by a search word (account or name) and a role, in one of STAFF_SORTS. */
export const staffListQuery = pagingQuery.extend({
  kw: text('搜索词', { max: 32, required: false }).optional(),
  role: z.enum(STAFF_ROLES, { error: '[角色]不存在' }).optional(),
  sort: z.enum(STAFF_SORTS, { error: '[排序]不存在' }).default('createdAt'),
});
export type StaffListQuery = z.output<typeof staffListQuery>;

const roles = z
  .array(z.enum(STAFF_ROLES, { error: '[角色]不存在' }), { error: '[角色]不能为空' })
  .min(1, '[角色]至少选一个')
  .max(STAFF_ROLES.length, '[角色]重复')
  .refine((r) => new Set(r).size === r.length, '[角色]重复');
const staffProfile = {
  name: text('姓名', { max: 32 }),
  phone: text('手机号', { max: 11, required: false }).refine((v) => v === '' || PHONE_PATTERN.test(v), '[手机号]格式不正确'),
  email: text('邮箱', { max: 64, required: false }).refine((v) => v === '' || z.email().safeParse(v).success, '[邮箱]格式不正确'),
};
/** A new staff member: account name (letters, digits, . _ -), profile, roles and a first password. */
export const staffAddBody = z.object({
  account: staffAccountName,
  ...staffProfile,
  roles,
  password,
  idempotencyKey: createKey,
});
export const staffEditBody = z.object({ id: id('员工'), ...staffProfile, roles });
export const staffIdBody = z.object({ id: id('员工') });
export const staffPasswordBody = z.object({ id: id('员工'), password });

/** Who did it: a staff member, a customer, or the system (jobs, start-up). */
export const AUDIT_ACTOR_KINDS = ['staff', 'customer', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** One row of the audit log (append-only): who, what, on which object, what changed, from where, when. */
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorKind: z.enum(AUDIT_ACTOR_KINDS),
  actorId: z.number().int().nullable(),
  /** The actor's name at the time (staff name or account, a customer's masked phone), for reading. */
  actorName: z.string(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  /** Field → [before, after]; secrets show as ******. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = pagingQuery.extend({
  actorKind: z.enum(AUDIT_ACTOR_KINDS, { error: '[操作人类型]不存在' }).optional(),
  actorId: optionalId('操作人'),
  objectType: text('对象类型', { max: 32, required: false }).optional(),
  objectId: text('对象', { max: 64, required: false }).optional(),
  /** ISO dates or times, inclusive from, exclusive to. */
  from: z.iso.datetime({ offset: true, error: '[开始时间]格式不正确' }).optional(),
  to: z.iso.datetime({ offset: true, error: '[结束时间]格式不正确' }).optional(),
});
