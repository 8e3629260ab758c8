/** Decimals for values on an axis of this span: 2θ over 85° to 0.01°, wavenumbers over 3600 cm⁻¹ whole, TGA over 900 °C to 0.1. */
export function decimalsFor(span: number): number {
  if (!(span > 0) || !Number.isFinite(span)) return 2;
  return Math.min(8, Math.max(0, 3 - Math.floor(Math.log10(span))));
}

export const formatValue = (v: number | null | undefined, decimals: number): string =>
  v === null || v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(decimals);

/** Line colours: distinct on white, in print and for the common colour-vision deficiencies (Okabe–Ito, darkened). */
export const SERIES_COLORS = ['#1f6fd1', '#d55e00', '#009e73', '#cc79a7', '#6a4c93', '#b8860b', '#0072b2', '#444444'];

/** The colours of the first n series (repeating after eight). */
export const seriesColors = (n: number): string[] => Array.from({ length: n }, (_, i) => SERIES_COLORS[i % SERIES_COLORS.length] as string);
