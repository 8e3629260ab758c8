import type { XyData } from './xy-data.ts';

/** How much of the narrower file's x span two files must share to be one kind of data (an XRD 2θ 10–80 and a BET P/P0 0–1 share none). */
const SHARED = 0.5;

/** x is ascending (parseXy sorts it): the span is its ends. */
const spanOf = (d: XyData): [number, number] => [d.x[0] ?? 0, d.x[d.x.length - 1] ?? 0];
const norm = (label: string | null) => label?.trim().toLowerCase().replace(/\s+/g, ' ') || null;

function overlaps(a: [number, number], b: [number, number]): boolean {
  const shared = Math.min(a[1], b[1]) - Math.max(a[0], b[0]);
  const narrower = Math.min(a[1] - a[0], b[1] - b[0]);
  return shared >= 0 && (narrower === 0 || shared >= narrower * SHARED);
}

/**
 * The files' indexes, one list per plot (issue 21): one plot per kind of data.
 * Files whose headers name their x column go by that name (2Theta, P/P0);
 * files without a header join a plot whose x range they share, or make
 * their own — a pattern and an isotherm never share an axis.
 */
export function plotGroups(data: readonly XyData[]): number[][] {
  const groups: { label: string | null; span: [number, number]; members: number[] }[] = [];
  data.forEach((d, i) => {
    const label = norm(d.xLabel);
    const span = spanOf(d);
    const home = groups.find((g) => (label && g.label ? g.label === label : overlaps(g.span, span)));
    if (home) {
      home.members.push(i);
      home.span = [Math.min(home.span[0], span[0]), Math.max(home.span[1], span[1])];
      home.label ??= label;
    } else groups.push({ label, span, members: [i] });
  });
  return groups.map((g) => g.members);
}

/** An axis's name from the files' headers: the one name they share, else every name they give (Intensity / Counts); null with none. */
export function axisName(labels: readonly (string | null)[]): string | null {
  const names = [...new Set(labels.map((l) => l?.trim()).filter((l): l is string => !!l))];
  return names.length ? names.join(' / ') : null;
}
