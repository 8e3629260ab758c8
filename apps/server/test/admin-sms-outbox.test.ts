import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsMessage } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, createUser, lastCode, newPhone, staffTokens, testClock } from './factories.ts';

const clock = testClock();

describe('the SMS outbox for the console (issue 8)', () => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now });
    operator = (await staffTokens(t, 'operator')).token;
  });
  afterAll(async () => t.close());

  it('lists what was sent, newest first, by phone and purpose; console codes show', async () => {
    const user = await createUser(t, clock);
    const other = await createUser(t, clock);
    const all = await callApi(t, 'smsList', { token: operator, query: { pageSize: 50 } });
    const ids = all.body.data.list.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.body.data.list.map((r) => r.phone)).toEqual(expect.arrayContaining([user.phone, other.phone]));

    const mine = await callApi(t, 'smsList', { token: operator, query: { phone: user.phone } });
    expect(mine.body.data.total).toBe(1);
    expect(mine.body.data.list[0]).toMatchObject({ phone: user.phone, purpose: 0, provider: 'console', status: 'sent' });
    expect(mine.body.data.list[0]!.content).toContain(await lastCode(t, user.phone));

    expect((await callApi(t, 'smsList', { token: operator, query: { phone: user.phone, purpose: 3 } })).body.data.total).toBe(0);
    expect((await callApi(t, 'smsList', { token: operator, query: { phone: '12345' } })).body.msg).toBe('[手机号]格式不正确');
    expect((await callApi(t, 'smsList', { token: operator, query: { purpose: 'x' as never } })).body.msg).toBe('[用途]必须是整数');
  });

  it('never shows a code sent through a real gateway', async () => {
    const phone = newPhone();
    await t.db.insert(smsMessage).values([
      { phone, purpose: 3, provider: 'aliyun', content: '【研测】您的验证码为******，10分钟内有效，请勿泄露给他人。', status: 'sent' },
      {
        phone,
        purpose: 3,
        provider: 'tencent',
        content: '【研测】您的验证码为482913，10分钟内有效。',
        status: 'failed',
        error: 'gateway 500',
      },
    ]);
    const list = (await callApi(t, 'smsList', { token: operator, query: { phone } })).body.data.list;
    expect(list).toHaveLength(2);
    expect(list.every((r) => !/\d{6}/.test(r.content))).toBe(true);
    expect(list[0]).toMatchObject({ provider: 'tencent', status: 'failed', error: 'gateway 500' });
  });

  it('is for who holds sms.read (operator, admin), not for lab', async () => {
    const lab = (await staffTokens(t, 'lab')).token;
    expect(await callApi(t, 'smsList', { token: lab })).toMatchObject({ status: 403, body: { msg: '无权限' } });
    const admin = (await staffTokens(t, 'admin')).token;
    expect((await callApi(t, 'smsList', { token: admin })).status).toBe(200);
  });
});
