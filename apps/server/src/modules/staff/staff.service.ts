import { can, PERMISSION_NAMES, STAFF_ROLES, totpRequired, type Permission, type StaffMe, type StaffRole } from '@yance/contracts/staff';
import type { TokenPair } from '@yance/contracts/account';
import type { AppContext, StaffCaller } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { z } from 'zod';
import type { StaffListQuery, staffAddBody, staffEditBody } from '@yance/contracts/staff';
import { assertPasswordAllowed, hashPassword, verifyWithLockout } from '../account/index.ts';
import { changesOf, recordAudit, type Actor } from '../audit/index.ts';
import { endAllSessions, resolveToken, staff as staffPrincipal, startStaffSession } from '../session/index.ts';
import {
  findStaff,
  findStaffByAccount,
  insertStaff,
  listEnabledWithRoles,
  lockActiveAdmins,
  lockStaff,
  pageStaff,
  updateStaff,
  type StaffRow,
} from './staff.repository.ts';
import { checkSecondFactor, totpEnabled } from './totp.service.ts';

/** The same words for an unknown account and a wrong password (no account enumeration). */
const WRONG = '账号或密码错误';

/**
 * Staff sign-in: the customers' rules — argon2id, the same lockout per
 * account and per IP (keys of their own), the same answer for an unknown
 * account and a wrong password — then the TOTP code of a member who has it
 * on (ADR 0038; a wrong one counts like a wrong password), and a session of
 * the staff kind. A disabled account is refused only after a right password,
 * in the same words. A member whose roles need TOTP and who has none yet gets
 * a session that can only enrol (the admin scope's guard).
 */
