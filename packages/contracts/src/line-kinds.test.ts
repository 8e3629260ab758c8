import { describe, expect, it } from 'vitest';
import { bookInstead, lineKindOf, lineRefusal, needsOf, noSamplesFor, orderNeedsSamples, SAMPLES_MISSING } from './line-kinds.ts';
import { nextOrderState } from './order-states.ts';
import { pickupPromise } from './sampling-rules.ts';

describe('what a line needs by its kind (ADR 0070)', () => {
  it('reads the kind from the catalogue type: 2 booking, 3 analysis, every other (31 定制项目 too) sample testing', () => {
    expect([1, 2, 3, 31, 7].map(lineKindOf)).toEqual(['sample', 'booking', 'analysis', 'sample', 'sample']);
    expect(needsOf(3)).toEqual({ samples: false, shipping: false, turnaround: true, slot: false });
    expect(needsOf(2)).toMatchObject({ samples: false, turnaround: false, slot: true });
    expect(orderNeedsSamples([3, 3])).toBe(false);
    expect(orderNeedsSamples([3, 1])).toBe(true);
  });
  it('refuses a sample form on an analysis line, a sample line sent without samples, and any booking line', () => {
    expect(lineRefusal({ name: 'DFT计算', typeId: 3, samples: 1 }, false)).toBe(noSamplesFor('DFT计算'));
    expect(lineRefusal({ name: 'DFT计算', typeId: 3, samples: 0 }, false)).toBeNull();
    expect(lineRefusal({ name: 'XRD', typeId: 1, samples: 0 }, false)).toBe(SAMPLES_MISSING);
    expect(lineRefusal({ name: 'XRD', typeId: 1, samples: 0 }, true)).toBeNull();
    expect(lineRefusal({ name: '扫描电镜上机', typeId: 2, samples: 0 }, true)).toBe(bookInstead('扫描电镜上机'));
  });
  it('sends an order with nothing to send straight to its work where another waits for its samples', () => {
    const facts = { kind: 'institution' as const, priced: true };
    expect(nextOrderState('submit', { ...facts, delivery: null })).toBe('testing');
    expect(nextOrderState('submit', { ...facts, delivery: 1 })).toBe('awaitingPickup');
    expect(nextOrderState('pay', { ...facts, kind: 'enterprise', delivery: null })).toBe('testing');
  });
  it('promises a free pick-up in the cities it runs in, never a courier’s freight', () => {
    const regions = [
      { code: '110108', city: '北京市', district: '海淀区' },
      { code: '310104', city: '上海市', district: '徐汇区' },
      { code: '110105', city: '北京市', district: '朝阳区' },
    ];
    expect(pickupPromise(regions)).toBe('北京、上海开通区域免费上门取样，取样员上门收取样品，不收取运费');
    expect(pickupPromise(regions)).not.toMatch(/到付|快递公司/);
  });
});
