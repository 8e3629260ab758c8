import { describe, expect, it } from 'vitest';
import { allowedRegionOptions, namesOf } from './sampling-regions.ts';

describe('the pick-up region picker', () => {
  it('offers only allowRegion: a listed district, or every district of a listed city', () => {
    const tree = allowedRegionOptions([
      { code: '110108', city: '北京市', district: '海淀区' },
      { code: '310100', city: '上海市', district: '' },
    ]);
    expect(tree.map((p) => p.label)).toEqual(['北京市', '上海市']);
    expect(tree[0]!.children![0]!.children!.map((d) => d.label)).toEqual(['海淀区']);
    expect(tree[1]!.children![0]!.children!.length).toBeGreaterThan(10);
  });
  it('names a district code as an address stores it', () => {
    expect(namesOf('110108')).toEqual({ province: '北京市', city: '北京市', area: '海淀区' });
  });
});
