import { RECOVERY_CODE, TOTP_NEEDED, TOTP_WRONG } from '@yance/contracts/staff-security';
import { totpRequired } from '@yance/contracts/staff';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { keyedHash, sealedBox } from '../../lib/sealed-box.ts';
import { withLockout } from '../account/index.ts';
import { changesOf, recordAudit, type Actor } from '../audit/index.ts';
import { endAllSessions, staff as staffPrincipal } from '../session/index.ts';
import { findStaff, lockStaff, updateStaff, type StaffRow } from './staff.repository.ts';
import { matchTotp, newRecoveryCodes, newTotpSecret, otpauthUrl, shownRecoveryCode } from './totp.ts';
import { claimTotpStep, replaceRecoveryCodes, useRecoveryCode } from './totp.repository.ts';

// Keys derived from CODE_HASH_SECRET (ADR 0038), which production refuses at its public default (ADR 0015).
const boxOf = (ctx: AppContext) => sealedBox(ctx.config.CODE_HASH_SECRET, 'yance/staff-totp/v1');
const recoveryHashOf = (ctx: AppContext) => keyedHash(ctx.config.CODE_HASH_SECRET, 'yance/staff-recovery/v1');
const bindOf = (staffId: number) => `staff_account:${staffId}`;
const actorOf = (caller: StaffCaller): Actor => ({ kind: 'staff', id: caller.id, name: caller.name });
const MASKED = { totp: true };

/** The member's TOTP secret in force, opened; null when TOTP is off (or the key changed: they enrol again). */
function secretOf(ctx: AppContext, row: StaffRow): string | null {
  return row.totpSecret ? boxOf(ctx).open(row.totpSecret, bindOf(row.id)) : null;
}

/** Whether this member signs in with TOTP. */
export const totpEnabled = (row: Pick<StaffRow, 'totpSecret'>) => row.totpSecret !== null;

/**
 * The sign-in's second factor, run after a right password (ADR 0038): null
 * when the member has no TOTP or the code is good; TOTP_WRONG for a wrong,
 * replayed or used-up code (counted by the lockout); 401 TOTP_NEEDED, not
 * counted, when none was sent, so the console shows the field.
 */
export async function checkSecondFactor(ctx: AppContext, row: StaffRow, code: string | undefined, ip: string): Promise<string | null> {
  if (!totpEnabled(row)) return null;
  if (!code) throw new AppError('UNAUTHENTICATED', TOTP_NEEDED);
  return (await acceptCode(ctx, row, code, ip)) ? null : TOTP_WRONG;
}

/** A code of the member's authenticator, once, or an unused recovery code, used up and logged. */
async function acceptCode(ctx: AppContext, row: StaffRow, code: string, ip: string): Promise<boolean> {
  if (RECOVERY_CODE.test(code)) {
    return ctx.tx(async (t) => {
      if (!(await useRecoveryCode(t.db, row.id, recoveryHashOf(t)(code), t.clock()))) return false;
      const actor = { kind: 'staff', id: row.id, name: row.name || row.account } as const;
      await recordAudit(t, { actor, action: 'staff.useRecoveryCode', objectType: 'staff', objectId: row.id, changes: {}, ip });
      return true;
    });
  }
  const secret = secretOf(ctx, row);
  const step = secret ? await matchTotp(secret, code, ctx.clock(), row.totpLastStep) : null;
  return step !== null && claimTotpStep(ctx.db, row.id, step);
}

async function lockSelf(ctx: AppContext, id: number): Promise<StaffRow> {
  const row = await lockStaff(ctx.db, id);
  if (!row) throw new AppError('UNAUTHENTICATED', '登录已过期，请重新登录');
  return row;
}

/** totp/setup: a new pending secret (replacing an unconfirmed one) and its otpauth:// URL; in force only after totp/enable. */
export async function setupTotp(ctx: AppContext, caller: StaffCaller, ip: string) {
  return ctx.tx(async (t) => {
    const row = await lockSelf(t, caller.id);
    if (totpEnabled(row)) throw new AppError('CONFLICT', '已绑定动态验证码；更换请先解绑，或请管理员重置');
    const secret = newTotpSecret();
    await updateStaff(t.db, row.id, { totpPendingSecret: boxOf(t).seal(secret, bindOf(row.id)) });
    await recordAudit(t, {
      actor: actorOf(caller),
      action: 'staff.totpSetup',
      objectType: 'staff',
      objectId: row.id,
      changes: changesOf({ totpPendingSecret: null }, { totpPendingSecret: true }),
      ip,
    });
    return { secret, otpauthUrl: otpauthUrl(row.account, secret) };
  });
}

