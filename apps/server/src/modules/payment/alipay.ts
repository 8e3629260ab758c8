import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { type CallbackInput, GatewaySignatureError, type PaymentGateway, type PaymentNotice, type PaymentRequest } from './gateway.ts';

/**
 * Alipay open platform (支付宝开放平台), 电脑网站支付 alipay.trade.page.pay,
 * signed RSA2 (SHA256withRSA) with our application private key; its
 * asynchronous notice is verified with Alipay's public key (ADR 0050).
 */
export interface AlipayOptions {
  appId: string;
  /** Our application private key, PEM (PKCS#8 or PKCS#1). */
  privateKey: string;
  /** Alipay's public key for this application, PEM. */
  alipayPublicKey: string;
  /** e.g. https://openapi.alipay.com/gateway.do */
  gateway: string;
}

const CHINA_OFFSET_MS = 8 * 3600_000;

/** China time as Alipay writes it: "yyyy-MM-dd HH:mm:ss". */
export const chinaDateTime = (at: Date): string =>
  new Date(at.getTime() + CHINA_OFFSET_MS)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, '');

/** 1 → "0.01", 123456 → "1234.56": integer arithmetic only, never a float. */
export function yuanFromFen(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new Error(`not an amount in fen: ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

const YUAN = /^(0|[1-9]\d{0,12})(?:\.(\d{1,2}))?$/;

/** "12.3" → 1230, "0.01" → 1, "1000.00" → 100000; undefined for anything else ("1e3", "-1", "1.234", " 1"). */
export function fenFromYuan(yuan: string): number | undefined {
  const m = YUAN.exec(yuan);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * The string Alipay signs: the parameters sorted by key (code-unit order),
 * those in `exclude` and those with an empty value left out, joined as
 * k=v&k=v with the values as they are (decoded, never URL-encoded).
 */
export function alipaySignContent(params: Record<string, string | undefined>, exclude: readonly string[] = ['sign']): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** A form body (application/x-www-form-urlencoded) as one value per key; a repeated key is refused. */
function formParams(rawBody: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(rawBody)) {
    if (Object.hasOwn(params, k)) throw new GatewaySignatureError(`alipay notice repeats ${k}`);
    params[k] = v;
  }
  return params;
}

const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** SHA256withRSA check that answers false (never throws) for a malformed signature. */
function verifies(content: string, key: KeyObject, signature: string): boolean {
  try {
    return verify('sha256', Buffer.from(content, 'utf8'), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

export function createAlipayGateway(opts: AlipayOptions, deps: { now: () => Date }): PaymentGateway {
  const privateKey = createPrivateKey(opts.privateKey);
  const alipayKey = createPublicKey(opts.alipayPublicKey);

  return {
    name: 'alipay',

    async start(req: PaymentRequest) {
      if (!Number.isSafeInteger(req.amountFen) || req.amountFen < 1)
        throw new Error(`alipay: amount must be at least 1 fen (${req.amountFen})`);
      const bizContent = {
        out_trade_no: req.outTradeNo,
        total_amount: yuanFromFen(req.amountFen),
        subject: req.subject,
        product_code: 'FAST_INSTANT_TRADE_PAY',
        time_expire: chinaDateTime(req.expiresAt),
      };
      const params: Record<string, string> = {
        app_id: opts.appId,
        method: 'alipay.trade.page.pay',
        format: 'JSON',
        charset: 'utf-8',
        sign_type: 'RSA2',
        timestamp: chinaDateTime(deps.now()),
        version: '1.0',
        notify_url: req.notifyUrl,
        return_url: req.returnUrl,
        biz_content: JSON.stringify(bizContent),
      };
      params.sign = sign('sha256', Buffer.from(alipaySignContent(params), 'utf8'), privateKey).toString('base64');
      const query = Object.entries(params)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
        .join('&');
      return { kind: 'redirect', url: `${opts.gateway}?${query}` };
    },

    async verifyCallback(input: CallbackInput): Promise<PaymentNotice | null> {
      const params = formParams(input.rawBody);
      const signature = params.sign;
      if (!signature) throw new GatewaySignatureError('alipay notice has no sign');
      if (params.sign_type !== undefined && params.sign_type !== 'RSA2')
        throw new GatewaySignatureError(`alipay sign_type ${params.sign_type}`);
      const content = alipaySignContent(params, ['sign', 'sign_type']);
      if (!verifies(content, alipayKey, signature)) throw new GatewaySignatureError();
      if (params.app_id !== opts.appId) throw new GatewaySignatureError(`alipay notice is for app ${params.app_id ?? '(none)'}`);

      if (!PAID.has(params.trade_status ?? '')) return null;
      const amountFen = fenFromYuan(params.total_amount ?? '');
      if (amountFen === undefined || amountFen < 1) throw new Error(`alipay notice total_amount is malformed: ${params.total_amount}`);
      if (!params.out_trade_no || !params.trade_no) throw new Error('alipay notice lacks out_trade_no or trade_no');
      return { outTradeNo: params.out_trade_no, gatewayTradeNo: params.trade_no, amountFen };
    },

    /** Alipay stops retrying when the body is exactly "success". */
    ack: { status: 200, contentType: 'text/plain', body: 'success' },
  };
}
