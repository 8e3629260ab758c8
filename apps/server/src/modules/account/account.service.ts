import { SMS_PURPOSES, type PowPayload, type PublicSmsPurpose, type TokenPair } from '@yance/contracts/account';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { redeemChallenge, sendCode, verifyCode } from '../sms/index.ts';
import { customer, endAllSessions, startSession } from '../session/index.ts';
import { createOnce } from '../ledger/index.ts';
import { createUser, findUserByAccount, findUserByInviteCode, findUserByPhone, setPasswordHash } from '../user/index.ts';
import { loginGuard } from './login-guard.ts';
import { assertPasswordAllowed, checkPassword, hashPassword } from './password.ts';

/** Other modules hash and vet passwords (staff accounts, ADR 0032) through this service. */
export { assertPasswordAllowed, hashPassword };

const WRONG_PASSWORD = '账号或密码错误';
const NOT_REGISTERED = '该手机号尚未注册，请先注册';

/**
 * code4sms: the same answer for every phone and purpose. A solved, unused
 * proof-of-work challenge first (ADR 0023), then the limits (ADR 0007) and the
 * daily budgets, then the code.
 */
export async function requestSmsCode(
  ctx: AppContext,
  phone: string,
  purpose: PublicSmsPurpose,
  ip: string,
  altcha: PowPayload,
): Promise<void> {
  await redeemChallenge(ctx, altcha);
  await sendCode(ctx, phone, purpose, ip);
}

/** sign: registers with a phone proven by SMS and signs in. A taken phone is told only to its holder, after the code. */
export async function register(
  ctx: AppContext,
  body: {
    phone: string;
    code: string;
    password: string;
    inviterCode?: string | undefined;
    agree: true;
    idempotencyKey?: string | undefined;
  },
  ip: string,
  userAgent = '',
  deviceId = '',
): Promise<TokenPair> {
  const { idempotencyKey: _key, password, ...intent } = body;
  assertPasswordAllowed(password);
  const passwordHash = await hashPassword(password);
  let created = false;
  // A repeat with the first request's key (a double click, a lost answer) answers its account, not 验证码错误;
  // the key stands for the phone, code and invitation, never for the password (which is not kept in the key's row).
  const { userId } = await createOnce(
    ctx,
    { phone: body.phone },
    'sign',
    body,
    async (t) => {
      created = true;
      let inviterId: number | null = null;
      if (body.inviterCode) {
        const inviter = await findUserByInviteCode(t, body.inviterCode);
        if (!inviter) throw new AppError('INVALID', '[邀请码]不存在');
        inviterId = inviter.id;
      }
      await verifyCode(t, body.phone, SMS_PURPOSES.register, body.code);
      if (await findUserByPhone(t, body.phone)) throw new AppError('CONFLICT', '[手机号]已注册，请直接登录');
      // The contract refuses a sign-up without agree; the moment of consent is kept with the account.
      return { userId: await createUser(t, { phone: body.phone, passwordHash, inviterId, agreedAt: t.clock() }) };
    },
    intent,
  );
  // A repeat signs in only with the password the account was made with.
  if (!created && !(await checkPassword((await findUserByPhone(ctx, body.phone))?.passwordHash, password)))
    throw new AppError('INVALID', '验证码错误或已过期');
  return startSession(ctx, userId, { ip, userAgent, method: 'register', deviceId });
}

/**
 * Checks a user name or phone and password with lockout; returns the user id.
 * Unknown account and wrong password give the same message in the same time.
 */
export async function authenticate(ctx: AppContext, account: string, password: string, ip: string): Promise<number> {
  const user = await findUserByAccount(ctx, account);
  await verifyWithLockout(ctx, {
    ip,
    accountKey: user ? `u${user.id}` : `a${account.toLowerCase()}`,
    stored: user?.passwordHash,
    password,
    wrong: WRONG_PASSWORD,
  });
  return user!.id;
}

/**
 * A password against its stored hash under the lockout of ADR 0007 (per
 * account key and per IP): throws the `wrong` words on a mismatch (and for a
 * missing hash, in the same time), the lock message once locked. Customer and
 * staff sign-in both use it (staff keys are prefixed, ADR 0032). A second
 * factor (staff TOTP, ADR 0038) runs after a right password and answers the
 * words of its refusal, which count as one more failure; the account's
 * failures are forgotten only when both pass, so a known password does not
 * reset the count while its owner's codes are being guessed.
 */
export async function verifyWithLockout(
  ctx: AppContext,
  attempt: {
    ip: string;
    accountKey: string;
    stored: string | null | undefined;
    password: string;
    wrong: string;
    secondFactor?: () => Promise<string | null>;
  },
): Promise<void> {
  await withLockout(ctx, attempt.ip, attempt.accountKey, async () => {
    if (!(await checkPassword(attempt.stored, attempt.password))) return attempt.wrong;
    return attempt.secondFactor ? attempt.secondFactor() : null;
  });
}

/**
 * Any secret checked under the sign-in lockout: `check` answers null when right, else the words of the refusal.
 * The attempt is reserved before `check` runs; an error thrown by `check` (a second factor still to be entered)
 * is not a verdict, so the attempt is given back.
 */
export async function withLockout(ctx: AppContext, ip: string, accountKey: string, check: () => Promise<string | null>): Promise<void> {
  const guard = loginGuard(ctx.counter, ip, accountKey);
  await guard.reserve();
  let refused: string | null;
  try {
    refused = await check();
  } catch (err) {
    await guard.giveBack();
    throw err;
  }
  if (refused !== null) return guard.fail(refused);
  await guard.succeed();
}

/** login: user name or phone with password → a new token family. */
export async function login(
  ctx: AppContext,
  account: string,
  password: string,
  ip: string,
  userAgent = '',
  deviceId = '',
): Promise<TokenPair> {
  return startSession(ctx, await authenticate(ctx, account, password, ip), { ip, userAgent, method: 'password', deviceId });
}

/** loginForCode: phone + SMS code (useFor 3). An unregistered phone is refused, but only after a valid code. */
export async function loginWithCode(
  ctx: AppContext,
  phone: string,
  code: string,
  ip: string,
  userAgent = '',
  deviceId = '',
): Promise<TokenPair> {
  await withLockout(ctx, ip, `p${phone}`, async () => {
    try {
      await verifyCode(ctx, phone, SMS_PURPOSES.login, code);
      return null;
    } catch (err) {
      if (err instanceof AppError && err.kind === 'INVALID') return err.message;
      throw err;
    }
  });
  const user = await findUserByPhone(ctx, phone);
  if (!user) throw new AppError('INVALID', NOT_REGISTERED);
  return startSession(ctx, user.id, { ip, userAgent, method: 'sms', deviceId });
}

/** reset: a new password for the phone's account, proven by SMS (useFor 1); every session of the account ends. */
export async function resetPassword(ctx: AppContext, phone: string, code: string, password: string): Promise<void> {
  assertPasswordAllowed(password);
  await verifyCode(ctx, phone, SMS_PURPOSES.reset, code);
  const user = await findUserByPhone(ctx, phone);
  if (!user) throw new AppError('INVALID', NOT_REGISTERED);
  const passwordHash = await hashPassword(password);
  // The new password and the end of every session land together or not at all.
  await ctx.tx(async (t) => {
    await setPasswordHash(t, user.id, passwordHash);
    await endAllSessions(t, customer(user.id));
  });
  // The owner proved the phone: lift a lock an attacker may have caused.
  await ctx.counter.clear(`login:lock:u${user.id}`);
  await ctx.counter.clear(`login:fail:u${user.id}`);
}
