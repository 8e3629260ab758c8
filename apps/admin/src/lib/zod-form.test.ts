import { describe, expect, it, vi } from 'vitest';
import type { FormInstance } from 'antd';
import { staffAddBody, staffEditBody } from '@yance/contracts/staff';
import { fieldOf, parseForm } from './zod-form.ts';

/** Runs a field's rule as antd would: resolves when valid, else the message antd shows. */
async function check(props: ReturnType<typeof fieldOf>, value: unknown): Promise<string | null> {
  const rule = props.rules?.[0] as { validator: (rule: unknown, value: unknown) => Promise<void> };
  try {
    await rule.validator({}, value);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('antd form rules from a contracts schema', () => {
  it("shows the schema's own messages", async () => {
    const account = fieldOf(staffAddBody, 'account');
    expect(account.name).toBe('account');
    expect(await check(account, undefined)).toBe('[账号]不能为空');
    expect(await check(account, '1x')).toBe('[账号]为3–32位字母、数字或 . _ -，以字母开头');
    expect(await check(account, 'li.lei')).toBeNull();
    expect(await check(fieldOf(staffAddBody, 'email'), 'not-mail')).toBe('[邮箱]格式不正确');
    expect(await check(fieldOf(staffAddBody, 'roles'), [])).toBe('[角色]至少选一个');
    expect(await check(fieldOf(staffAddBody, 'roles'), ['admin', 'admin'])).toBe('[角色]重复');
  });

  it('marks a field required only when its schema refuses it empty', () => {
    expect(fieldOf(staffAddBody, 'account').required).toBe(true);
    expect(fieldOf(staffAddBody, 'roles').required).toBe(true);
    expect(fieldOf(staffAddBody, 'password').required).toBe(true);
    expect(fieldOf(staffAddBody, 'phone').required).toBe(false);
    expect(fieldOf(staffEditBody, 'email').required).toBe(false);
  });

  it('parses the whole form into the body the server accepts, or puts the messages under the fields', () => {
    const setFields = vi.fn();
    const form = { setFields } as unknown as FormInstance;
    const body = parseForm(form, staffEditBody, { id: 3, name: '  李雷 ', phone: undefined, email: '', roles: ['lab'] });
    expect(body).toEqual({ id: 3, name: '李雷', phone: '', email: '', roles: ['lab'] });
    expect(setFields).not.toHaveBeenCalled();
    expect(parseForm(form, staffEditBody, { id: 3, name: '', phone: '123', email: '', roles: ['lab'] })).toBeNull();
    expect(setFields).toHaveBeenCalledWith([
      { name: 'name', errors: ['[姓名]不能为空'] },
      { name: 'phone', errors: ['[手机号]格式不正确'] },
    ]);
  });
});
