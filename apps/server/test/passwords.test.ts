import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, createUser, newPhone, smsCode, testClock } from './factories.ts';

// One password schema (ADR 0021): taken exactly as typed everywhere, never all whitespace.
const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => t.close());

const login = (account: string, password: string) => callApi(t, 'login', { body: { account, password } });

describe('passwords are taken exactly as typed', () => {
  it('spaces around a password set at sign-up are part of it at login', async () => {
    const user = await createUser(t, clock, { password: '  Tiger-lily 2049  ' });
    expect((await login(user.phone, '  Tiger-lily 2049  ')).body.code).toBe(1);
    expect((await login(user.phone, 'Tiger-lily 2049')).body.msg).toBe('账号或密码错误');
  });

  it('the same after a reset', async () => {
    const user = await createUser(t, clock);
    const code = await smsCode(t, user.phone, 1, clock);
    expect((await callApi(t, 'reset', { body: { account: user.phone, code, password: ' Gannet-fjord 77 ' } })).body.code).toBe(1);
    expect((await login(user.phone, ' Gannet-fjord 77 ')).body.code).toBe(1);
    expect((await login(user.phone, 'Gannet-fjord 77')).body.code).not.toBe(1);
  });

  it('an all-whitespace password is refused with a clear message, wherever it is typed', async () => {
    const phone = newPhone();
    const code = await smsCode(t, phone, 0, clock);
    const blank = '          ';
    expect((await callApi(t, 'sign', { body: { phone, code, password: blank, agree: true } })).body.msg).toBe('[密码]不能全为空格');
    expect((await callApi(t, 'reset', { body: { account: phone, code, password: blank } })).body.msg).toBe('[密码]不能全为空格');
    expect((await login(phone, blank)).body.msg).toBe('[密码]不能全为空格');
    // The code was not used by the refused calls.
    expect((await callApi(t, 'sign', { body: { phone, code, password: 'Tiger-lily 2049', agree: true } })).body.code).toBe(1);
  });
});
