import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aliyunSms, buildAliyunSendSms } from './sms-aliyun.ts';
import { buildTencentSendSms, tencentSms } from './sms-tencent.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const mac = (k: string | Buffer, s: string) => createHmac('sha256', k).update(s).digest();

describe('Aliyun SendSms (ACS3-HMAC-SHA256)', () => {
  const cfg = { accessKeyId: 'LTAI5tEXAMPLE', accessKeySecret: 'secretEXAMPLE', signName: '研测', templateCode: 'SMS_123456789' };
  const req = buildAliyunSendSms(cfg, '13800138000', '042917', { date: new Date('2026-11-22T08:00:00.123Z'), nonce: 'nonce-1' });

  it('puts the RPC parameters in a sorted, RFC 3986-encoded query with an empty body', () => {
    expect(req.method).toBe('POST');
    expect(req.url).toBe(
      'https://dysmsapi.aliyuncs.com/?PhoneNumbers=13800138000&SignName=%E7%A0%94%E6%B5%8B&TemplateCode=SMS_123456789&TemplateParam=%7B%22code%22%3A%22042917%22%7D',
    );
    expect(req.body).toBe('');
    expect(req.headers).toMatchObject({
      host: 'dysmsapi.aliyuncs.com',
      'x-acs-action': 'SendSms',
      'x-acs-version': '2017-05-25',
      'x-acs-date': '2026-11-22T08:00:00Z',
      'x-acs-signature-nonce': 'nonce-1',
      'x-acs-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    });
  });

  it('signs the canonical request as the V3 spec spells it out', () => {
    const query = new URL(req.url).search.slice(1);
    const canonical = [
      'POST',
      '/',
      query,
      'host:dysmsapi.aliyuncs.com\nx-acs-action:SendSms\nx-acs-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\nx-acs-date:2026-11-22T08:00:00Z\nx-acs-signature-nonce:nonce-1\nx-acs-version:2017-05-25\n',
      'host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version',
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    ].join('\n');
    const signature = mac('secretEXAMPLE', `ACS3-HMAC-SHA256\n${sha(canonical)}`).toString('hex');
    expect(req.headers.authorization).toBe(
      `ACS3-HMAC-SHA256 Credential=LTAI5tEXAMPLE,SignedHeaders=host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version,Signature=${signature}`,
    );
  });

  it('reports a refusal as an error', async () => {
    const fetch = async () => Response.json({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发流控' });
    await expect(aliyunSms(cfg, fetch).send('13800138000', 0, '123456')).rejects.toThrow(/BUSINESS_LIMIT_CONTROL/);
    await expect(aliyunSms(cfg, async () => Response.json({ Code: 'OK' })).send('13800138000', 0, '123456')).resolves.toBeUndefined();
  });
});

describe('Tencent Cloud SendSms (TC3-HMAC-SHA256)', () => {
  const cfg = {
    secretId: 'AKIDEXAMPLE',
    secretKey: 'keyEXAMPLE',
    sdkAppId: '1400000000',
    signName: '研测',
    templateId: '449739',
    region: 'ap-guangzhou',
  };
  const req = buildTencentSendSms(cfg, '13800138000', '042917', { timestamp: 1795334400 });

  it('sends the JSON body with the action, version, region and timestamp headers', () => {
    expect(req.url).toBe('https://sms.tencentcloudapi.com/');
    expect(JSON.parse(req.body)).toEqual({
      PhoneNumberSet: ['+8613800138000'],
      SmsSdkAppId: '1400000000',
      SignName: '研测',
      TemplateId: '449739',
      TemplateParamSet: ['042917'],
    });
    expect(req.headers).toMatchObject({
      'x-tc-action': 'SendSms',
      'x-tc-version': '2021-01-11',
      'x-tc-region': 'ap-guangzhou',
      'x-tc-timestamp': '1795334400',
      'content-type': 'application/json; charset=utf-8',
    });
  });

  it('derives the signing key from date, service and tc3_request', () => {
    const date = '2026-11-22';
    const canonical = [
      'POST',
      '/',
      '',
      'content-type:application/json; charset=utf-8\nhost:sms.tencentcloudapi.com\nx-tc-action:sendsms\n',
      'content-type;host;x-tc-action',
      sha(req.body),
    ].join('\n');
    const toSign = ['TC3-HMAC-SHA256', '1795334400', `${date}/sms/tc3_request`, sha(canonical)].join('\n');
    const key = mac(mac(mac(`TC3keyEXAMPLE`, date), 'sms'), 'tc3_request');
    const signature = mac(key, toSign).toString('hex');
    expect(req.headers.authorization).toBe(
      `TC3-HMAC-SHA256 Credential=AKIDEXAMPLE/${date}/sms/tc3_request, SignedHeaders=content-type;host;x-tc-action, Signature=${signature}`,
    );
  });

  it('reports a refusal as an error', async () => {
    const refused = async () =>
      Response.json({ Response: { SendStatusSet: [{ Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: 'limit' }] } });
    await expect(tencentSms(cfg, refused).send('13800138000', 0, '1')).rejects.toThrow(/PhoneNumberDailyLimit/);
    const ok = async () => Response.json({ Response: { SendStatusSet: [{ Code: 'Ok', Message: 'send success' }] } });
    await expect(tencentSms(cfg, ok).send('13800138000', 0, '1')).resolves.toBeUndefined();
  });
});
