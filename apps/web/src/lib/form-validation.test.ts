import { phone } from '@yance/contracts/account';
import { describe, expect, it } from 'vitest';
import { ruleFrom } from './form-validation.ts';

describe('ruleFrom', () => {
  const rule = ruleFrom(phone());

  it('accepts what the contracts schema accepts', async () => {
    await expect(rule.validator(null, '13912345678')).resolves.toBeUndefined();
  });

  it('refuses with the schema’s own wording, e.g. a number no mainland mobile starts with', async () => {
    await expect(rule.validator(null, '12345678901')).rejects.toThrow('[手机号]格式不正确');
    await expect(rule.validator(null, undefined)).rejects.toThrow('[手机号]不能为空');
  });
});
