import type { z } from 'zod';
import {
  seesAllCustomers,
  type attestationReviewBody,
  type CustomerDetail,
  type CustomerListQuery,
  type CustomerSummary,
} from '@yance/contracts/customer';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { getAddresses } from '../address/index.ts';
import { changesOf, recordAudit, type Actor } from '../audit/index.ts';
import { customer as customerPrincipal, endAllSessions, recentLogins } from '../session/index.ts';
import {
  findCustomer,
  findManager,
  lockCustomer,
  pageCustomers,
  updateCustomer,
  type CustomerListRow,
  type CustomerRow,
} from './customer.repository.ts';
import { attestationMachine, attestationSet } from './attestation.service.ts';
import { ensureManager, isActiveManager, managerCardOf } from './manager.service.ts';

/** The manager whose customers the caller is limited to, or undefined for all. */
const scopeOf = (caller: StaffCaller): number | undefined => (seesAllCustomers(caller.roles) ? undefined : caller.id);

const NOT_FOUND = '客户不存在';
const actorOf = (caller: StaffCaller): Actor => ({ kind: 'staff', id: caller.id, name: caller.name });

const summaryOf = (r: CustomerRow, managerName: string | null): CustomerSummary => ({
  id: r.id,
  phone: r.phone,
  username: r.username,
  name: r.name,
  company: r.company,
  organization: r.organization,
  attestation: r.attestationState,
  disabled: r.disabled,
  managerId: r.managerId,
  managerName: managerName ?? '',
  createdAt: r.createdAt.toISOString(),
});

export async function listCustomers(ctx: AppContext, caller: StaffCaller, q: CustomerListQuery) {
  const own = scopeOf(caller);
  // A manager asking for another manager's customers gets none, not someone else's.
  if (own !== undefined && q.managerId !== undefined && q.managerId !== own)
    return { list: [], total: 0, page: q.page, pageSize: q.pageSize };
  const filter = {
    phone: q.phone || undefined,
    name: q.name || undefined,
    company: q.company || undefined,
    organization: q.organization,
    attestation: q.attestation,
    managerId: own ?? q.managerId,
    disabled: q.disabled === undefined ? undefined : q.disabled === 'true',
  };
  const { rows, total } = await pageCustomers(ctx.db, filter, q.sort, q.page, q.pageSize);
  return { list: rows.map((r: CustomerListRow) => summaryOf(r, r.managerName)), total, page: q.page, pageSize: q.pageSize };
}

