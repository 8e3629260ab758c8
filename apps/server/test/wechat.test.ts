import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AGREE_MESSAGE, type TokenPair, type WxTicket } from '@yance/contracts/account';
import type { UserInfoResponse } from '@yance/contracts/user';
import { userAccount } from '../src/db/schema.ts';
import { createTestApp, json, type TestApp } from './create-test-app.ts';
import { callApi, createUser, newPhone, smsCode, testClock } from './factories.ts';

const clock = testClock();
const ticketOf = async (t: TestApp) =>
  json(await t.app.inject({ method: 'GET', url: '/api/open/wx/ticket', headers: { host: 'shop.example:3000' } })) as { data: WxTicket };
const poll = (t: TestApp, ticket: string) => callApi(t, 'wxQrCodeLogin', { body: { ticket } });

describe('WeChat QR login, local provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now });
  });
  afterAll(async () => t.close());

  it('ticket → scanned (with where and when it was asked for) → confirmed by the signed-in device → the token once', async () => {
    const user = await createUser(t, clock);
    const data = (
      json(
        await t.app.inject({
          method: 'GET',
          url: '/api/open/wx/ticket',
          headers: { host: 'shop.example:3000', 'x-forwarded-for': '203.0.113.7' },
        }),
      ) as { data: WxTicket }
    ).data;
    expect(data).toMatchObject({ expire_seconds: 300, url: `http://shop.example:3000/wx/confirm/${data.ticket}` });
    expect((await poll(t, data.ticket)).body.data).toEqual({ status: 'waiting', token: null, needBind: false });
    expect((await callApi(t, 'wxScan', { body: { ticket: data.ticket } })).body.data).toEqual({
      status: 'scanned',
      needBind: false,
      requestIp: '203.0.113.7',
      requestedAt: clock.now().toISOString(),
    });
    expect((await poll(t, data.ticket)).body.data).toMatchObject({ status: 'scanned', token: null });
    const ok = await callApi(t, 'wxConfirm', { body: { ticket: data.ticket }, token: user.tokens.token });
    expect(ok.body).toMatchObject({ code: 1, data: { status: 'confirmed', needBind: false } });
    const first = await poll(t, data.ticket);
    expect(first.body.data).toMatchObject({ status: 'confirmed', token: { expires: 7200 } });
    const token = (first.body.data as { token: TokenPair }).token.token;
    expect(token).not.toBe(user.tokens.token);
    const me = (await callApi(t, 'userInfo', { token })).body.data as UserInfoResponse;
    expect(me.userInfo.phone).toBe(user.phone);
    expect((await poll(t, data.ticket)).body.data).toEqual({ status: 'expired', token: null, needBind: false });
    expect((await callApi(t, 'wxConfirm', { body: { ticket: data.ticket }, token: user.tokens.token })).body.msg).toBe(
      '二维码已失效，请刷新',
    );
  });

  it('a link alone confirms nothing: no session on the confirming device, no login (ADR 0021)', async () => {
    const victim = await createUser(t, clock);
    const { data } = await ticketOf(t);
    // The old open confirm with the victim's password typed on the attacker's page is gone, and the auth call needs a session.
    const open = await t.app.inject({
      method: 'POST',
      url: '/api/open/wx/confirm',
      payload: { ticket: data.ticket, account: victim.phone, password: victim.password },
    });
    expect(open.statusCode).toBe(404);
    expect(await callApi(t, 'wxConfirm', { body: { ticket: data.ticket } })).toMatchObject({ status: 401, body: { msg: '请先登录' } });
    expect((await poll(t, data.ticket)).body.data).toMatchObject({ status: 'waiting', token: null });
  });

  it('a local ticket cannot be bound by SMS (that is for the official account)', async () => {
    const phone = newPhone();
    const { data } = await ticketOf(t);
    const code = await smsCode(t, phone, 3, clock);
    expect((await callApi(t, 'wxBind', { body: { ticket: data.ticket, phone, code, agree: true } })).body.msg).toBe('请用微信扫码确认');
    expect((await poll(t, data.ticket)).body.data).toMatchObject({ status: 'waiting', token: null });
  });

  it('expires after expire_seconds', async () => {
    const { data } = await ticketOf(t);
    clock.advance(301);
    expect((await poll(t, data.ticket)).body.data).toMatchObject({ status: 'expired' });
    expect((await callApi(t, 'wxScan', { body: { ticket: data.ticket } })).body.data).toMatchObject({ status: 'expired' });
    expect((await poll(t, 'no-such-ticket')).body.data).toMatchObject({ status: 'expired' });
  });

  it('has no official callback', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/open/wx/callback' })).statusCode).toBe(404);
  });
});

