import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, createUser, newIp, newPhone, smsCode, testClock } from './factories.ts';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => t.close());

const login = (account: string, password: string, ip = newIp()) => callApi(t, 'login', { body: { account, password }, ip });

describe('password login', () => {
  it('gives one message for an unknown account and a wrong password', async () => {
    const user = await createUser(t, clock);
    const wrong = await login(user.phone, 'not the password');
    const unknown = await login(newPhone(), 'not the password');
    const unknownName = await login('nobody_here', 'not the password');
    for (const res of [wrong, unknown, unknownName])
      expect(res).toEqual({ status: 400, body: { code: 0, msg: '账号或密码错误', data: null } });
  });

  it('requires both fields with the spec messages', async () => {
    expect((await login('', 'x')).body.msg).toBe('[用户名/手机号]不能为空');
    expect((await login('someone', '')).body.msg).toBe('[密码]不能为空');
  });

  it('locks the account for 15 minutes after 5 failures, from any IP', async () => {
    const user = await createUser(t, clock);
    for (let i = 0; i < 4; i++) expect((await login(user.phone, `wrong ${i}`)).body.msg).toBe('账号或密码错误');
    expect(await login(user.phone, 'wrong 5')).toMatchObject({ status: 429, body: { code: 429, msg: '登录失败次数过多，请15分钟后再试' } });
    // Even the right password waits, and the message counts down.
    clock.advance(5 * 60);
    expect((await login(user.phone, user.password)).body.msg).toBe('登录失败次数过多，请10分钟后再试');
    clock.advance(10 * 60 + 1);
    expect((await login(user.phone, user.password)).body.code).toBe(1);
  });

  it('a success resets the account counter', async () => {
    const user = await createUser(t, clock);
    for (let i = 0; i < 4; i++) await login(user.phone, 'wrong');
    expect((await login(user.phone, user.password)).body.code).toBe(1);
    for (let i = 0; i < 4; i++) expect((await login(user.phone, 'wrong')).body.msg).toBe('账号或密码错误');
  });

  it('locks unknown accounts exactly like real ones', async () => {
    const ghost = newPhone();
    for (let i = 0; i < 4; i++) await login(ghost, 'wrong');
    expect((await login(ghost, 'wrong')).body.msg).toBe('登录失败次数过多，请15分钟后再试');
  });

  it('locks an IP after 20 failures across accounts', async () => {
    const ip = newIp();
    const user = await createUser(t, clock);
    for (let i = 0; i < 20; i++) expect((await login(newPhone(), 'wrong', ip)).status).toBe(400);
    expect(await login(user.phone, user.password, ip)).toMatchObject({ status: 429, body: { msg: '登录失败次数过多，请15分钟后再试' } });
    expect((await login(user.phone, user.password)).body.code).toBe(1);
    clock.advance(15 * 60 + 1);
    expect((await login(user.phone, user.password, ip)).body.code).toBe(1);
  });

  it('a burst of 40 parallel guesses, the right password among them, evaluates at most 5 (ADR 0057)', async () => {
    const user = await createUser(t, clock);
    const guesses = [...Array.from({ length: 39 }, (_, i) => `wrong ${i}`), user.password];
    const answers = await Promise.all(guesses.map((password) => login(user.phone, password)));
    const wrong = answers.filter((a) => a.status === 400).length;
    const right = answers.filter((a) => a.status === 200).length;
    // Each evaluated attempt answers 400 (wrong), 200 (right) or, for the 5th failure, the lock itself.
    expect(wrong + right).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(35);
    for (const a of answers.filter((a) => a.status === 429)) expect(a.body.msg).toMatch(/^登录失败次数过多，请\d+分钟后再试$/);
    // Unless the right password was one of the first five, the account is locked now.
    if (right === 0) expect((await login(user.phone, user.password)).status).toBe(429);
  });

  it('a burst of 40 failures from one IP across accounts evaluates at most 20', async () => {
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 40 }, () => login(newPhone(), 'wrong', ip)));
    expect(answers.filter((a) => a.status === 400).length).toBeLessThanOrEqual(20);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(20);
  });

  it('a right password gives its IP attempt back: 30 good sign-ins from one school address are not a lock', async () => {
    const ip = newIp();
    const users = await Promise.all(Array.from({ length: 5 }, () => createUser(t, clock)));
    for (let i = 0; i < 30; i++) {
      const user = users[i % users.length]!;
      expect((await login(user.phone, user.password, ip)).body.code).toBe(1);
    }
  });

  it('reset lifts a lock on the account', async () => {
    const user = await createUser(t, clock);
    for (let i = 0; i < 5; i++) await login(user.phone, 'wrong');
    const code = await smsCode(t, user.phone, 1, clock);
    expect((await callApi(t, 'reset', { body: { account: user.phone, code, password: 'another good secret' } })).body.code).toBe(1);
    expect((await login(user.phone, 'another good secret')).body.code).toBe(1);
  });

  it('counts wrong SMS login codes against the IP', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) await callApi(t, 'loginForCode', { body: { phone: newPhone(), code: '123456' }, ip });
    const res = await callApi(t, 'loginForCode', { body: { phone: newPhone(), code: '123456' }, ip });
    expect(res.status).toBe(429);
  });
});