/** The customer if the caller may reach them; another manager's customer is as unknown as a missing one. */
function reachable(caller: StaffCaller, row: CustomerRow | undefined): CustomerRow {
  const own = scopeOf(caller);
  if (!row || (own !== undefined && row.managerId !== own)) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

const nameOf = async (ctx: AppContext, managerId: number | null) =>
  managerId === null ? null : ((await findManager(ctx.db, managerId))?.name ?? null);

export async function customerDetail(ctx: AppContext, caller: StaffCaller, id: number): Promise<CustomerDetail> {
  reachable(caller, await findCustomer(ctx.db, id));
  await ensureManager(ctx, id);
  // Read again: the first read may just have assigned a manager, which can move the customer out of this manager's reach.
  const row = reachable(caller, await findCustomer(ctx.db, id));
  const manager = await managerCardOf(ctx, row.managerId);
  const logins = await recentLogins(ctx, id);
  return {
    ...summaryOf(row, manager?.name ?? null),
    email: row.email,
    teacher: row.teacher,
    teacher_phone: row.teacherPhone,
    teacher_mail: row.teacherMail,
    region: row.region,
    address: row.address,
    wechatBound: row.wxOpenid !== null,
    inviteCode: row.inviteCode,
    attestationReason: row.attestationReason,
    attestationReviewedAt: row.attestationReviewedAt?.toISOString() ?? null,
    addresses: await getAddresses(ctx, id),
    logins: logins.map((l) => ({ at: l.at.toISOString(), ip: l.ip, method: l.method, userAgent: l.userAgent })),
    manager,
    creditLimitFen: row.creditLimitFen,
  };
}

/** customer/credit: an institution's credit limit (ADR 0050), audited; enterprises prepay and have none. */
export async function setCreditLimit(
  ctx: AppContext,
  caller: StaffCaller,
  id: number,
  creditLimitFen: number | null,
  ip: string,
): Promise<CustomerDetail> {
  await ctx.tx(async (t) => {
    const row = reachable(caller, await lockCustomer(t.db, id));
    if (creditLimitFen !== null && row.organization === 2) throw new AppError('INVALID', '企业客户预付款，不设信用额度');
    if (row.creditLimitFen === creditLimitFen) return;
    await updateCustomer(t.db, id, { creditLimitFen });
    await recordAudit(t, {
      actor: actorOf(caller),
      action: 'customer.credit',
      objectType: 'customer',
      objectId: id,
      changes: { creditLimitFen: [row.creditLimitFen, creditLimitFen] },
      ip,
    });
  });
  return customerDetail(ctx, caller, id);
}

/** What the log keeps of a customer's state. */
const logged = (r: CustomerRow) => ({
  disabled: r.disabled,
  managerId: r.managerId,
  attestationState: r.attestationState,
  attestationReason: r.attestationReason,
  attested: r.attested,
});

/** customer/disable and customer/enable; a disabled customer's sessions end in the same transaction. */
export async function setCustomerDisabled(ctx: AppContext, caller: StaffCaller, id: number, disabled: boolean, ip: string) {
  return ctx.tx(async (t) => {
    const row = reachable(caller, await lockCustomer(t.db, id));
    if (row.disabled === disabled) return summaryOf(row, await nameOf(t, row.managerId));
    const next = await updateCustomer(t.db, id, { disabled });
    if (disabled) await endAllSessions(t, customerPrincipal(id));
    await recordAudit(t, {
      actor: actorOf(caller),
      action: disabled ? 'customer.disable' : 'customer.enable',
      objectType: 'customer',
      objectId: id,
      changes: changesOf(logged(row), logged(next)),
      ip,
    });
    return summaryOf(next, await nameOf(t, next.managerId));
  });
}

type ReviewBody = z.output<typeof attestationReviewBody>;

/**
 * customer/review: a pending attestation approved, or rejected with a reason
 * the customer reads. Rejected, the form counts as not filled (attested
 * false) until the customer submits it again, which makes it pending.
 */
export async function reviewAttestation(ctx: AppContext, caller: StaffCaller, body: ReviewBody, ip: string) {
  const action = body.approve ? 'approve' : 'reject';
  return ctx.tx(async (t) => {
    const row = reachable(caller, await lockCustomer(t.db, body.id));
    if (!attestationMachine.canLeave(action, row.attestationState)) throw new AppError('CONFLICT', '该客户的认证资料不在待审核状态');
    const reason = body.approve ? '' : body.reason;
    const next = await attestationMachine.move(t, { kind: 'staff', caller, ip }, { ...row, state: row.attestationState }, action, {
      note: reason,
      set: attestationSet(action, t.clock(), reason),
    });
    return summaryOf(next, await nameOf(t, next.managerId));
  });
}

/** customer/assign (admin): another active manager for the customer. */
export async function assignCustomer(ctx: AppContext, caller: StaffCaller, customerId: number, managerId: number, ip: string) {
  return ctx.tx(async (t) => {
    const row = reachable(caller, await lockCustomer(t.db, customerId));
    const manager = await findManager(t.db, managerId);
    if (!isActiveManager(manager)) throw new AppError('INVALID', '[客户经理]不存在、已停用或不是客户经理');
    if (row.managerId === managerId) return summaryOf(row, manager.name);
    const next = await updateCustomer(t.db, row.id, { managerId });
    await recordAudit(t, {
      actor: actorOf(caller),
      action: 'customer.assign',
      objectType: 'customer',
      objectId: row.id,
      changes: changesOf(logged(row), logged(next)),
      ip,
    });
    return summaryOf(next, manager.name);
  });
}
