import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loginBody, signBody } from './account.ts';
import { cleanText, text } from './text.ts';
import { addressForm, profileForm } from './user.ts';

const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('cleanText', () => {
  it('strips C0 and C1 controls and DEL', () => {
    expect(cleanText('a\u0000b\u0007c\u001Bd\u007Fe\u0085f\u009Fg')).toBe('abcdefg');
  });
  it('strips bidi overrides, isolates and marks', () => {
    const spoof = 'invoice\u202Efdp.exe\u202C \u2066x\u2069 \u200Ey\u200F \u202Az\u202B\u202D \u061C';
    expect(cleanText(spoof)).toBe('invoicefdp.exe x y z ');
  });
  it('drops line breaks and tabs in one-line text, keeps \\n in multi-line text', () => {
    expect(cleanText('a\nb\tc\r\nd')).toBe('abcd');
    expect(cleanText('a\r\nb\rc\nd\te\u202E', true)).toBe('a\nb\nc\nde');
  });
  it('leaves ordinary text alone, Chinese and emoji included', () => {
    expect(cleanText('张三 (Zhang) — 5–90° 😀')).toBe('张三 (Zhang) — 5–90° 😀');
  });
});

describe('text', () => {
  const name = text('姓名', { max: 4 });
  it('cleans, then trims, then checks emptiness and length, each with its own message', () => {
    expect(name.parse('  张\u202E三 ')).toBe('张三');
    expect(messageOf(name, '')).toBe('[姓名]不能为空');
    expect(messageOf(name, ' \u200E\u0000 ')).toBe('[姓名]不能为空');
    expect(messageOf(name, undefined)).toBe('[姓名]不能为空');
    expect(messageOf(name, '张三李四王')).toBe('[姓名]不能超过4个字');
    expect(messageOf(name, 5)).toBe('[姓名]必须是文字');
  });
  it('counts length after cleaning, so invisible characters neither pad nor smuggle', () => {
    expect(name.parse('张\u202A\u202A\u202A三李四')).toBe('张三李四');
  });
  it('gives a check added without a message 格式不正确, never 不能为空', () => {
    expect(messageOf(name.regex(/^a/), '张三')).toBe('[姓名]格式不正确');
  });
  it('keeps line breaks only in multi-line fields and uses the form bracket style', () => {
    expect(text('备注', { max: 10, multiline: true }).parse(' a\r\nb ')).toBe('a\nb');
    expect(messageOf(text('邮箱', { max: 3, brackets: '「」' }), 'abcd')).toBe('「邮箱」不能超过3个字');
    expect(text('备注', { max: 10, required: false }).parse('  ')).toBe('');
  });
});

describe('form fields', () => {
  const profile = { name: '张三', email: 'z@example.com', organization: 1, company: '某大学', region: '110101', address: '某路1号' };
  it('a too-long e-mail says so (it once said 不能为空)', () => {
    const email = `${'a'.repeat(53)}@example.com`;
    expect(email).toHaveLength(65);
    expect(profileForm.safeParse({ ...profile, email }).error?.issues[0]?.message).toBe('「邮箱」不能超过64个字');
  });
  it('strips bidi overrides from profile and address fields', () => {
    expect(profileForm.parse({ ...profile, name: '张\u202E三' }).name).toBe('张三');
    const place = {
      name: '李四\u2066',
      phone: '13800000000',
      province: '北京市',
      city: '北京市',
      area: '东城区',
      address: '某路\u00001号',
      address_code: '110101',
      default: false,
    };
    expect(addressForm.parse(place)).toMatchObject({ name: '李四', address: '某路1号' });
  });
  it('optional profile fields accept empty and still check their format', () => {
    expect(profileForm.parse({ ...profile, teacher_phone: '', teacher_mail: '' })).toMatchObject({ teacher_phone: '', teacher_mail: '' });
    expect(profileForm.safeParse({ ...profile, teacher_mail: 'nope' }).error?.issues[0]?.message).toBe('「导师邮箱」格式不正确');
    expect(profileForm.safeParse({ ...profile, teacher_phone: '123' }).error?.issues[0]?.message).toBe('「导师手机」格式不正确');
    expect(profileForm.safeParse({ ...profile, teacher_mail: `${'m'.repeat(60)}@x.com` }).error?.issues[0]?.message).toBe(
      '「导师邮箱」不能超过64个字',
    );
  });
  it('says too long for account fields too', () => {
    expect(messageOf(signBody.shape.inviterCode, 'x'.repeat(33))).toBe('[邀请码]不能超过32个字');
    expect(messageOf(loginBody.shape.account, 'x'.repeat(65))).toBe('[用户名/手机号]格式不正确');
  });
});
