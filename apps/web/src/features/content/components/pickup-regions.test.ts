import { describe, expect, it } from 'vitest';
import { groupRegions } from './pickup-regions.tsx';

describe('groupRegions', () => {
  it('groups districts under their city, in first-seen order, without duplicates', () => {
    const rows = groupRegions([
      { code: '320102', city: '南京市', district: '玄武区' },
      { code: '320506', city: '苏州市', district: '吴中区' },
      { code: '320104', city: '南京市', district: '秦淮区' },
      { code: '320102', city: '南京市', district: '玄武区' },
      { code: '310000', city: '上海市', district: '' },
    ]);
    expect(rows).toEqual([
      { city: '南京市', districts: ['玄武区', '秦淮区'] },
      { city: '苏州市', districts: ['吴中区'] },
      { city: '上海市', districts: [] },
    ]);
  });
});
