import type { Fetch } from '../../context.ts';
import type { SmsProvider } from '../../lib/sms-provider.ts';
import { e164, hmac, sha256Hex, type SignedRequest } from './signed-request.ts';

export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  region: string;
  /** Template of the phone-changed notice, with one parameter {1} (the new phone's last four digits). */
  noticeTemplateId?: string;
  /** Template of order notices (ADR 0046), with one parameter {1}: the notice's text. */
  orderTemplateId?: string;
}

const HOST = 'sms.tencentcloudapi.com';
const SERVICE = 'sms';

/** Tencent Cloud SMS SendSms (2021-01-11) signed with TC3-HMAC-SHA256 (JSON body, signed content-type, host and action). */
export function buildTencentSendSms(
  cfg: TencentSmsConfig,
  phone: string,
  code: string,
  at: { timestamp: number },
  templateId = cfg.templateId,
): SignedRequest {
  const body = JSON.stringify({
    PhoneNumberSet: [e164(phone)],
    SmsSdkAppId: cfg.sdkAppId,
    SignName: cfg.signName,
    TemplateId: templateId,
    TemplateParamSet: [code],
  });
  const contentType = 'application/json; charset=utf-8';
  const action = 'SendSms';
  const date = new Date(at.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host;x-tc-action';
  const canonicalHeaders = `content-type:${contentType}\nhost:${HOST}\nx-tc-action:${action.toLowerCase()}\n`;
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256Hex(body)].join('\n');
  const scope = `${date}/${SERVICE}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(at.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const secretDate = hmac(`TC3${cfg.secretKey}`, date);
  const secretSigning = hmac(hmac(secretDate, SERVICE), 'tc3_request');
  const signature = hmac(secretSigning, stringToSign).toString('hex');
  return {
    method: 'POST',
    url: `https://${HOST}/`,
    headers: {
      authorization: `TC3-HMAC-SHA256 Credential=${cfg.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
      'content-type': contentType,
      host: HOST,
      'x-tc-action': action,
      'x-tc-timestamp': String(at.timestamp),
      'x-tc-version': '2021-01-11',
      'x-tc-region': cfg.region,
    },
    body,
  };
}

type TencentReply = { Response?: { Error?: { Code: string; Message: string }; SendStatusSet?: { Code: string; Message: string }[] } };

/** Sends through Tencent Cloud; an Error or a status other than "Ok" is an error. */
export function tencentSms(cfg: TencentSmsConfig, fetch: Fetch): SmsProvider {
  const call = async (req: SignedRequest) => {
    const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
    const reply = ((await res.json().catch(() => ({}))) as TencentReply).Response;
    const status = reply?.SendStatusSet?.[0];
    if (reply?.Error || status?.Code !== 'Ok') {
      const why = reply?.Error ?? status;
      throw new Error(`tencent SendSms ${res.status} ${why?.Code ?? ''} ${why?.Message ?? ''}`.trim());
    }
  };
  const now = () => ({ timestamp: Math.floor(Date.now() / 1000) });
  return {
    name: 'tencent',
    send: (phone, _purpose, code) => call(buildTencentSendSms(cfg, phone, code, now())),
    async notify(phone, notice) {
      const order = notice.kind === 'orderNotice';
      const id = order ? cfg.orderTemplateId : cfg.noticeTemplateId;
      if (!id) throw new Error(`${order ? 'TENCENT_SMS_ORDER_TEMPLATE_ID' : 'TENCENT_SMS_NOTICE_TEMPLATE_ID'} is not set`);
      await call(buildTencentSendSms(cfg, phone, notice.param, now(), id));
    },
  };
}
