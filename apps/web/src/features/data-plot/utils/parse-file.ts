import { findPeaks, type Peak } from './peaks.ts';
import { parseXy, type XyData } from './xy-data.ts';

/** A file's text read for plotting: its two columns and its most prominent peaks, or why it cannot be plotted. */
export type ParsedFile = { ok: true; data: XyData; peaks: Peak[] } | { ok: false; error: string };

/** Parses a file's text and finds its peaks (the eight most prominent, at least 1/500 of the x span apart). */
export function parseFile(text: string): ParsedFile {
  const parsed = parseXy(text);
  if (!parsed.ok) return parsed;
  const { x, y } = parsed.data;
  const span = (x[x.length - 1] ?? 0) - (x[0] ?? 0);
  return { ok: true, data: parsed.data, peaks: findPeaks(x, y, { top: 8, minDistance: span / 500 }) };
}
