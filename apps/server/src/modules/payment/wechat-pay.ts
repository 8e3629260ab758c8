import { createDecipheriv, createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import type { Fetch } from '../../context.ts';
import { type CallbackInput, GatewaySignatureError, type PaymentGateway, type PaymentNotice, type PaymentRequest } from './gateway.ts';

/**
 * WeChat Pay API v3 (微信支付), Native payment: the order is created by a
 * signed POST and answers a code_url the payer scans. Requests are signed
 * SHA256withRSA with our merchant key; answers and callbacks are verified
 * with WeChat Pay's public key; the callback's resource is AES-256-GCM
 * encrypted with the API v3 key (ADR 0050).
 */
export interface WechatPayOptions {
  mchId: string;
  appId: string;
  /** Serial number of our merchant API certificate. */
  serialNo: string;
  /** Our merchant API private key, PEM. */
  privateKey: string;
  /** WeChat Pay's public key (or platform certificate), PEM. */
  platformPublicKey: string;
  /** What Wechatpay-Serial names that key by (PUB_KEY_ID_… or the certificate serial). */
  platformSerial: string;
  /** 32 bytes. */
  apiV3Key: string;
  /** e.g. https://api.mch.weixin.qq.com */
  base: string;
}

export interface WechatPayDeps {
  fetch: Fetch;
  now: () => Date;
  /** A fresh random string per request (32 characters of [0-9A-Za-z] is what the docs use). */
  nonce: () => string;
}

/** Callbacks signed more than this far from our clock are refused (a replayed capture). */
export const WECHAT_CALLBACK_WINDOW_SECONDS = 300;

const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
const TAG_BYTES = 16;

/** The request's string to sign: five lines, each ending in \n (the body's line is empty for a GET). */
export const wechatRequestMessage = (method: string, pathWithQuery: string, timestamp: string, nonce: string, body: string): string =>
  `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;

/** An answer's or a callback's string to verify: timestamp, nonce, body, each ending in \n. */
export const wechatResponseMessage = (timestamp: string, nonce: string, body: string): string => `${timestamp}\n${nonce}\n${body}\n`;

/** The Authorization header of one request. */
export function wechatAuthorization(
  key: KeyObject | string,
  who: { mchId: string; serialNo: string },
  req: { method: string; pathWithQuery: string; timestamp: string; nonce: string; body: string },
): string {
  const message = wechatRequestMessage(req.method, req.pathWithQuery, req.timestamp, req.nonce, req.body);
  const signature = sign('sha256', Buffer.from(message, 'utf8'), key).toString('base64');
  return `${AUTH_SCHEMA} mchid="${who.mchId}",nonce_str="${req.nonce}",signature="${signature}",timestamp="${req.timestamp}",serial_no="${who.serialNo}"`;
}

/** AEAD_AES_256_GCM: the ciphertext is base64 of the encrypted bytes followed by the 16-byte tag. Throws when it does not authenticate. */
export function decryptWechatResource(apiV3Key: string, resource: { nonce: string; associated_data?: string; ciphertext: string }): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= TAG_BYTES) throw new GatewaySignatureError('wechat pay resource is too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new GatewaySignatureError('wechat pay resource does not decrypt');
  }
}

/** 2026-11-25T16:13:39+08:00 (RFC 3339 in China time, as WeChat Pay writes it). */
export const chinaRfc3339 = (at: Date): string => `${new Date(at.getTime() + 8 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '')}+08:00`;

interface Transaction {
  appid?: unknown;
  mchid?: unknown;
  out_trade_no?: unknown;
  transaction_id?: unknown;
  trade_state?: unknown;
  amount?: { total?: unknown; currency?: unknown };
}

/** SHA256withRSA check that answers false (never throws) for a malformed signature. */
function verifies(message: string, key: KeyObject, signature: string): boolean {
  try {
    return verify('sha256', Buffer.from(message, 'utf8'), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

const header = (headers: Record<string, string | undefined> | Headers, name: string): string | undefined =>
  headers instanceof Headers ? (headers.get(name) ?? undefined) : headers[name];

export function createWechatPayGateway(opts: WechatPayOptions, deps: WechatPayDeps): PaymentGateway {
  if (Buffer.byteLength(opts.apiV3Key, 'utf8') !== 32) throw new Error('WeChat Pay API v3 key must be 32 bytes');
  const privateKey = createPrivateKey(opts.privateKey);
  const platformKey = createPublicKey(opts.platformPublicKey);
  const base = opts.base.replace(/\/+$/, '');

  /** Verifies the Wechatpay-* signature headers over the body; the serial must name the key we hold. */
  function verifySigned(headers: Record<string, string | undefined> | Headers, body: string, what: string): string {
    const timestamp = header(headers, 'wechatpay-timestamp');
    const nonce = header(headers, 'wechatpay-nonce');
    const signature = header(headers, 'wechatpay-signature');
    const serial = header(headers, 'wechatpay-serial');
    if (!timestamp || !nonce || !signature || !serial) throw new GatewaySignatureError(`${what} lacks its signature headers`);
    if (serial !== opts.platformSerial) throw new GatewaySignatureError(`${what} is signed by ${serial}, not ${opts.platformSerial}`);
    if (!/^\d{1,12}$/.test(timestamp)) throw new GatewaySignatureError(`${what} has a malformed timestamp`);
    const message = wechatResponseMessage(timestamp, nonce, body);
    if (!verifies(message, platformKey, signature)) throw new GatewaySignatureError(`${what} signature does not verify`);
    return timestamp;
  }

  return {
    name: 'wechat',

    async start(req: PaymentRequest) {
      if (!Number.isSafeInteger(req.amountFen) || req.amountFen < 1)
        throw new Error(`wechat pay: amount must be at least 1 fen (${req.amountFen})`);
      const url = `${base}/v3/pay/transactions/native`;
      const u = new URL(url);
      const body = JSON.stringify({
        appid: opts.appId,
        mchid: opts.mchId,
        description: req.subject,
        out_trade_no: req.outTradeNo,
        time_expire: chinaRfc3339(req.expiresAt),
        notify_url: req.notifyUrl,
        amount: { total: req.amountFen, currency: 'CNY' },
      });
      const authorization = wechatAuthorization(
        privateKey,
        { mchId: opts.mchId, serialNo: opts.serialNo },
        {
          method: 'POST',
          pathWithQuery: `${u.pathname}${u.search}`,
          timestamp: String(Math.floor(deps.now().getTime() / 1000)),
          nonce: deps.nonce(),
          body,
        },
      );
      const res = await deps.fetch(url, {
        method: 'POST',
        headers: {
          authorization,
          accept: 'application/json',
          'content-type': 'application/json',
          'user-agent': 'yance-server',
        },
        body,
      });
      const text = await res.text();
      if (!res.ok) {
        const reply = (() => {
          try {
            return JSON.parse(text) as { code?: string; message?: string };
          } catch {
            return {};
          }
        })();
        throw new Error(`wechat pay native ${res.status} ${reply.code ?? ''} ${reply.message ?? ''}`.trim());
      }
      // A 2xx answer without a valid signature is forged or altered (the docs say so).
      verifySigned(res.headers, text, 'wechat pay answer');
      const codeUrl = (JSON.parse(text) as { code_url?: unknown }).code_url;
      if (typeof codeUrl !== 'string' || !codeUrl) throw new Error('wechat pay native answered no code_url');
      return { kind: 'qr', codeUrl };
    },

    async verifyCallback(input: CallbackInput): Promise<PaymentNotice | null> {
      const timestamp = verifySigned(input.headers, input.rawBody, 'wechat pay callback');
      const skew = Math.abs(Math.floor(deps.now().getTime() / 1000) - Number(timestamp));
      if (skew > WECHAT_CALLBACK_WINDOW_SECONDS) throw new GatewaySignatureError(`wechat pay callback is ${skew} s from our clock`);

      let resource: { algorithm?: unknown; nonce?: unknown; associated_data?: unknown; ciphertext?: unknown } | undefined;
      try {
        resource = (JSON.parse(input.rawBody) as { resource?: typeof resource }).resource;
      } catch {
        throw new GatewaySignatureError('wechat pay callback is not JSON');
      }
      if (
        !resource ||
        resource.algorithm !== 'AEAD_AES_256_GCM' ||
        typeof resource.nonce !== 'string' ||
        typeof resource.ciphertext !== 'string' ||
        (resource.associated_data !== undefined && typeof resource.associated_data !== 'string')
      )
        throw new GatewaySignatureError('wechat pay callback has no AEAD_AES_256_GCM resource');
      const plain = decryptWechatResource(opts.apiV3Key, {
        nonce: resource.nonce,
        ciphertext: resource.ciphertext,
        associated_data: resource.associated_data as string | undefined,
      });
      let trade: Transaction;
      try {
        trade = JSON.parse(plain) as Transaction;
      } catch {
        throw new GatewaySignatureError('wechat pay resource is not JSON');
      }
      if (trade.mchid !== opts.mchId || trade.appid !== opts.appId)
        throw new GatewaySignatureError(`wechat pay callback is for ${String(trade.mchid)}/${String(trade.appid)}`);

      if (trade.trade_state !== 'SUCCESS') return null;
      const total = trade.amount?.total;
      if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < 1)
        throw new Error(`wechat pay callback amount.total is malformed: ${String(total)}`);
      if (trade.amount?.currency !== undefined && trade.amount.currency !== 'CNY')
        throw new Error(`wechat pay callback currency ${String(trade.amount.currency)}`);
      if (
        typeof trade.out_trade_no !== 'string' ||
        !trade.out_trade_no ||
        typeof trade.transaction_id !== 'string' ||
        !trade.transaction_id
      )
        throw new Error('wechat pay callback lacks out_trade_no or transaction_id');
      return { outTradeNo: trade.out_trade_no, gatewayTradeNo: trade.transaction_id, amountFen: total };
    },

    ack: { status: 200, contentType: 'application/json', body: JSON.stringify({ code: 'SUCCESS', message: '成功' }) },
  };
}
