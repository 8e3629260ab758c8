import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '@yance/contracts/account';
import { smsMessage } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, createUser, lastCode, newPhone, requestCode, smsCode, testClock, type TestUser } from './factories.ts';

// update4contact needs proof of the account holder too (ADR 0021, ASVS 5.0 V7.5.1).
const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => t.close());

const phoneOf = async (token: string) => {
  const res = await callApi(t, 'userInfo', { token });
  return res.status === 200 ? res.body.data.userInfo.phone : null;
};
/** update4contact; then the job worker sends what it queued (the old phone's notice). */
async function change(u: TestUser, body: { phone: string; code: string; password?: string; currentCode?: string }) {
  const res = await callApi(t, 'update4contact', { body, token: u.tokens.token });
  await t.jobs.drain();
  return res;
}
const login = (account: string, password: string) => callApi(t, 'login', { body: { account, password } });
/** A code to the signed-in user's own phone (useFor 5), read from the outbox. */
async function currentCode(u: TestUser): Promise<string> {
  expect((await callApi(t, 'code4currentPhone', { token: u.tokens.token })).body).toMatchObject({ code: 1, msg: '验证码已发送' });
  clock.advance(61);
  return lastCode(t, u.phone);
}

describe('update4contact', () => {
  it('a code to the new phone alone no longer moves the account (the takeover of the probe)', async () => {
    const u = await createUser(t, clock);
    const next = newPhone();
    const code = await smsCode(t, next, 4, clock);
    expect(await change(u, { phone: next, code })).toMatchObject({
      status: 400,
      body: { msg: '[身份验证]请输入当前密码，或当前手机号收到的验证码' },
    });
    expect(await phoneOf(u.tokens.token)).toBe(u.phone);
  });

  it('a wrong current password changes nothing and keeps the new-phone code usable', async () => {
    const u = await createUser(t, clock);
    const next = newPhone();
    const code = await smsCode(t, next, 4, clock);
    expect(await change(u, { phone: next, code, password: 'not my password' })).toMatchObject({
      status: 400,
      body: { msg: '[当前密码]不正确' },
    });
    expect(await phoneOf(u.tokens.token)).toBe(u.phone);
    expect((await change(u, { phone: next, code, password: u.password })).body.code).toBe(1);
    expect(await phoneOf(u.tokens.token)).toBe(next);
  });

  it('with the current password: moves the phone, tells the old one, ends the other logins and keeps this one', async () => {
    const u = await createUser(t, clock);
    const otherDevice = (await login(u.phone, u.password)).body.data as TokenPair;
    const next = newPhone();
    const code = await smsCode(t, next, 4, clock);
    expect((await change(u, { phone: next, code, password: u.password })).body).toMatchObject({ code: 1 });
    expect(await phoneOf(u.tokens.token)).toBe(next);
    expect(await phoneOf(otherDevice.token)).toBeNull();
    expect((await callApi(t, 'refresh4token', { body: { token: otherDevice.refreshToken } })).status).toBe(401);
    const [notice] = await t.db.select().from(smsMessage).where(eq(smsMessage.phone, u.phone)).orderBy(desc(smsMessage.id)).limit(1);
    expect(notice).toMatchObject({ purpose: 100, provider: 'console', status: 'sent' });
    expect(notice!.content).toContain(`尾号${next.slice(-4)}`);
    expect((await login(next, u.password)).body.code).toBe(1);
    expect((await login(u.phone, u.password)).body.msg).toBe('账号或密码错误');
  });

  it('with a code sent to the current phone (useFor 5) instead of the password', async () => {
    const u = await createUser(t, clock);
    const next = newPhone();
    const oldCode = await currentCode(u);
    const code = await smsCode(t, next, 4, clock);
    // A code for the new phone is not a code for the current one.
    expect((await change(u, { phone: next, code, currentCode: code })).body.msg).toBe('验证码错误或已过期');
    expect((await change(u, { phone: next, code, currentCode: oldCode })).body.code).toBe(1);
    expect(await phoneOf(u.tokens.token)).toBe(next);
  });

  it('useFor 5 is sent only to the signed-in user, never through the open code4sms', async () => {
    const u = await createUser(t, clock);
    expect((await requestCode(t, u.phone, 5)).body.msg).toBe('[用途]不正确');
    expect((await callApi(t, 'code4currentPhone')).status).toBe(401);
  });

  it('the password guess counts toward the login lockout', async () => {
    const u = await createUser(t, clock);
    const next = newPhone();
    const code = await smsCode(t, next, 4, clock);
    for (let i = 0; i < 4; i++) expect((await change(u, { phone: next, code, password: `wrong-${i}-password` })).status).toBe(400);
    expect((await change(u, { phone: next, code, password: 'wrong-4-password' })).status).toBe(429);
    expect((await change(u, { phone: next, code, password: u.password })).status).toBe(429);
    expect(await phoneOf(u.tokens.token)).toBe(u.phone);
  });

  it('refuses a phone that another account holds (after the code) and the current one', async () => {
    const u = await createUser(t, clock);
    const other = await createUser(t, clock);
    const code = await smsCode(t, other.phone, 4, clock);
    expect(await change(u, { phone: other.phone, code, password: u.password })).toMatchObject({
      status: 409,
      body: { msg: '[手机号]已被使用' },
    });
    expect((await change(u, { phone: u.phone, code: '123456', password: u.password })).body.msg).toBe('[新手机号]与当前手机号相同');
    expect(
      (
        await callApi(t, 'update4contact', {
          body: { phone: newPhone(), code: '123456', password: 'x', currentCode: '123456' },
          token: u.tokens.token,
        })
      ).body.msg,
    ).toBe('[身份验证]当前密码与当前手机验证码只需填写一项');
  });
});
