import { mkdir, writeFile } from 'node:fs/promises';
import nodePath from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median } from './stats.ts';

/** Runs that fail to record (not slow ones: those count) are repeated at most this often per page. */
const MAX_RETRIES = 3;

/**
 * Lighthouse's audits of a page's pictures: the sizes it shows
 * (uses-responsive-images, image-size-responsive), modern formats and
 * compression, nothing offscreen eager, width and height set, the LCP picture
 * early and never lazy, and the newer image-delivery insight.
 */
export const IMAGE_AUDITS = [
  'uses-responsive-images',
  'image-size-responsive',
  'modern-image-formats',
  'uses-optimized-images',
  'offscreen-images',
  'unsized-images',
  'prioritize-lcp-image',
  'lcp-lazy-loaded',
  'image-delivery-insight',
] as const;

/** An image audit that did not pass in some run: its id and what Lighthouse says. */
export interface ImageFinding {
  audit: string;
  says: string;
}

export interface LighthouseFigure {
  path: string;
  /** Image audits that failed in any run (empty when all passed or did not apply). */
  images: ImageFinding[];
  /** Median over the runs, 0–100. */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  runs: number[];
  /**
   * Lighthouse's measure of the host's CPU (environment.benchmarkIndex, median of the runs): its 4× slowdown assumes a
   * high-end desktop (1 500–2 000) to land in the mid-tier phone range, so a slower host scores lower with the same page.
   */
  benchmarkIndex: number;
  /** Of the run with the median TBT: each script's main-thread time (Lighthouse's bootup-time audit), longest first. */
  bootup: { url: string; scriptingMs: number; parseMs: number }[];
}

interface BootupItem {
  url: string;
  scripting: number;
  scriptParseCompile: number;
}

/**
 * Lighthouse's mobile performance audit (its defaults: a mid-range phone,
 * simulated slow 4G and 4× CPU slowdown) against Debian's Chromium, as a
 * visitor's phone sees the page. Each path `runs` times; medians reported.
 */
export async function lighthouseFigures(baseUrl: string, paths: string[], runs = 3, outDir?: string): Promise<LighthouseFigure[]> {
  // A new Chromium (new profile: empty cache, nothing compiled) for every run: a visitor's first visit, not a warm one.
  const launch = () =>
    chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
  const out: LighthouseFigure[] = [];
  for (const path of paths) {
    const samples: { score: number; fcp: number; lcp: number; tbt: number; cls: number; host: number; bootup: BootupItem[] }[] = [];
    const images = new Map<string, string>();
    for (let i = 0, failures = 0; i < runs; i++) {
      const chrome = await launch();
      const result = await lighthouse(`${baseUrl}${path}`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
        output: 'json',
      }).finally(() => chrome.kill());
      if (!result) throw new Error(`lighthouse gave no result for ${path}`);
      if (outDir) {
        await mkdir(outDir, { recursive: true });
        const name = `${decodeURIComponent(path).replace(/[^\p{L}\p{N}]+/gu, '_')}-${samples.length + 1}.json`;
        await writeFile(nodePath.join(outDir, name), typeof result.report === 'string' ? result.report : JSON.stringify(result.lhr));
      }
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError) {
        // Lighthouse's own trace sometimes misses the navigation on a busy machine (NO_NAVSTART): that run is taken again.
        if (++failures > MAX_RETRIES) throw new Error(`lighthouse ${path}: ${runtimeError.code} ${runtimeError.message}`);
        i--;
        continue;
      }
      const num = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      for (const id of IMAGE_AUDITS) {
        const a = audits[id];
        // null: not applicable or informative; passing audits score 1 (binary) or ≥ 0.9 (savings).
        if (a && a.score !== null && a.score < 0.9) images.set(id, `${a.title}${a.displayValue ? ` — ${a.displayValue}` : ''}`);
      }
      samples.push({
        score: Math.round((categories.performance?.score ?? 0) * 100),
        fcp: num('first-contentful-paint'),
        lcp: num('largest-contentful-paint'),
        tbt: num('total-blocking-time'),
        cls: num('cumulative-layout-shift'),
        host: result.lhr.environment?.benchmarkIndex ?? Number.NaN,
        bootup: ((audits['bootup-time']?.details as { items?: BootupItem[] } | undefined)?.items ?? []).filter((b) => b.url),
      });
    }
    const m = (k: 'score' | 'fcp' | 'lcp' | 'tbt' | 'cls') => median(samples.map((s) => s[k]));
    const byTbt = [...samples].sort((a, b) => a.tbt - b.tbt);
    const mid = byTbt[Math.floor((byTbt.length - 1) / 2)];
    out.push({
      path,
      images: [...images].map(([audit, says]) => ({ audit, says })),
      score: m('score'),
      fcpMs: Math.round(m('fcp')),
      lcpMs: Math.round(m('lcp')),
      tbtMs: Math.round(m('tbt')),
      cls: m('cls'),
      runs: samples.map((s) => s.score),
      benchmarkIndex: Math.round(median(samples.map((s) => s.host))),
      bootup: (mid?.bootup ?? [])
        .map((b) => ({
          url: b.url.replace(baseUrl, ''),
          scriptingMs: Math.round(b.scripting),
          parseMs: Math.round(b.scriptParseCompile),
        }))
        .sort((a, b) => b.scriptingMs - a.scriptingMs),
    });
  }
  return out;
}
