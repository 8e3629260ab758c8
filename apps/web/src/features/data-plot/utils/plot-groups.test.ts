import { describe, expect, it } from 'vitest';
import { axisName, plotGroups } from './plot-groups.ts';
import type { XyData } from './xy-data.ts';

const file = (from: number, to: number, xLabel: string | null = null, yLabel: string | null = null): XyData => ({
  x: Float64Array.from({ length: 11 }, (_, i) => from + ((to - from) * i) / 10),
  y: new Float64Array(11),
  xLabel,
  yLabel,
  skipped: 0,
});

describe('one plot per kind of data (issue 21)', () => {
  it('puts an XRD pattern and a BET isotherm on plots of their own, by header and by range', () => {
    expect(plotGroups([file(10, 80, '2Theta'), file(0, 1, 'P/P0')])).toEqual([[0], [1]]);
    expect(plotGroups([file(10, 80), file(0.01, 0.99)])).toEqual([[0], [1]]);
    // Two patterns, one with a header and one without, share their plot.
    expect(plotGroups([file(5, 90, '2Theta'), file(0, 1, 'P/P0'), file(10, 80)])).toEqual([[0, 2], [1]]);
    expect(plotGroups([file(5, 90, '2theta'), file(10, 80, '2Theta ')])).toEqual([[0, 1]]);
  });

  it('names an axis from the headers', () => {
    expect(axisName(['2Theta', '2Theta'])).toBe('2Theta');
    expect(axisName(['Intensity', 'Counts', null])).toBe('Intensity / Counts');
    expect(axisName([null, null])).toBeNull();
  });
});
