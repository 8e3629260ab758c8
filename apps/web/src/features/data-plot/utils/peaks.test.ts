import { describe, expect, it } from 'vitest';
import { findPeaks } from './peaks.ts';

/** A seeded pseudo-random generator (mulberry32), so the noise is the same every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An XRD-like pattern: Gaussian reflections on a falling background with counting noise. */
function pattern(n: number, peaks: { at: number; height: number; width: number }[], noise = 15) {
  const rnd = random(42);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t = 10 + (70 * i) / (n - 1);
    let v = 300 * Math.exp(-t / 25) + 50;
    for (const p of peaks) v += p.height * Math.exp(-(((t - p.at) / p.width) ** 2) / 2);
    x[i] = t;
    y[i] = v + (rnd() - 0.5) * 2 * noise;
  }
  return { x, y };
}

const REFLECTIONS = [
  { at: 23.1, height: 900, width: 0.08 },
  { at: 28.4, height: 3000, width: 0.1 },
  { at: 32.9, height: 600, width: 0.09 },
  { at: 47.3, height: 1500, width: 0.12 },
  { at: 56.1, height: 400, width: 0.12 },
  { at: 69.2, height: 250, width: 0.15 },
];

describe('findPeaks', () => {
  it('finds the reflections of a noisy XRD-like pattern and none of the noise', () => {
    const { x, y } = pattern(20_000, REFLECTIONS);
    const peaks = findPeaks(x, y, { top: 10 });
    expect(peaks.map((p) => Math.round(p.x * 10) / 10)).toEqual(REFLECTIONS.map((r) => r.at));
    for (const [i, p] of peaks.entries()) expect(Math.abs(p.x - (REFLECTIONS[i]?.at ?? 0))).toBeLessThan(0.03);
  });

  it('keeps the most prominent N, returned in ascending x', () => {
    const { x, y } = pattern(20_000, REFLECTIONS);
    const peaks = findPeaks(x, y, { top: 2 });
    expect(peaks.map((p) => Math.round(p.x * 10) / 10)).toEqual([28.4, 47.3]);
  });

  it('ranks by prominence, not height: a small peak on a tall shoulder loses to a free-standing one', () => {
    const x = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    const y = [0, 10, 9, 10.5, 0, 4, 0, 0, 0];
    // 10.5 at x=3 is the summit (prominence 10.5); 4 at x=5 stands 4 high; 10 at x=1 only 1 above the saddle at 9.
    expect(findPeaks(x, y, { top: 2, minProminence: 0 }).map((p) => p.x)).toEqual([3, 5]);
    expect(findPeaks(x, y, { minProminence: 0 }).map((p) => [p.x, p.prominence])).toEqual([
      [1, 1],
      [3, 10.5],
      [5, 4],
    ]);
  });

  it('drops a split top: a maximum closer than minDistance to a more prominent one', () => {
    const x = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    const y = [0, 2, 10, 7, 9, 2, 0, 5, 0];
    expect(findPeaks(x, y, { minProminence: 1 }).map((p) => p.x)).toEqual([2, 4, 7]);
    expect(findPeaks(x, y, { minProminence: 1, minDistance: 3 }).map((p) => p.x)).toEqual([2, 7]);
  });

  it('counts a flat top once, at its middle', () => {
    expect(findPeaks([0, 1, 2, 3, 4, 5], [0, 5, 5, 5, 0, 0], { minProminence: 1 }).map((p) => p.x)).toEqual([2]);
  });

  it('finds nothing in a flat or monotonic line', () => {
    expect(findPeaks([0, 1, 2, 3], [1, 1, 1, 1])).toEqual([]);
    expect(findPeaks([0, 1, 2, 3], [1, 2, 3, 4])).toEqual([]);
  });

  // Its speed is the bench's (the data plot's "parsed" phase under 4× CPU, npm run bench), not a unit test's clock.
  it('finds the reflections among 100 000 noisy points on a falling background', () => {
    const { x, y } = pattern(100_000, REFLECTIONS, 40);
    const peaks = findPeaks(x, y, { top: 10 });
    expect(peaks.length).toBeGreaterThanOrEqual(6);
  });
});