describe('WeChat QR login, official-account provider', () => {
  let t: TestApp;
  const calls: string[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    calls.push(url.split('?')[0]!);
    if (url.includes('/cgi-bin/token')) return Response.json({ access_token: 'AT-1', expires_in: 7200 });
    const body = JSON.parse(String(init?.body)) as { action_info: { scene: { scene_str: string } } };
    expect(url).toContain('access_token=AT-1');
    return Response.json({ ticket: `WX-${body.action_info.scene.scene_str}`, expire_seconds: 300, url: 'http://weixin.qq.com/q/02abc' });
  };
  const env = { WX_PROVIDER: 'official', WX_APP_ID: 'wx0123456789abcdef', WX_APP_SECRET: 'app-secret', WX_CALLBACK_TOKEN: 'cb-token' };
  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now, fetch, env });
  });
  afterAll(async () => t.close());

  const signed = (timestamp = '1795334400', nonce = '42') => {
    const signature = createHash('sha1').update(['cb-token', timestamp, nonce].sort().join('')).digest('hex');
    return `signature=${signature}&timestamp=${timestamp}&nonce=${nonce}`;
  };
  const push = (query: string, event: string, openid: string, key: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/open/wx/callback?${query}`,
      headers: { 'content-type': 'text/xml' },
      payload: `<xml><ToUserName><![CDATA[gh_1]]></ToUserName><FromUserName><![CDATA[${openid}]]></FromUserName><CreateTime>1</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${event}]]></Event><EventKey><![CDATA[${key}]]></EventKey></xml>`,
    });

  it('answers the echostr check only with a valid signature', async () => {
    const good = await t.app.inject({ method: 'GET', url: `/api/open/wx/callback?${signed()}&echostr=hello` });
    expect([good.statusCode, good.body]).toEqual([200, 'hello']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/open/wx/callback?signature=00&timestamp=1&nonce=2&echostr=hello' });
    expect(bad.statusCode).toBe(403);
  });

  it('creates QR codes with one cached access_token', async () => {
    const a = await ticketOf(t);
    await ticketOf(t);
    expect(a.data.url).toBe('http://weixin.qq.com/q/02abc');
    expect(calls.filter((c) => c.endsWith('/cgi-bin/token'))).toHaveLength(1);
    expect(calls.filter((c) => c.endsWith('/qrcode/create'))).toHaveLength(2);
  });

  it('a first-time WeChat user binds a phone by SMS, then logs in by scan alone', async () => {
    const { data } = await ticketOf(t);
    expect((await push('signature=00&timestamp=1&nonce=2', 'subscribe', 'openid-new', `qrscene_${data.ticket}`)).statusCode).toBe(403);
    expect((await push(signed(), 'subscribe', 'openid-new', `qrscene_${data.ticket}`)).body).toBe('success');
    expect((await poll(t, data.ticket)).body.data).toEqual({ status: 'scanned', token: null, needBind: true });
    const user = await createUser(t, clock);
    const code = await smsCode(t, user.phone, 3, clock);
    expect((await callApi(t, 'wxConfirm', { body: { ticket: data.ticket }, token: user.tokens.token })).body.msg).toBe('请用微信扫码确认');
    expect((await callApi(t, 'wxBind', { body: { ticket: data.ticket, phone: user.phone, code, agree: true } })).body.data).toMatchObject({
      status: 'confirmed',
    });
    const token = ((await poll(t, data.ticket)).body.data as { token: TokenPair }).token.token;
    expect(((await callApi(t, 'userInfo', { token })).body.data as UserInfoResponse).userInfo).toMatchObject({
      phone: user.phone,
      wechatBound: true,
    });

    const again = (await ticketOf(t)).data;
    await push(signed('1795334500', '7'), 'SCAN', 'openid-new', again.ticket);
    expect((await poll(t, again.ticket)).body.data).toMatchObject({ status: 'confirmed', token: { expires: 7200 } });
  });

  it('binding a new phone makes an account only with consent, and keeps when it was given', async () => {
    const { data } = await ticketOf(t);
    await push(signed('1795334600', '9'), 'subscribe', 'openid-newcomer', `qrscene_${data.ticket}`);
    const phone = newPhone();
    const code = await smsCode(t, phone, 3, clock);
    for (const agree of [undefined, false, 'false']) {
      const refused = await callApi(t, 'wxBind', { body: { ticket: data.ticket, phone, code, agree } as never });
      expect(refused).toMatchObject({ status: 400, body: { code: 0, msg: AGREE_MESSAGE } });
    }
    expect(await t.db.select().from(userAccount).where(eq(userAccount.phone, phone))).toHaveLength(0);
    // The code was not spent by the refused call.
    expect((await callApi(t, 'wxBind', { body: { ticket: data.ticket, phone, code, agree: true } })).body.data).toMatchObject({
      status: 'confirmed',
    });
    const [row] = await t.db
      .select({ agreedAt: userAccount.agreedAt, openid: userAccount.wxOpenid })
      .from(userAccount)
      .where(eq(userAccount.phone, phone));
    expect(row).toEqual({ agreedAt: clock.now(), openid: 'openid-newcomer' });
    expect((await poll(t, data.ticket)).body.data).toMatchObject({ status: 'confirmed', token: { expires: 7200 } });
  });
});
