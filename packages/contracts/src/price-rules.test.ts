import { asFen } from './money.ts';
import { describe, expect, it } from 'vitest';
import { shownLabel } from './price-labels.ts';
import { DEFAULT_PRICE_RULES, itemLabel, priceDiscounts, priceRule, typeLabel, type PriceRule } from './price-rules.ts';

const [NINE, FIFTY] = DEFAULT_PRICE_RULES.rules as [PriceRule, PriceRule];
const line = (typeId: number, amountFen: number | null, deviceId: number | null = 1) => ({ typeId, deviceId, amountFen });

describe('priceDiscounts (优惠活动, issue 21)', () => {
  it('a first order: 9折 on each 送样检测 line rounded down to the fen, ¥50 once on the first 数据分析 line', () => {
    const lines = [line(1, 131_111), line(3, 200_000), line(3, 100_000), line(2, 50_000)];
    expect(priceDiscounts(DEFAULT_PRICE_RULES.rules, lines, { firstOrder: true })).toEqual([
      { fen: 13_111, label: '新客9折' },
      { fen: 5_000, label: '首单立减50元' },
      { fen: 0, label: '' },
      { fen: 0, label: '' },
    ]);
  });

  it('nothing for a customer who ordered before, a line waiting for its quote or a quoted 定制项目', () => {
    expect(priceDiscounts(DEFAULT_PRICE_RULES.rules, [line(1, 16_000)], { firstOrder: false })).toEqual([{ fen: 0, label: '' }]);
    expect(priceDiscounts(DEFAULT_PRICE_RULES.rules, [line(1, null), line(1, 16_000, null)], { firstOrder: true })).toEqual([
      { fen: 0, label: '' },
      { fen: 0, label: '' },
    ]);
  });

  it('the best percentage wins; an amount rule never takes a line below zero and follows the percentage', () => {
    const eight = { ...NINE, id: 'all-80', label: '全场8折', ratePercent: 80, audience: 'everyone' as const, typeIds: [] };
    const big = { ...FIFTY, typeIds: [1], amountFen: asFen(20_000) };
    expect(priceDiscounts([NINE, eight, big], [line(1, 10_000)], { firstOrder: true })).toEqual([
      { fen: 10_000, label: '全场8折、首单立减50元' },
    ]);
    expect(priceDiscounts([NINE, eight], [line(1, 10_000)], { firstOrder: false })).toEqual([{ fen: 2_000, label: '全场8折' }]);
  });

  it('labels: a type shows the rules naming it, an item every active rule that covers it', () => {
    const off = { ...FIFTY, active: false };
    expect([1, 2, 3].map((id) => typeLabel([NINE, off], id))).toEqual(['新客9折', '', '']);
    expect(itemLabel(DEFAULT_PRICE_RULES.rules, 3, 7)).toBe('首单立减50元');
    expect(itemLabel([{ ...NINE, typeIds: [], deviceIds: [7] }], 2, 7)).toBe('新客9折');
  });

  it('a label shown to a customer leaves out the labels withheld from them; a label holds no space', () => {
    const both = itemLabel([NINE, { ...FIFTY, typeIds: [1] }], 1, 7);
    expect(both).toBe('新客9折 首单立减50元');
    expect(shownLabel(both, ['新客9折'])).toBe('首单立减50元');
    expect(shownLabel(both, [])).toBe(both);
    expect(shownLabel(null)).toBe('');
    expect(priceRule.safeParse({ ...NINE, label: '新客 9折' }).error?.issues[0]?.message).toBe('[优惠标签]不能含空格');
  });
});
