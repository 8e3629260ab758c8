import { describe, expect, it } from 'vitest';
import { alignSeries } from './align-series.ts';

const f = (...v: number[]) => Float64Array.from(v);

describe('alignSeries', () => {
  it('keeps one shared x when every series has the same x values', () => {
    const a = { x: f(1, 2, 3), y: f(10, 20, 30) };
    const b = { x: f(1, 2, 3), y: f(5, 6, 7) };
    const out = alignSeries([a, b]);
    expect(out.x).toBe(a.x);
    expect(out.ys).toEqual([a.y, b.y]);
  });

  it('merges different grids, with null where a series has no point', () => {
    const out = alignSeries([
      { x: f(1, 2, 4), y: f(10, 20, 40) },
      { x: f(2, 3), y: f(200, 300) },
    ]);
    expect(Array.from(out.x)).toEqual([1, 2, 3, 4]);
    expect(out.ys).toEqual([
      [10, 20, null, 40],
      [null, 200, 300, null],
    ]);
  });
});
