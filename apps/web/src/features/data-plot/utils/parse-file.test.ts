import { describe, expect, it } from 'vitest';
import { parseFile } from './parse-file.ts';
import { XY_ERRORS } from './xy-data.ts';

describe('a file read for plotting', () => {
  it('gives the columns and the peaks, at least 1/500 of the x span apart', () => {
    const lines = ['2Theta Intensity'];
    for (let i = 0; i <= 1000; i++) {
      const x = 10 + i * 0.07;
      lines.push(
        `${x.toFixed(2)} ${(100 + 900 * Math.exp(-(((x - 30) / 0.2) ** 2)) + 400 * Math.exp(-(((x - 60) / 0.2) ** 2))).toFixed(1)}`,
      );
    }
    const r = parseFile(lines.join('\n'));
    if (!r.ok) throw new Error(r.error);
    expect(r.data.x.length).toBe(1001);
    expect(r.data.xLabel).toBe('2Theta');
    expect(r.peaks.map((p) => Math.round(p.x))).toEqual([30, 60]);
  });

  it('says why a file cannot be plotted', () => {
    expect(parseFile('送样说明：白色粉末\n')).toEqual({ ok: false, error: XY_ERRORS.noData });
  });
});
