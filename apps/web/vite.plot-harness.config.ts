import path from 'node:path';
import { defineConfig, mergeConfig, type Plugin } from 'vite';
import appConfig from './vite.config.ts';

/**
 * A page with only the data plot (src/plot-harness.tsx), built the app's way
 * (same plugins, chunking and target) into PLOT_HARNESS_OUT for the bench's
 * time-to-first-render figure and the e2e spec (ADR 0042). The app's own
 * build never includes it; this build also writes the synthetic data files
 * the page plots.
 */
export default defineConfig(async (env) => {
  const outDir = process.env.PLOT_HARNESS_OUT;
  if (!outDir || !path.isAbsolute(outDir)) throw new Error('PLOT_HARNESS_OUT must be an absolute folder');
  const base = typeof appConfig === 'function' ? await appConfig(env) : appConfig;
  return mergeConfig(base, {
    plugins: [syntheticData()],
    build: {
      outDir,
      emptyOutDir: true,
      manifest: false,
      sourcemap: false,
      rolldownOptions: { input: path.resolve(import.meta.dirname, 'plot-harness.html') },
    },
  });
});

/** A seeded pseudo-random generator (mulberry32), so every build writes the same files. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An XRD-like pattern: Gaussian reflections on a falling background with counting noise, from 2θ = 5° to 90°. */
function xrd(points: number, seed: number, reflections: [at: number, height: number][]): [number, number][] {
  const rnd = random(seed);
  return Array.from({ length: points }, (_, i) => {
    const t = 5 + (85 * i) / (points - 1);
    let v = 400 * Math.exp(-t / 20) + 80;
    for (const [at, h] of reflections) v += h * Math.exp(-(((t - at) / 0.09) ** 2) / 2);
    return [t, Math.max(0, v + (rnd() - 0.5) * 2 * Math.sqrt(v) * 2)];
  });
}

const REFLECTIONS: [number, number][] = [
  [23.1, 900],
  [28.44, 3000],
  [32.9, 600],
  [47.3, 1500],
  [56.12, 700],
  [69.13, 300],
  [76.38, 400],
];

function syntheticData(): Plugin {
  const files: Record<string, string> = {
    // 100 000 points, space-separated, with the comment lines an instrument writes.
    'xrd-100k.xy': [
      '# 研测 基准数据：合成 XRD 图谱（Cu Kα）',
      '# 2Theta Intensity',
      ...xrd(100_000, 1, REFLECTIONS).map(([t, v]) => `${t.toFixed(5)} ${v.toFixed(1)}`),
    ].join('\n'),
    // A second sample on another grid: CSV with a header, CRLF and a BOM.
    'xrd-b.csv':
      '\uFEFF' +
      [
        '2Theta,Intensity',
        ...xrd(
          17_001,
          2,
          REFLECTIONS.map(([at, h]) => [at + 0.12, h * 0.6]),
        ).map(([t, v]) => `${t.toFixed(4)},${v.toFixed(1)}`),
      ].join('\r\n'),
    'notes.txt': '送样说明：样品为白色粉末，未干燥。\n检测人：张工\n',
    // Another kind of data (issue 21): a BET nitrogen isotherm, P/P0 from 0.01 to 0.99 — never on the pattern's 2θ axis.
    'bet.csv': [
      'P/P0,Volume (cm3/g STP)',
      ...Array.from({ length: 99 }, (_, i) => {
        const p = (i + 1) / 100;
        return `${p.toFixed(2)},${((60 * p) / (1 - p + 0.05) / (1 + 8 * p) + 40 * p ** 6 + 30).toFixed(2)}`;
      }),
    ].join('\n'),
  };
  return {
    name: 'plot-harness-data',
    generateBundle() {
      for (const [name, source] of Object.entries(files)) this.emitFile({ type: 'asset', fileName: `data/${name}`, source });
    },
  };
}
