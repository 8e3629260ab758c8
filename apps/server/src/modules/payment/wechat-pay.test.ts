import { createCipheriv, generateKeyPairSync, type KeyObject, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GatewaySignatureError, type PaymentRequest } from './gateway.ts';
import {
  chinaRfc3339,
  createWechatPayGateway,
  decryptWechatResource,
  type WechatPayOptions,
  wechatAuthorization,
  wechatRequestMessage,
  wechatResponseMessage,
} from './wechat-pay.ts';

/**
 * The test merchant key that WeChat Pay publishes in its signing guide
 * (签名生成 › 请求参数里带Body参数，如何计算签名: "apiclient_test_key.pem",
 * 商户号 1900007291, 证书序列号 408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB).
 * It is documentation data, not a credential of ours.
 */
const DOC_TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQCm2mb6q8gMKH/3
CNTbpJAIrbqiBiQGEOtjGcBrDYltsGynWgNscqT7WvfzU14FQbYcQUC5T4Wvva7m
i3fIp3OgX8VqMDNA0qebnr38Pe6kqiLyZgFpJPXlSKDyPyqhRbVTbXssvSMQeVKc
dXeVxoNNeoOlNFHgF/P0io6AmAVnz+hN8SiZKuOsth5/zUTLGvtkgxBcQooQrtXh
RcpLT798OyIb9xeJ2HO3xRtMv2+perEzb4gMibI74UBz+2QEbnkubPE+2jU2rRZu
dnNEz/BPOt3Qj/w2V6/G0VumGDh6+UeMU0jv4aupHztWITC4Akn0l7lBCNy3lgl8
VFaJnkIxAgMBAAECggEAYGL8aESB7NwciDWW2UdoWUsa7GxFtSdjAz2mFXGdeTsY
mVh7b9OOkRGM+Qio4LqEHDBp1mMk5E/cUJwy1zw8pGGO5nfvs7u9TT3XnHaefIs4
YvUgTYAneIuLRkXNN5rQU+CD7mVYczTSz0Vgjqo9wa1LjUz7G0xbBmJgTdMEFGJs
eJjy6AbJo0CGIwp6HJbTm4CmOUgXnnDAIbEGTIRImkZFH/rzneIeR7oZ77FVwxr1
CZB2gfRCov/yRPbw8vnryYkmvQ7D/ze3j5097vRg/MoDGBSdoOwcmo75vyofr0AS
zytMjmHYyifqkf5slPropSiJeGf4p/7gtKyF6dE/XQKBgQDVAlJ+4U5ZVGOuDc3+
sAhz8CTzgFNlq9vKuSoFK6hOz2L+cwj+E7NXGkOe2DsHHZNy2Xqxk7caKhPEp1z9
hhpMpyLVMoFt6CKemyoRBWDCQwLLwem9SZF/IAyovBkLiH36P42Jm26gUkNMKC/5
Zhtqxf6RZgRQzbVudJi47vIRCwKBgQDIh0+v27Oo+DM3fhObH4I1NrXpWOEGH7OQ
G1dEsMuFYF4hjGhg0kBEP3w9vVdl2+mRllZKTsx9oqjb8OibPLLIH8xsdbAB0WLf
JvjLu4wl/ILUzN1RI03dWnnv2EnEeQn6c3hizvrJ9wR5U4ue9RPVnQooJ0hZF1PU
uCL5fWK3MwKBgElReU/PAYbh80WP3t3Rfbdaa32dKBeQ5iCLR5lsA4zM+YgX1HqQ
EWTj126vgvHaDkyz6vWAoL/Sx+cirHFfXWIRDX5Q2hgYlQH+6qXdMgbrxeSYpHnQ
/tHBGFpkFELSAnrGsVMyOwvYBO4LzyeLK9i+ufcWJFoj1FVmsMLHDG8tAoGARdbi
iQQCoYG4DMarO2aQ6cmhN6EN1h0qY7EyBqlwaIZ0okiNfdMcMOjPc41DKCWcRmlO
qlihXcxN9TQFPzO3rH1urAOdBjUPs1qWYhZyrDQyuLyVBBJApyxAtajloDjrob+f
mQIvVDHk7ACN6xG+E7K6+9salnTKbJapD618uQMCgYBNy6XUvzLkP/A1U/UZdtcx
l8GwU/dturLxz4CyGbqDw4ubaYY2e13lnqHUqQgPtiSyH51nq3tdo8G0YAJdfkSv
KvnfslW91fyEBUKnkdW1o3/1UFU/wprZ7ixVL/F42A4xDu7OFE8EnweJOZ0jWceE
OdhCkaIGBCfRnlECRK8UyQ==
-----END PRIVATE KEY-----`;
const DOC_MCHID = '1900007291';
const DOC_SERIAL = '408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB';
const DOC_TIMESTAMP = '1554208460';
const DOC_NONCE = '593BEC0C930BF1AFEB40B4A08C8FB242';

const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
/** Our merchant key pair (we sign requests) and the platform's (WeChat Pay signs answers and callbacks). */
const merchant = pair();
const platform = pair();
const stranger = pair();

const NOW = new Date('2026-11-25T08:13:39Z');
const NOW_S = Math.floor(NOW.getTime() / 1000);
const API_V3_KEY = 'a7cde1ABCDE1abcde1ABCDE1abcde1AB';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0119000072912026112500111111111111';

const options: WechatPayOptions = {
  mchId: DOC_MCHID,
  appId: 'wxd678efh567hg6787',
  serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  privateKey: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  platformPublicKey: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  platformSerial: PLATFORM_SERIAL,
  apiV3Key: API_V3_KEY,
  base: 'https://api.mch.weixin.qq.com',
};

type Call = { url: string; init: RequestInit };
function gatewayWith(reply: (call: Call) => Response, over: Partial<WechatPayOptions> = {}) {
  const calls: Call[] = [];
  const gateway = createWechatPayGateway(
    { ...options, ...over },
    {
      fetch: async (url, init = {}) => {
        const call = { url, init };
        calls.push(call);
        return reply(call);
      },
      now: () => NOW,
      nonce: () => 'Wm9mR0x5QkNrTnJhcTdHS1pYdzNtSGVG',
    },
  );
  return { gateway, calls };
}

/** Plays WeChat Pay: the Wechatpay-* headers of an answer or callback. */
function signedHeaders(
  body: string,
  at: { timestamp?: number; nonce?: string; key?: KeyObject; serial?: string } = {},
): Record<string, string> {
  const timestamp = String(at.timestamp ?? NOW_S);
  const nonce = at.nonce ?? 'c5ac7061fccab6bf3e254dcf98995b8c';
  const signature = sign('sha256', Buffer.from(wechatResponseMessage(timestamp, nonce, body), 'utf8'), at.key ?? platform.privateKey);
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signature.toString('base64'),
    'wechatpay-serial': at.serial ?? PLATFORM_SERIAL,
  };
}

/** AEAD_AES_256_GCM as WeChat Pay encrypts a callback's resource: base64(ciphertext ‖ 16-byte tag). */
function encrypt(plain: string, key = API_V3_KEY, nonce = 'fdasflkja484', aad = 'transaction') {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext: data.toString('base64'), associated_data: aad, nonce };
}

/** The documented 支付成功结果通知 transaction, paid for our trade. */
const transaction = (over: Record<string, unknown> = {}) => ({
  mchid: DOC_MCHID,
  appid: 'wxd678efh567hg6787',
  out_trade_no: 'PS20261125000001',
  transaction_id: '1217752501201407033233368018',
  trade_type: 'NATIVE',
  trade_state: 'SUCCESS',
  trade_state_desc: '支付成功',
  bank_type: 'CMC',
  attach: '',
  success_time: '2026-11-25T16:15:02+08:00',
  payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
  amount: { total: 100, payer_total: 100, currency: 'CNY', payer_currency: 'CNY' },
  ...over,
});

/** The documented notification envelope around an encrypted resource, serialised as WeChat Pay sends it. */
const envelope = (resource: object) =>
  JSON.stringify({
    id: 'EV-2018022511223320873',
    create_time: '2026-11-25T16:15:03+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource,
  });

describe('WeChat Pay request signature (the documented examples)', () => {
  it('builds the five-line string to sign', () => {
    expect(wechatRequestMessage('GET', '/v3/certificates', DOC_TIMESTAMP, DOC_NONCE, '')).toBe(
      'GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n',
    );
  });

  it('signs the JSAPI order of the guide with its test key to the documented Authorization', () => {
    const body =
      '{"appid":"wxd678efh567hg6787","mchid":"1900007291","description":"Image形象店-深圳腾大-QQ公仔",' +
      '"out_trade_no":"1217752501201407033233368018","notify_url":"https://www.weixin.qq.com/wxpay/pay.php",' +
      '"amount":{"total":100,"currency":"CNY"},"payer":{"openid":"oUpF8uMuAJO_M2pxb1Q9zNjWeS6o"}}';
    const authorization = wechatAuthorization(
      DOC_TEST_KEY,
      { mchId: DOC_MCHID, serialNo: DOC_SERIAL },
      { method: 'POST', pathWithQuery: '/v3/pay/transactions/jsapi', timestamp: DOC_TIMESTAMP, nonce: DOC_NONCE, body },
    );
    expect(authorization).toBe(
      'WECHATPAY2-SHA256-RSA2048 mchid="1900007291",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",' +
        'signature="jnks4dlrPw3ZX+ozVvSK39oa0t7OMBsg83BHAwd8BRdUFiVaQNTLTvci+wURgP1OQBbKYhFGvt7iqYpDSTQkp7Uq1sltaQKyncCyrA1g88m5bsKERQfPyT0ahSwKTYJ1CAn9QiJuSJRq1QsQs07eehbU/k9BCS51jTyc1Jpsi2H77HF9f/BnjXAOP3/sPObg6V5Ee4EzwLox684hhuMuIwHo7D8KFk3LIHOKDcNI4It1aCXydFWNpNK+SG86VUDe5kwoDpw4Ulqfu9z8OFDGbDs9TCxEv8iqQzbpxOlEVoOe2kalSYM5kApQb3nZcxdUtoE0liJGW3RGUNE0t4v01A==",' +
        'timestamp="1554208460",serial_no="408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB"',
    );
  });

  it('signs the bodiless GET of the guide to the documented signature', () => {
    const authorization = wechatAuthorization(
      DOC_TEST_KEY,
      { mchId: DOC_MCHID, serialNo: DOC_SERIAL },
      { method: 'GET', pathWithQuery: '/v3/refund/domestic/refunds/123123123123', timestamp: DOC_TIMESTAMP, nonce: DOC_NONCE, body: '' },
    );
    expect(authorization).toContain(
      'signature="Lc9VXxmeonkdV8Xk9tmigQFLhl0vRWTerdmoRu01aAnYwIrD/5nsSwE1WlmZGLRlAFTNQ3QsMa0+VRDlJp1Wp5p0nO8EK68b5sJBbjouxaFciIfq1zfDWWz+jqhcMoKXI1A6dPm1AW7D4d30WsMTNzp6g23OXakIsh9LO3lUmwvTuE0BY8ncf6tNGk4wKmvXwERd/ZpoQY3MAVKz+Nakwc+2XBmzT66KcUehU5kr4IvGa/lEU5RZb/q00zP9VLdBhC/jQSX3X1UcJLCtEc4gTmib4tnmAT+bHF/e17ZAuxDNcx6rqT8gNEXqaJGG+1OflMSTU2tpyG65G4dMKdFcoA=="',
    );
  });
});

describe('WeChat Pay Native order (start)', () => {
  const req: PaymentRequest = {
    outTradeNo: 'PS20261125000001',
    amountFen: 123456,
    subject: '研测预存充值',
    notifyUrl: 'https://www.example.cn/api/open/pay/wechat/notify',
    returnUrl: 'https://www.example.cn/member/prestore',
    expiresAt: new Date('2026-11-25T08:43:39Z'),
  };
  const answer = JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz' });

  it('POSTs the order with a correctly signed Authorization header and answers the code to scan', async () => {
    const { gateway, calls } = gatewayWith(() => new Response(answer, { status: 200, headers: signedHeaders(answer) }));
    await expect(gateway.start(req)).resolves.toEqual({ kind: 'qr', codeUrl: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz' });

    expect(calls).toHaveLength(1);
    const { url, init } = calls[0]!;
    expect(url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/native');
    expect(init.method).toBe('POST');
    const headers = init.headers as Record<string, string>;
    expect(headers).toMatchObject({ accept: 'application/json', 'content-type': 'application/json' });
    expect(headers['user-agent']).toBeTruthy();
    const body = init.body as string;
    expect(JSON.parse(body)).toEqual({
      appid: 'wxd678efh567hg6787',
      mchid: DOC_MCHID,
      description: '研测预存充值',
      out_trade_no: 'PS20261125000001',
      time_expire: '2026-11-25T16:43:39+08:00',
      notify_url: 'https://www.example.cn/api/open/pay/wechat/notify',
      amount: { total: 123456, currency: 'CNY' },
    });

    const m =
      /^WECHATPAY2-SHA256-RSA2048 mchid="(\d+)",nonce_str="(\w+)",signature="([A-Za-z0-9+/=]+)",timestamp="(\d+)",serial_no="(\w+)"$/.exec(
        headers.authorization!,
      );
    expect(m).not.toBeNull();
    const [, mchid, nonce, signature, timestamp, serial] = m!;
    expect({ mchid, nonce, timestamp, serial }).toEqual({
      mchid: DOC_MCHID,
      nonce: 'Wm9mR0x5QkNrTnJhcTdHS1pYdzNtSGVG',
      timestamp: String(NOW_S),
      serial: options.serialNo,
    });
    // What WeChat Pay checks: our signature over the exact bytes it received.
    const message = `POST\n/v3/pay/transactions/native\n${NOW_S}\nWm9mR0x5QkNrTnJhcTdHS1pYdzNtSGVG\n${body}\n`;
    expect(verify('sha256', Buffer.from(message, 'utf8'), merchant.publicKey, Buffer.from(signature!, 'base64'))).toBe(true);
  });

  it('signs the path of the configured base (a failover domain or a stand-in with a prefix)', async () => {
    const { gateway, calls } = gatewayWith(() => new Response(answer, { status: 200, headers: signedHeaders(answer) }), {
      base: 'http://127.0.0.1:4010/wxpay/',
    });
    await gateway.start(req);
    const { url, init } = calls[0]!;
    expect(url).toBe('http://127.0.0.1:4010/wxpay/v3/pay/transactions/native');
    const signature = /signature="([^"]+)"/.exec((init.headers as Record<string, string>).authorization!)![1]!;
    const message = `POST\n/wxpay/v3/pay/transactions/native\n${NOW_S}\nWm9mR0x5QkNrTnJhcTdHS1pYdzNtSGVG\n${init.body as string}\n`;
    expect(verify('sha256', Buffer.from(message, 'utf8'), merchant.publicKey, Buffer.from(signature, 'base64'))).toBe(true);
  });

  it('refuses a 2xx answer that is unsigned, signed by another key, altered, or from another serial', async () => {
    const cases: Response[] = [
      new Response(answer, { status: 200 }),
      new Response(answer, { status: 200, headers: signedHeaders(answer, { key: stranger.privateKey }) }),
      new Response(answer.replace('p4lpSuKzz', 'attacker'), { status: 200, headers: signedHeaders(answer) }),
      new Response(answer, { status: 200, headers: signedHeaders(answer, { serial: 'PUB_KEY_ID_OTHER' }) }),
    ];
    for (const res of cases) {
      const { gateway } = gatewayWith(() => res);
      await expect(gateway.start(req)).rejects.toBeInstanceOf(GatewaySignatureError);
    }
  });

  it('reports a refusal with the gateway’s code and message', async () => {
    const refusal = JSON.stringify({ code: 'PARAM_ERROR', message: '参数错误' });
    const { gateway } = gatewayWith(() => new Response(refusal, { status: 400, headers: signedHeaders(refusal) }));
    await expect(gateway.start(req)).rejects.toThrow('wechat pay native 400 PARAM_ERROR 参数错误');
    const { gateway: down } = gatewayWith(() => new Response('<html>502</html>', { status: 502 }));
    await expect(down.start(req)).rejects.toThrow('wechat pay native 502');
  });

  it('refuses an amount that is not a positive whole number of fen, without calling', async () => {
    const { gateway, calls } = gatewayWith(() => new Response(answer));
    await expect(gateway.start({ ...req, amountFen: 0 })).rejects.toThrow(/at least 1 fen/);
    expect(calls).toHaveLength(0);
  });

  it('writes time_expire as RFC 3339 in China time', () => {
    expect(chinaRfc3339(new Date('2026-12-31T16:30:00Z'))).toBe('2027-01-01T00:30:00+08:00');
  });
});

describe('WeChat Pay resource decryption', () => {
  it('decrypts an AEAD_AES_256_GCM resource encrypted with the API v3 key', () => {
    const plain = JSON.stringify(transaction());
    expect(decryptWechatResource(API_V3_KEY, encrypt(plain))).toBe(plain);
    expect(decryptWechatResource(API_V3_KEY, encrypt(plain, API_V3_KEY, 'fdasflkja484', ''))).toBe(plain);
  });

  it('refuses another key, other associated data, a changed byte or a cut tag', () => {
    const resource = encrypt('{"trade_state":"SUCCESS"}');
    expect(() => decryptWechatResource('B'.repeat(32), resource)).toThrow(GatewaySignatureError);
    expect(() => decryptWechatResource(API_V3_KEY, { ...resource, associated_data: 'refund' })).toThrow(GatewaySignatureError);
    const bytes = Buffer.from(resource.ciphertext, 'base64');
    bytes[0]! ^= 1;
    expect(() => decryptWechatResource(API_V3_KEY, { ...resource, ciphertext: bytes.toString('base64') })).toThrow(GatewaySignatureError);
    expect(() => decryptWechatResource(API_V3_KEY, { ...resource, ciphertext: bytes.subarray(0, 16).toString('base64') })).toThrow(
      GatewaySignatureError,
    );
  });
});

describe('WeChat Pay callback (verifyCallback)', () => {
  const { gateway } = gatewayWith(() => new Response(null, { status: 500 }));
  const body = envelope(encrypt(JSON.stringify(transaction())));
  const callback = (rawBody: string, headers: Record<string, string | undefined> = signedHeaders(rawBody)) =>
    gateway.verifyCallback({ headers: { 'content-type': 'application/json', ...headers }, rawBody });

  it('verifies, decrypts and reads a paid transaction', async () => {
    await expect(callback(body)).resolves.toEqual({
      outTradeNo: 'PS20261125000001',
      gatewayTradeNo: '1217752501201407033233368018',
      amountFen: 100,
    });
  });

  it('answers no payment for a genuine notice of a trade that is not SUCCESS', async () => {
    await expect(callback(envelope(encrypt(JSON.stringify(transaction({ trade_state: 'CLOSED' })))))).resolves.toBeNull();
  });

  it('refuses a tampered body (the signature covers the exact bytes)', async () => {
    const headers = signedHeaders(body);
    await expect(callback(body.replace('支付成功', '支付成功 '), headers)).rejects.toBeInstanceOf(GatewaySignatureError);
    await expect(callback(`${body}\n`, headers)).rejects.toBeInstanceOf(GatewaySignatureError);
  });

  it('refuses a callback signed with another key, or naming another key', async () => {
    await expect(callback(body, signedHeaders(body, { key: stranger.privateKey }))).rejects.toThrow(/does not verify/);
    await expect(callback(body, signedHeaders(body, { serial: 'PUB_KEY_ID_OTHER' }))).rejects.toThrow(/signed by PUB_KEY_ID_OTHER/);
  });

  it('refuses a callback without one of its signature headers', async () => {
    for (const name of ['wechatpay-timestamp', 'wechatpay-nonce', 'wechatpay-signature', 'wechatpay-serial']) {
      const headers: Record<string, string | undefined> = { ...signedHeaders(body), [name]: undefined };
      await expect(callback(body, headers), name).rejects.toThrow(/lacks its signature headers/);
    }
  });

  it('refuses a stale or future timestamp (a replay), and accepts one within five minutes', async () => {
    await expect(callback(body, signedHeaders(body, { timestamp: NOW_S - 301 }))).rejects.toThrow(/301 s from our clock/);
    await expect(callback(body, signedHeaders(body, { timestamp: NOW_S + 301 }))).rejects.toThrow(/from our clock/);
    await expect(callback(body, signedHeaders(body, { timestamp: NOW_S - 300 }))).resolves.toMatchObject({ amountFen: 100 });
    await expect(callback(body, signedHeaders(body, { timestamp: NOW_S + 60 }))).resolves.toMatchObject({ amountFen: 100 });
  });

  it('refuses a signed callback whose resource does not decrypt with our API v3 key', async () => {
    const foreign = envelope(encrypt(JSON.stringify(transaction()), 'C'.repeat(32)));
    await expect(callback(foreign)).rejects.toThrow(/does not decrypt/);
    const plain = JSON.stringify({ id: 'EV-1', resource: { algorithm: 'NONE', ciphertext: 'x', nonce: 'y' } });
    await expect(callback(plain)).rejects.toThrow(/no AEAD_AES_256_GCM resource/);
  });

  it('refuses a genuine transaction of another merchant or application', async () => {
    await expect(callback(envelope(encrypt(JSON.stringify(transaction({ mchid: '1230000109' })))))).rejects.toThrow(/is for 1230000109/);
    await expect(callback(envelope(encrypt(JSON.stringify(transaction({ appid: 'wx0000000000000000' })))))).rejects.toThrow(
      /wx0000000000000000/,
    );
  });

  it('refuses a paid transaction whose amount is not whole fen in CNY', async () => {
    for (const amount of [
      { total: 1.5, currency: 'CNY' },
      { total: '100', currency: 'CNY' },
      { total: 0 },
      { total: 100, currency: 'USD' },
    ])
      await expect(callback(envelope(encrypt(JSON.stringify(transaction({ amount }))))), JSON.stringify(amount)).rejects.toThrow(
        /amount.total is malformed|currency USD/,
      );
  });

  it('answers SUCCESS as JSON', () => {
    expect(gateway.ack).toEqual({ status: 200, contentType: 'application/json', body: '{"code":"SUCCESS","message":"成功"}' });
  });

  it('refuses an API v3 key that is not 32 bytes', () => {
    expect(() => gatewayWith(() => new Response(), { apiV3Key: 'short' })).toThrow(/32 bytes/);
  });
});
