import { describe, expect, it } from 'vitest';
import { unitPriceFen } from './unit-price.ts';

const options = [
  {
    name: '扫描范围',
    choices: [
      { label: '5-90°', extra_fen: 0 },
      { label: '5-120°', extra_fen: 2000 },
    ],
  },
  {
    name: '数据处理',
    choices: [
      { label: '不需要', extra_fen: 0 },
      { label: '物相检索', extra_fen: 5000 },
    ],
  },
];

describe('unitPriceFen', () => {
  it('is the base price with the first (default) choices', () => {
    expect(unitPriceFen(6000, options, [])).toBe(6000);
  });
  it('adds the extra of each chosen option', () => {
    expect(unitPriceFen(6000, options, [1, 1])).toBe(13000);
    expect(unitPriceFen(6000, options, [0, 1])).toBe(11000);
  });
  it('ignores a choice index that does not exist', () => {
    expect(unitPriceFen(6000, options, [7, 0])).toBe(6000);
  });
});
