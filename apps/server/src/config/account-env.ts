import { z } from 'zod';

const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalText = z.string().min(1).optional();

/** Accounts: token lifetimes, SMS and WeChat providers, Redis for rate counters (ADR 0006–0008). */
export const accountEnv = {
  /** Access token lifetime; the web refreshes when under 3600 s remain, so keep it above that in production. */
  ACCESS_TOKEN_TTL: seconds(7200),
  REFRESH_TOKEN_TTL: seconds(30 * 24 * 3600),
  /**
   * After a refresh, the old access token keeps working and a second use of the
   * old refresh token answers the same new pair, for this many seconds (two tabs; ADR 0022).
   */
  REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  SMS_CODE_TTL: seconds(600),
  /** Seconds before the same phone may be sent another code (ADR 0007: 60; tests set it short). */
  SMS_RESEND_SECONDS: seconds(60),
  WX_TICKET_TTL: seconds(300),
  /** Key of the HMAC that SMS codes are stored under; set it in production (the default is public). */
  CODE_HASH_SECRET: z.string().min(16).default('yance-dev-code-hash-secret-change-me'),
  /**
   * Proof of work before code4sms (ADR 0023): the solver tries on average
   * 3/4 of this many SHA-256 hashes (well under a second in a browser).
   */
  SMS_POW_COUNTER_MAX: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
  /** Seconds a challenge may be solved and used in. */
  SMS_POW_TTL: seconds(300),
  /** Codes and notices sent per day (China time), all numbers together; 80 % and 100 % raise an alert line. */
  SMS_BUDGET_DAY: z.coerce.number().int().positive().default(5000),
  /** Per day and per number prefix (the first 7 digits: one block of 10 000 numbers). */
  SMS_BUDGET_PREFIX_DAY: z.coerce.number().int().positive().default(100),
  /** Rate counters in Redis instead of the database (optional). */
  REDIS_URL: z.string().url().optional(),
  /** Namespace of our keys in a shared Redis. */
  REDIS_KEY_PREFIX: z.string().default('yance:rl:'),
  SMS_PROVIDER: z.enum(['console', 'aliyun', 'tencent']).default('console'),
  ALIYUN_ACCESS_KEY_ID: optionalText,
  ALIYUN_ACCESS_KEY_SECRET: optionalText,
  ALIYUN_SMS_SIGN_NAME: optionalText,
  /** One template with a ${code} parameter, e.g. "您的验证码为${code}，10分钟内有效". */
  ALIYUN_SMS_TEMPLATE_CODE: optionalText,
  /** Notice template with a ${phone} parameter, e.g. "您的研测账号已换绑至尾号${phone}的手机，如非本人操作请立即联系客服". */
  ALIYUN_SMS_NOTICE_TEMPLATE_CODE: optionalText,
  /** Order notice template with a ${content} parameter (ADR 0046), e.g. "${content}"; unset: order SMS notices fail and show as failed jobs. */
  ALIYUN_SMS_ORDER_TEMPLATE_CODE: optionalText,
  TENCENT_SECRET_ID: optionalText,
  TENCENT_SECRET_KEY: optionalText,
  TENCENT_SMS_SDK_APP_ID: optionalText,
  TENCENT_SMS_SIGN_NAME: optionalText,
  TENCENT_SMS_TEMPLATE_ID: optionalText,
  /** Notice template with one parameter {1}: the new phone's last four digits. */
  TENCENT_SMS_NOTICE_TEMPLATE_ID: optionalText,
  /** Order notice template with one parameter {1}: the notice's text (ADR 0046). */
  TENCENT_SMS_ORDER_TEMPLATE_ID: optionalText,
  TENCENT_SMS_REGION: z.string().default('ap-guangzhou'),
  WX_PROVIDER: z.enum(['local', 'official']).default('local'),
  WX_APP_ID: optionalText,
  WX_APP_SECRET: optionalText,
  /** The Token configured in the official account's server settings, for the callback signature. */
  WX_CALLBACK_TOKEN: optionalText,
  /**
   * Where WeChat's server API answers: api.weixin.qq.com, or one of the
   * domains WeChat lists for other regions and for failover (api2., sh.api.,
   * sz.api., hk.api.weixin.qq.com); the e2e tests point it at a stand-in.
   */
  WX_API_BASE: z.url({ protocol: /^https?$/, error: 'WX_API_BASE must be an http(s) URL' }).default('https://api.weixin.qq.com'),
} as const;

type AccountEnv = z.infer<z.ZodObject<typeof accountEnv>>;

const needs: Record<string, (keyof AccountEnv)[]> = {
  aliyun: [
    'ALIYUN_ACCESS_KEY_ID',
    'ALIYUN_ACCESS_KEY_SECRET',
    'ALIYUN_SMS_SIGN_NAME',
    'ALIYUN_SMS_TEMPLATE_CODE',
    'ALIYUN_SMS_NOTICE_TEMPLATE_CODE',
  ],
  tencent: [
    'TENCENT_SECRET_ID',
    'TENCENT_SECRET_KEY',
    'TENCENT_SMS_SDK_APP_ID',
    'TENCENT_SMS_SIGN_NAME',
    'TENCENT_SMS_TEMPLATE_ID',
    'TENCENT_SMS_NOTICE_TEMPLATE_ID',
  ],
  official: ['WX_APP_ID', 'WX_APP_SECRET', 'WX_CALLBACK_TOKEN'],
};

/** The provider credentials that are missing for the chosen providers (fail fast at start-up). */
export function missingAccountEnv(env: AccountEnv): string[] {
  return [...(needs[env.SMS_PROVIDER] ?? []), ...(needs[env.WX_PROVIDER] ?? [])].filter((k) => !env[k]);
}
