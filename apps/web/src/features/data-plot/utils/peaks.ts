export interface Peak {
  index: number;
  x: number;
  y: number;
  /** How far the peak stands above the higher of the two lowest points separating it from a higher one (or the ends). */
  prominence: number;
}

export interface PeakOptions {
  /** At most this many, the most prominent. */
  top?: number;
  /** Absolute prominence below which a maximum is noise; default `minFraction` of the y range. */
  minProminence?: number;
  /** Default 0.05: 5 % of (max y − min y). */
  minFraction?: number;
  /** A peak closer than this (in x) to a more prominent one is the same peak split by noise; default 0. */
  minDistance?: number;
}

/** Minimum of y over [from, to] in O(log n): an iterative segment tree. */
function rangeMin(y: ArrayLike<number>, n: number): (from: number, to: number) => number {
  const tree = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) tree[n + i] = y[i] as number;
  for (let i = n - 1; i > 0; i--) tree[i] = Math.min(tree[2 * i] as number, tree[2 * i + 1] as number);
  return (from, to) => {
    let m = Infinity;
    for (let l = from + n, r = to + n + 1; l < r; l >>= 1, r >>= 1) {
      if (l & 1) m = Math.min(m, tree[l++] as number);
      if (r & 1) m = Math.min(m, tree[--r] as number);
    }
    return m;
  };
}

/** For each point, the nearest strictly higher point on one side (monotonic stack), or -1 / n. */
function nearestHigher(y: ArrayLike<number>, n: number, step: 1 | -1): Int32Array {
  const out = new Int32Array(n);
  const stack = new Int32Array(n);
  let top = 0;
  for (let c = 0, i = step === 1 ? 0 : n - 1; c < n; c++, i += step) {
    const v = y[i] as number;
    while (top > 0 && (y[stack[top - 1] as number] as number) <= v) top--;
    out[i] = top > 0 ? (stack[top - 1] as number) : step === 1 ? -1 : n;
    stack[top++] = i;
  }
  return out;
}

/**
 * Local maxima (a plateau counts once, at its middle) ranked by topographic
 * prominence, the most prominent `top` returned in ascending x. Linear-log
 * time, so a noisy 100 000-point pattern on a sloping background stays fast.
 */
export function findPeaks(x: ArrayLike<number>, y: ArrayLike<number>, opts: PeakOptions = {}): Peak[] {
  const n = Math.min(x.length, y.length);
  if (n < 3) return [];
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = y[i] as number;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (!(hi > lo)) return [];
  const threshold = opts.minProminence ?? (hi - lo) * (opts.minFraction ?? 0.05);
  const leftHigher = nearestHigher(y, n, 1);
  const rightHigher = nearestHigher(y, n, -1);
  const min = rangeMin(y, n);
  const found: Peak[] = [];
  for (let i = 1; i < n - 1; i++) {
    const v = y[i] as number;
    if (!(v > (y[i - 1] as number))) continue;
    // A plateau: its right edge must fall.
    let j = i;
    while (j + 1 < n && (y[j + 1] as number) === v) j++;
    if (j + 1 >= n || !((y[j + 1] as number) < v)) {
      i = j;
      continue;
    }
    const leftMin = min(Math.max(0, leftHigher[i] as number), i);
    const rightMin = min(j, Math.min(n - 1, rightHigher[j] as number));
    const prominence = v - Math.max(leftMin, rightMin);
    if (prominence >= threshold && prominence > 0) {
      const at = (i + j) >> 1;
      found.push({ index: at, x: x[at] as number, y: v, prominence });
    }
    i = j;
  }
  found.sort((a, b) => b.prominence - a.prominence);
  const top = opts.top ?? 10;
  const gap = opts.minDistance ?? 0;
  const kept: Peak[] = [];
  for (const p of found) {
    if (kept.length >= top) break;
    if (gap > 0 && kept.some((k) => Math.abs(k.x - p.x) < gap)) continue;
    kept.push(p);
  }
  return kept.sort((a, b) => a.x - b.x);
}
