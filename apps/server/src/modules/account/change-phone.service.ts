import { SMS_PURPOSES } from '@yance/contracts/account';
import type { Update4contactBody } from '@yance/contracts/user';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../context.ts';
import { customer, endOtherSessions } from '../session/index.ts';
import { queueNotice, sendCode, verifyCode } from '../sms/index.ts';
import { getUser, setPhone } from '../user/index.ts';
import { withLockout } from './account.service.ts';
import { checkPassword } from './password.ts';

const WRONG_PASSWORD = '[当前密码]不正确';

/** code4currentPhone: a code (useFor 5) to the signed-in user's own phone, proving they hold it; the usual limits and budgets apply. */
export async function sendCurrentPhoneCode(ctx: AppContext, userId: number, ip: string): Promise<void> {
  const user = await getUser(ctx, userId);
  await sendCode(ctx, user.phone, SMS_PURPOSES.currentPhone, ip);
}

/**
 * update4contact (ADR 0021, ASVS 5.0 V7.5.1): the account holder proves
 * themselves (current password, with the login lockout, or a code sent to the
 * current phone) and the new phone by its code; then the phone moves and every
 * other login of the account ends in one transaction, and the old phone is told.
 */
export async function changePhone(ctx: AppContext, caller: AuthUser, body: Update4contactBody, ip: string): Promise<void> {
  const user = await getUser(ctx, caller.id);
  if (user.phone === body.phone) throw new AppError('INVALID', '[新手机号]与当前手机号相同');
  if (body.password !== undefined) {
    const password = body.password;
    await withLockout(ctx, ip, `u${user.id}`, async () =>
      (await checkPassword(user.passwordHash, password))
        ? null
        : user.passwordHash
          ? WRONG_PASSWORD
          : '该账号未设置密码，请用当前手机号验证码验证',
    );
  } else if (body.currentCode !== undefined) {
    await verifyCode(ctx, user.phone, SMS_PURPOSES.currentPhone, body.currentCode);
  } else {
    throw new AppError('INVALID', '[身份验证]请输入当前密码，或当前手机号收到的验证码');
  }
  await verifyCode(ctx, body.phone, SMS_PURPOSES.contact, body.code);
  // Only the holder of the new phone gets here, so telling them it is taken reveals nothing new.
  // The old phone's notice is queued with the change: sent if and only if the change commits (ADR 0034).
  const tail = body.phone.slice(-4);
  await ctx.tx(async (t) => {
    await setPhone(t, user.id, body.phone);
    await endOtherSessions(t, customer(user.id), caller.sessionId);
    await queueNotice(t, user.phone, {
      kind: 'phoneChanged',
      param: tail,
      text: `【研测】您的研测账号登录手机号已更换为尾号${tail}的号码，其他设备上的登录已退出。如非本人操作，请立即联系客服。`,
    });
  });
}
