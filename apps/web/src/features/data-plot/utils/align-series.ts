/**
 * Several spectra on one x axis for uPlot (which wants one shared, ascending
 * x): when all share the same x values they are used as they are; otherwise
 * the x values are merged in one pass and each series has null where it has
 * no point (drawn across with spanGaps).
 */
export function alignSeries(series: { x: Float64Array; y: Float64Array }[]): {
  x: Float64Array;
  ys: (Float64Array | (number | null)[])[];
} {
  const first = series[0];
  if (!first) return { x: new Float64Array(0), ys: [] };
  if (series.every((s) => sameValues(s.x, first.x))) return { x: first.x, ys: series.map((s) => s.y) };
  const total = series.reduce((n, s) => n + s.x.length, 0);
  const x = new Float64Array(total);
  const ys = series.map(() => new Array<number | null>(total).fill(null));
  const at = series.map(() => 0);
  let n = 0;
  for (;;) {
    let next = Infinity;
    for (const [k, s] of series.entries()) {
      const i = at[k] as number;
      if (i < s.x.length && (s.x[i] as number) < next) next = s.x[i] as number;
    }
    if (next === Infinity) break;
    for (const [k, s] of series.entries()) {
      const i = at[k] as number;
      if (i < s.x.length && s.x[i] === next) {
        (ys[k] as (number | null)[])[n] = s.y[i] as number;
        at[k] = i + 1;
      }
    }
    x[n++] = next;
  }
  return { x: x.slice(0, n), ys: ys.map((y) => y.slice(0, n)) };
}

function sameValues(a: Float64Array, b: Float64Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
