import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertPasswordAllowed, hashPassword, verifyWithLockout } from '../account/index.ts';
import { changesOf, recordAudit } from '../audit/index.ts';
import { endOtherSessions, staff as staffPrincipal } from '../session/index.ts';
import { findStaff, updateStaff } from './staff.repository.ts';

/**
 * admin/password: a staff member's own new password, the customers' rules
 * (length by the contract, common ones refused). The current password proves
 * it is them, under the sign-in lockout (a stolen session cannot guess it);
 * every other login ends, this one stays; logged masked.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  caller: StaffCaller,
  body: { oldPassword: string; password: string },
  ip: string,
): Promise<null> {
  const row = await findStaff(ctx.db, caller.id);
  if (!row) throw new AppError('UNAUTHENTICATED', '登录已过期，请重新登录');
  await verifyWithLockout(ctx, {
    ip: `staff:${ip}`,
    accountKey: `staff:s${row.id}`,
    stored: row.passwordHash,
    password: body.oldPassword,
    wrong: '[原密码]不正确',
  });
  assertPasswordAllowed(body.password);
  const passwordHash = await hashPassword(body.password);
  await ctx.tx(async (t) => {
    await updateStaff(t.db, row.id, { passwordHash });
    await endOtherSessions(t, staffPrincipal(row.id), caller.sessionId);
    await recordAudit(t, {
      actor: { kind: 'staff', id: caller.id, name: caller.name },
      action: 'staff.changePassword',
      objectType: 'staff',
      objectId: row.id,
      changes: changesOf({ password: true }, { password: false }),
      ip,
    });
  });
  return null;
}
