import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { median, round } from './stats.ts';

/** The component's performance marks (apps/web lazy-data-plot.tsx PLOT_START_MARK, data-plot-view.tsx MARKS). */
const MARKS = { start: 'data-plot:start', fetched: 'data-plot:fetched', parsed: 'data-plot:parsed', firstDraw: 'data-plot:first-draw' };
export const PLOT_FILE = 'xrd-100k.xy';
export const CPU_SLOWDOWN = 4;

export interface PlotHarness {
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Builds the data plot's test page (apps/web/vite.plot-harness.config.ts: the
 * app's vite settings, one page, synthetic data files) into a temp folder and
 * serves it on loopback. Neither the page nor its data is in the app's build.
 */
export async function startPlotHarness(repoRoot: string): Promise<PlotHarness> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'yance-plot-'));
  const out = path.join(dir, 'out');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      path.join(repoRoot, 'node_modules/.bin/vite'),
      ['build', '--config', 'vite.plot-harness.config.ts', '--logLevel', 'warn'],
      {
        cwd: path.join(repoRoot, 'apps/web'),
        env: { ...process.env, PLOT_HARNESS_OUT: out },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`plot harness build exited ${code}`))));
  });
  const server = await serve(out);
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** A static file server for one folder (GET only, no directory listing, no path outside it). */
function serve(root: string): Promise<Server> {
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(root, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(root + path.sep)) {
      res.writeHead(404).end();
      return;
    }
    stat(file).then(
      (s) => {
        if (!s.isFile()) throw new Error('not a file');
        res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'text/plain; charset=utf-8', 'content-length': s.size });
        createReadStream(file).pipe(res);
      },
      () => res.writeHead(404).end(),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export interface PlotTiming {
  /** The plot's own time: its code asked for → the chart's first frame, ms (the budgeted figure). */
  plotMs: number;
  /** Navigation start → the chart's first frame, ms (the test page's own boot included). */
  pageMs: number;
  /** Phases within plotMs: chunk and file arrived (fetched), parsed with peaks found, first frame. */
  fetchedMs: number;
  parsedMs: number;
}

/**
 * Opens the test page on the 100 000-point file in a fresh context (empty
 * cache) with the CPU slowed down through the DevTools protocol, and reads the
 * component's first-draw mark (ms since navigation start: page scripts, the
 * lazily loaded chunk with uPlot, the file's download, parsing, peak finding,
 * and uPlot's first frame).
 */
export async function plotFirstRender(browser: Browser, baseUrl: string, runs: number, rate = CPU_SLOWDOWN): Promise<PlotTiming[]> {
  const out: PlotTiming[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(`${baseUrl}/plot-harness.html?files=${PLOT_FILE}`);
    await page.locator('[data-testid="data-plot"][data-drawn="true"]').waitFor({ timeout: 60_000 });
    // No named functions inside: tsx would wrap them in a helper the page does not have.
    const m = await page.evaluate(
      (names) => Object.fromEntries(Object.entries(names).map(([k, name]) => [k, performance.getEntriesByName(name)[0]?.startTime ?? NaN])),
      MARKS,
    );
    await context.close();
    const [start, fetched, parsed, drawn] = [m.start, m.fetched, m.parsed, m.firstDraw].map(Number);
    if (![start, fetched, parsed, drawn].every(Number.isFinite)) throw new Error('the plot left no performance marks');
    out.push({
      plotMs: round(drawn! - start!, 0),
      pageMs: round(drawn!, 0),
      fetchedMs: round(fetched! - start!, 0),
      parsedMs: round(parsed! - fetched!, 0),
    });
  }
  return out;
}

export const medianOf = (runs: PlotTiming[], key: keyof PlotTiming) => median(runs.map((r) => r[key]));