export async function staffLogin(
  ctx: AppContext,
  { account, password, totp }: { account: string; password: string; totp?: string | undefined },
  ip: string,
): Promise<TokenPair> {
  const row = await findStaffByAccount(ctx.db, account);
  await verifyWithLockout(ctx, {
    ip: `staff:${ip}`,
    accountKey: row ? `staff:s${row.id}` : `staff:a${account.toLowerCase()}`,
    stored: row?.passwordHash,
    password,
    wrong: WRONG,
    secondFactor: async () => (row ? checkSecondFactor(ctx, row, totp, ip) : WRONG),
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
  const enrolOnly = totpRequired(row.roles) && !totpEnabled(row);
  return { id: row.id, sessionId: session.sessionId, roles: row.roles, name: row.name || row.account, enrolOnly };
}

const meOf = (row: StaffRow): StaffMe => ({
  id: row.id,
  account: row.account,
  name: row.name,
  roles: row.roles,
  permissions: PERMISSION_NAMES.filter((p) => can(row.roles, p)),
  totpRequired: totpRequired(row.roles),
  totpEnabled: totpEnabled(row),
});

export async function staffMe(ctx: AppContext, caller: StaffCaller): Promise<StaffMe> {
  const row = await findStaff(ctx.db, caller.id);
  if (!row) throw new AppError('UNAUTHENTICATED', '登录已过期，请重新登录');
  return meOf(row);
}

const summaryOf = (r: StaffRow) => ({
  id: r.id,
  account: r.account,
  name: r.name,
  phone: r.phone,
  email: r.email,
  roles: r.roles,
  disabled: r.disabled,
  totpEnabled: totpEnabled(r),
  createdAt: r.createdAt.toISOString(),
});

export async function listStaff(ctx: AppContext, { page, pageSize, kw, role, sort }: StaffListQuery) {
  const { rows, total } = await pageStaff(ctx.db, { kw: kw || undefined, role, sort }, page, pageSize);
  return { list: rows.map(summaryOf), total, page, pageSize };
}

/** What the log keeps of a staff member (never the hash). */
const logged = (r: Pick<StaffRow, 'account' | 'name' | 'phone' | 'email' | 'roles' | 'disabled'>) => ({
  account: r.account,
  name: r.name,
  phone: r.phone,
  email: r.email,
  roles: r.roles,
  disabled: r.disabled,
});
const actorOf = (caller: StaffCaller): Actor => ({ kind: 'staff', id: caller.id, name: caller.name });

/** Refuses a change that would leave no enabled admin: `remains` says whether `row` is still one after it. */
async function keepAnAdmin(ctx: AppContext, row: StaffRow, remains: boolean): Promise<void> {
  if (remains || row.disabled || !row.roles.includes('admin')) return;
  const admins = await lockActiveAdmins(ctx.db);
  if (admins.every((id) => id === row.id)) throw new AppError('CONFLICT', '不能去掉最后一位管理员');
}

async function lockOrNotFound(ctx: AppContext, id: number): Promise<StaffRow> {
  const row = await lockStaff(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', '员工不存在');
  return row;
}

type AddBody = z.output<typeof staffAddBody>;
type EditBody = z.output<typeof staffEditBody>;

/** staff/add: a new staff member with a first password (the common-password list applies), logged. */
export async function addStaff(ctx: AppContext, caller: StaffCaller, body: AddBody, ip: string) {
  assertPasswordAllowed(body.password);
  const passwordHash = await hashPassword(body.password);
  // Two adds of one name at once: the unique index decides, and the loser hears what the check would have said.
  return insertNewStaff(ctx, caller, body, passwordHash, ip).catch((err: unknown) => {
    throw isUniqueViolation(err) ? new AppError('CONFLICT', '[账号]已存在') : err;
  });
}

function insertNewStaff(ctx: AppContext, caller: StaffCaller, body: AddBody, passwordHash: string, ip: string) {
  return ctx.tx(async (t) => {
    if (await findStaffByAccount(t.db, body.account)) throw new AppError('CONFLICT', '[账号]已存在');
    const fields = { account: body.account, name: body.name, phone: body.phone, email: body.email, roles: body.roles, disabled: false };
    const id = await insertStaff(t.db, { ...fields, passwordHash, createdAt: t.clock() });
    await recordAudit(t, {
      actor: actorOf(caller),
      action: 'staff.add',
      objectType: 'staff',
      objectId: id,
      changes: changesOf(null, { ...fields, password: true }),
      ip,
    });
    return summaryOf((await findStaff(t.db, id))!);
  });
}

/**
 * staff/edit: profile and roles. Nobody raises their own role (gains a
 * permission through it), and the last enabled admin keeps the admin role.
 */
export async function editStaff(ctx: AppContext, caller: StaffCaller, body: EditBody, ip: string) {
  return ctx.tx(async (t) => {
    const row = await lockOrNotFound(t, body.id);
    // Raising = gaining a permission the current roles do not grant (admin → manager is a step down).
    const gains = PERMISSION_NAMES.some((p) => can(body.roles, p) && !can(row.roles, p));
    if (row.id === caller.id && gains) throw new AppError('FORBIDDEN', '不能提升自己的角色');
    await keepAnAdmin(t, row, body.roles.includes('admin'));
    const next = await updateStaff(t.db, row.id, { name: body.name, phone: body.phone, email: body.email, roles: body.roles });
    const changes = changesOf(logged(row), logged(next));
    if (Object.keys(changes).length > 0) {
      await recordAudit(t, { actor: actorOf(caller), action: 'staff.edit', objectType: 'staff', objectId: row.id, changes, ip });
    }
    return summaryOf(next);
  });
}

/** staff/disable and staff/enable; a disabled staff member's sessions end at once (and the guard refuses them). */
export async function setStaffDisabled(ctx: AppContext, caller: StaffCaller, id: number, disabled: boolean, ip: string) {
  return ctx.tx(async (t) => {
    const row = await lockOrNotFound(t, id);
    if (disabled && row.id === caller.id) throw new AppError('FORBIDDEN', '不能停用自己');
    if (disabled) await keepAnAdmin(t, row, false);
    if (row.disabled === disabled) return summaryOf(row);
    const next = await updateStaff(t.db, row.id, { disabled });
    if (disabled) await endAllSessions(t, staffPrincipal(row.id));
    await recordAudit(t, {
      actor: actorOf(caller),
      action: disabled ? 'staff.disable' : 'staff.enable',
      objectType: 'staff',
      objectId: row.id,
      changes: changesOf(logged(row), logged(next)),
      ip,
    });
    return summaryOf(next);
  });
}

/**
 * staff/resetPassword: a new password set by whoever manages staff for
 * another member; their sessions end. Not for one's own: that takes the
 * current password (admin/password, 账号安全), so a stolen session cannot
 * take the account over here.
 */
export async function resetStaffPassword(ctx: AppContext, caller: StaffCaller, id: number, password: string, ip: string): Promise<null> {
  if (id === caller.id) throw new AppError('FORBIDDEN', '请在账号安全中修改自己的密码');
  assertPasswordAllowed(password);
  const passwordHash = await hashPassword(password);
  await ctx.tx(async (t) => {
    const row = await lockOrNotFound(t, id);
    await updateStaff(t.db, row.id, { passwordHash });
    await endAllSessions(t, staffPrincipal(row.id));
    await recordAudit(t, {
      actor: actorOf(caller),
      action: 'staff.resetPassword',
      objectType: 'staff',
      objectId: row.id,
      changes: changesOf({ password: true }, { password: false }),
      ip,
    });
  });
  return null;
}

/**
 * Demo staff: one account per role, named after it (issue 8), all with the
 * demo password. The password is hashed here, before the seeding transaction
 * (argon2 takes a while, and PGlite is one connection); the returned function
 * inserts them.
 */
export async function demoStaff(
  password: string,
  profiles: Record<StaffRole, { name: string; phone?: string; email?: string; wechatQr?: string }>,
): Promise<(db: Executor, now: Date) => Promise<void>> {
  const passwordHash = await hashPassword(password);
  return async (db, now) => {
    for (const role of STAFF_ROLES) {
      await insertStaff(db, { account: role, ...profiles[role], passwordHash, roles: [role], createdAt: now });
    }
  };
}

/**
 * A staff member by account as a caller of the services, for the demo data
 * written through them (db/seed/demo-orders.ts); no session stands behind it.
 */
export async function demoCaller(ctx: AppContext, account: string): Promise<StaffCaller | undefined> {
  const row = await findStaffByAccount(ctx.db, account);
  return row && { id: row.id, sessionId: 0, roles: row.roles, name: row.name || row.account, enrolOnly: false };
}

/** A staff member as another module names them: their name, else their account. */
export interface StaffMember {
  id: number;
  name: string;
  roles: StaffRole[];
  disabled: boolean;
}
const memberOf = (r: StaffRow): StaffMember => ({ id: r.id, name: r.name || r.account, roles: r.roles, disabled: r.disabled });

/** Enabled staff whose roles hold any of these permissions (admin holds all), by name. */
export async function staffHolding(ctx: AppContext, permissions: readonly Permission[]): Promise<StaffMember[]> {
  const roles = STAFF_ROLES.filter((r) => permissions.some((p) => can([r], p)));
  return (await listEnabledWithRoles(ctx.db, roles)).map(memberOf);
}

/** One staff member by id, if they exist. */
export async function staffMember(ctx: AppContext, id: number): Promise<StaffMember | undefined> {
  const row = await findStaff(ctx.db, id);
  return row && memberOf(row);
}
