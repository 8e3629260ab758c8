import { bonusOf, DEFAULT_MONEY_SETTINGS } from '@yance/contracts/money-settings';
import { describe, expect, it } from 'vitest';
import { signedFen, yuanToFen } from '@yance/browser/format';
import { countdownText, formatYuan, shortfallOf, tierText } from './money-view.ts';

describe('money view', () => {
  it('writes quick picks, tiers and statement amounts as the customer reads them', () => {
    expect(formatYuan(500_000)).toBe('¥5,000');
    expect(formatYuan(100_050)).toBe('¥1,000.50');
    expect(DEFAULT_MONEY_SETTINGS.bonusTiers.map(tierText)).toEqual(['充 ¥1,000 送 2%', '充 ¥5,000 送 5%', '充 ¥20,000 送 8%']);
    expect(signedFen(102_000)).toBe('+¥1,020.00');
    expect(signedFen(-18_000)).toBe('-¥180.00');
  });
  it('turns typed yuan into fen without float drift, and the bonus follows the tier reached', () => {
    expect(yuanToFen(1000)).toBe(100_000);
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen(1234.56)).toBe(123_456);
    expect(yuanToFen(null)).toBeNull();
    const tiers = DEFAULT_MONEY_SETTINGS.bonusTiers;
    expect(bonusOf(yuanToFen(4999.99)!, tiers)).toBe(9_999);
    expect(bonusOf(yuanToFen(5000)!, tiers)).toBe(25_000);
  });
  it('says how much a balance lacks', () => {
    expect(shortfallOf(50_000, 80_000)).toBe(30_000);
    expect(shortfallOf(90_000, 80_000)).toBe(0);
  });
  it('counts down to a trade’s expiry', () => {
    const at = Date.parse('2026-05-01T10:00:00Z');
    expect(countdownText('2026-05-01T10:29:05Z', at)).toBe('29:05');
    expect(countdownText('2026-05-01T09:59:00Z', at)).toBe('00:00');
  });
});
