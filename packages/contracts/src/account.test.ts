import { describe, expect, it } from 'vitest';
import { AGREE_MESSAGE, currentPassword, loginBody, password, resetBody, signBody, signForm } from './account.ts';
import { update4contactBody } from './user.ts';

// One password schema (ADR 0021).
describe('password schema', () => {
  it('keeps a password exactly as typed, spaces included, everywhere', () => {
    expect(password.parse('  Tiger-lily  ')).toBe('  Tiger-lily  ');
    expect(loginBody.parse({ account: '13800138000', password: ' pw ' }).password).toBe(' pw ');
    expect(signBody.shape.password).toBe(password);
    expect(resetBody.shape.password).toBe(password);
    expect(loginBody.shape.password).toBe(currentPassword);
  });
  it('refuses an all-whitespace password with a clear message', () => {
    expect(password.safeParse('          ').error?.issues[0]?.message).toBe('[密码]不能全为空格');
    expect(currentPassword.safeParse(' ').error?.issues[0]?.message).toBe('[密码]不能全为空格');
    expect(password.safeParse('').error?.issues[0]?.message).toBe('[密码]不能为空');
    expect(password.safeParse('short').error?.issues[0]?.message).toBe('[密码]至少8位');
  });
});

describe('register consent (PIPL)', () => {
  const form = { phone: '13800138000', code: '123456', password: 'Tiger-lily 2049', confirm: 'Tiger-lily 2049' };
  const first = (v: object) => signForm.safeParse(v).error?.issues[0]?.message;
  it('the form asks for the ticked box last: after the passwords match', () => {
    expect(first({ ...form, confirm: 'other', agree: false })).toBe('[密码]不一致');
    expect(first({ ...form, agree: false })).toBe(AGREE_MESSAGE);
    expect(signForm.safeParse({ ...form, agree: true }).success).toBe(true);
  });
  it('the body needs agree: true, or "true"/"1" from a form post', () => {
    const body = { phone: form.phone, code: form.code, password: form.password };
    for (const agree of [true, 'true', '1', 1]) expect(signBody.safeParse({ ...body, agree }).success).toBe(true);
    for (const agree of [undefined, false, 'false', '0', '', 'yes']) {
      expect(signBody.safeParse({ ...body, agree }).error?.issues[0]?.message).toBe(AGREE_MESSAGE);
    }
  });
});

describe('update4contact body', () => {
  const base = { phone: '13900001111', code: '123456' };
  it('takes exactly one proof of the holder', () => {
    expect(update4contactBody.safeParse({ ...base, password: 'x' }).success).toBe(true);
    expect(update4contactBody.safeParse({ ...base, currentCode: '654321' }).success).toBe(true);
    expect(update4contactBody.safeParse(base).error?.issues[0]?.message).toBe('[身份验证]请输入当前密码，或当前手机号收到的验证码');
    expect(update4contactBody.safeParse({ ...base, password: 'x', currentCode: '654321' }).success).toBe(false);
  });
});
