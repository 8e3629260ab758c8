import { describe, expect, it } from 'vitest';
import { formatCount, formatFen, formatPriceFrom, formatTurnaround, formatUnitPrice, maskPhone } from './format.ts';

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
  it('writes a starting price without needless decimals', () => {
    expect(formatPriceFrom(8000)).toBe('¥80起');
    expect(formatPriceFrom(128000)).toBe('¥1,280起');
    expect(formatPriceFrom(1250)).toBe('¥12.50起');
    expect(formatPriceFrom(0)).toBe('¥0起');
  });
  it('masks the middle four digits of a mobile number and nothing else', () => {
    expect(maskPhone('13800000000')).toBe('138****0000');
    expect(maskPhone('13912345678')).toBe('139****5678');
    expect(maskPhone('lab_user')).toBe('lab_user');
    expect(maskPhone('1380000000')).toBe('1380000000');
  });
});
