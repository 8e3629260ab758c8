import type { Browser } from 'playwright-core';
import { median, round } from './stats.ts';

/** The component's performance marks (apps/web lazy-data-plot.tsx PLOT_START_MARK, data-plot-view.tsx MARKS). */
const MARKS = { start: 'data-plot:start', fetched: 'data-plot:fetched', parsed: 'data-plot:parsed', firstDraw: 'data-plot:first-draw' };
export const PLOT_FILE = 'xrd-100k.xy';
export const CPU_SLOWDOWN = 4;

/** The test page is built and served as the e2e spec does (ADR 0042): one piece for both. */
export { startPlotHarness, type PlotHarness } from '../../e2e/support/plot-harness.ts';

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
