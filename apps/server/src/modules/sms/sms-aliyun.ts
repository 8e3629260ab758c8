import { randomUUID } from 'node:crypto';
import type { Fetch } from '../../context.ts';
import type { SmsProvider } from '../../lib/sms-provider.ts';
import { hmac, rfc3986, sha256Hex, type SignedRequest } from './signed-request.ts';

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** Template of the phone-changed notice, with one ${phone} parameter. */
  noticeTemplateCode?: string;
  /** Template of order notices (ADR 0046), with one ${content} parameter. */
  orderTemplateCode?: string;
}

const HOST = 'dysmsapi.aliyuncs.com';

/**
 * Aliyun dysmsapi SendSms (2017-05-25) signed with ACS3-HMAC-SHA256: the
 * RPC parameters travel in the sorted, RFC 3986-encoded query; the body is empty.
 */
export function buildAliyunSendSms(
  cfg: AliyunSmsConfig,
  phone: string,
  code: string,
  at: { date: Date; nonce: string },
  template: { code: string; param: string } = { code: cfg.templateCode, param: 'code' },
): SignedRequest {
  const params: Record<string, string> = {
    PhoneNumbers: phone,
    SignName: cfg.signName,
    TemplateCode: template.code,
    TemplateParam: JSON.stringify({ [template.param]: code }),
  };
  const query = Object.keys(params)
    .sort()
    .map((k) => `${rfc3986(k)}=${rfc3986(params[k]!)}`)
    .join('&');
  const body = '';
  const headers: Record<string, string> = {
    host: HOST,
    'x-acs-action': 'SendSms',
    'x-acs-content-sha256': sha256Hex(body),
    'x-acs-date': at.date.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    'x-acs-signature-nonce': at.nonce,
    'x-acs-version': '2017-05-25',
  };
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]!.trim()}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = ['POST', '/', query, canonicalHeaders, signedHeaders, headers['x-acs-content-sha256']].join('\n');
  const stringToSign = `ACS3-HMAC-SHA256\n${sha256Hex(canonicalRequest)}`;
  const signature = hmac(cfg.accessKeySecret, stringToSign).toString('hex');
  headers.authorization = `ACS3-HMAC-SHA256 Credential=${cfg.accessKeyId},SignedHeaders=${signedHeaders},Signature=${signature}`;
  return { method: 'POST', url: `https://${HOST}/?${query}`, headers, body };
}

/** Sends through Aliyun; a reply other than Code "OK" is an error (its text goes to the outbox, not the user). */
export function aliyunSms(cfg: AliyunSmsConfig, fetch: Fetch): SmsProvider {
  const call = async (req: SignedRequest) => {
    const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
    const reply = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
    if (reply.Code !== 'OK') throw new Error(`aliyun SendSms ${res.status} ${reply.Code ?? ''} ${reply.Message ?? ''}`.trim());
  };
  return {
    name: 'aliyun',
    send: (phone, _purpose, code) => call(buildAliyunSendSms(cfg, phone, code, { date: new Date(), nonce: randomUUID() })),
    async notify(phone, notice) {
      const order = notice.kind === 'orderNotice';
      const code = order ? cfg.orderTemplateCode : cfg.noticeTemplateCode;
      if (!code) throw new Error(`${order ? 'ALIYUN_SMS_ORDER_TEMPLATE_CODE' : 'ALIYUN_SMS_NOTICE_TEMPLATE_CODE'} is not set`);
      await call(
        buildAliyunSendSms(
          cfg,
          phone,
          notice.param,
          { date: new Date(), nonce: randomUUID() },
          { code, param: order ? 'content' : 'phone' },
        ),
      );
    },
  };
}
