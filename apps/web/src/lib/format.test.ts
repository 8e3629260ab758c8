import { describe, expect, it } from 'vitest';
import { formatAmount } from './format.ts';

describe('format', () => {
  it('writes amounts as the customer reads them', () => {
    expect(formatAmount(null)).toBe('待报价');
    expect(formatAmount(12000)).toBe('¥120.00');
  });
});
