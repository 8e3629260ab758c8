import { z } from 'zod';
import { fen, id, oneOf, optionalId } from './numbers.ts';
import { pagingQuery } from './paging.ts';
import { ATTESTATION_STATES, LOGIN_METHODS } from './states.ts';
import type { StaffRole } from './staff.ts';
import { text } from './text.ts';
import { address, ORGANIZATIONS } from './user.ts';

/** Roles that reach every customer; a manager reaches only their own (issue 8, ADR 0035). The console shows these the 客户经理 filter. */
export const SEE_ALL_CUSTOMERS: readonly StaffRole[] = ['admin', 'finance'];
export const seesAllCustomers = (roles: readonly StaffRole[]): boolean => roles.some((r) => SEE_ALL_CUSTOMERS.includes(r));

/**
 * The console's customer list (ADR 0035). Phone matches from its first digit
 * (a whole number or its start), name and company from their first character
 * (prefix, case-insensitive), the rest exactly; newest first unless asked.
 */
export const customerListQuery = pagingQuery.extend({
  phone: text('手机号', { max: 11, required: false }).regex(/^\d*$/, '[手机号]只能是数字').optional(),
  name: text('姓名', { max: 32, required: false }).optional(),
  company: text('单位名称', { max: 64, required: false }).optional(),
  organization: z.preprocess((v) => (v === '' || v === null ? undefined : v), oneOf('用户类型', Object.values(ORGANIZATIONS)).optional()),
  attestation: z.enum(ATTESTATION_STATES, { error: '[认证状态]不存在' }).optional(),
  managerId: optionalId('客户经理'),
  disabled: z.enum(['true', 'false'], { error: '[状态]不存在' }).optional(),
  sort: z.enum(['createdDesc', 'createdAsc'], { error: '[排序]不存在' }).default('createdDesc'),
});
export type CustomerListQuery = z.output<typeof customerListQuery>;

/** A customer's account manager as staff and customers see them. */
export const managerCard = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  /** Image path of their WeChat QR code ('' when none). */
  wechatQr: z.string(),
});
export type ManagerCard = z.infer<typeof managerCard>;

/** A staff member with the manager role, for the console's manager filter and 更换客户经理 (only active ones can be given customers). */
export const managerOption = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  disabled: z.boolean(),
});
export type ManagerOption = z.infer<typeof managerOption>;

export const customerSummary = z.object({
  id: z.number().int(),
  phone: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  company: z.string(),
  organization: z.number().int().nullable(),
  attestation: z.enum(ATTESTATION_STATES),
  disabled: z.boolean(),
  managerId: z.number().int().nullable(),
  managerName: z.string(),
  createdAt: z.string(),
});
export type CustomerSummary = z.infer<typeof customerSummary>;

export const loginEvent = z.object({
  at: z.string(),
  ip: z.string(),
  method: z.enum(LOGIN_METHODS),
  userAgent: z.string(),
});

/** One customer's page: profile, attestation and its review, addresses, recent logins, manager. */
export const customerDetail = customerSummary.extend({
  email: z.string(),
  teacher: z.string(),
  teacher_phone: z.string(),
  teacher_mail: z.string(),
  region: z.string(),
  address: z.string(),
  wechatBound: z.boolean(),
  inviteCode: z.string(),
  attestationReason: z.string(),
  attestationReviewedAt: z.string().nullable(),
  addresses: z.array(address),
  /** The latest logins, newest first. */
  logins: z.array(loginEvent),
  manager: managerCard.nullable(),
  /** An institution's credit limit in fen (ADR 0050): new orders are refused while what it owes reaches it; null: none. */
  creditLimitFen: z.number().int().nullable(),
});
export type CustomerDetail = z.infer<typeof customerDetail>;

/** customer/credit: the manager sets (or clears, null) an institution's credit limit. */
export const customerCreditBody = z.object({
  id: id('客户'),
  creditLimitFen: z.preprocess((v) => (v === '' ? null : v), fen('信用额度').nullable()),
});

export const customerIdQuery = z.object({ id: id('客户') });
export const customerIdBody = z.object({ id: id('客户') });

/** Approve, or reject with a reason the customer reads (required then). */
export const attestationReviewBody = z
  .object({
    id: id('客户'),
    approve: z.boolean({ error: '[审核结果]不能为空' }),
    reason: text('原因', { max: 200, required: false }).optional().default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.approve && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: '[原因]不能为空' });
  });

export const customerAssignBody = z.object({ customerId: id('客户'), managerId: id('客户经理') });
