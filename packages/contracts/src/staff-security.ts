// Staff sign-in security (ADR 0038): authenticator-app codes (TOTP), recovery
// codes, one's own password, and the first admin of an empty installation.
import { z } from 'zod';
import { password, PASSWORD_MAX } from './account.ts';
import { text } from './text.ts';

/** The words the console reads to know what to show (a TOTP field, the enrolment page). */
export const TOTP_NEEDED = '请输入动态验证码';
export const TOTP_WRONG = '动态验证码错误';
export const TOTP_ENROL_FIRST = '请先绑定动态验证码';

/** How many recovery codes enrolment hands out (each works once). */
export const RECOVERY_CODE_COUNT = 10;
/** The letters of a recovery code: no 0/o, 1/l/i, so it reads back from paper. */
export const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** A recovery code as stored and compared: 10 of those letters (shown as xxxxx-xxxxx). */
export const RECOVERY_CODE = new RegExp(`^[${RECOVERY_ALPHABET}]{10}$`);

/** Spaces and dashes dropped, lower case: "ABCDE-fghjk" and "abcde fghjk" are one code. */
const normalised = (v: string) => v.replace(/[\s-]/g, '').toLowerCase();

/** The 6 digits the app shows now. */
export const totpDigits = text('动态验证码', { max: 16 })
  .overwrite(normalised)
  .regex(/^\d{6}$/, '[动态验证码]为6位数字');

/** At sign-in and to turn TOTP off: the 6 digits, or one unused recovery code. */
export const totpOrRecovery = text('动态验证码', { max: 16 })
  .overwrite(normalised)
  .refine((v) => /^\d{6}$/.test(v) || RECOVERY_CODE.test(v), '[动态验证码]为6位数字或10位恢复码');

/** Left out or '' (an empty field of the login form) both mean "not sent". */
export const optionalTotp = z.preprocess((v) => (v === '' || v === null ? undefined : v), totpOrRecovery.optional());

/** totp/setup: a new secret, not yet in force until totp/enable confirms a code of it. */
export const totpSetupResult = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** otpauth://totp/研测:<account>?secret=…&issuer=研测, for the QR code. */
  otpauthUrl: z.string(),
});
export const totpEnableBody = z.object({ code: totpDigits });
export const totpDisableBody = z.object({ code: totpOrRecovery });
/** Shown once, at enrolment; only their hashes are kept. */
export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });

/** A staff member's own new password: the current one proves it is them. */
export const staffOwnPasswordBody = z.object({
  oldPassword: z.string({ error: '[原密码]不能为空' }).min(1, '[原密码]不能为空').max(PASSWORD_MAX, `[原密码]不能超过${PASSWORD_MAX}位`),
  password,
});

/** An account name of the console: letters, digits, . _ -, starting with a letter. */
export const STAFF_ACCOUNT_PATTERN = /^[A-Za-z][A-Za-z0-9._-]{2,31}$/;
export const staffAccountName = text('账号', { max: 32 }).regex(STAFF_ACCOUNT_PATTERN, '[账号]为3–32位字母、数字或 . _ -，以字母开头');

/** admin/setup: the one-time link's token and the first admin. */
export const adminSetupBody = z.object({
  token: text('设置令牌', { max: 128 }),
  account: staffAccountName,
  name: text('姓名', { max: 32 }),
  password,
});
