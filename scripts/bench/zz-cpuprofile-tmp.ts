/**
 * Reads a V8 .cpuprofile (node --cpu-prof) and answers where the time went in
 * a stretch of it: by function, self time and time including what it called;
 * by package. Bundled server code (apps/server/dist, esbuild with source
 * maps) is named by its source file and line through the bundle's source map.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface Share {
  label: string;
  /** Share of the busy (non-idle) samples, 0–100. */
  pct: number;
}

export interface ProfileSummary {
  /** Samples in the window, and how many of them were busy (not idle). */
  samples: number;
  busy: number;
  /** Milliseconds sampled busy in the window. */
  busyMs: number;
  self: Share[];
  inclusive: Share[];
  packages: Share[];
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE = new Map([...B64].map((c, i) => [c, i]));

/** A source map's mappings, decoded just enough: per generated line, [column, source, original line] sorted by column. */
function decodeMappings(mappings: string): [number, number, number][][] {
  const lines: [number, number, number][][] = [];
  // Only the source and line are kept; the original column and the name index (fields 4 and 5) are skipped.
  let source = 0;
  let origLine = 0;
  for (const line of mappings.split(';')) {
    const segs: [number, number, number][] = [];
    let col = 0;
    for (const seg of line.split(',')) {
      if (!seg) continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of seg) {
        const digit = B64_VALUE.get(ch)!;
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      col += values[0]!;
      if (values.length >= 4) {
        source += values[1]!;
        origLine += values[2]!;
        segs.push([col, source, origLine]);
      }
    }
    lines.push(segs);
  }
  return lines;
}

interface SourceMap {
  sources: string[];
  lines: [number, number, number][][];
  dir: string;
}
const maps = new Map<string, SourceMap | null>();

function sourceMapOf(file: string): SourceMap | null {
  if (maps.has(file)) return maps.get(file)!;
  let map: SourceMap | null = null;
  const mapFile = `${file}.map`;
  if (existsSync(mapFile)) {
    const raw = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
    map = { sources: raw.sources, lines: decodeMappings(raw.mappings), dir: path.dirname(file) };
  }
  maps.set(file, map);
  return map;
}

/** Where a bundled function came from: `apps/server/src/x.ts:12`, or null. */
function original(file: string, line: number, column: number, repoRoot: string): string | null {
  const map = sourceMapOf(file);
  const segs = map?.lines[line];
  if (!map || !segs?.length) return null;
  let hit = segs[0]!;
  for (const s of segs) if (s[0] <= column) hit = s;
  const source = path.relative(repoRoot, path.resolve(map.dir, map.sources[hit[1]]!));
  return `${source}:${hit[2] + 1}`;
}

/** A package's name from a path inside node_modules (scoped ones with their scope). */
function packageOf(file: string): string | null {
  const i = file.lastIndexOf('/node_modules/');
  if (i < 0) return null;
  const parts = file.slice(i + '/node_modules/'.length).split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

interface Labelled {
  fn: string;
  pkg: string;
}

export function labelOf(frame: CallFrame, repoRoot: string): Labelled {
  const name = frame.functionName || '(anonymous)';
  const url = frame.url;
  if (!url) return { fn: name, pkg: name.startsWith('(') ? name : '(native)' };
  if (url.startsWith('node:')) return { fn: `${name} ${url}`, pkg: 'node (built-in modules)' };
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  const pkg = packageOf(file);
  if (pkg) {
    const rel = file.slice(file.lastIndexOf('/node_modules/') + '/node_modules/'.length);
    return { fn: `${name} ${rel}:${frame.lineNumber + 1}`, pkg };
  }
  const orig = original(file, frame.lineNumber, frame.columnNumber, repoRoot);
  const where = orig ?? `${path.relative(repoRoot, file)}:${frame.lineNumber + 1}`;
  const pkgOfOrig = orig ? packageOf(path.resolve(repoRoot, orig.replace(/:\d+$/, ''))) : null;
  if (pkgOfOrig) return { fn: `${name} ${where}`, pkg: pkgOfOrig };
  const ours = /^(apps\/\w+|packages\/\w+)/.exec(where)?.[1];
  return { fn: `${name} ${where}`, pkg: ours ?? 'other' };
}

/** Samples' timestamps (µs, the profile's monotonic clock). */
function sampleTimes(p: CpuProfile): number[] {
  const times: number[] = [];
  let t = p.startTime;
  for (const d of p.timeDeltas) times.push((t += d));
  return times;
}

const top = (counts: Map<string, number>, busy: number, n: number): Share[] =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([label, c]) => ({ label, pct: Math.round((c / busy) * 1000) / 10 }));

/**
 * Where the busy time went between `fromUs` and `toUs` (the clock of
 * process.hrtime, which V8's profiler shares on Linux), the top `n` of each.
 */
export function summarise(p: CpuProfile, opts: { fromUs?: number; toUs?: number; repoRoot: string; n?: number }): ProfileSummary {
  const n = opts.n ?? 15;
  const byId = new Map(p.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of p.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
  const labels = new Map<number, Labelled>();
  const label = (id: number) => {
    let l = labels.get(id);
    if (!l) labels.set(id, (l = labelOf(byId.get(id)!.callFrame, opts.repoRoot)));
    return l;
  };
  const times = sampleTimes(p);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const packages = new Map<string, number>();
  let samples = 0;
  let busy = 0;
  let busyUs = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const t = times[i]!;
    if ((opts.fromUs !== undefined && t < opts.fromUs) || (opts.toUs !== undefined && t > opts.toUs)) continue;
    samples++;
    const id = p.samples[i]!;
    const own = label(id);
    if (own.fn === '(idle)') continue;
    busy++;
    busyUs += p.timeDeltas[i + 1] ?? 0;
    self.set(own.fn, (self.get(own.fn) ?? 0) + 1);
    packages.set(own.pkg, (packages.get(own.pkg) ?? 0) + 1);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const fn = label(at).fn;
      if (fn === '(root)' || seen.has(fn)) continue;
      seen.add(fn);
      inclusive.set(fn, (inclusive.get(fn) ?? 0) + 1);
    }
  }
  return {
    samples,
    busy,
    busyMs: Math.round(busyUs / 1000),
    self: top(self, busy, n),
    inclusive: top(inclusive, busy, n),
    packages: top(packages, busy, n),
  };
}

export const readProfile = (file: string): CpuProfile => JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;

/** The summary as markdown tables, for docs/benchmarks.md. */
export function profileMarkdown(s: ProfileSummary): string[] {
  const table = (title: string, rows: Share[]) => [
    `| ${title} | % of busy samples |`,
    '|---|---|',
    ...rows.map((r) => `| \`${r.label.replaceAll('|', '\\|')}\` | ${r.pct} |`),
    '',
  ];
  return [
    ...table('By package (self)', s.packages),
    ...table('Function (self time)', s.self),
    ...table('Function (with what it calls)', s.inclusive),
  ];
}
