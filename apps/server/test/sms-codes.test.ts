import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsCode as smsCodeTable } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, GOOD_PASSWORD, lastCode, newIp, newPhone, requestCode, smsCode, testClock } from './factories.ts';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => t.close());

const sign = (phone: string, code: string) => callApi(t, 'sign', { body: { phone, code, password: GOOD_PASSWORD, agree: true } });
const send = (phone: string, ip = newIp(), useFor = 0) => requestCode(t, phone, useFor, ip);

describe('SMS codes', () => {
  it('are 6 digits and stored only as a hash', async () => {
    const phone = newPhone();
    const code = await smsCode(t, phone, 0, clock);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.db.select().from(smsCodeTable).where(eq(smsCodeTable.phone, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.codeHash).not.toContain(code);
  });

  it('expire after 10 minutes', async () => {
    const phone = newPhone();
    const code = await smsCode(t, phone, 0);
    clock.advance(601);
    expect((await sign(phone, code)).body.msg).toBe('验证码错误或已过期');
  });

  it('work once', async () => {
    const phone = newPhone();
    const code = await smsCode(t, phone, 0, clock);
    expect((await sign(phone, code)).body.code).toBe(1);
    const again = await callApi(t, 'loginForCode', { body: { phone, code } });
    expect(again.body.msg).toBe('验证码错误或已过期');
  });

  it('are bound to their purpose and phone', async () => {
    const phone = newPhone();
    const code = await smsCode(t, phone, 1, clock);
    expect((await sign(phone, code)).body.msg).toBe('验证码错误或已过期');
    expect((await sign(newPhone(), code)).body.msg).toBe('验证码错误或已过期');
  });

  it('are void after 5 wrong tries, even the right code after that', async () => {
    const phone = newPhone();
    const code = await smsCode(t, phone, 0, clock);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) expect((await sign(phone, wrong)).body.msg).toBe('验证码错误或已过期');
    expect((await sign(phone, wrong)).body.msg).toBe('验证码错误次数过多，请重新获取');
    expect((await sign(phone, code)).body.msg).toBe('验证码错误次数过多，请重新获取');
    // A new code starts afresh, and the old one stays void.
    const fresh = await smsCode(t, phone, 0, clock);
    expect((await sign(phone, fresh)).body.code).toBe(1);
  });

  it('count parallel guesses against the same 5 tries', async () => {
    const phone = newPhone();
    const code = await smsCode(t, phone, 0, clock);
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'));
    await Promise.all(guesses.map((g) => sign(phone, g)));
    expect((await sign(phone, code)).body.msg).toBe('验证码错误次数过多，请重新获取');
  });

  it('only the newest code counts', async () => {
    const phone = newPhone();
    const first = await smsCode(t, phone, 0, clock);
    const second = await smsCode(t, phone, 0, clock);
    if (first !== second) expect((await sign(phone, first)).body.msg).toBe('验证码错误或已过期');
    expect((await sign(phone, second)).body.code).toBe(1);
  });
});

describe('sending limits', () => {
  it('one per 60 s per phone, saying when to retry', async () => {
    const phone = newPhone();
    expect((await send(phone)).body.code).toBe(1);
    clock.advance(15);
    const res = await send(phone, newIp(), 3);
    expect(res).toMatchObject({ status: 429, body: { code: 429, msg: '发送过于频繁，请45秒后再试' } });
    clock.advance(46);
    expect((await send(phone)).body.code).toBe(1);
    clock.advance(61);
  });

  it('SMS_RESEND_SECONDS sets the per-phone window', async () => {
    const own = testClock();
    const short = await createTestApp({ clock: own.now, env: { SMS_RESEND_SECONDS: '5' } });
    try {
      const phone = newPhone();
      expect((await requestCode(short, phone, 0, newIp())).body.code).toBe(1);
      own.advance(2);
      expect((await requestCode(short, phone, 0, newIp())).body).toMatchObject({ code: 429, msg: '发送过于频繁，请3秒后再试' });
      own.advance(4);
      expect((await requestCode(short, phone, 0, newIp())).body.code).toBe(1);
    } finally {
      await short.close();
    }
  });

  it('ten per day per phone', async () => {
    const phone = newPhone();
    for (let i = 0; i < 10; i++) {
      expect((await send(phone)).body.code).toBe(1);
      clock.advance(61);
    }
    const res = await send(phone);
    expect(res.status).toBe(429);
    expect(res.body.msg).toMatch(/^今日验证码发送次数已达上限，请\d+小时后再试$/);
    const sent = await t.db.select({ n: count() }).from(smsCodeTable).where(eq(smsCodeTable.phone, phone));
    expect(sent[0]!.n).toBe(10);
    clock.advance(86_400);
    expect((await send(phone)).body.code).toBe(1);
    clock.advance(61);
  });

  it('twenty per hour per IP, whatever the phones', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) expect((await send(newPhone(), ip)).body.code).toBe(1);
    const res = await send(newPhone(), ip);
    expect(res.status).toBe(429);
    expect(res.body.msg).toMatch(/^请求过于频繁，请\d+分钟后再试$/);
    expect((await send(newPhone(), newIp())).body.code).toBe(1);
    clock.advance(3601);
    expect((await send(newPhone(), ip)).body.code).toBe(1);
  });

  it('registered and unknown phones are limited alike', async () => {
    const known = newPhone();
    await sign(known, await smsCode(t, known, 0, clock));
    const unknown = newPhone();
    await send(known, newIp(), 1);
    await send(unknown, newIp(), 1);
    expect(await send(known, newIp(), 1)).toEqual(await send(unknown, newIp(), 1));
    await lastCode(t, unknown);
    clock.advance(61);
  });
});
