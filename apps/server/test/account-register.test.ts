import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '@yance/contracts/account';
import { userAccount } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, GOOD_PASSWORD, createUser, lastCode, newPhone, powFor, requestCode, smsCode, testClock } from './factories.ts';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => t.close());

const info = async (token: string) => callApi(t, 'userInfo', { token });

describe('register (sign)', () => {
  it('registers with an SMS code, signs in, and logs in by phone and by user name', async () => {
    const user = await createUser(t, clock);
    expect(user.tokens).toMatchObject({ token: expect.any(String), refreshToken: expect.any(String), expires: 7200 });
    expect(Buffer.from(user.tokens.token, 'base64url')).toHaveLength(32);
    const me = await info(user.tokens.token);
    expect(me.body.data).toMatchObject({
      userInfo: { account: user.phone, phone: user.phone, username: null, attested: false },
      address: [],
      cartNum: 0,
    });

    const byPhone = await callApi(t, 'login', { body: { account: user.phone, password: user.password } });
    expect(byPhone.body).toMatchObject({ code: 1, msg: '登录成功' });
    expect((byPhone.body.data as TokenPair).token).not.toBe(user.tokens.token);

    const named = await callApi(t, 'updateInfo', { body: { username: 'Labrat_01' }, token: user.tokens.token });
    expect(named.body.code).toBe(1);
    const byName = await callApi(t, 'login', { body: { account: 'labrat_01', password: user.password } });
    expect(byName.body.code).toBe(1);
    expect((await info((byName.body.data as TokenPair).token)).body.data).toMatchObject({ userInfo: { account: 'Labrat_01' } });
  });

  it('accepts a form-encoded body', async () => {
    const phone = newPhone();
    const code = await smsCode(t, phone, 0, clock);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/open/sign',
      payload: `phone=${phone}&password=${encodeURIComponent(GOOD_PASSWORD)}&code=${code}&agree=true`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(JSON.parse(res.body)).toMatchObject({ code: 1, msg: '注册成功' });
  });

  it('requires the agreement to be accepted, says so in Chinese, and records when it was', async () => {
    const phone = newPhone();
    const code = await smsCode(t, phone, 0, clock);
    for (const agree of [undefined, false, 'false', '', 0]) {
      const res = await callApi(t, 'sign', { body: { phone, code, password: GOOD_PASSWORD, agree } as never });
      expect(res).toMatchObject({ status: 400, body: { code: 0, msg: '[用户协议]请阅读并勾选同意《用户协议》和《隐私政策》' } });
    }
    // Nothing was created and the code is still good.
    const res = await callApi(t, 'sign', { body: { phone, code, password: GOOD_PASSWORD, agree: true } });
    expect(res.body.code).toBe(1);
    const [row] = await t.db.select({ agreedAt: userAccount.agreedAt }).from(userAccount).where(eq(userAccount.phone, phone));
    expect(row?.agreedAt?.getTime()).toBe(clock.now().getTime());
  });

  it('stores the inviter and refuses an unknown invite code', async () => {
    const inviter = await createUser(t, clock);
    const inviteCode = ((await info(inviter.tokens.token)).body.data as { userInfo: { inviteCode: string } }).userInfo.inviteCode;
    expect(inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    await createUser(t, clock, { inviterCode: inviteCode.toLowerCase() });
    const phone = newPhone();
    const code = await smsCode(t, phone, 0, clock);
    const res = await callApi(t, 'sign', { body: { phone, code, password: GOOD_PASSWORD, inviterCode: 'ZZZZ9999', agree: true } });
    expect(res).toMatchObject({ status: 400, body: { code: 0, msg: '[邀请码]不存在' } });
  });

  it('refuses common and short passwords before using the code', async () => {
    const phone = newPhone();
    const code = await smsCode(t, phone, 0, clock);
    for (const password of ['12345678', 'woaini1314', 'QQ123456', 'password']) {
      const res = await callApi(t, 'sign', { body: { phone, code, password, agree: true } });
      expect(res).toMatchObject({ status: 400, body: { msg: '[密码]过于常见，请换一个' } });
    }
    expect((await callApi(t, 'sign', { body: { phone, code, password: 'short', agree: true } })).body.msg).toBe('[密码]至少8位');
    expect((await callApi(t, 'sign', { body: { phone, code, password: 'x'.repeat(129), agree: true } })).body.msg).toBe(
      '[密码]不能超过128位',
    );
    // The code survived the refusals.
    expect((await callApi(t, 'sign', { body: { phone, code, password: GOOD_PASSWORD, agree: true } })).body.code).toBe(1);
  });

  it('tells a taken phone only after a valid code, and uses the code up', async () => {
    const user = await createUser(t, clock);
    const wrong = await callApi(t, 'sign', { body: { phone: user.phone, code: '000000', password: GOOD_PASSWORD, agree: true } });
    expect(wrong.body.msg).toBe('验证码错误或已过期');
    const code = await smsCode(t, user.phone, 0, clock);
    const res = await callApi(t, 'sign', { body: { phone: user.phone, code, password: GOOD_PASSWORD, agree: true } });
    expect(res).toMatchObject({ status: 409, body: { code: 409, msg: '[手机号]已注册，请直接登录' } });
  });
});

describe('code4sms is the same for every phone (no enumeration)', () => {
  it('answers byte for byte alike for registered and unknown phones, in every purpose', async () => {
    const user = await createUser(t, clock);
    const stranger = newPhone();
    for (const useFor of [0, 1, 3, 4]) {
      const known = await requestCode(t, user.phone, useFor);
      const unknown = await requestCode(t, stranger, useFor);
      expect(known).toEqual(unknown);
      expect(known).toEqual({ status: 200, body: { code: 1, msg: '验证码已发送', data: null } });
      clock.advance(61);
    }
  });

  it('says "not registered" to reset and SMS login only after a valid code', async () => {
    const stranger = newPhone();
    expect((await callApi(t, 'reset', { body: { account: stranger, code: '123456', password: GOOD_PASSWORD } })).body.msg).toBe(
      '验证码错误或已过期',
    );
    const code = await smsCode(t, stranger, 1, clock);
    expect((await callApi(t, 'reset', { body: { account: stranger, code, password: GOOD_PASSWORD } })).body.msg).toBe(
      '该手机号尚未注册，请先注册',
    );
    const loginCode = await smsCode(t, stranger, 3, clock);
    const res = await callApi(t, 'loginForCode', { body: { phone: stranger, code: loginCode } });
    expect(res).toMatchObject({ status: 400, body: { msg: '该手机号尚未注册，请先注册' } });
  });

  it('refuses an unknown purpose and a malformed phone', async () => {
    expect((await callApi(t, 'code4sms', { body: { phone: newPhone(), useFor: 2, altcha: await powFor(t) } })).body.msg).toBe(
      '[用途]不正确',
    );
    expect((await callApi(t, 'code4sms', { body: { phone: '12345', useFor: 0, altcha: await powFor(t) } })).body.msg).toBe(
      '[手机号]格式不正确',
    );
  });
});

describe('SMS login and reset', () => {
  it('logs in with an SMS code', async () => {
    const user = await createUser(t, clock);
    const code = await smsCode(t, user.phone, 3, clock);
    const res = await callApi(t, 'loginForCode', { body: { phone: user.phone, code } });
    expect(res.body).toMatchObject({ code: 1, data: { expires: 7200 } });
  });

  it('resets the password, ends every session, and the new password works', async () => {
    const user = await createUser(t, clock);
    const other = await callApi(t, 'login', { body: { account: user.phone, password: user.password } });
    const code = await smsCode(t, user.phone, 1, clock);
    const res = await callApi(t, 'reset', { body: { account: user.phone, code, password: 'a brand new secret' } });
    expect(res.body).toMatchObject({ code: 1, msg: '密码重置成功' });
    for (const token of [user.tokens.token, (other.body.data as TokenPair).token]) expect((await info(token)).status).toBe(401);
    expect((await callApi(t, 'refresh4token', { body: { token: user.tokens.refreshToken } })).status).toBe(401);
    expect((await callApi(t, 'login', { body: { account: user.phone, password: user.password } })).body.msg).toBe('账号或密码错误');
    expect((await callApi(t, 'login', { body: { account: user.phone, password: 'a brand new secret' } })).body.code).toBe(1);
  });

  it('writes the console SMS to the outbox', async () => {
    const phone = newPhone();
    await requestCode(t, phone, 0);
    expect(await lastCode(t, phone)).toMatch(/^\d{6}$/);
    clock.advance(61);
  });
});
