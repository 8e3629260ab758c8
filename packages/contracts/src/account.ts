import { z } from 'zod';
import { createKey } from './idempotency.ts';
import { integer, oneOf } from './numbers.ts';
import { text } from './text.ts';

/** Spec §9: phone length 11 (mainland mobile numbers). */
export const PHONE_LENGTH = 11;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const required = (label: string, max = 256) => text(label, { max });

/** A mainland mobile number: what the forms accept and what a login name that is a phone looks like. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const phone = (label = '手机号') => required(label).regex(PHONE_PATTERN, `[${label}]格式不正确`);
export const smsCode = required('验证码').regex(/^\d{6}$/, '[验证码]为6位数字');
/**
 * The one password schema (ADR 0021): taken exactly as typed — never trimmed,
 * so sign-up, reset and every login compare the same characters — and never
 * all whitespace. `currentPassword` checks a password already set (login,
 * confirmations); `password` is a new one and adds the minimum length.
 */
export const currentPassword = z
  .string({ error: '[密码]不能为空' })
  .min(1, '[密码]不能为空')
  .max(PASSWORD_MAX, `[密码]不能超过${PASSWORD_MAX}位`)
  .refine((v) => v.trim() !== '', '[密码]不能全为空格');
export const password = currentPassword.refine((v) => v.length >= PASSWORD_MIN, `[密码]至少${PASSWORD_MIN}位`);

/**
 * SMS code purposes (useFor): 0 register, 1 reset, 3 login (spec §7); 4 the new
 * phone of update4contact; 5 the signed-in user's current phone (sent only by
 * the authenticated code4currentPhone, never by code4sms).
 */
export const SMS_PURPOSES = { register: 0, reset: 1, login: 3, contact: 4, currentPhone: 5 } as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[keyof typeof SMS_PURPOSES];
/** The purposes anyone may ask code4sms for (any phone). */
export type PublicSmsPurpose = Exclude<SmsPurpose, typeof SMS_PURPOSES.currentPhone>;
const PUBLIC_SMS_PURPOSES = [SMS_PURPOSES.register, SMS_PURPOSES.reset, SMS_PURPOSES.login, SMS_PURPOSES.contact] as const;
export const smsPurpose = oneOf('用途', PUBLIC_SMS_PURPOSES);

const POW_WRONG = '[人机验证]不正确';
const hex = (max: number) =>
  z
    .string(POW_WRONG)
    .max(max, POW_WRONG)
    .regex(/^[0-9a-f]*$/i, POW_WRONG);
const powInt = (max: number) => integer('人机验证', 0, max, { wrong: POW_WRONG });
/** The challenge's fields; numbers are checked as they come in, or only typed as they go out. */
const challengeOf = (int: (max: number) => z.ZodType<number, unknown>) =>
  z.object({
    parameters: z.object({
      algorithm: z.string(POW_WRONG).max(32, POW_WRONG),
      nonce: hex(128),
      salt: hex(128),
      cost: int(1_000_000),
      keyLength: int(64),
      keyPrefix: hex(128),
      keySignature: hex(256).optional(),
      expiresAt: int(Number.MAX_SAFE_INTEGER).optional(),
      /** Signed with the challenge: the expiry in seconds (sms-challenge.ts). */
      data: z.object({ exp: int(Number.MAX_SAFE_INTEGER) }).optional(),
    }),
    signature: hex(256).optional(),
  });
/**
 * An ALTCHA (v2) proof-of-work challenge as smsChallenge hands it out (ADR 0023).
 * The web and scripts solve it with altcha-lib's solveChallenge and send it back
 * with the solution in code4sms's `altcha`.
 */
export const powChallenge = challengeOf(() => z.number().int());
const powChallengeIn = challengeOf(powInt);
export type PowChallenge = z.infer<typeof powChallenge>;
export const powPayload = z.object(
  {
    challenge: powChallengeIn,
    solution: z.object({
      counter: powInt(2 ** 32 - 1),
      derivedKey: hex(256),
      /** Milliseconds the solver took (informational). */
      time: z.number(POW_WRONG).min(0, POW_WRONG).max(3_600_000, POW_WRONG).optional(),
    }),
  },
  { error: '[人机验证]请先完成人机验证' },
);
export type PowPayload = z.infer<typeof powPayload>;

export const code4smsBody = z.object({ phone: phone(), useFor: smsPurpose, altcha: powPayload });

/** Registering needs explicit consent (PIPL): a ticked box, not a sentence under the button. */
export const AGREE_MESSAGE = '[用户协议]请阅读并勾选同意《用户协议》和《隐私政策》';
/** true, or "true"/"1" from a form post; anything else (or nothing) is refused with AGREE_MESSAGE. */
const agreed = z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 1, z.literal(true, { error: AGREE_MESSAGE }));

