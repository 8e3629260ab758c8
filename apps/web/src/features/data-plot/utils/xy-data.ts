/**
 * Two-column numeric files as instruments and their software export them
 * (.xy, .csv, .txt, .dat of XRD, Raman, FTIR, UV-Vis, TGA …): header and
 * comment lines, any of comma, tab, space or semicolon between columns,
 * decimal commas where they cannot be a separator, scientific notation,
 * CRLF and a BOM. The first two numeric columns become x and y, sorted by x.
 */

export interface XyData {
  /** Ascending. */
  x: Float64Array;
  y: Float64Array;
  /** Column names from the header line just above the numbers, when there is one. */
  xLabel: string | null;
  yLabel: string | null;
  /** Lines among the numbers that were not two numbers (skipped, counted). */
  skipped: number;
}

export type XyParse = { ok: true; data: XyData } | { ok: false; error: string };

/** More would not fit a browser tab's memory comfortably, nor any instrument's export. */
export const MAX_POINTS = 2_000_000;

export const XY_ERRORS = {
  empty: '文件是空的',
  binary: '这不是文本数据文件（可能是仪器的原始二进制文件），请下载后用仪器软件打开',
  noData: '文件中没有两列数值数据',
  tooFew: '数据点太少（至少需要 2 个点）',
  tooMany: `数据点超过 ${MAX_POINTS / 10_000} 万个，无法在网页中绘图`,
} as const;

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const DECIMAL_COMMA = /^[+-]?\d+,\d+(?:[eE][+-]?\d+)?$/;
const COMMENT = /^\s*(?:#|;|%|\/\/)/;

/** A field as a number, or NaN; `comma` lets a single comma stand for the decimal point. */
function toNumber(field: string, comma: boolean): number {
  if (NUMBER.test(field)) return Number(field);
  let s = field.trim();
  if (s.length === 0) return NaN;
  if (s.charCodeAt(0) === 34 && s.charCodeAt(s.length - 1) === 34) s = s.slice(1, -1).trim(); // "1.5" in quoted CSV
  if (NUMBER.test(s)) return Number(s);
  if (comma && DECIMAL_COMMA.test(s)) return Number(s.replace(',', '.'));
  return NaN;
}

type Mode = { sep: '\t' | ';' | ',' | null; comma: boolean };

/**
 * How one line splits into fields. Tabs or semicolons separate when present
 * (a comma inside such a field can only be a decimal comma). Otherwise commas
 * separate — unless every blank-separated token is a number and some have a
 * comma ("1,5 2,3"), the only reading in which a comma is not a separator.
 */
function modeOf(line: string): Mode {
  if (line.includes('\t')) return { sep: '\t', comma: true };
  if (line.includes(';')) return { sep: ';', comma: true };
  if (line.includes(',')) {
    const blanks = line.trim().split(/\s+/);
    if (blanks.length >= 2 && blanks.every((t) => DECIMAL_COMMA.test(t) || NUMBER.test(t)) && blanks.some((t) => t.includes(',')))
      return { sep: null, comma: true };
    return { sep: ',', comma: false };
  }
  return { sep: null, comma: false };
}

const BLANKS = /\s+/;
const split = (line: string, mode: Mode): string[] => (mode.sep ? line.split(mode.sep) : line.trim().split(BLANKS));

function fields(line: string): { parts: string[]; comma: boolean } {
  const mode = modeOf(line);
  return { parts: split(line, mode), comma: mode.comma };
}

/** Where the line starting at `from` ends (before \r\n, \n or a lone \r) and where the next one starts. */
function lineAt(text: string, from: number, nl: string): [end: number, next: number] {
  let end = text.indexOf(nl, from);
  if (end < 0) end = text.length;
  const next = end + 1;
  if (nl === '\n' && end > from && text.charCodeAt(end - 1) === 13) end--;
  return [end, next];
}

const SPACE = 32;
const TAB = 9;
const QUOTE = 34;

/**
 * The number in text[from, to) (blanks and double quotes around it allowed),
 * read without making a string: digits, one point (or, with `comma`, one
 * comma), an exponent. Values whose digits do not fit exactly in a double
 * are handed to Number(). NaN when the field is not a plain decimal number.
 */
function scanNumber(text: string, from: number, to: number, comma: boolean): number {
  while (from < to && (text.charCodeAt(from) === SPACE || text.charCodeAt(from) === TAB || text.charCodeAt(from) === QUOTE)) from++;
  while (to > from && (text.charCodeAt(to - 1) === SPACE || text.charCodeAt(to - 1) === TAB || text.charCodeAt(to - 1) === QUOTE)) to--;
  if (from >= to) return NaN;
  let i = from;
  let negative = false;
  let c = text.charCodeAt(i);
  if (c === 43 || c === 45) {
    negative = c === 45;
    i++;
  }
  let mantissa = 0;
  let digits = 0;
  let fraction = 0;
  let point = false;
  for (; i < to; i++) {
    c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      if (point) fraction++;
    } else if ((c === 46 || (comma && c === 44)) && !point) point = true;
    else break;
  }
  if (digits === 0) return NaN;
  let exponent = 0;
  if (i < to && (c === 101 || c === 69)) {
    i++;
    let expNegative = false;
    c = text.charCodeAt(i);
    if (c === 43 || c === 45) {
      expNegative = c === 45;
      i++;
    }
    const expStart = i;
    for (; i < to; i++) {
      c = text.charCodeAt(i);
      if (c < 48 || c > 57) break;
      exponent = exponent * 10 + (c - 48);
    }
    if (i === expStart) return NaN;
    if (expNegative) exponent = -exponent;
  }
  if (i !== to) return NaN;
  const scale = exponent - fraction;
  let v: number;
  // Both factors exact, so one division or product rounds correctly, as Number() would.
  if (mantissa <= Number.MAX_SAFE_INTEGER && scale >= -22 && scale <= 22) v = scale < 0 ? mantissa / 10 ** -scale : mantissa * 10 ** scale;
  else v = Number(text.slice(from, to).replace(/"/g, '').replace(',', '.'));
  return negative ? -v : v;
}

/** Bounds of fields cx and cy (cx < cy) of text[from, to) split the way `mode` says, or null when the line has fewer. */
function fieldBounds(text: string, from: number, to: number, mode: Mode, cx: number, cy: number, out: Int32Array): boolean {
  let k = 0;
  let i = from;
  if (mode.sep) {
    const sep = mode.sep.charCodeAt(0);
    let start = i;
    for (; ; i++) {
      if (i === to || text.charCodeAt(i) === sep) {
        if (k === cx) {
          out[0] = start;
          out[1] = i;
        } else if (k === cy) {
          out[2] = start;
          out[3] = i;
          return true;
        }
        k++;
        start = i + 1;
        if (i === to) return false;
      }
    }
  }
  for (;;) {
    while (i < to && (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB)) i++;
    if (i === to) return false;
    const start = i;
    while (i < to && text.charCodeAt(i) !== SPACE && text.charCodeAt(i) !== TAB) i++;
    if (k === cx) {
      out[0] = start;
      out[1] = i;
    } else if (k === cy) {
      out[2] = start;
      out[3] = i;
      return true;
    }
    k++;
  }
}

/** Indexes of the first two numeric fields of a line, or null. */
function numericColumns(line: string): [number, number] | null {
  const { parts, comma } = fields(line);
  let first = -1;
  for (let i = 0; i < parts.length; i++) {
    if (Number.isFinite(toNumber(parts[i] ?? '', comma))) {
      if (first < 0) first = i;
      else return [first, i];
    }
  }
  return null;
}

const label = (s: string | undefined) => {
  const t = (s ?? '').trim().replace(/^"|"$/g, '').trim();
  return t.length > 0 && t.length <= 40 ? t : null;
};

/** Parses a file's text; every failure is one Chinese sentence for the customer. */
export function parseXy(text: string): XyParse {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim().length === 0) return { ok: false, error: XY_ERRORS.empty };
  if (text.slice(0, 4096).includes('\u0000')) return { ok: false, error: XY_ERRORS.binary };
  const nl = text.includes('\n') ? '\n' : '\r';
  const lineOf = (from: number) => {
    const [end, next] = lineAt(text, from, nl);
    return { line: text.slice(from, end), next };
  };
  const isContent = (line: string) => line.trim() !== '' && !COMMENT.test(line);

  // The numbers start at the first line that, with the next two content lines, has two numeric columns in the same places
  // (one line with two numbers, such as "Date 2024 11", is not yet data). Only the lines up to there are cut out as strings.
  let start = -1;
  let cols: [number, number] | null = null;
  let header = '';
  let previous = '';
  for (let pos = 0; pos < text.length && start < 0;) {
    const { line, next } = lineOf(pos);
    const here = pos;
    pos = next;
    const c = isContent(line) ? numericColumns(line) : null;
    if (!c) {
      if (line.trim() !== '') previous = line;
      continue;
    }
    let confirmed = 0;
    let p = next;
    while (confirmed < 2 && p < text.length) {
      const l = lineOf(p);
      p = l.next;
      if (!isContent(l.line)) continue;
      const d = numericColumns(l.line);
      if (!d || d[0] !== c[0] || d[1] !== c[1]) break;
      confirmed++;
    }
    if (confirmed === 2 || p >= text.length) {
      start = here;
      cols = c;
      header = previous;
    } else previous = line;
  }
  if (start < 0 || !cols) return { ok: false, error: XY_ERRORS.noData };
  const headerFields = fields(header.replace(COMMENT, '')).parts;

  const [cx, cy] = cols;
  // Every line is read the way the first line of numbers splits, without cutting it out as a string; a line that does not
  // read that way (a comment, a blank, a stray separator) gets the tolerant reading.
  const mode = modeOf(lineOf(start).line);
  let capacity = 1024;
  let xs = new Float64Array(capacity);
  let ys = new Float64Array(capacity);
  const bounds = new Int32Array(4);
  let n = 0;
  let skipped = 0;
  let ascending = true;
  let descending = true;
  for (let pos = start; pos < text.length;) {
    const [end, next] = lineAt(text, pos, nl);
    let x = NaN;
    let y = NaN;
    if (fieldBounds(text, pos, end, mode, cx, cy, bounds)) {
      x = scanNumber(text, bounds[0] as number, bounds[1] as number, mode.comma);
      y = scanNumber(text, bounds[2] as number, bounds[3] as number, mode.comma);
    }
    if (!Number.isFinite(x) || !Number.isFinite(y)) {
      const line = text.slice(pos, end);
      pos = next;
      if (!isContent(line)) continue;
      const f = fields(line);
      x = toNumber(f.parts[cx] ?? '', f.comma);
      y = toNumber(f.parts[cy] ?? '', f.comma);
      if (!Number.isFinite(x) || !Number.isFinite(y)) {
        skipped++;
        continue;
      }
    } else pos = next;
    if (n === capacity) {
      capacity *= 2;
      const gx = new Float64Array(capacity);
      const gy = new Float64Array(capacity);
      gx.set(xs);
      gy.set(ys);
      xs = gx;
      ys = gy;
    }
    if (n > 0) {
      const prev = xs[n - 1] as number;
      if (x < prev) ascending = false;
      if (x > prev) descending = false;
    }
    xs[n] = x;
    ys[n] = y;
    n++;
  }
  if (n < 2) return { ok: false, error: n === 0 ? XY_ERRORS.noData : XY_ERRORS.tooFew };
  if (n > MAX_POINTS) return { ok: false, error: XY_ERRORS.tooMany };

  let x = xs.slice(0, n);
  let y = ys.slice(0, n);
  if (!ascending) {
    if (descending) {
      // FTIR wavenumbers and many UV-Vis exports run high to low.
      x.reverse();
      y.reverse();
    } else {
      const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => (x[a] as number) - (x[b] as number) || a - b);
      const sx = new Float64Array(n);
      const sy = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        sx[i] = x[order[i] as number] as number;
        sy[i] = y[order[i] as number] as number;
      }
      x = sx;
      y = sy;
    }
  }
  return { ok: true, data: { x, y, xLabel: label(headerFields[cx]), yLabel: label(headerFields[cy]), skipped } };
}

/** File names the order detail offers to plot: the text exports instruments write (others download only). */
export const isPlottableName = (name: string): boolean => /\.(xy|csv|txt|dat|tsv|asc|prn)$/i.test(name.trim());
