import type { Motif } from './types.ts';

/** Tiny deterministic random from a string, so images regenerate identically. */
export function seeded(key: string) {
  let h = 2166136261;
  for (const c of key) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507) ^ Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h >>>= 0) % 10000) / 10000;
  };
}

const n = (x: number) => Math.round(x * 10) / 10;
export const PALETTES: Record<Motif, [string, string]> = {
  lattice: ['#0b3d91', '#1e88e5'],
  microscope: ['#0d47a1', '#26a69a'],
  elements: ['#1a237e', '#3f51b5'],
  thermal: ['#0b3d91', '#ef6c00'],
  spectrum: ['#01579b', '#7e57c2'],
  pores: ['#004d6e', '#00acc1'],
  electro: ['#0d3c61', '#43a047'],
  mechanics: ['#263238', '#1e88e5'],
  chroma: ['#0b3d91', '#00897b'],
  compute: ['#1a1f71', '#5c6bc0'],
  chart: ['#0b3d91', '#29b6f6'],
};

const curve = (pts: [number, number][]) => `M${pts.map(([x, y]) => `${n(x)} ${n(y)}`).join(' L')}`;

/** One motif drawn in the box (x, y, w, h), in light strokes over a dark gradient. */
export function motif(kind: Motif, x: number, y: number, w: number, h: number, rand: () => number): string {
  const line = (width = 2, opacity = 0.55, fill = 'fill="none"') =>
    `${fill} stroke="#ffffff" stroke-opacity="${opacity}" stroke-width="${width}"`;
  const s = line();
  const dots: string[] = [];
  switch (kind) {
    case 'lattice':
    case 'compute': {
      const cols = 5,
        rows = 4,
        dx = w / cols,
        dy = h / rows,
        skew = kind === 'compute' ? dx / 2 : dx / 4;
      for (let r = 0; r < rows; r++)
        for (let c = 0; c < cols; c++) {
          const px = x + c * dx + (r % 2) * skew + dx / 4,
            py = y + r * dy + dy / 2;
          if (c < cols - 1) dots.push(`<line x1="${n(px)}" y1="${n(py)}" x2="${n(px + dx)}" y2="${n(py)}" ${s}/>`);
          if (r < rows - 1) dots.push(`<line x1="${n(px)}" y1="${n(py)}" x2="${n(px + skew)}" y2="${n(py + dy)}" ${s}/>`);
          dots.push(`<circle cx="${n(px)}" cy="${n(py)}" r="${n(4 + rand() * 5)}" fill="#fff" fill-opacity="${n(0.4 + rand() * 0.5)}"/>`);
        }
      return dots.join('');
    }
    case 'microscope':
    case 'pores': {
      for (let i = 0; i < 18; i++) {
        const r = (kind === 'pores' ? 6 : 4) + rand() * h * 0.12;
        dots.push(
          `<circle cx="${n(x + rand() * w)}" cy="${n(y + rand() * h)}" r="${n(r)}" ${kind === 'pores' ? s : 'fill="#fff" fill-opacity="0.25"'}/>`,
        );
      }
      dots.push(`<circle cx="${n(x + w / 2)}" cy="${n(y + h / 2)}" r="${n(h * 0.45)}" ${s}/>`);
      return dots.join('');
    }
    case 'elements': {
      for (let i = 0; i < 12; i++) {
        const c = i % 4,
          r = Math.floor(i / 4),
          size = Math.min(w / 4.6, h / 3.4);
        dots.push(
          `<rect x="${n(x + c * size * 1.12)}" y="${n(y + r * size * 1.12)}" width="${n(size)}" height="${n(size)}" rx="4" ${line(2, 0.55, `fill="#fff" fill-opacity="${n(rand() * 0.25)}"`)}/>`,
        );
      }
      return dots.join('');
    }
    default: {
      // Curves: spectra, chromatograms, thermal, electrochemical and mechanical traces.
      const pts: [number, number][] = [];
      const peaks = Array.from({ length: 5 }, () => [rand(), 0.2 + rand() * 0.8, 0.005 + rand() * 0.02] as const);
      for (let i = 0; i <= 120; i++) {
        const t = i / 120;
        let v: number;
        if (kind === 'thermal') v = 0.15 + 0.5 / (1 + Math.exp(-(t - 0.45) * 18)) + 0.15 * t;
        else if (kind === 'mechanics') v = 0.9 - (t < 0.3 ? t * 2.2 : 0.66 + (t - 0.3) * 0.25) + (t > 0.92 ? (t - 0.92) * 8 : 0);
        else if (kind === 'electro') v = 0.5 + 0.3 * Math.sin(t * Math.PI * 2) * (t < 0.5 ? 1 : 0.6);
        else if (kind === 'chart') v = 0.9 - Math.floor(t * 8) / 10 - rand() * 0.05;
        else v = 0.9 - peaks.reduce((a, [c, hgt, wd]) => a + hgt * Math.exp(-((t - c) ** 2) / (kind === 'chroma' ? wd / 6 : wd)), 0) * 0.7;
        pts.push([x + t * w, y + Math.max(0.05, Math.min(0.95, v)) * h]);
      }
      return `<path d="${curve(pts)}" ${line(3)}/><path d="M${x} ${y + h}H${x + w}M${x} ${y}V${y + h}" ${line(2, 0.3)}/>`;
    }
  }
}

export const gradient = (id: string, [a, b]: [string, string]) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>`;
