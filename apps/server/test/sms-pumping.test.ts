import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, newIp, powFor, requestCode, testClock } from './factories.ts';

// SMS pumping (OWASP API6, ADR 0023): a proof of work per code4sms, and daily budgets.
const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, env: { SMS_BUDGET_DAY: '10', SMS_BUDGET_PREFIX_DAY: '5' } });
});
afterAll(async () => t.close());

/** Numbers sharing one 7-digit prefix. */
const inPrefix = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${String(1000 + i).padStart(4, '0')}`);

describe('proof of work before code4sms', () => {
  it('no challenge, no code', async () => {
    const res = await callApi(t, 'code4sms', { body: { phone: '13900000001', useFor: 0 } as never });
    expect(res).toMatchObject({ status: 400, body: { msg: '[人机验证]请先完成人机验证' } });
  });

  it('a solved challenge works once', async () => {
    const altcha = await powFor(t);
    expect((await callApi(t, 'code4sms', { body: { phone: '13900000002', useFor: 0, altcha } })).body.code).toBe(1);
    expect((await callApi(t, 'code4sms', { body: { phone: '13900000003', useFor: 0, altcha } })).body.msg).toBe('人机验证已使用，请重试');
  });

  it('a forged or unsolved answer is refused', async () => {
    const altcha = await powFor(t);
    // The key found by the work is what counts; a guessed one is refused.
    const flipped = altcha.solution.derivedKey.at(-1) === '0' ? '1' : '0';
    const wrong = { ...altcha, solution: { ...altcha.solution, derivedKey: altcha.solution.derivedKey.slice(0, -1) + flipped } };
    expect((await callApi(t, 'code4sms', { body: { phone: '13900000004', useFor: 0, altcha: wrong } })).body.msg).toBe(
      '人机验证未通过，请重试',
    );
    // Easier parameters of our own making break the signature.
    const easier = { ...altcha, challenge: { ...altcha.challenge, parameters: { ...altcha.challenge.parameters, keyPrefix: '00' } } };
    expect((await callApi(t, 'code4sms', { body: { phone: '13900000004', useFor: 0, altcha: easier } })).body.msg).toBe(
      '人机验证未通过，请重试',
    );
  });

  it('a challenge expires', async () => {
    const altcha = await powFor(t);
    clock.advance(301);
    expect((await callApi(t, 'code4sms', { body: { phone: '13900000005', useFor: 0, altcha } })).body.msg).toBe('人机验证已过期，请重试');
  });

  it('challenges are signed ALTCHA v2 with a known amount of work', async () => {
    const res = await callApi(t, 'smsChallenge');
    expect(res.body.data.parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1, data: { exp: expect.any(Number) } });
    expect(res.body.data.signature).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('daily budgets', () => {
  it('a prefix budget stops rotating numbers and IPs, with alert lines at 80 % and 100 %', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    const phones = inPrefix('1370000', 6);
    for (const phone of phones.slice(0, 5)) expect((await requestCode(t, phone, 0, newIp())).body.code).toBe(1);
    const over = await requestCode(t, phones[5]!, 0, newIp());
    expect(over).toMatchObject({ status: 429, body: { msg: '今日短信发送量已达上限，请明天再试' } });
    const alerts = warn.mock.calls
      .map((c) => c[0] as { alert?: string; scope?: string; level?: string; prefix?: string })
      .filter((a) => a.alert === 'sms-budget' && a.scope === 'prefix');
    expect(alerts).toEqual([
      expect.objectContaining({ prefix: '1370000', level: '80%', used: 4 }),
      expect.objectContaining({ prefix: '1370000', level: 'reached', used: 5 }),
    ]);
    warn.mockRestore();
  });

  it('the global budget stops everything for the day, and a new day starts again', async () => {
    // 10 a day in all; earlier tests of this file spent some.
    let refused = 0;
    for (let i = 0; i < 12; i++) {
      const res = await requestCode(t, `1360${i}${String(i).padStart(6, '0')}`, 0, newIp());
      if (res.status === 429) refused++;
    }
    expect(refused).toBeGreaterThan(0);
    clock.advance(86_400);
    expect((await requestCode(t, '13512345678', 0, newIp())).body.code).toBe(1);
  });
});
