import { generateKeyPairSync, type KeyObject, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { alipaySignContent, chinaDateTime, createAlipayGateway, fenFromYuan, yuanFromFen } from './alipay.ts';
import { GatewaySignatureError, type PaymentRequest } from './gateway.ts';

const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
/** Our application key pair (we sign requests) and Alipay's (Alipay signs notices). */
const app = pair();
const alipay = pair();
const stranger = pair();
const pem = (key: KeyObject, type: 'pkcs8' | 'pkcs1' | 'spki') => key.export({ type, format: 'pem' }).toString();

const APP_ID = '2021004112345678';
const NOW = new Date('2026-11-25T08:13:39Z'); // 16:13:39 in China

const gateway = createAlipayGateway(
  {
    appId: APP_ID,
    privateKey: pem(app.privateKey, 'pkcs8'),
    alipayPublicKey: pem(alipay.publicKey, 'spki'),
    gateway: 'https://openapi.alipay.com/gateway.do',
  },
  { now: () => NOW },
);

/**
 * The asynchronous notice of Alipay's documentation (异步通知 › 验签), with
 * our app_id and trade number in place of the example's; Alipay posts it as
 * an application/x-www-form-urlencoded body.
 */
const docNotice = (over: Record<string, string> = {}): Record<string, string> => ({
  total_amount: '2.00',
  buyer_id: '2088102116773037',
  body: '大乐透2.1',
  trade_no: '2016071921001003030200089909',
  refund_fee: '0.00',
  notify_time: '2016-07-19 14:10:49',
  subject: '大乐透2.1',
  charset: 'utf-8',
  notify_type: 'trade_status_sync',
  out_trade_no: 'PS20261125000001',
  gmt_close: '2016-07-19 14:10:46',
  gmt_payment: '2016-07-19 14:10:47',
  trade_status: 'TRADE_SUCCESS',
  version: '1.0',
  gmt_create: '2016-07-19 14:10:44',
  app_id: APP_ID,
  seller_id: '2088102119685838',
  notify_id: '4a91b7a78a503640467525113fb7d8bg8e',
  ...over,
});

/** Plays Alipay: signs the parameters (without sign and sign_type) and encodes the form. */
function signedBody(params: Record<string, string>, key: KeyObject = alipay.privateKey): string {
  const content = alipaySignContent(params, ['sign', 'sign_type']);
  const signature = sign('sha256', Buffer.from(content, 'utf8'), key).toString('base64');
  return new URLSearchParams({ ...params, sign_type: 'RSA2', sign: signature }).toString();
}

const callback = (rawBody: string) => gateway.verifyCallback({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody });

describe('Alipay string to sign', () => {
  it('sorts by key, leaves out sign, sign_type and empty values, and does not URL-encode (the documented notice)', () => {
    const example = {
      ...docNotice({ app_id: '2015102700040153', out_trade_no: '0719141034-6418' }),
      sign_type: 'RSA2',
      sign: 'kPbQIjX+xQc8F0/A6/AocELIjhhZnGbcBN6G4MM/HmfWL4ZiHM6fWl5NQhzXJusaklZ1LFuMo+lHQUELAYeugH8LYFvxnNajOvZhuxNFbN2LhF0l/KL8ANtj8oyPM4NN7Qft2kWJTDJUpQOzCzNnV9hDxh5AaT9FPqRS6ZKxnzM=',
    };
    // The documentation's 待验签字符串 for this notice, written out by hand
    // (the page's own rendering drops gmt_create, which the notice carries).
    expect(alipaySignContent(example, ['sign', 'sign_type'])).toBe(
      'app_id=2015102700040153&body=大乐透2.1&buyer_id=2088102116773037&charset=utf-8&gmt_close=2016-07-19 14:10:46' +
        '&gmt_create=2016-07-19 14:10:44&gmt_payment=2016-07-19 14:10:47&notify_id=4a91b7a78a503640467525113fb7d8bg8e' +
        '&notify_time=2016-07-19 14:10:49&notify_type=trade_status_sync&out_trade_no=0719141034-6418&refund_fee=0.00' +
        '&seller_id=2088102119685838&subject=大乐透2.1&total_amount=2.00&trade_no=2016071921001003030200089909' +
        '&trade_status=TRADE_SUCCESS&version=1.0',
    );
  });

  it('signs a request with sign_type in and sign out, a JSON biz_content as it is', () => {
    const params = {
      timestamp: '2026-11-25 16:13:39',
      method: 'alipay.trade.page.pay',
      sign: 'old',
      app_id: '2014072300007148',
      return_url: '',
      sign_type: 'RSA2',
      biz_content: '{"subject":"研测 充值&测=试","total_amount":"0.01"}',
      charset: 'utf-8',
      notify_url: 'https://www.example.cn/api/open/pay/alipay/notify?x=1',
    };
    expect(alipaySignContent(params)).toBe(
      'app_id=2014072300007148&biz_content={"subject":"研测 充值&测=试","total_amount":"0.01"}&charset=utf-8' +
        '&method=alipay.trade.page.pay&notify_url=https://www.example.cn/api/open/pay/alipay/notify?x=1&sign_type=RSA2' +
        '&timestamp=2026-11-25 16:13:39',
    );
  });
});

describe('Alipay amounts', () => {
  it('writes fen as yuan with two decimals, by integer arithmetic', () => {
    expect([1, 10, 99, 100, 1230, 100000, 123456789].map(yuanFromFen)).toEqual([
      '0.01',
      '0.10',
      '0.99',
      '1.00',
      '12.30',
      '1000.00',
      '1234567.89',
    ]);
    expect(() => yuanFromFen(1.5)).toThrow();
    expect(() => yuanFromFen(-1)).toThrow();
  });

  it('reads yuan strings to fen exactly and refuses anything else', () => {
    expect(fenFromYuan('0.01')).toBe(1);
    expect(fenFromYuan('1000.00')).toBe(100000);
    expect(fenFromYuan('12.3')).toBe(1230);
    expect(fenFromYuan('20')).toBe(2000);
    expect(fenFromYuan('0.29')).toBe(29); // 0.29 * 100 is 28.999999999999996 in floating point
    expect(fenFromYuan('1.15')).toBe(115);
    for (const bad of ['', '1e3', '-1', '1.234', ' 1', '1 ', '.5', '1.', '01.00', '1,000.00', '0x10', 'NaN', 'Infinity'])
      expect(fenFromYuan(bad), bad).toBeUndefined();
  });
});

describe('Alipay page pay (start)', () => {
  const req: PaymentRequest = {
    outTradeNo: 'PS20261125000001',
    amountFen: 123456,
    subject: '研测预存充值',
    notifyUrl: 'https://www.example.cn/api/open/pay/alipay/notify',
    returnUrl: 'https://www.example.cn/member/prestore?paid=PS20261125000001',
    expiresAt: new Date('2026-11-25T08:43:39Z'),
  };

  it('builds a GET URL on the gateway whose RSA2 signature verifies with our public key', async () => {
    const started = await gateway.start(req);
    if (started.kind !== 'redirect') throw new Error('expected a redirect');
    const url = new URL(started.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://openapi.alipay.com/gateway.do');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.page.pay',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: '2026-11-25 16:13:39',
      version: '1.0',
      notify_url: req.notifyUrl,
      return_url: req.returnUrl,
    });
    expect(JSON.parse(params.biz_content!)).toEqual({
      out_trade_no: 'PS20261125000001',
      total_amount: '1234.56',
      subject: '研测预存充值',
      product_code: 'FAST_INSTANT_TRADE_PAY',
      time_expire: '2026-11-25 16:43:39',
    });
    const content = alipaySignContent(params);
    expect(verify('sha256', Buffer.from(content, 'utf8'), app.publicKey, Buffer.from(params.sign!, 'base64'))).toBe(true);
    expect(verify('sha256', Buffer.from(`${content}x`, 'utf8'), app.publicKey, Buffer.from(params.sign!, 'base64'))).toBe(false);
    // Every value is percent-encoded in the URL (the space of the timestamp, the JSON's quotes).
    expect(started.url).toContain('timestamp=2026-11-25%2016%3A13%3A39');
  });

  it('signs with a PKCS#1 private key as well', async () => {
    const pkcs1 = createAlipayGateway(
      {
        appId: APP_ID,
        privateKey: pem(app.privateKey, 'pkcs1'),
        alipayPublicKey: pem(alipay.publicKey, 'spki'),
        gateway: 'https://gw.test/gateway.do',
      },
      { now: () => NOW },
    );
    const started = await pkcs1.start({ ...req, amountFen: 1 });
    if (started.kind !== 'redirect') throw new Error('expected a redirect');
    const params = Object.fromEntries(new URL(started.url).searchParams);
    expect(JSON.parse(params.biz_content!).total_amount).toBe('0.01');
    expect(verify('sha256', Buffer.from(alipaySignContent(params), 'utf8'), app.publicKey, Buffer.from(params.sign!, 'base64'))).toBe(true);
  });

  it('refuses an amount that is not a positive whole number of fen', async () => {
    await expect(gateway.start({ ...req, amountFen: 0 })).rejects.toThrow(/at least 1 fen/);
    await expect(gateway.start({ ...req, amountFen: 10.5 })).rejects.toThrow(/at least 1 fen/);
  });

  it('writes China time whatever the server zone', () => {
    expect(chinaDateTime(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01 00:00:00');
  });
});

describe('Alipay notice (verifyCallback)', () => {
  it('reads a signed TRADE_SUCCESS notice as the payment', async () => {
    await expect(callback(signedBody(docNotice()))).resolves.toEqual({
      outTradeNo: 'PS20261125000001',
      gatewayTradeNo: '2016071921001003030200089909',
      amountFen: 200,
    });
  });

  it('reads TRADE_FINISHED as paid, and other statuses as no payment', async () => {
    await expect(callback(signedBody(docNotice({ trade_status: 'TRADE_FINISHED' })))).resolves.toMatchObject({ amountFen: 200 });
    await expect(callback(signedBody(docNotice({ trade_status: 'WAIT_BUYER_PAY' })))).resolves.toBeNull();
    await expect(callback(signedBody(docNotice({ trade_status: 'TRADE_CLOSED' })))).resolves.toBeNull();
  });

  it('turns the yuan amount into fen exactly', async () => {
    for (const [yuan, fen] of [
      ['0.01', 1],
      ['1000.00', 100000],
      ['12.3', 1230],
    ] as const) {
      await expect(callback(signedBody(docNotice({ total_amount: yuan }))), yuan).resolves.toMatchObject({ amountFen: fen });
    }
  });

  it('refuses a signed notice whose amount is malformed', async () => {
    for (const bad of ['1e3', '12.345', '-1', '0.00', 'abc'])
      await expect(callback(signedBody(docNotice({ total_amount: bad }))), bad).rejects.toThrow(/total_amount is malformed/);
  });

  it('refuses a tampered body', async () => {
    const body = signedBody(docNotice({ total_amount: '0.01' })).replace('total_amount=0.01', 'total_amount=1000.00');
    expect(body).toContain('total_amount=1000.00');
    await expect(callback(body)).rejects.toBeInstanceOf(GatewaySignatureError);
  });

  it('refuses a notice signed with another key (e.g. our own key instead of Alipay’s)', async () => {
    await expect(callback(signedBody(docNotice(), stranger.privateKey))).rejects.toBeInstanceOf(GatewaySignatureError);
    await expect(callback(signedBody(docNotice(), app.privateKey))).rejects.toBeInstanceOf(GatewaySignatureError);
  });

  it('refuses a notice without sign, with an empty or garbled sign, or another sign_type', async () => {
    const unsigned = new URLSearchParams(docNotice()).toString();
    await expect(callback(unsigned)).rejects.toThrow(/no sign/);
    await expect(callback(`${unsigned}&sign=`)).rejects.toBeInstanceOf(GatewaySignatureError);
    await expect(callback(`${unsigned}&sign=%25%25notbase64`)).rejects.toBeInstanceOf(GatewaySignatureError);
    const rsa1 = signedBody(docNotice()).replace('sign_type=RSA2', 'sign_type=RSA');
    await expect(callback(rsa1)).rejects.toThrow(/sign_type RSA/);
  });

  it('refuses a genuine notice for another application', async () => {
    await expect(callback(signedBody(docNotice({ app_id: '2021009999999999' })))).rejects.toThrow(/for app 2021009999999999/);
  });

  it('refuses a repeated parameter (two amounts, one signed)', async () => {
    const body = `${signedBody(docNotice({ total_amount: '0.01' }))}&total_amount=1000.00`;
    await expect(callback(body)).rejects.toThrow(/repeats total_amount/);
  });

  it('keeps a plus sign and a space apart (form encoding)', async () => {
    const body = signedBody(docNotice({ subject: 'A+B C' }));
    expect(body).toContain('subject=A%2BB+C');
    await expect(callback(body)).resolves.toMatchObject({ amountFen: 200 });
  });

  it('answers "success" as plain text', () => {
    expect(gateway.ack).toEqual({ status: 200, contentType: 'text/plain', body: 'success' });
  });
});
