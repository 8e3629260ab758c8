import { describe, expect, it } from 'vitest';
import { fenToYuan, yuanToFen } from './money.ts';

describe('yuan ↔ fen', () => {
  it('sends integer fen for what was typed in yuan, exactly', () => {
    expect(yuanToFen(12.34)).toBe(1234);
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
    expect(yuanToFen(1_000_000)).toBe(100_000_000);
    expect(yuanToFen('88.8')).toBe(8880);
    expect(yuanToFen(0)).toBe(0);
  });
  it('leaves an empty field empty and a non-number to the contract', () => {
    expect(yuanToFen(undefined)).toBe('');
    expect(yuanToFen(null)).toBe('');
    expect(yuanToFen('abc')).toBe('abc');
  });
  it('shows fen as yuan', () => {
    expect(fenToYuan(1234)).toBe(12.34);
    expect(fenToYuan(5)).toBe(0.05);
  });
});
