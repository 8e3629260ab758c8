import { phone } from '@yance/contracts/account';
import { describe, expect, it } from 'vitest';
import { sampleInput } from '@yance/contracts/order';
import { isRequiredField, ruleFrom } from './form-validation.ts';

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

describe('isRequiredField', () => {
  it('marks what the server refuses empty and nothing else: the order form’s sample fields', () => {
    const marked = Object.entries(sampleInput.shape)
      .filter(([, schema]) => isRequiredField(schema))
      .map(([name]) => name);
    expect(marked).toEqual(['name', 'count', 'form']);
  });
});