export const signBody = z.object({
  phone: phone(),
  code: smsCode,
  password,
  inviterCode: text('邀请码', { max: 32, required: false }).optional(),
  /** The user agreement and privacy policy were read and accepted (the register form's checkbox). */
  agree: agreed,
  idempotencyKey: createKey,
});

export const resetBody = z.object({ account: phone(), code: smsCode, password });

export const loginBody = z.object({
  account: required('用户名/手机号').max(64, '[用户名/手机号]格式不正确'),
  password: currentPassword,
});

export const loginForCodeBody = z.object({ phone: phone(), code: smsCode });

/** Tokens as issued: access token, refresh token, seconds until the access token expires. */
export const tokenPair = z.object({ token: z.string(), refreshToken: z.string(), expires: z.number().int() });
export type TokenPair = z.infer<typeof tokenPair>;

export const refreshBody = z.object({ token: required('刷新令牌').max(256) });

/**
 * WeChat QR login (spec §4). `url` is what the QR code encodes: with the local
 * provider, this app's confirm page (/wx/confirm/:ticket); with the official
 * account, WeChat's QR content. `expire_seconds` after issue the ticket is void.
 */
export const wxTicket = z.object({ ticket: z.string(), expire_seconds: z.number().int(), url: z.string() });
export type WxTicket = z.infer<typeof wxTicket>;
export const wxTicketBody = z.object({ ticket: required('二维码').max(128) });
/** waiting → scanned → confirmed (token delivered once) | expired. */
export const WX_TICKET_STATES = ['waiting', 'scanned', 'confirmed', 'expired'] as const;
export type WxTicketState = (typeof WX_TICKET_STATES)[number];
/**
 * Official-account provider: the WeChat identity that scanned has no account
 * yet, so the page asks for a phone and SMS code (useFor 3) and sends them to
 * /wx/confirm with the ticket. Always false with the local provider.
 */
const needBind = z.boolean().optional();
export const wxQrLoginResponse = z.object({
  status: z.enum(WX_TICKET_STATES),
  /** The new session, once, when status is confirmed. */
  token: tokenPair.nullable(),
  needBind,
});
/** Answer of /wx/confirm and /wx/bind. */
export const wxStatusResponse = z.object({ status: z.enum(WX_TICKET_STATES), needBind });
/**
 * Answer of /wx/scan: the state, and where and when the login was asked for,
 * so the person confirming can tell a QR code they did not open (ADR 0022).
 */
export const wxScanResponse = wxStatusResponse.extend({ requestIp: z.string(), requestedAt: z.string() });
export type WxScanResponse = z.infer<typeof wxScanResponse>;
/**
 * Official account: the scanned WeChat identity has no account yet; bind a
 * phone proven by SMS (useFor 3). An unknown phone becomes a new account, so
 * the same consent as registering is asked for (PIPL), and kept with it.
 */
export const wxBindBody = wxTicketBody.extend({ phone: phone(), code: smsCode, agree: agreed });

/**
 * The register and reset forms of the web (spec §5): the body plus a confirm
 * password; the web shows only the first error.
 */
const confirm = z.string({ error: '[确认密码]不能为空' }).min(1, '[确认密码]不能为空');
const samePassword = (v: { password: string; confirm: string }) => v.confirm === v.password;
const mismatch = { path: ['confirm'], message: '[密码]不一致' };
// The consent box comes last in a form, so it is checked last (only the first error shows): after the
// passwords match. The form's output has agree: unknown; onValid sends agree: true, which this check proved.
const consentBox = { path: ['agree'], message: AGREE_MESSAGE };
const ticked = (v: { agree: unknown }) => agreed.safeParse(v.agree).success;
const { agree: _agree, ...signFields } = signBody.shape;
export const signForm = z
  .object({ ...signFields, confirm, agree: z.unknown() })
  .refine(samePassword, mismatch)
  .refine(ticked, consentBox);
/** The web's bind form: phone, code and the consent box (the ticket is the QR's, not typed). */
export const wxBindForm = z.object({ phone: phone(), code: smsCode, agree: z.unknown() }).refine(ticked, consentBox);
export const resetForm = resetBody.extend({ confirm }).refine(samePassword, mismatch);

/** Signature parameters WeChat adds to every callback of the official account. */
export const wxCallbackQuery = z.object({
  signature: text('signature', { max: 64, required: false }).optional(),
  timestamp: text('timestamp', { max: 20, required: false }).optional(),
  nonce: text('nonce', { max: 64, required: false }).optional(),
  echostr: text('echostr', { max: 256, required: false }).optional(),
});
