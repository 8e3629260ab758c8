import { describe, expect, it } from 'vitest';
import { formatCount, formatFen, formatOrders, formatPriceFrom, formatTurnaround, formatUnitPrice, maskPhone } from './format.ts';

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
  it('writes a starting price one way: the unit price and 起', () => {
    expect(formatPriceFrom(8000, 'sample')).toBe('¥80.00/样起');
    expect(formatPriceFrom(128000, 'hour')).toBe('¥1,280.00/小时起');
    expect(formatPriceFrom(1250, 'job')).toBe('¥12.50/项起');
  });
  it('writes an order count followed by 下单 (spec §2)', () => {
    expect(formatOrders(4826)).toBe('4826下单');
    expect(formatOrders(12800)).toBe('1.3万下单');
  });
  it('masks the middle four digits of a mobile number and nothing else', () => {
    expect(maskPhone('13800000000')).toBe('138****0000');
    expect(maskPhone('13912345678')).toBe('139****5678');
    expect(maskPhone('lab_user')).toBe('lab_user');
    expect(maskPhone('1380000000')).toBe('1380000000');
  });
});
