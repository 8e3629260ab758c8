import { z } from 'zod';

/** Spec §9: phone length 11 (mainland mobile numbers). */
export const PHONE_LENGTH = 11;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const required = (label: string) => z.string({ error: `[${label}]不能为空` }).trim().min(1, `[${label}]不能为空`);

/** A mainland mobile number: what the forms accept and what a login name that is a phone looks like. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const phone = (label = '手机号') => required(label).regex(PHONE_PATTERN, `[${label}]格式不正确`);
export const smsCode = required('验证码').regex(/^\d{6}$/, '[验证码]为6位数字');
export const password = z
  .string({ error: '[密码]不能为空' })
  .min(1, '[密码]不能为空')
  .min(PASSWORD_MIN, `[密码]至少${PASSWORD_MIN}位`)
  .max(PASSWORD_MAX, `[密码]不能超过${PASSWORD_MAX}位`);

/** code4sms useFor: 0 register, 1 reset, 3 login (spec §7); 4 change phone (update4contact). */
export const SMS_PURPOSES = { register: 0, reset: 1, login: 3, contact: 4 } as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[keyof typeof SMS_PURPOSES];
const isSmsPurpose = (v: number): v is SmsPurpose => (Object.values(SMS_PURPOSES) as number[]).includes(v);
export const smsPurpose = z.coerce
  .number({ error: '[用途]不正确' })
  .int('[用途]不正确')
  .refine(isSmsPurpose, '[用途]不正确')
  .transform((v) => v as SmsPurpose);

export const code4smsBody = z.object({ phone: phone(), useFor: smsPurpose });

export const signBody = z.object({
  phone: phone(),
  code: smsCode,
  password,
  inviterCode: z.string().trim().max(32).optional().or(z.literal('')),
});

export const resetBody = z.object({ account: phone(), code: smsCode, password });

export const loginBody = z.object({
  account: required('用户名/手机号').max(64, '[用户名/手机号]格式不正确'),
  password: required('密码').max(PASSWORD_MAX, '[密码]格式不正确'),
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
/** Answer of /wx/scan and /wx/confirm. */
export const wxStatusResponse = z.object({ status: z.enum(WX_TICKET_STATES), needBind });
/** Local provider confirm page: sign in with an existing account, or register, to confirm the ticket. */
export const wxConfirmBody = z.union([
  wxTicketBody.extend({ account: loginBody.shape.account, password: loginBody.shape.password }),
  wxTicketBody.extend({ phone: phone(), code: smsCode }),
]);

/**
 * The register and reset forms of the web (spec §5): the body plus a confirm
 * password; the web shows only the first error.
 */
const confirm = z.string({ error: '[确认密码]不能为空' }).min(1, '[确认密码]不能为空');
const samePassword = (v: { password: string; confirm: string }) => v.confirm === v.password;
const mismatch = { path: ['confirm'], message: '[密码]不一致' };
export const signForm = signBody.extend({ confirm }).refine(samePassword, mismatch);
export const resetForm = resetBody.extend({ confirm }).refine(samePassword, mismatch);

/** Signature parameters WeChat adds to every callback of the official account. */
export const wxCallbackQuery = z.object({
  signature: z.string().max(64).optional(),
  timestamp: z.string().max(20).optional(),
  nonce: z.string().max(64).optional(),
  echostr: z.string().max(256).optional(),
});
