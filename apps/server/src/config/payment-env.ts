import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';

/** The online payment gateways (ADR 0050); the same names as modules/payment/gateway.ts GatewayName. */
export const PAYMENT_GATEWAY_NAMES = ['local', 'alipay', 'wechat'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAY_NAMES)[number];

const optionalText = z.string().trim().min(1).optional();

/**
 * A key as it can arrive in an environment variable: a PEM on several lines, a
 * PEM on one line with literal "\n" escapes (what most .env files and secret
 * stores hold), or the bare base64 body that the Alipay key tool shows.
 */
const unescapeKey = (value: string): string => value.replace(/\\r/g, '').replace(/\\n/g, '\n').replace(/\r/g, '').trim();

const der = (text: string): Buffer | undefined => {
  const compact = text.replace(/\s+/g, '');
  return /^[A-Za-z0-9+/]+={0,2}$/.test(compact) ? Buffer.from(compact, 'base64') : undefined;
};

function firstKey(tries: (() => KeyObject)[]): KeyObject | undefined {
  for (const attempt of tries) {
    try {
      return attempt();
    } catch {
      // try the next encoding
    }
  }
  return undefined;
}

/** An RSA private key: PEM (PKCS#8 "PRIVATE KEY" or PKCS#1 "RSA PRIVATE KEY") or bare base64 DER of either; kept as PKCS#8 PEM. */
export function readRsaPrivateKey(value: string): string | undefined {
  const text = unescapeKey(value);
  const body = text.includes('-----BEGIN') ? undefined : der(text);
  const key = firstKey(
    body
      ? [
          () => createPrivateKey({ key: body, format: 'der', type: 'pkcs8' }),
          () => createPrivateKey({ key: body, format: 'der', type: 'pkcs1' }),
        ]
      : [() => createPrivateKey(text)],
  );
  if (key?.asymmetricKeyType !== 'rsa') return undefined;
  return key.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** An RSA public key: PEM ("PUBLIC KEY", "RSA PUBLIC KEY" or an X.509 "CERTIFICATE") or bare base64 SPKI DER; kept as SPKI PEM. */
export function readRsaPublicKey(value: string): string | undefined {
  const text = unescapeKey(value);
  // createPublicKey would derive a public key from a private one: a private key here is a mix-up.
  if (/PRIVATE KEY/.test(text) || (!text.includes('-----BEGIN') && readRsaPrivateKey(text))) return undefined;
  const body = text.includes('-----BEGIN') ? undefined : der(text);
  const key = firstKey(
    body
      ? [
          () => createPublicKey({ key: body, format: 'der', type: 'spki' }),
          () => createPublicKey({ key: body, format: 'der', type: 'pkcs1' }),
        ]
      : [() => createPublicKey(text)],
  );
  if (key?.asymmetricKeyType !== 'rsa' || key.type !== 'public') return undefined;
  return key.export({ type: 'spki', format: 'pem' }).toString();
}

const keyEntry = (read: (v: string) => string | undefined, what: string) =>
  z
    .string()
    .trim()
    .min(1)
    .transform((value, ctx) => {
      const pem = read(value);
      if (pem) return pem;
      ctx.addIssue({ code: 'custom', message: `not ${what} (PEM, one line with \\n escapes, or bare base64)` });
      return z.NEVER;
    })
    .optional();

const privateKeyEntry = keyEntry(readRsaPrivateKey, 'an RSA private key');
const publicKeyEntry = keyEntry(readRsaPublicKey, 'an RSA public key or certificate');

const httpsUrl = (fallback: string) =>
  z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default(fallback)
    .transform((v) => v.replace(/\/+$/, ''));

/** "alipay, wechat" → ['alipay', 'wechat']: known names only, each once, at least one. */
function gatewayList(value: string, ctx: z.RefinementCtx): PaymentGatewayName[] {
  const names = value
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.filter((n) => !(PAYMENT_GATEWAY_NAMES as readonly string[]).includes(n));
  if (unknown.length > 0 || names.length === 0) {
    ctx.addIssue({
      code: 'custom',
      message: `a comma list of ${PAYMENT_GATEWAY_NAMES.join(', ')}${unknown.length > 0 ? `; unknown: ${unknown.join(', ')}` : ''}`,
    });
    return z.NEVER;
  }
  return [...new Set(names)] as PaymentGatewayName[];
}

/**
 * Online payment (issue 10, ADR 0050): which gateways a top-up may use, and
 * each gateway's credentials. The local gateway (the default) needs nothing;
 * Alipay (alipay.trade.page.pay, RSA2) and WeChat Pay (API v3, Native) need
 * the values below. Keys may be PEM with real newlines or with "\n" escapes.
 */
export const paymentEnv = {
  /** Comma list of local, alipay, wechat; the payer chooses among them. */
  PAYMENT_GATEWAYS: z.string().default('local').transform(gatewayList),
  /** The Alipay open-platform application's APPID. */
  ALIPAY_APP_ID: optionalText,
  /** Our application private key (RSA2, 2048 bit), PKCS#8 or PKCS#1. */
  ALIPAY_PRIVATE_KEY: privateKeyEntry,
  /** Alipay's public key (支付宝公钥) of that application, not our own public key. */
  ALIPAY_PUBLIC_KEY: publicKeyEntry,
  /** The open-platform gateway; the sandbox is https://openapi-sandbox.dl.alipaydev.com/gateway.do. */
  ALIPAY_GATEWAY: httpsUrl('https://openapi.alipay.com/gateway.do'),
  /** 商户号 (mchid). */
  WECHATPAY_MCH_ID: optionalText,
  /** The appid bound to the merchant (official account or open-platform app). */
  WECHATPAY_APP_ID: optionalText,
  /** Serial number of our merchant API certificate (sent in the Authorization header). */
  WECHATPAY_SERIAL_NO: optionalText,
  /** Our merchant API private key (apiclient_key.pem). */
  WECHATPAY_PRIVATE_KEY: privateKeyEntry,
  /** WeChat Pay's public key (微信支付公钥) or platform certificate, that verifies answers and callbacks. */
  WECHATPAY_PLATFORM_PUBLIC_KEY: publicKeyEntry,
  /** Its id as the Wechatpay-Serial header names it: the public key id (PUB_KEY_ID_…) or the certificate serial. */
  WECHATPAY_PLATFORM_SERIAL: optionalText,
  /** The API v3 key (APIv3密钥): exactly 32 bytes; decrypts the callbacks' resource. */
  WECHATPAY_API_V3_KEY: z
    .string()
    .refine((v) => Buffer.byteLength(v, 'utf8') === 32, 'must be exactly 32 bytes')
    .optional(),
  /** api.mch.weixin.qq.com, or the failover api2.mch.weixin.qq.com; tests point it at a stand-in. */
  WECHATPAY_BASE: httpsUrl('https://api.mch.weixin.qq.com'),
} as const;

type PaymentEnv = z.infer<z.ZodObject<typeof paymentEnv>>;

const needs: Record<PaymentGatewayName, (keyof PaymentEnv)[]> = {
  local: [],
  alipay: ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'],
  wechat: [
    'WECHATPAY_MCH_ID',
    'WECHATPAY_APP_ID',
    'WECHATPAY_SERIAL_NO',
    'WECHATPAY_PRIVATE_KEY',
    'WECHATPAY_PLATFORM_PUBLIC_KEY',
    'WECHATPAY_PLATFORM_SERIAL',
    'WECHATPAY_API_V3_KEY',
  ],
};

/** What the chosen gateways lack (fail fast at start-up). */
export function missingPaymentEnv(env: PaymentEnv): string[] {
  return env.PAYMENT_GATEWAYS.flatMap((g) => needs[g]).filter((k) => !env[k]);
}

const publicHalf = (privatePem: string): string => createPublicKey(privatePem).export({ type: 'spki', format: 'pem' }).toString();

/**
 * Keys that are present but cannot work: the gateway's public key set to the
 * public half of our own private key (the usual mix-up of Alipay's 应用公钥 and
 * 支付宝公钥). Every callback would then fail its signature check.
 */
export function paymentEnvProblems(env: PaymentEnv): string[] {
  const problems: string[] = [];
  const uses = (g: PaymentGatewayName) => env.PAYMENT_GATEWAYS.includes(g);
  if (uses('alipay') && env.ALIPAY_PRIVATE_KEY && env.ALIPAY_PUBLIC_KEY && publicHalf(env.ALIPAY_PRIVATE_KEY) === env.ALIPAY_PUBLIC_KEY)
    problems.push("ALIPAY_PUBLIC_KEY is our application's own public key; it must be Alipay's public key (支付宝公钥)");
  if (
    uses('wechat') &&
    env.WECHATPAY_PRIVATE_KEY &&
    env.WECHATPAY_PLATFORM_PUBLIC_KEY &&
    publicHalf(env.WECHATPAY_PRIVATE_KEY) === env.WECHATPAY_PLATFORM_PUBLIC_KEY
  )
    problems.push("WECHATPAY_PLATFORM_PUBLIC_KEY is our merchant key's public half; it must be WeChat Pay's public key (微信支付公钥)");
  return problems;
}
