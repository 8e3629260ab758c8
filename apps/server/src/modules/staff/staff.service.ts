import { can, PERMISSION_NAMES, STAFF_ROLES, type StaffMe, type StaffRole } from '@yance/contracts/staff';
import type { TokenPair } from '@yance/contracts/account';
import type { PagingQuery } from '@yance/contracts/paging';
import type { AppContext, StaffCaller } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyWithLockout } from '../account/account.service.ts';
import { resolveToken, startStaffSession } from '../session/session.service.ts';
import { findStaff, findStaffByAccount, insertStaff, pageStaff, type StaffRow } from './staff.repository.ts';

/** The same words for an unknown account and a wrong password (no account enumeration). */
const WRONG = '账号或密码错误';

/**
 * Staff sign-in: the customers' rules — argon2id, the same lockout per
 * account and per IP (keys of their own), the same answer for an unknown
 * account and a wrong password — and a session of the staff kind. A disabled
 * account is refused only after a right password, in the same words.
 */
export async function staffLogin(ctx: AppContext, account: string, password: string, ip: string): Promise<TokenPair> {
  const row = await findStaffByAccount(ctx.db, account);
  await verifyWithLockout(ctx, {
    ip: `staff:${ip}`,
    accountKey: row ? `staff:s${row.id}` : `staff:a${account.toLowerCase()}`,
    stored: row?.passwordHash,
    password,
    wrong: WRONG,
  });
  if (!row) throw new AppError('INVALID', WRONG); // not reached: no hash never verifies
  if (row.disabled) throw new AppError('INVALID', '该账号已停用，请联系管理员');
  return startStaffSession(ctx, row.id, ip);
}

/** The admin scope's resolver: a live staff token of an enabled staff member → the caller, else null. */
export async function resolveStaff(ctx: AppContext, token: string): Promise<StaffCaller | null> {
  const session = await resolveToken(ctx, token, 'staff');
  if (!session) return null;
  const row = await findStaff(ctx.db, session.id);
  if (!row || row.disabled) return null;
  return { id: row.id, sessionId: session.sessionId, roles: row.roles };
}

const meOf = (row: StaffRow): StaffMe => ({
  id: row.id,
  account: row.account,
  name: row.name,
  roles: row.roles,
  permissions: PERMISSION_NAMES.filter((p) => can(row.roles, p)),
});

export async function staffMe(ctx: AppContext, caller: StaffCaller): Promise<StaffMe> {
  const row = await findStaff(ctx.db, caller.id);
  if (!row) throw new AppError('UNAUTHENTICATED', '登录已过期，请重新登录');
  return meOf(row);
}

export async function listStaff(ctx: AppContext, { page, pageSize }: PagingQuery) {
  const { rows, total } = await pageStaff(ctx.db, page, pageSize);
  return {
    list: rows.map((r) => ({
      id: r.id,
      account: r.account,
      name: r.name,
      roles: r.roles,
      disabled: r.disabled,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
    page,
    pageSize,
  };
}

/**
 * Demo staff: one account per role, named after it (issue 8), all with the
 * demo password. The password is hashed here, before the seeding transaction
 * (argon2 takes a while, and PGlite is one connection); the returned function
 * inserts them.
 */
export async function demoStaff(password: string): Promise<(db: Executor, now: Date) => Promise<void>> {
  const passwordHash = await hashPassword(password);
  return async (db, now) => {
    for (const role of STAFF_ROLES) {
      await insertStaff(db, { account: role, name: DEMO_NAMES[role], passwordHash, roles: [role], createdAt: now });
    }
  };
}

const DEMO_NAMES: Record<StaffRole, string> = {
  admin: '系统管理员',
  manager: '王经理',
  lab: '李实验员',
  finance: '赵财务',
  operator: '陈运营',
};