/**
 * totp/enable: a code of the pending secret proves the app has it; the secret
 * comes into force (that code's step is spent) and 10 recovery codes are
 * answered, this once — only their hashes are kept.
 */
export async function enableTotp(ctx: AppContext, caller: StaffCaller, code: string, ip: string): Promise<{ recoveryCodes: string[] }> {
  return ctx.tx(async (t) => {
    const row = await lockSelf(t, caller.id);
    if (totpEnabled(row)) throw new AppError('CONFLICT', '已绑定动态验证码');
    const pending = row.totpPendingSecret ? boxOf(t).open(row.totpPendingSecret, bindOf(row.id)) : null;
    if (!pending) throw new AppError('CONFLICT', '请先获取二维码（密钥）再绑定');
    const step = await matchTotp(pending, code, t.clock(), null);
    if (step === null) throw new AppError('INVALID', TOTP_WRONG);
    const codes = newRecoveryCodes();
    await updateStaff(t.db, row.id, {
      totpSecret: row.totpPendingSecret,
      totpPendingSecret: null,
      totpLastStep: step,
      totpEnabledAt: t.clock(),
    });
    await replaceRecoveryCodes(t.db, row.id, codes.map(recoveryHashOf(t)));
    await recordAudit(t, {
      actor: actorOf(caller),
      action: 'staff.totpEnable',
      objectType: 'staff',
      objectId: row.id,
      changes: changesOf({ totp: null, recoveryCodes: null }, { ...MASKED, recoveryCodes: true }),
      ip,
    });
    return { recoveryCodes: codes.map(shownRecoveryCode) };
  });
}

/** totp/disable: only where the roles make it optional, proven by a code (wrong ones count towards the sign-in lockout). */
export async function disableTotp(ctx: AppContext, caller: StaffCaller, code: string, ip: string): Promise<null> {
  const row = await findStaff(ctx.db, caller.id);
  if (!row) throw new AppError('UNAUTHENTICATED', '登录已过期，请重新登录');
  if (totpRequired(row.roles)) throw new AppError('FORBIDDEN', '管理员和财务必须使用动态验证码，不能解绑');
  if (!totpEnabled(row)) throw new AppError('CONFLICT', '未绑定动态验证码');
  await withLockout(ctx, `staff:${ip}`, `staff:s${row.id}`, async () => ((await acceptCode(ctx, row, code, ip)) ? null : TOTP_WRONG));
  await ctx.tx(async (t) => {
    await clearTotp(t, row.id);
    await recordAudit(t, {
      actor: actorOf(caller),
      action: 'staff.totpDisable',
      objectType: 'staff',
      objectId: row.id,
      changes: changesOf(MASKED, { totp: false }),
      ip,
    });
  });
  return null;
}

/** staff/resetTotp: TOTP and recovery codes gone, every session ended; roles that need TOTP enrol at their next sign-in. */
export async function resetStaffTotp(ctx: AppContext, caller: StaffCaller, id: number, ip: string): Promise<null> {
  await ctx.tx(async (t) => {
    const row = await lockStaff(t.db, id);
    if (!row) throw new AppError('NOT_FOUND', '员工不存在');
    await clearTotp(t, row.id);
    await endAllSessions(t, staffPrincipal(row.id));
    await recordAudit(t, {
      actor: actorOf(caller),
      action: 'staff.resetTotp',
      objectType: 'staff',
      objectId: row.id,
      changes: changesOf({ totp: totpEnabled(row) }, { totp: null }),
      ip,
    });
  });
  return null;
}

async function clearTotp(ctx: AppContext, staffId: number): Promise<void> {
  await updateStaff(ctx.db, staffId, { totpSecret: null, totpPendingSecret: null, totpLastStep: null, totpEnabledAt: null });
  await replaceRecoveryCodes(ctx.db, staffId, []);
}
