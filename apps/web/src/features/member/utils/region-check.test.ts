import { describe, expect, it } from 'vitest';
import { otherPlaceIn } from './region-check.ts';

const DONGCHENG = '110101';

describe('otherPlaceIn', () => {
  it('finds a district of the same city named in the detail address', () => {
    expect(otherPlaceIn('北京市海淀区中关村南大街5号', DONGCHENG)).toEqual({ name: '海淀区', code: '110108' });
    expect(otherPlaceIn('海淀区双清路30号', DONGCHENG)).toEqual({ name: '海淀区', code: '110108' });
  });

  it('finds another city or province', () => {
    expect(otherPlaceIn('上海市浦东新区张江路1号', DONGCHENG)).toEqual({ name: '浦东新区', code: '310115' });
    expect(otherPlaceIn('广州市天河路100号', DONGCHENG)).toEqual({ name: '广州市' });
  });

  it('is quiet when the address matches the pick or names no place', () => {
    expect(otherPlaceIn('北京市东城区东长安街1号', DONGCHENG)).toBeNull();
    expect(otherPlaceIn('东城区朝阳门内大街2号', DONGCHENG)).toBeNull();
    expect(otherPlaceIn('王府井大街2号', DONGCHENG)).toBeNull();
    expect(otherPlaceIn('中关村南大街5号', '110108')).toBeNull();
  });

  it('prefers the county of the picked city when a name exists in several', () => {
    // 朝阳区 is a district of Beijing and of Changchun.
    expect(otherPlaceIn('朝阳区建国路1号', DONGCHENG)).toEqual({ name: '朝阳区', code: '110105' });
    expect(otherPlaceIn('朝阳区人民大街1号', '220102')).toEqual({ name: '朝阳区', code: '220104' });
  });

  it('ignores an unknown region code', () => {
    expect(otherPlaceIn('海淀区', '999999')).toBeNull();
  });
});
