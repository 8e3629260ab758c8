import { describe, expect, it } from 'vitest';
import { customerActions, hazardsText, itemsText } from './order-view.ts';

describe('order view', () => {
  it('offers the customer only the moves the transition table gives them', () => {
    expect(customerActions('awaitingSample')).toEqual(['cancel']);
    expect(customerActions('delivered')).toEqual(['confirmData']);
    expect(customerActions('draft')).toEqual(['submit']);
    expect(customerActions('testing')).toEqual([]);
    // Money (ADR 0050): 待付款 is paid, 待结算 and 欠款中 are settled, by the customer from their balance.
    expect(customerActions('unpaid')).toEqual(['pay', 'cancel']);
    expect(customerActions('unsettled')).toEqual(['settle']);
    expect(customerActions('overdue')).toEqual(['settle']);
  });
  it('writes hazards and item lists as the customer reads them', () => {
    expect(hazardsText([])).toBe('无');
    expect(hazardsText(['toxic', 'magnetic'])).toBe('有毒、磁性');
    expect(itemsText(['XRD', 'SEM', 'TEM', 'XPS'])).toBe('XRD、SEM、TEM 等4项');
  });
});
