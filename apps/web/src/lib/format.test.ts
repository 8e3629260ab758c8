import { describe, expect, it } from 'vitest';
import { formatCount, formatFen, formatTurnaround, formatUnitPrice } from './format.ts';

describe('format', () => {
  it('shows fen as yuan with thousands separators', () => {
    expect(formatFen(128000)).toBe('¥1,280.00');
    expect(formatFen(6000)).toBe('¥60.00');
    expect(formatFen(5)).toBe('¥0.05');
    expect(formatFen(-150)).toBe('-¥1.50');
  });
  it('adds the unit and turnaround wording', () => {
    expect(formatUnitPrice(6000, 'sample')).toBe('¥60.00/样');
    expect(formatUnitPrice(30000, 'hour')).toBe('¥300.00/小时');
    expect(formatTurnaround(5)).toBe('约5个工作日');
  });
  it('shortens large counts', () => {
    expect(formatCount(1280)).toBe('1280');
    expect(formatCount(12800)).toBe('1.3万');
    expect(formatCount(20000)).toBe('2万');
  });
});
