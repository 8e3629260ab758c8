import { describe, expect, it } from 'vitest';
import { DEFAULT_MONEY_SETTINGS } from '@yance/contracts/money-settings';
import { parseSettings, tiersProblem, valuesOf } from './money-settings-values.ts';

describe('the money settings form', () => {
  it('shows fen as yuan and sends what is typed in yuan as integer fen', () => {
    const values = valuesOf(DEFAULT_MONEY_SETTINGS);
    expect(values.prestoreMinYuan).toBe(1000);
    expect(values.bonusTiers?.[1]).toEqual({ minYuan: 5000, percent: 5 });
    const parsed = parseSettings({ ...values, prestoreMinYuan: 1234.56, bonusTiers: [{ minYuan: 0.29, percent: 3 }] });
    expect(parsed).toEqual({
      ok: true,
      body: { ...DEFAULT_MONEY_SETTINGS, prestoreMinFen: 123_456, bonusTiers: [{ minFen: 29, percent: 3 }] },
    });
  });

  it('puts the contract’s messages under the fields they belong to', () => {
    const parsed = parseSettings({
      ...valuesOf(DEFAULT_MONEY_SETTINGS),
      prestoreMinYuan: null,
      bonusTiers: [{ minYuan: 1000, percent: 40 }, { minYuan: null }],
      bankName: '  ',
      tradeMinutes: 2,
    });
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? [] : parsed.errors).toEqual([
      { name: ['prestoreMinYuan'], message: '[最低预存金额]不能为空' },
      { name: ['bonusTiers', 0, 'percent'], message: '[赠送比例]不能大于30' },
      { name: ['bonusTiers', 1, 'minYuan'], message: '[档位金额]不能为空' },
      { name: ['bonusTiers', 1, 'percent'], message: '[赠送比例]不能为空' },
      { name: ['bankName'], message: '[开户银行]不能为空' },
      { name: ['tradeMinutes'], message: '[支付有效期（分钟）]不能小于5' },
    ]);
  });

  it('says when the tiers are out of order or repeated', () => {
    expect(
      tiersProblem([
        { minYuan: 5000, percent: 5 },
        { minYuan: 1000, percent: 2 },
      ]),
    ).toBe('[赠送档位]须按金额从小到大排列且不重复');
    expect(
      tiersProblem([
        { minYuan: 1000, percent: 2 },
        { minYuan: 1000, percent: 3 },
      ]),
    ).toBe('[赠送档位]须按金额从小到大排列且不重复');
    expect(tiersProblem([{ minYuan: 1000, percent: 2 }])).toBeUndefined();
    expect(tiersProblem(Array.from({ length: 11 }, (_, i) => ({ minYuan: i + 1, percent: 1 })))).toBe('赠送档位最多10个');
  });
});
