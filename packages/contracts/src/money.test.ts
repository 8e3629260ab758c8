import { describe, expect, it } from 'vitest';
import { asFen, COUNT_MAX, defaultChoices, FEN_MAX, PriceError, priceOf, type Priced } from './money.ts';

const xrd: Priced = {
  price_fen: asFen(8000),
  options: [
    {
      name: '扫描范围',
      choices: [
        { label: '5–90°', extra_fen: asFen(0) },
        { label: '5–120°', extra_fen: asFen(2000) },
        { label: '慢扫', extra_fen: asFen(5000) },
      ],
    },
    {
      name: '物相检索',
      choices: [
        { label: '不需要', extra_fen: asFen(0) },
        { label: 'Jade 物相检索', extra_fen: asFen(3000) },
      ],
    },
  ],
};

describe('priceOf', () => {
  it('is the unit price with the first choices when none are given', () => {
    expect(priceOf(xrd, {}, 1)).toBe(8000);
    expect(priceOf(xrd, defaultChoices(xrd), 1)).toBe(8000);
    expect(defaultChoices(xrd)).toEqual({ 扫描范围: '5–90°', 物相检索: '不需要' });
  });
  it('adds the extra of each chosen option, then multiplies by the count', () => {
    expect(priceOf(xrd, { 扫描范围: '5–120°' }, 1)).toBe(10_000);
    expect(priceOf(xrd, { 扫描范围: '慢扫', 物相检索: 'Jade 物相检索' }, 3)).toBe((8000 + 5000 + 3000) * 3);
    expect(priceOf({ price_fen: asFen(1), options: [] }, {}, COUNT_MAX)).toBe(COUNT_MAX);
  });
  it('refuses options and choices the item does not have, by name', () => {
    expect(() => priceOf(xrd, { 测试温度: '室温' }, 1)).toThrow(new PriceError('该项目没有选项「测试温度」'));
    expect(() => priceOf(xrd, { 扫描范围: '5–180°' }, 1)).toThrow(new PriceError('选项「扫描范围」没有「5–180°」'));
    expect(() => priceOf(xrd, { toString: '1' }, 1)).toThrow(PriceError);
  });
  it('refuses a count that is not a whole number from 1 to COUNT_MAX', () => {
    for (const n of [0, -1, 1.5, COUNT_MAX + 1, Number.NaN, Infinity])
      expect(() => priceOf(xrd, {}, n), String(n)).toThrow(`[数量]必须是1到${COUNT_MAX}之间的整数`);
  });
  it('refuses a total above FEN_MAX and amounts that are not fen', () => {
    expect(() => priceOf({ price_fen: asFen(FEN_MAX), options: [] }, {}, 2)).toThrow('金额超出上限');
    expect(() => priceOf({ price_fen: 1.5 as never, options: [] }, {}, 1)).toThrow(PriceError);
    expect(() => priceOf({ ...xrd, options: [{ name: 'x', choices: [{ label: 'a', extra_fen: -100 as never }] }] }, {}, 1)).toThrow(
      PriceError,
    );
  });
});

describe('asFen', () => {
  it('takes whole, non-negative amounts up to FEN_MAX only', () => {
    expect(asFen(0)).toBe(0);
    expect(asFen(FEN_MAX)).toBe(FEN_MAX);
    for (const n of [-1, 0.5, FEN_MAX + 1, Number.NaN]) expect(() => asFen(n)).toThrow(PriceError);
  });
});
